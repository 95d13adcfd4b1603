import Foundation

/// Room left on the file system holding a path.
package enum DiskSpace {
    /// Below this many free bytes a disk counts as full: plan cannot be sure
    /// to save a change (1 MiB: a few store pages, a journal and an export).
    package static let fullBelow: Int64 = 1 << 20

    /// The bytes an unprivileged process may still write on the file system
    /// holding `path` (a folder, or a file's folder), nil when it cannot be asked.
    package static func free(at path: String) -> Int64? {
        var fs = statvfs()
        guard statvfs(path, &fs) == 0 else { return nil }
        return Int64(fs.f_bavail) * Int64(fs.f_frsize)
    }
}

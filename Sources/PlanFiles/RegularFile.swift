import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading an input file (a calendar, a catalog, a request, an answer) the
/// way a user expects a path to behave: a regular file is read whole, up to a
/// bound; anything else (a FIFO, `/dev/stdin`, a device, a folder) is refused
/// with what it is, before a read could wait on it. So is a file of `/proc` or
/// `/sys` (through a symbolic link too): those are views of the running system
/// (a process's environment, its memory map), never a user's input, and an error
/// quoting a line of them would show what they hold.
package enum RegularFile {
    package enum Failure: Error, Equatable, Sendable {
        case missing
        case denied
        /// Something other than a regular file is there.
        case notAFile(FileKind)
        /// A file of `/proc` or `/sys`; `resolved` is where the path leads (`/proc/1234/environ`).
        case systemView(resolved: String)
        /// More than `limit` bytes.
        case tooLarge(limit: Int)
        /// The system's reason (`strerror`).
        case failed(reason: String)

        /// The words for a message after "cannot read PATH: ".
        package var reason: String {
            switch self {
            case .missing: "no such file"
            case .denied: "permission denied"
            case .notAFile(.folder): "it is a directory"
            case .notAFile(let kind): "it is \(kind.words), not a file: plan reads only regular files (save it to a file first)"
            case .systemView(let resolved):
                "it is \(resolved), a view of the running system under /proc or /sys, not a file: "
                    + "plan reads only regular files (copy what you need to a regular file first)"
            case .tooLarge(let limit): "larger than \(limit) bytes"
            case .failed(let reason): "read error: " + reason
            }
        }

        init(errno code: Int32) {
            switch code {
            case ENOENT, ENOTDIR, ELOOP: self = .missing
            case EACCES, EPERM: self = .denied
            case EISDIR: self = .notAFile(.folder)
            default: self = .failed(reason: String(cString: strerror(code)))
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    ///
    /// What the path names is looked at before it is opened, and again on
    /// what was opened (without waiting: `O_NONBLOCK`), so a FIFO put there
    /// in between is refused too and never blocks the reader.
    package static func read(_ path: String, limit: Int) throws(Failure) -> [UInt8] {
        var st = stat()
        guard stat(path, &st) == 0 else { throw Failure(errno: errno) }
        guard FileKind(mode: st.st_mode) == .regular else { throw .notAFile(FileKind(mode: st.st_mode)) }
        if let resolved = resolved(path), isSystemView(resolved) { throw .systemView(resolved: resolved) }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard fd >= 0 else { throw Failure(errno: errno) }
        defer { close(fd) }
        guard fstat(fd, &st) == 0 else { throw Failure(errno: errno) }
        guard FileKind(mode: st.st_mode) == .regular else { throw .notAFile(FileKind(mode: st.st_mode)) }
        // What was opened, wherever it shows (a link swapped in between, /proc mounted again elsewhere).
        if systemDevices.contains(UInt64(st.st_dev)) { throw .systemView(resolved: resolved(path) ?? path) }
        guard Int(st.st_size) <= limit else { throw .tooLarge(limit: limit) }
        return try readAll(fd, limit: limit, sizeHint: Int(st.st_size))
    }

    /// The devices of the file systems mounted at `/proc` and `/sys` (procfs,
    /// sysfs); one that is only a folder of `/` (nothing mounted there) is not one.
    private static let systemDevices: Set<UInt64> = {
        var top = stat()
        guard stat("/", &top) == 0 else { return [] }
        var devices = Set<UInt64>()
        for root in ["/proc", "/sys"] {
            var st = stat()
            if stat(root, &st) == 0, st.st_dev != top.st_dev { devices.insert(UInt64(st.st_dev)) }
        }
        return devices
    }()

    /// Whether `resolved` (a path without links) is in `/proc` or `/sys`.
    static func isSystemView(_ resolved: String) -> Bool {
        ["/proc", "/sys"].contains { resolved == $0 || resolved.hasPrefix($0 + "/") }
    }

    /// `path` with every symbolic link followed (`realpath(3)`); nil when it cannot be.
    static func resolved(_ path: String) -> String? {
        guard let p = realpath(path, nil) else { return nil }
        defer { free(p) }
        return String(cString: p)
    }

    /// Everything `fd` holds to its end, at most `limit` bytes (a pipe or a
    /// device that never ends is stopped there). `sizeHint` is only a hint: a
    /// `/proc` file says 0, a file may grow while it is read.
    package static func readAll(_ fd: Int32, limit: Int, sizeHint: Int = 0) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: min(max(0, sizeHint), limit) + 1)
        var filled = 0
        while true {
            if filled > limit { throw .tooLarge(limit: limit) }
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: min(max(4096, bytes.count), limit + 1 - filled)) }
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw Failure(errno: errno) }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }
}

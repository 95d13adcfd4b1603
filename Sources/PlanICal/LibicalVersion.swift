import CLibical
import Foundation

/// The libical this process runs with, for `plan --version` and `plan doctor`.
package enum LibicalVersion {
    /// libical 3.0 has no run-time version call, so the version is read from
    /// the name of the library file the dynamic linker mapped into this
    /// process (`/proc/self/maps`: `libical.so.3.0.16`); where that cannot be
    /// read, the version of the headers plan was built with, said as such.
    package static var linked: String {
        // Read to the end: a /proc file reports a size of 0.
        if let file = FileHandle(forReadingAtPath: "/proc/self/maps") {
            defer { try? file.close() }
            let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
            for line in maps.split(separator: "\n") {
                guard let path = line.split(separator: " ", omittingEmptySubsequences: true).last,
                      path.hasPrefix("/"), path.contains("/libical.so") else { continue }
                let file = URL(fileURLWithPath: String(path)).resolvingSymlinksInPath().lastPathComponent
                guard let range = file.range(of: "libical.so.") else { continue }
                let version = file[range.upperBound...]
                if version.split(separator: ".").count == 3, version.allSatisfy({ $0.isNumber || $0 == "." }) { return String(version) }
            }
        }
        return "\(ICAL_MAJOR_VERSION).\(ICAL_MINOR_VERSION).\(ICAL_PATCH_VERSION) (the headers plan was built with)"
    }
}

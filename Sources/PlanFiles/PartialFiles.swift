import Foundation

/// The temporary files plan writes beside an output before renaming it into
/// place: `NAME.plan-partial-PID` (and SQLite's `-journal`, `-wal`, `-shm`
/// beside a backup's). A plan killed while writing leaves them; the next
/// write into the same folder removes those of processes no longer running,
/// and `plan doctor` names them.
package enum PartialFiles {
    static let marker = ".plan-partial-"

    /// A left-over file: its path and size.
    package struct Leftover: Hashable, Sendable {
        package var path: String
        package var bytes: Int64
    }

    /// The temporary path this process writes `path` through.
    package static func path(for path: String) -> String {
        path + marker + String(getpid())
    }

    /// The partial files in `folder` whose process is no longer running,
    /// sorted by name. Only regular files named as plan names them count.
    package static func leftovers(in folder: String) -> [Leftover] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var out: [Leftover] = []
        for name in names.sorted() {
            guard let pid = writer(of: name), !isRunning(pid) else { continue }
            let path = (folder as NSString).appendingPathComponent(name)
            var st = stat()
            guard lstat(path, &st) == 0, FileKind(mode: st.st_mode) == .regular else { continue }
            out.append(Leftover(path: path, bytes: Int64(st.st_size)))
        }
        return out
    }

    /// Removes ``leftovers(in:)`` and returns what was removed.
    @discardableResult
    package static func sweep(_ folder: String) -> [Leftover] {
        leftovers(in: folder).filter { unlink($0.path) == 0 }
    }

    /// The process id in a partial file's name, nil when `name` is not one.
    static func writer(of name: String) -> pid_t? {
        guard let range = name.range(of: marker, options: .backwards), range.lowerBound > name.startIndex else { return nil }
        var rest = name[range.upperBound...]
        for suffix in ["-journal", "-wal", "-shm"] where rest.hasSuffix(suffix) {
            rest = rest.dropLast(suffix.count)
            break
        }
        guard !rest.isEmpty, rest.allSatisfy({ $0.isASCII && $0.isNumber }), let pid = pid_t(rest), pid > 0 else { return nil }
        return pid
    }

    /// True unless the system says no process has that id.
    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
    }
}

import Foundation
import PlanICal
import PlanStore

/// A calendar kept in a local `.ics` file: the only place the service
/// touches the file system for a calendar.
///
/// Its revision is the file's modification time and size (one `stat`); its
/// content is read whole each time (``ICalImporter/fileBytes(path:)``).
struct FileFeed: CalendarFeed {
    /// Absolute.
    var path: String

    var identity: String { "file:" + path }
    var label: String { path }

    func revision() throws(ImportError) -> CalendarRevision {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let code = errno
            let reason = switch code {
            case ENOENT, ENOTDIR: "no such file"
            case EACCES, EPERM: "permission denied"
            default: "read error: " + String(cString: strerror(code))
            }
            throw .unreadable(file: path, reason: reason)
        }
        return .file(modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec), size: Int64(st.st_size))
    }

    func read() throws(ImportError) -> CalendarContent {
        // The revision first: a write while reading shows as a later one.
        // A file that cannot be read fails as the importer says (its reasons).
        let before = try? revision()
        let bytes = try ICalImporter.fileBytes(path: path)
        if let before { return CalendarContent(bytes: bytes, revision: before, label: path) }
        return CalendarContent(bytes: bytes, revision: try revision(), label: path)
    }
}

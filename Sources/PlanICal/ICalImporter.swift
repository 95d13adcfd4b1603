import CLibical
import Foundation
import PlanCore

/// Reads iCalendar files (RFC 5545) through libical and expands every VEVENT
/// occurrence that overlaps a window.
///
/// libical parses and expands RRULEs; the parts libical 3.0.16 lacks or gets
/// wrong are done here: line unfolding, local-time resolution by RFC 5545
/// §3.3.5 (DST gaps and overlaps), RECURRENCE-ID merging by UID including
/// `RANGE=THISANDFUTURE`, TZIDs without VTIMEZONE, X-WR-TIMEZONE, and bounds
/// on every expansion.
public enum ICalImporter {
    /// libical keeps process-wide state (error tables, zone caches): one import at a time.
    private static let lock = NSLock()

    /// Reads and expands the file at `path`.
    public static func importFile(path: String, options: ImportOptions) throws(ImportError) -> ImportResult {
        try importTable(path: path, options: options).result
    }

    /// ``importFile(path:options:)`` with the occurrences left in their
    /// compact table (for a caller that reads them once, in order).
    public static func importTable(path: String, options: ImportOptions) throws(ImportError) -> ImportTable {
        // The bytes are dropped as soon as they are unfolded into lines.
        try importLines(contentLines(fileBytes(path: path), label: path), label: path, options: options)
    }

    /// The largest calendar file read: 100 MB (a 100,000-event semester
    /// calendar is about a third of it). A larger file, or a device or pipe
    /// that never ends (`/dev/zero`), is refused once this much has been read.
    public static let maxFileBytes = 100_000_000

    /// The whole content of the file at `path`, read straight into one
    /// array (one `read` for a regular file: no growing buffer, no copy),
    /// refused as ``ImportError/invalid(file:reason:)`` past `limit` bytes.
    public static func fileBytes(path: String, limit: Int = maxFileBytes) throws(ImportError) -> [UInt8] {
        func failure(_ code: Int32) -> ImportError {
            switch code {
            case ENOENT, ENOTDIR: .unreadable(file: path, reason: "no such file")
            case EACCES, EPERM: .unreadable(file: path, reason: "permission denied")
            case EISDIR: .unreadable(file: path, reason: "it is a directory")
            default: .unreadable(file: path, reason: "read error: " + String(cString: strerror(code)))
            }
        }
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure(errno) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw failure(errno) }
        guard (st.st_mode & S_IFMT) != S_IFDIR else { throw failure(EISDIR) }
        let tooLarge = ImportError.invalid(file: path, reason: "larger than \(limit) bytes, the most plan reads from one calendar file (export a shorter range of dates)")
        guard Int(st.st_size) <= limit else { throw tooLarge }
        // The size is a hint (a pipe or /proc file says 0, a file may grow).
        var bytes = [UInt8](repeating: 0, count: max(0, Int(st.st_size)) + 1)
        var filled = 0
        while true {
            if filled > limit { throw tooLarge }
            if filled == bytes.count { bytes += [UInt8](repeating: 0, count: min(max(4096, bytes.count), limit + 1 - filled)) }
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw failure(errno) }
            if n == 0 { break }
            filled += n
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// Reads and expands iCalendar text held in memory; `label` names it in messages.
    public static func importData(_ bytes: [UInt8], label: String, options: ImportOptions) throws(ImportError) -> ImportResult {
        try importTable(bytes, label: label, options: options).result
    }

    /// ``importData(_:label:options:)`` with the occurrences left in their compact table.
    public static func importTable(_ bytes: [UInt8], label: String, options: ImportOptions) throws(ImportError) -> ImportTable {
        try importLines(contentLines(bytes, label: label), label: label, options: options)
    }

    /// The unfolded lines of `bytes`, or why they cannot be a calendar.
    private static func contentLines(_ bytes: [UInt8], label: String) throws(ImportError) -> ContentLines {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw .invalid(file: label, reason: "the file is empty")
        }
        let lines = ContentLines(bytes)
        guard lines.lines.contains(where: { $0.name == "BEGIN" }) else {
            throw .invalid(file: label, reason: "no BEGIN:VCALENDAR or BEGIN:VEVENT line; this is not iCalendar data")
        }
        return lines
    }

    /// Reads the lines through libical and expands every event. The lines
    /// and the events read from them are released once they have been used.
    private static func importLines(_ lines: consuming ContentLines, label: String,
                                    options: ImportOptions) throws(ImportError) -> ImportTable {
        lock.lock()
        defer { lock.unlock() }
        icalerror_set_errors_are_fatal(0)
        let hadNUL = lines.hadNUL, firstNULLine = lines.firstNULLine
        var reader = LibicalReader(file: label, lines: lines)
        var doc = reader.read()
        _ = consume reader
        guard doc.roots > 0, doc.knownRoots > 0 else {
            let why = doc.warnings.first.map { "nothing readable (first problem: \($0.description))" }
                ?? "libical found no complete component in it"
            throw .invalid(file: label, reason: why)
        }
        var warnings = doc.warnings
        if hadNUL {
            warnings.insert(ImportWarning(id: "nul-byte", file: label, line: firstNULLine, property: nil, value: nil,
                                          message: "the file contains NUL bytes; they were removed"), at: 0)
        }
        var builder = OccurrenceBuilder(source: label)
        var eventCount = 0
        for i in doc.calendars.indices {
            var expander = Expander(file: label, options: options, zones: ZoneTable(), custom: doc.customZones[i],
                                    xWRTimezone: doc.calendars[i].xWRTimezone)
            expander.expand(doc.calendars[i].events, into: &builder)
            warnings += expander.warnings
            eventCount += doc.calendars[i].events.count
            doc.calendars[i].events = []
        }
        _ = consume doc
        var seen = Set<ImportWarning>()
        warnings = warnings.filter { seen.insert($0).inserted }
        return ImportTable(occurrences: builder.finish(), warnings: warnings, eventCount: eventCount)
    }
}

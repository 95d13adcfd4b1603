import CLibical
import Foundation
import PlanCore
import PlanFiles

/// Reads iCalendar files (RFC 5545) through libical and expands every VEVENT
/// occurrence that overlaps a window.
///
/// libical parses and expands RRULEs; the parts libical 3.0.16 lacks or gets
/// wrong are done here: line unfolding, local-time resolution by RFC 5545
/// §3.3.5 (DST gaps and overlaps), RECURRENCE-ID merging by UID including
/// `RANGE=THISANDFUTURE`, TZIDs without VTIMEZONE, X-WR-TIMEZONE, and bounds
/// on every expansion.
package enum ICalImporter {
    /// libical keeps process-wide state (error tables, zone caches): one import at a time.
    private static let lock = NSLock()

    /// Reads and expands the file at `path`.
    package static func importFile(path: String, options: ImportOptions) throws(ImportError) -> ImportResult {
        try importTable(path: path, options: options).result
    }

    /// ``importFile(path:options:)`` with the occurrences left in their
    /// compact table (for a caller that reads them once, in order).
    package static func importTable(path: String, options: ImportOptions) throws(ImportError) -> ImportTable {
        // The bytes are dropped as soon as they are unfolded into lines.
        try importLines(contentLines(fileBytes(path: path), label: path), label: path, options: options)
    }

    /// The largest calendar file read: 100 MB (a 100,000-event semester
    /// calendar is about a third of it). A larger file is refused.
    package static let maxFileBytes = 100_000_000

    /// The whole content of the regular file at `path`, read straight into
    /// one array, refused as ``ImportError/invalid(file:reason:)`` past
    /// `limit` bytes. A FIFO (`/dev/stdin` on a pipe), a device or a folder is
    /// ``ImportError/unreadable(file:reason:)`` saying what it is, before
    /// a read could wait on it.
    package static func fileBytes(path: String, limit: Int = maxFileBytes) throws(ImportError) -> [UInt8] {
        do {
            return try RegularFile.read(path, limit: limit)
        } catch .tooLarge {
            throw .invalid(file: path, reason: "larger than \(limit) bytes, the most plan reads from one calendar file (export a shorter range of dates)")
        } catch {
            throw .unreadable(file: path, reason: error.reason)
        }
    }

    /// Reads and expands iCalendar text held in memory; `label` names it in messages.
    package static func importData(_ bytes: [UInt8], label: String, options: ImportOptions) throws(ImportError) -> ImportResult {
        try importTable(bytes, label: label, options: options).result
    }

    /// ``importData(_:label:options:)`` with the occurrences left in their compact table.
    package static func importTable(_ bytes: [UInt8], label: String, options: ImportOptions) throws(ImportError) -> ImportTable {
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

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
        try importData(fileBytes(path: path), label: path, options: options)
    }

    /// The whole content of the file at `path`, read straight into one
    /// array (one `read` for a regular file: no growing buffer, no copy).
    public static func fileBytes(path: String) throws(ImportError) -> [UInt8] {
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
        // The size is a hint (a pipe or /proc file says 0, a file may grow).
        var bytes = [UInt8](repeating: 0, count: max(0, Int(st.st_size)) + 1)
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: repeatElement(0, count: max(4096, bytes.count))) }
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
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
            throw .invalid(file: label, reason: "the file is empty")
        }
        let lines = ContentLines(bytes)
        guard lines.lines.contains(where: { $0.name == "BEGIN" }) else {
            throw .invalid(file: label, reason: "no BEGIN:VCALENDAR or BEGIN:VEVENT line; this is not iCalendar data")
        }
        lock.lock()
        defer { lock.unlock() }
        icalerror_set_errors_are_fatal(0)
        var reader = LibicalReader(file: label, lines: lines)
        let doc = reader.read()
        guard doc.roots > 0, doc.knownRoots > 0 else {
            let why = doc.warnings.first.map { "nothing readable (first problem: \($0.description))" }
                ?? "libical found no complete component in it"
            throw .invalid(file: label, reason: why)
        }
        var warnings = doc.warnings
        if lines.hadNUL {
            warnings.insert(ImportWarning(id: "nul-byte", file: label, line: lines.firstNULLine, property: nil, value: nil,
                                          message: "the file contains NUL bytes; they were removed"), at: 0)
        }
        var occurrences: [Occurrence] = []
        var eventCount = 0
        for (i, cal) in doc.calendars.enumerated() {
            var expander = Expander(file: label, options: options, zones: ZoneTable(), custom: doc.customZones[i],
                                    xWRTimezone: cal.xWRTimezone)
            let expanded = expander.expand(cal.events)
            if occurrences.isEmpty { occurrences = expanded } else { occurrences += expanded }
            warnings += expander.warnings
            eventCount += cal.events.count
        }
        // Sorted by start, uid, recurrence id: each key computed once, and the
        // (large) occurrences moved once, after the order is known.
        // A uid is compared by its rank among the distinct uids (the same
        // order as comparing the strings, without comparing strings per pair).
        let zone = options.floatingZone
        var rankOf: [String: Int32] = [:]
        var previous: String?
        for i in occurrences.indices where occurrences[i].uid != previous {
            previous = occurrences[i].uid
            if rankOf[occurrences[i].uid] == nil { rankOf[occurrences[i].uid] = 0 }
        }
        for (rank, uid) in rankOf.keys.sorted().enumerated() { rankOf[uid] = Int32(rank) }
        struct Key { var start: Int64, uid: Int32, rid: Int64 }
        var keys: [Key] = []
        keys.reserveCapacity(occurrences.count)
        var lastUid: String?
        var lastRank: Int32 = 0
        for i in occurrences.indices {
            // Occurrences of one series come together and share their uid.
            if occurrences[i].uid != lastUid {
                lastUid = occurrences[i].uid
                lastRank = rankOf[occurrences[i].uid]!
            }
            keys.append(Key(start: occurrences[i].start.instant(in: zone).seconds, uid: lastRank,
                            rid: occurrences[i].recurrenceId?.sortKey ?? .min))
        }
        rankOf = [:]
        let order = occurrences.indices.sorted { a, b in
            let x = keys[a], y = keys[b]
            if x.start != y.start { return x.start < y.start }
            if x.uid != y.uid { return x.uid < y.uid }
            return x.rid < y.rid
        }
        // Put each occurrence in place by following the permutation's cycles
        // (swaps move values: no second array of occurrences).
        var placed = [Bool](repeating: false, count: order.count)
        for i in order.indices where !placed[i] {
            var j = i
            while true {
                placed[j] = true
                let k = order[j]
                if k == i { break }
                occurrences.swapAt(j, k)
                j = k
            }
        }
        var seen = Set<ImportWarning>()
        warnings = warnings.filter { seen.insert($0).inserted }
        return ImportResult(occurrences: occurrences, warnings: warnings, eventCount: eventCount)
    }
}

import PlanCore
import PlanICal
import Testing

/// Small inline iCalendar texts for the importer tests, and a compact,
/// exact view of what the importer returns.
///
/// Every expected value in these tests was worked out by hand from RFC 5545
/// and checked against the trusted peer (Python `icalendar` 7.3.0 +
/// `recurring-ical-events` 3.8.2 + `x-wr-timezone` 2.0.1, run through
/// `../shared/ics-corpus/oracle.py --one`). Where the peer differs, the test
/// says so and argues from the RFC.
enum ICS {
    /// The lines joined with CRLF (RFC 5545 §3.1), ending with one.
    static func text(_ lines: [String]) -> String {
        lines.joined(separator: "\r\n") + "\r\n"
    }

    /// A VCALENDAR around `body`, with `header` properties after PRODID.
    static func calendar(header: [String] = [], _ body: [String]...) -> [String] {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan tests//EN"] + header + body.flatMap { $0 } + ["END:VCALENDAR"]
    }

    /// A VEVENT with this UID and these properties (DTSTAMP added, as RFC 5545 requires).
    static func event(_ uid: String, _ properties: String...) -> [String] {
        ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z"] + properties + ["END:VEVENT"]
    }

    static func bytes(_ lines: [String]) -> [UInt8] { Array(text(lines).utf8) }

    /// Imports a VCALENDAR holding `body` and returns its rows, expecting no
    /// warnings (a clean input must import silently).
    static func expand(header: [String] = [], options: ImportOptions = options(), _ body: [String]...,
                       sourceLocation: SourceLocation = #_sourceLocation) throws -> [Row] {
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan tests//EN"] + header + body.flatMap { $0 } + ["END:VCALENDAR"]
        let result = try read(lines, options: options)
        #expect(result.warnings.isEmpty, "unexpected warnings: \(result.warnings)", sourceLocation: sourceLocation)
        return rows(result)
    }

    /// An instant from `YYYY-MM-DDTHH:MM:SSZ` (or a date, read as UTC midnight).
    static func instant(_ text: String) -> Instant {
        guard let value = DateText.parse(text) else { fatalError("bad test time \(text)") }
        return value.instant(in: SystemZone.utc)
    }

    static func zone(_ name: String) -> SystemZone {
        guard let z = SystemZone(identifier: name) else { fatalError("unknown test zone \(name)") }
        return z
    }

    /// Options for a window in UTC; the default covers 2026 through 2029.
    static func options(from: String = "2026-01-01T00:00:00Z", to: String = "2030-01-01T00:00:00Z",
                        floatingZone: String = "UTC", cap: Int = 500) -> ImportOptions {
        ImportOptions(window: TimeRange(start: instant(from), end: instant(to)),
                      floatingZone: zone(floatingZone), maxOccurrencesPerSeries: cap)
    }

    static func read(_ lines: [String], options: ImportOptions = options(), label: String = "test.ics") throws -> ImportResult {
        try ICalImporter.importData(bytes(lines), label: label, options: options)
    }

    static func read(bytes: [UInt8], options: ImportOptions = options(), label: String = "test.ics") throws -> ImportResult {
        try ICalImporter.importData(bytes, label: label, options: options)
    }

    /// The rows of a result, in the importer's order.
    static func rows(_ result: ImportResult) -> [Row] { result.occurrences.map(Row.init) }

    /// The warning ids of a result, in order.
    static func ids(_ result: ImportResult) -> [String] { result.warnings.map(\.id) }

    /// The error an import throws, or nil when it succeeds.
    static func error(_ bytes: [UInt8], label: String = "test.ics", options: ImportOptions = options()) -> ImportError? {
        do {
            _ = try ICalImporter.importData(bytes, label: label, options: options)
            return nil
        } catch {
            return error
        }
    }
}

/// One occurrence as the wire format shows it (`CalendarTime.wireString`).
struct Row: Equatable, CustomStringConvertible {
    var uid: String
    var start: String
    var end: String
    /// `utc`, `floating` or `date`; `start-kind/end-kind` when they differ.
    var kind: String
    var recurrenceId: String?
    var status: String?
    var transparent: Bool
    var tzid: String?

    init(_ o: Occurrence) {
        uid = o.uid
        start = o.start.wireString
        end = o.end.wireString
        kind = o.start.kind == o.end.kind ? o.start.kind : "\(o.start.kind)/\(o.end.kind)"
        recurrenceId = o.recurrenceId?.wireString
        status = o.status
        transparent = o.transparent
        tzid = o.tzid
    }

    /// An expected row; the kind follows from how `start` is written.
    init(_ uid: String, _ start: String, _ end: String, rid: String?, status: String? = nil,
         transparent: Bool = false, tzid: String? = nil) {
        self.uid = uid
        self.start = start
        self.end = end
        kind = start.hasSuffix("Z") ? "utc" : start.contains("T") ? "floating" : "date"
        recurrenceId = rid
        self.status = status
        self.transparent = transparent
        self.tzid = tzid
    }

    /// A one-off event: RECURRENCE-ID nil.
    static func single(_ uid: String, _ start: String, _ end: String, status: String? = nil,
                       transparent: Bool = false, tzid: String? = nil) -> Row {
        Row(uid, start, end, rid: nil, status: status, transparent: transparent, tzid: tzid)
    }

    /// Generated instances of a series: each one's RECURRENCE-ID is its own start.
    static func series(_ uid: String, tzid: String? = nil, _ spans: [(String, String)]) -> [Row] {
        spans.map { Row(uid, $0.0, $0.1, rid: $0.0, tzid: tzid) }
    }

    var description: String {
        "\(uid) \(start) → \(end) \(kind) rid=\(recurrenceId ?? "nil") status=\(status ?? "nil")"
            + " \(transparent ? "transparent" : "opaque") tzid=\(tzid ?? "nil")"
    }
}

import PlanCore
import PlanJSON
import PlanProtocol
import Testing
@testable import PlanCLI

/// `plan events --json` is written as bytes; it must be the text the
/// String-built rendering (kept here as the reference) gives.
@Suite struct JSONBytesTests {
    static func reference(_ occurrences: [Occurrence], withSource: Bool) -> String {
        func optional(_ s: String?) -> String { s.map(jsonString) ?? "null" }
        func object(_ fields: [(String, String)]) -> String {
            "{" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
        }
        if occurrences.isEmpty { return "[]\n" }
        var out = "[\n"
        for (i, o) in occurrences.enumerated() {
            var fields: [(String, String)] = [
                ("uid", o.uid.isEmpty ? "null" : jsonString(o.uid)),
                ("recurrenceId", optional(o.recurrenceId?.wireString)),
                ("start", jsonString(o.start.wireString)),
                ("end", jsonString(o.end.wireString)),
                ("kind", jsonString(o.start.kind)),
                ("summary", optional(o.summary)),
                ("status", optional(o.status)),
                ("transparent", o.transparent ? "true" : "false"),
                ("tzid", optional(o.tzid)),
            ]
            if withSource { fields.append(("source", jsonString(o.source))) }
            out += "  " + object(fields) + (i + 1 < occurrences.count ? ",\n" : "\n")
        }
        return out + "]\n"
    }

    @Test func sameTextAsTheReference() {
        let texts = ["", "plain", "quote \" and \\ backslash", "tab\tnew\nline\rcr", "ctl \u{1}\u{1F}\u{7F}", "é ü 日本 🎓",
                     "a\u{0301}", String(repeating: "long ", count: 3000)]
        let times: [CalendarTime] = [
            .utc(Instant(seconds: 1_800_000_000)), .utc(Instant(seconds: -62_000_000_000)), .floating(LocalDateTime(secondsSinceEpoch: 86_399)),
            .date(LocalDate(year: 2027, month: 1, day: 9)), .date(LocalDate(year: 12_345, month: 12, day: 31)), .date(LocalDate(year: 42, month: 3, day: 4)),
        ]
        var list: [Occurrence] = []
        for (k, text) in texts.enumerated() {
            for (j, t) in times.enumerated() {
                list.append(Occurrence(uid: k % 3 == 0 ? "" : text, recurrenceId: j % 2 == 0 ? t : nil, start: t, end: times[(j + 1) % times.count],
                                       summary: k % 2 == 0 ? text : nil, status: j == 1 ? "CANCELLED" : nil, transparent: j % 3 == 0,
                                       tzid: j == 0 ? "America/New_York" : nil, source: text))
            }
        }
        for withSource in [false, true] {
            #expect(EventsOutput.json(list, withSource: withSource) == Self.reference(list, withSource: withSource))
            #expect(EventsOutput.json([], withSource: withSource) == Self.reference([], withSource: withSource))
        }
        // Enough lines to cross the writer's block size several times.
        let many = Array(repeating: list, count: 60).flatMap { $0 }
        #expect(EventsOutput.json(many, withSource: true) == Self.reference(many, withSource: true))
    }
}

import Foundation
import PlanCore
import Testing
@testable import PlanICal

// MARK: Malformed but recoverable RRULEs (item 1)

/// Issue 12, item 1: an RRULE libical refuses or misreads, but a lenient
/// client reads, keeps its event: the rule is read leniently, expanded, and
/// one warning names the file, the line, the property and the value.
@Suite struct RecoveredRuleTests {
    /// An event starting Monday 2026-01-05 09:00Z, one hour, with this RRULE
    /// on line 9.
    static func read(_ rrule: String, options: ImportOptions = ICS.options()) throws -> ImportResult {
        try ICS.read(ICS.calendar(ICS.event("r", "DTSTART:20260105T090000Z", "DURATION:PT1H", "RRULE:" + rrule)),
                     options: options)
    }

    static func days(_ days: [Int]) -> [Row] {
        Row.series("r", days.map { d in
            let day = String(format: "%02d", d)
            return ("2026-01-\(day)T09:00:00Z", "2026-01-\(day)T10:00:00Z")
        })
    }

    @Test(arguments: [
        ("FREQ=DAILY;COUNT=3;FREQ=DAILY", [5, 6, 7],
         "FREQ=DAILY is given twice; counted once; read as FREQ=DAILY;COUNT=3"),
        ("FREQ=DAILY;COUNT=3;FREQ=WEEKLY", [5, 6, 7],
         "FREQ is given twice (DAILY, WEEKLY); the first is used; read as FREQ=DAILY;COUNT=3"),
        // UNTIL ends first (COUNT would allow five).
        ("FREQ=DAILY;COUNT=5;UNTIL=20260107T090000Z", [5, 6, 7],
         "COUNT and UNTIL are both given; the series ends at whichever comes first; read as FREQ=DAILY;COUNT=5;UNTIL=20260107T090000Z"),
        // COUNT ends first (UNTIL would allow sixteen).
        ("FREQ=DAILY;UNTIL=20260120T000000Z;COUNT=2", [5, 6],
         "COUNT and UNTIL are both given; the series ends at whichever comes first; read as FREQ=DAILY;UNTIL=20260120T000000Z;COUNT=2"),
        ("FREQ=DAILY;COUNT=0;UNTIL=20260107T090000Z", [5, 6, 7],
         "COUNT=0 is not a positive number; it was ignored; read as FREQ=DAILY;UNTIL=20260107T090000Z"),
        ("FREQ=DAILY;COUNT=2;FOO=BAR", [5, 6], "unknown part FOO=BAR was ignored; read as FREQ=DAILY;COUNT=2"),
        ("FREQ=DAILY;COUNT=2;X-SOMETHING=1", [5, 6], "unknown part X-SOMETHING=1 was ignored; read as FREQ=DAILY;COUNT=2"),
        ("FREQ=DAILY;COUNT=2;", [5, 6], "a trailing \";\" was dropped; read as FREQ=DAILY;COUNT=2"),
        // libical alone reads this as FREQ=DAILY with no COUNT: an endless series.
        ("FREQ=DAILY;;COUNT=2", [5, 6], "an empty part was skipped; read as FREQ=DAILY;COUNT=2"),
        ("freq=weekly;byday=mo,we;count=3;", [5, 7, 12],
         "a trailing \";\" was dropped; read as FREQ=WEEKLY;BYDAY=MO,WE;COUNT=3"),
    ] as [(String, [Int], String)])
    func ruleIsReadLeniently(_ rrule: String, _ days: [Int], _ message: String) throws {
        let result = try Self.read(rrule)
        #expect(ICS.rows(result) == Self.days(days))
        #expect(result.warnings.map(\.description) == ["test.ics:9: RRULE \"\(rrule)\": \(message)"])
        #expect(ICS.ids(result) == ["recovered-rule"])
    }

    /// A negative COUNT is ignored: the weekly series runs on (here through
    /// January, the window).
    @Test func negativeCountIsIgnored() throws {
        let result = try Self.read("FREQ=WEEKLY;COUNT=-2", options: ICS.options(to: "2026-02-01T00:00:00Z"))
        #expect(ICS.rows(result) == Self.days([5, 12, 19, 26]))
        #expect(result.warnings.map(\.description) == [
            "test.ics:9: RRULE \"FREQ=WEEKLY;COUNT=-2\": COUNT=-2 is not a positive number; it was ignored; read as FREQ=WEEKLY",
        ])
    }

    /// An empty RRULE means no recurrence: the event is one occurrence.
    @Test func emptyRuleIsNoRecurrence() throws {
        let result = try Self.read("")
        #expect(ICS.rows(result) == [.single("r", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(result.warnings.map(\.description) == [
            "test.ics:9: RRULE \"\": an empty rule: no recurrence, the event is read as a single occurrence",
        ])
    }

    /// No usable FREQ: nothing says how the event recurs, but DTSTART says
    /// when it happens: the event is kept as that one occurrence, with one
    /// warning naming the RRULE line (never dropped: issue 12, item 1).
    @Test(arguments: [
        ("COUNT=3", "the rule has no FREQ"),
        ("FREQ=FORTNIGHTLY;COUNT=3", "FREQ is not a known frequency"),
        ("FREQ=;COUNT=3;", "FREQ is not a known frequency"),
    ])
    func noUsableFrequencyKeepsDTSTART(_ rrule: String, _ why: String) throws {
        let result = try Self.read(rrule)
        #expect(ICS.rows(result) == [.single("r", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(result.warnings.map(\.description) == [
            "test.ics:9: RRULE \"\(rrule)\": \(why): the rule is ignored and the event is read as a single occurrence (DTSTART)",
        ])
    }

    /// Lower-case names and values are well-formed (RFC 5545 §2: they are
    /// case-insensitive): read with no warning.
    @Test func lowerCaseIsWellFormed() throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART:20260105T090000Z", "DURATION:PT1H", "RRULE:freq=daily;count=2"))
        #expect(rows == Self.days([5, 6]))
    }

    /// A repaired rule beside a sound one, in a bare VEVENT (the reader's
    /// other path): both expand, one warning.
    @Test func repairedRuleBesideASoundOne() throws {
        let lines = ICS.event("r", "DTSTART:20260105T090000Z", "DURATION:PT1H", "RRULE:FREQ=DAILY;COUNT=2;FREQ=DAILY",
                              "RRULE:FREQ=WEEKLY;COUNT=2")
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == Self.days([5, 6, 12]))
        #expect(result.warnings.map(\.description) == [
            "test.ics:6: RRULE \"FREQ=DAILY;COUNT=2;FREQ=DAILY\": FREQ=DAILY is given twice; counted once; read as FREQ=DAILY;COUNT=2",
        ])
    }

    /// The Swift expansion of plain rules and libical's iterator agree on a
    /// rule with both COUNT and UNTIL (the one form RecurrenceIterator takes apart).
    @Test func countWithUntilSameOnBothPaths() throws {
        let start = LocalDateTime(date: LocalDate(year: 2026, month: 1, day: 5), hour: 9, minute: 0, second: 0)
        for rule in ["FREQ=DAILY;COUNT=5;UNTIL=20260107T090000Z", "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20260301T000000Z;COUNT=3"] {
            let plain = try #require(RecurrenceIterator(rule: rule, start: start, isDate: false))
            let libical = try #require(RecurrenceIterator(rule: rule, start: start, isDate: false, allowPlain: false))
            #expect(plain.isPlain)
            #expect(plain.until == libical.until && plain.until != nil)
            var a: [LocalDateTime] = [], b: [LocalDateTime] = []
            while let t = plain.next(), a.count < 50 { a.append(t) }
            while let t = libical.next(), b.count < 50 { b.append(t) }
            #expect(a == b && a.count == (rule.hasPrefix("FREQ=DAILY") ? 5 : 3))
        }
    }
}

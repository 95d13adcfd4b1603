import Foundation
import Testing

/// A class that meets more often in the horizon than one expansion makes
/// (``Recurrence/maxOccurrences``, 1,000): the series records how far it
/// got, and the next planning command makes the rest — no meeting is left
/// without its work.
@Suite struct ClassTiedCapTests {
    @Test func workForMeetingsPastTheCapIsMadeByTheNextCommand() throws {
        let s = try ReplanCommandTests.Store(now: "2026-11-01T08:00:00-05:00")
        let ics = s.dir.appendingPathComponent("drill.ics")
        // Three meetings a day for 364 days: 1,092 in a 52-week horizon.
        try """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//test//cap//EN\r
        BEGIN:VEVENT\r
        UID:drill@test\r
        DTSTAMP:20261101T000000Z\r
        DTSTART;TZID=America/New_York:20261102T090000\r
        DTEND;TZID=America/New_York:20261102T093000\r
        RRULE:FREQ=DAILY;BYHOUR=9,13,17;COUNT=1092\r
        SUMMARY:Drill\r
        END:VEVENT\r
        END:VCALENDAR\r

        """.write(to: ics, atomically: true, encoding: .utf8)
        try s.plan("policy", "set", "--tz", "America/New_York", "--horizon", "52w")
        try s.plan("calendar", "add", ics.path)
        try s.plan("add-task", "Drill prep", "--estimate", "15m", "--before", "Drill")
        let first = try RepeatingTaskTests.shown(s, "drill-prep")
        #expect(first.ids.count == 1_000, "one expansion makes at most 1,000: \(first.ids.count)")
        // The next planning command makes the 92 left, each once.
        try s.plan("replan")
        let all = try RepeatingTaskTests.shown(s, "drill-prep")
        #expect(all.ids.count == 1_092 && Set(all.dues).count == 1_092, "\(all.ids.count) occurrences, \(Set(all.dues).count) dues")
        #expect(all.dues.sorted().last.map { String($0.prefix(16)) } == "2027-10-31T17:00", "\(all.dues.sorted().suffix(2))")
        try s.plan("replan")
        #expect(try RepeatingTaskTests.shown(s, "drill-prep").ids.count == 1_092, "nothing made twice")
    }
}

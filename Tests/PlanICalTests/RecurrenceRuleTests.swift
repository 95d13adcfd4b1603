import PlanCore
import PlanICal
import Testing

/// RRULE (RFC 5545 §3.3.10, §3.8.5.3): every FREQ, every BY* part, COUNT and UNTIL.
@Suite struct RecurrenceRuleTests {
    /// A rule on a UTC series and the (start, end) of every instance it gives.
    struct RuleCase: Sendable, CustomTestStringConvertible {
        var rule: String
        var start: String
        var end: String
        var expected: [(String, String)]
        var testDescription: String { rule }
    }

    /// Hand-expanded from RFC 5545 §3.3.10; the peer gives the same lists.
    /// 2026-01-05 is a Monday (ISO week 2 of 2026).
    static let utcRules: [RuleCase] = [
        RuleCase(rule: "FREQ=SECONDLY;INTERVAL=20;COUNT=4", start: "20260105T090000Z", end: "20260105T090010Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:00:10Z"), ("2026-01-05T09:00:20Z", "2026-01-05T09:00:30Z"),
            ("2026-01-05T09:00:40Z", "2026-01-05T09:00:50Z"), ("2026-01-05T09:01:00Z", "2026-01-05T09:01:10Z"),
        ]),
        RuleCase(rule: "FREQ=MINUTELY;BYSECOND=0,30;COUNT=4", start: "20260105T090000Z", end: "20260105T090010Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:00:10Z"), ("2026-01-05T09:00:30Z", "2026-01-05T09:00:40Z"),
            ("2026-01-05T09:01:00Z", "2026-01-05T09:01:10Z"), ("2026-01-05T09:01:30Z", "2026-01-05T09:01:40Z"),
        ]),
        RuleCase(rule: "FREQ=MINUTELY;INTERVAL=15;COUNT=4", start: "20260105T090000Z", end: "20260105T090500Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:05:00Z"), ("2026-01-05T09:15:00Z", "2026-01-05T09:20:00Z"),
            ("2026-01-05T09:30:00Z", "2026-01-05T09:35:00Z"), ("2026-01-05T09:45:00Z", "2026-01-05T09:50:00Z"),
        ]),
        RuleCase(rule: "FREQ=HOURLY;INTERVAL=3;COUNT=3", start: "20260105T090000Z", end: "20260105T093000Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:30:00Z"), ("2026-01-05T12:00:00Z", "2026-01-05T12:30:00Z"),
            ("2026-01-05T15:00:00Z", "2026-01-05T15:30:00Z"),
        ]),
        RuleCase(rule: "FREQ=HOURLY;BYMINUTE=0,30;COUNT=4", start: "20260105T090000Z", end: "20260105T091000Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:10:00Z"), ("2026-01-05T09:30:00Z", "2026-01-05T09:40:00Z"),
            ("2026-01-05T10:00:00Z", "2026-01-05T10:10:00Z"), ("2026-01-05T10:30:00Z", "2026-01-05T10:40:00Z"),
        ]),
        RuleCase(rule: "FREQ=DAILY;BYHOUR=9,14;COUNT=4", start: "20260105T090000Z", end: "20260105T100000Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-05T14:00:00Z", "2026-01-05T15:00:00Z"),
            ("2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z"), ("2026-01-06T14:00:00Z", "2026-01-06T15:00:00Z"),
        ]),
        RuleCase(rule: "FREQ=DAILY;INTERVAL=2;COUNT=3", start: "20260105T090000Z", end: "20260105T100000Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-07T09:00:00Z", "2026-01-07T10:00:00Z"),
            ("2026-01-09T09:00:00Z", "2026-01-09T10:00:00Z"),
        ]),
        RuleCase(rule: "FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=5", start: "20260105T090000Z", end: "20260105T100000Z", expected: [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-07T09:00:00Z", "2026-01-07T10:00:00Z"),
            ("2026-01-09T09:00:00Z", "2026-01-09T10:00:00Z"), ("2026-01-12T09:00:00Z", "2026-01-12T10:00:00Z"),
            ("2026-01-14T09:00:00Z", "2026-01-14T10:00:00Z"),
        ]),
        // Second Monday: Jan 12 (Jan 5 is the first), Feb 9 (Feb 1 is a Sunday), Mar 9.
        RuleCase(rule: "FREQ=MONTHLY;BYDAY=2MO;COUNT=3", start: "20260112T090000Z", end: "20260112T100000Z", expected: [
            ("2026-01-12T09:00:00Z", "2026-01-12T10:00:00Z"), ("2026-02-09T09:00:00Z", "2026-02-09T10:00:00Z"),
            ("2026-03-09T09:00:00Z", "2026-03-09T10:00:00Z"),
        ]),
        // Last Friday: Jan 30, Feb 27, Mar 27 (Mar 31 is a Tuesday).
        RuleCase(rule: "FREQ=MONTHLY;BYDAY=-1FR;COUNT=3", start: "20260130T090000Z", end: "20260130T100000Z", expected: [
            ("2026-01-30T09:00:00Z", "2026-01-30T10:00:00Z"), ("2026-02-27T09:00:00Z", "2026-02-27T10:00:00Z"),
            ("2026-03-27T09:00:00Z", "2026-03-27T10:00:00Z"),
        ]),
        RuleCase(rule: "FREQ=MONTHLY;BYMONTHDAY=1,15;COUNT=4", start: "20260101T120000Z", end: "20260101T130000Z", expected: [
            ("2026-01-01T12:00:00Z", "2026-01-01T13:00:00Z"), ("2026-01-15T12:00:00Z", "2026-01-15T13:00:00Z"),
            ("2026-02-01T12:00:00Z", "2026-02-01T13:00:00Z"), ("2026-02-15T12:00:00Z", "2026-02-15T13:00:00Z"),
        ]),
        // The last weekday of the month: Fri Jan 30, Fri Feb 27, Tue Mar 31.
        RuleCase(rule: "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3", start: "20260130T170000Z", end: "20260130T180000Z", expected: [
            ("2026-01-30T17:00:00Z", "2026-01-30T18:00:00Z"), ("2026-02-27T17:00:00Z", "2026-02-27T18:00:00Z"),
            ("2026-03-31T17:00:00Z", "2026-03-31T18:00:00Z"),
        ]),
        // Day 31 does not exist in February or April: those months are skipped (§3.3.10).
        RuleCase(rule: "FREQ=MONTHLY;COUNT=3", start: "20260131T100000Z", end: "20260131T110000Z", expected: [
            ("2026-01-31T10:00:00Z", "2026-01-31T11:00:00Z"), ("2026-03-31T10:00:00Z", "2026-03-31T11:00:00Z"),
            ("2026-05-31T10:00:00Z", "2026-05-31T11:00:00Z"),
        ]),
    ]

    @Test(arguments: utcRules)
    func timedRule(_ c: RuleCase) throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART:\(c.start)", "DTEND:\(c.end)", "RRULE:\(c.rule)"))
        #expect(rows == Row.series("r", c.expected))
    }

    /// All-day rules: a date series with no DTEND lasts one day (§3.6.1).
    static let dateRules: [RuleCase] = [
        // BYMONTHDAY=-1 is the last day of each month.
        RuleCase(rule: "FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", start: "20260131", end: "", expected: [
            ("2026-01-31", "2026-02-01"), ("2026-02-28", "2026-03-01"), ("2026-03-31", "2026-04-01"),
        ]),
        // Day 100 of 2026 is April 10 (31 + 28 + 31 = 90 days before April); -1 is Dec 31.
        RuleCase(rule: "FREQ=YEARLY;BYYEARDAY=1,100,-1;COUNT=4", start: "20260101", end: "", expected: [
            ("2026-01-01", "2026-01-02"), ("2026-04-10", "2026-04-11"), ("2026-12-31", "2027-01-01"),
            ("2027-01-01", "2027-01-02"),
        ]),
        // ISO week 20: 2026's week 1 starts Mon Dec 29, 2025, so week 20 starts May 11;
        // 2027's week 1 starts Mon Jan 4, 2027, so week 20 starts May 17.
        RuleCase(rule: "FREQ=YEARLY;BYWEEKNO=20;BYDAY=MO;COUNT=2", start: "20260511", end: "", expected: [
            ("2026-05-11", "2026-05-12"), ("2027-05-17", "2027-05-18"),
        ]),
        RuleCase(rule: "FREQ=YEARLY;BYMONTH=3,9;BYMONTHDAY=1;COUNT=3", start: "20260301", end: "", expected: [
            ("2026-03-01", "2026-03-02"), ("2026-09-01", "2026-09-02"), ("2027-03-01", "2027-03-02"),
        ]),
        RuleCase(rule: "FREQ=YEARLY;COUNT=3", start: "20260210", end: "", expected: [
            ("2026-02-10", "2026-02-11"), ("2027-02-10", "2027-02-11"), ("2028-02-10", "2028-02-11"),
        ]),
        // February 29 exists only in leap years: 2025–2027 are skipped.
        RuleCase(rule: "FREQ=YEARLY;COUNT=2", start: "20240229", end: "", expected: [
            ("2024-02-29", "2024-03-01"), ("2028-02-29", "2028-03-01"),
        ]),
    ]

    @Test(arguments: dateRules)
    func dateRule(_ c: RuleCase) throws {
        let rows = try ICS.expand(options: ICS.options(from: "2024-01-01T00:00:00Z"),
                                  ICS.event("r", "DTSTART;VALUE=DATE:\(c.start)", "RRULE:\(c.rule)"))
        #expect(rows == Row.series("r", c.expected))
    }

    /// WKST decides which weeks INTERVAL=2 skips (the RFC 5545 §3.3.10 example,
    /// moved to 2026: Tue Aug 4). Weeks from Monday: Aug 3–9 and Aug 17–23
    /// give 4, 9, 18, 23; weeks from Sunday: Aug 2–8, Aug 16–22, Aug 30–Sep 5
    /// give 4, 16, 18, 30.
    @Test func weekStartChangesTheWeeksAnIntervalSkips() throws {
        let rows = try ICS.expand(
            ICS.event("mo", "DTSTART:20260804T090000Z", "DTEND:20260804T100000Z", "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=MO"),
            ICS.event("su", "DTSTART:20260804T090000Z", "DTEND:20260804T100000Z", "RRULE:FREQ=WEEKLY;INTERVAL=2;COUNT=4;BYDAY=TU,SU;WKST=SU"))
        let mo = rows.filter { $0.uid == "mo" }, su = rows.filter { $0.uid == "su" }
        #expect(mo == Row.series("mo", [
            ("2026-08-04T09:00:00Z", "2026-08-04T10:00:00Z"), ("2026-08-09T09:00:00Z", "2026-08-09T10:00:00Z"),
            ("2026-08-18T09:00:00Z", "2026-08-18T10:00:00Z"), ("2026-08-23T09:00:00Z", "2026-08-23T10:00:00Z"),
        ]))
        #expect(su == Row.series("su", [
            ("2026-08-04T09:00:00Z", "2026-08-04T10:00:00Z"), ("2026-08-16T09:00:00Z", "2026-08-16T10:00:00Z"),
            ("2026-08-18T09:00:00Z", "2026-08-18T10:00:00Z"), ("2026-08-30T09:00:00Z", "2026-08-30T10:00:00Z"),
        ]))
        // Sorted by start, then uid.
        #expect(rows.map(\.uid) == ["mo", "su", "mo", "su", "mo", "su", "mo", "su"])
    }

    /// UNTIL is inclusive (§3.3.10) and, on a zoned series, a UTC instant.
    /// 09:00 in New York is 14:00Z before DST (Mar 8, 2026) and 13:00Z after:
    /// UNTIL=…T130000Z keeps Mar 16, one second less drops it.
    @Test func utcUntilOnAZonedSeriesIsAnInclusiveInstant() throws {
        let rows = try ICS.expand(
            ICS.event("in", "DTSTART;TZID=America/New_York:20260302T090000", "DTEND;TZID=America/New_York:20260302T100000",
                      "RRULE:FREQ=WEEKLY;UNTIL=20260316T130000Z"),
            ICS.event("out", "DTSTART;TZID=America/New_York:20260302T090000", "DTEND;TZID=America/New_York:20260302T100000",
                      "RRULE:FREQ=WEEKLY;UNTIL=20260316T125959Z"))
        #expect(rows.filter { $0.uid == "in" } == Row.series("in", tzid: "America/New_York", [
            ("2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z"), ("2026-03-09T13:00:00Z", "2026-03-09T14:00:00Z"),
            ("2026-03-16T13:00:00Z", "2026-03-16T14:00:00Z"),
        ]))
        #expect(rows.filter { $0.uid == "out" } == Row.series("out", tzid: "America/New_York", [
            ("2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z"), ("2026-03-09T13:00:00Z", "2026-03-09T14:00:00Z"),
        ]))
    }

    /// A date-only UNTIL on a timed series breaks §3.3.10 ("UNTIL … MUST have
    /// the same value type as DTSTART"), but such files exist. UNTIL "bounds
    /// the recurrence rule in an inclusive manner": a DATE names the whole
    /// local day, so the instance on Jan 7 (18:00 Berlin) is kept.
    ///
    /// Peer disagreement: Python (dateutil) reads UNTIL=20260107 as
    /// 2026-01-07T00:00 and drops the Jan 7 instance.
    @Test func dateOnlyUntilOnATimedSeriesIncludesThatWholeDay() throws {
        let zoned = try ICS.expand(ICS.event("u", "DTSTART;TZID=Europe/Berlin:20260105T180000",
                                             "DTEND;TZID=Europe/Berlin:20260105T190000", "RRULE:FREQ=DAILY;UNTIL=20260107"))
        #expect(zoned == Row.series("u", tzid: "Europe/Berlin", [
            ("2026-01-05T17:00:00Z", "2026-01-05T18:00:00Z"), ("2026-01-06T17:00:00Z", "2026-01-06T18:00:00Z"),
            ("2026-01-07T17:00:00Z", "2026-01-07T18:00:00Z"),
        ]))
        let utc = try ICS.expand(ICS.event("u", "DTSTART:20260105T233000Z", "DTEND:20260105T234500Z", "RRULE:FREQ=DAILY;UNTIL=20260107"))
        #expect(utc == Row.series("u", [
            ("2026-01-05T23:30:00Z", "2026-01-05T23:45:00Z"), ("2026-01-06T23:30:00Z", "2026-01-06T23:45:00Z"),
            ("2026-01-07T23:30:00Z", "2026-01-07T23:45:00Z"),
        ]))
    }

    /// A floating series with a floating UNTIL compares wall clocks, inclusively.
    @Test func floatingUntilOnAFloatingSeries() throws {
        let rows = try ICS.expand(ICS.event("u", "DTSTART:20260105T180000", "DTEND:20260105T190000",
                                            "RRULE:FREQ=DAILY;UNTIL=20260107T180000"))
        #expect(rows == Row.series("u", [
            ("2026-01-05T18:00:00", "2026-01-05T19:00:00"), ("2026-01-06T18:00:00", "2026-01-06T19:00:00"),
            ("2026-01-07T18:00:00", "2026-01-07T19:00:00"),
        ]))
    }

    /// COUNT counts instances, not the ones in the window: the window here
    /// starts after the second of three, so only the third is listed.
    @Test func countIsCountedFromDtstartNotFromTheWindow() throws {
        let rows = try ICS.expand(options: ICS.options(from: "2026-01-06T00:00:00Z"),
                                  ICS.event("c", "DTSTART:20260104T090000Z", "DTEND:20260104T100000Z", "RRULE:FREQ=DAILY;COUNT=3"))
        #expect(rows == Row.series("c", [("2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z")]))
    }
}

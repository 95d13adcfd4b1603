import PlanCore
import PlanICal
import Testing

/// Daylight-saving changes (RFC 5545 §3.3.5, §3.3.10, §3.8.5.3). In 2026
/// New York springs forward on Mar 8 and falls back on Nov 1; Berlin on
/// Mar 29 and Oct 25. Recurring instances keep their local wall-clock time,
/// so their UTC time moves by an hour.
@Suite struct DaylightSavingTests {
    /// A Monday 09:00–10:15 class in New York: EST is UTC−5, EDT UTC−4.
    @Test func weeklyClassAcrossBothChangesInNewYork() throws {
        let rows = try ICS.expand(
            ICS.event("spring", "DTSTART;TZID=America/New_York:20260302T090000", "DTEND;TZID=America/New_York:20260302T101500",
                      "RRULE:FREQ=WEEKLY;COUNT=3"),
            ICS.event("fall", "DTSTART;TZID=America/New_York:20261026T090000", "DTEND;TZID=America/New_York:20261026T101500",
                      "RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(rows == Row.series("spring", tzid: "America/New_York", [
            ("2026-03-02T14:00:00Z", "2026-03-02T15:15:00Z"),
            ("2026-03-09T13:00:00Z", "2026-03-09T14:15:00Z"),
            ("2026-03-16T13:00:00Z", "2026-03-16T14:15:00Z"),
        ]) + Row.series("fall", tzid: "America/New_York", [
            ("2026-10-26T13:00:00Z", "2026-10-26T14:15:00Z"),
            ("2026-11-02T14:00:00Z", "2026-11-02T15:15:00Z"),
            ("2026-11-09T14:00:00Z", "2026-11-09T15:15:00Z"),
        ]))
    }

    /// A Monday 09:30–11:00 class in Berlin: CET is UTC+1, CEST UTC+2.
    @Test func weeklyClassAcrossBothChangesInBerlin() throws {
        let rows = try ICS.expand(
            ICS.event("spring", "DTSTART;TZID=Europe/Berlin:20260323T093000", "DTEND;TZID=Europe/Berlin:20260323T110000",
                      "RRULE:FREQ=WEEKLY;COUNT=2"),
            ICS.event("fall", "DTSTART;TZID=Europe/Berlin:20261019T093000", "DTEND;TZID=Europe/Berlin:20261019T110000",
                      "RRULE:FREQ=WEEKLY;COUNT=2"))
        #expect(rows == Row.series("spring", tzid: "Europe/Berlin", [
            ("2026-03-23T08:30:00Z", "2026-03-23T10:00:00Z"),
            ("2026-03-30T07:30:00Z", "2026-03-30T09:00:00Z"),
        ]) + Row.series("fall", tzid: "Europe/Berlin", [
            ("2026-10-19T07:30:00Z", "2026-10-19T09:00:00Z"),
            ("2026-10-26T08:30:00Z", "2026-10-26T10:00:00Z"),
        ]))
    }

    /// §3.3.5: a local time in a gap is read with the offset before the gap;
    /// one that happens twice means the first. Berlin 02:30 on Mar 29 (CET
    /// +1) is 01:30Z, its end 04:00 CEST is 02:00Z; Berlin 02:30 on Oct 25
    /// (first, CEST +2) is 00:30Z, 04:00 CET is 03:00Z. New York 02:30 on
    /// Mar 8 (EST −5) is 07:30Z and 03:30 EDT is 07:30Z too (the event takes
    /// no time); 01:30 on Nov 1 (first, EDT −4) is 05:30Z, 03:00 EST 08:00Z.
    @Test func nonexistentAndAmbiguousLocalTimes() throws {
        let rows = try ICS.expand(
            ICS.event("berlin-gap", "DTSTART;TZID=Europe/Berlin:20260329T023000", "DTEND;TZID=Europe/Berlin:20260329T040000"),
            ICS.event("berlin-twice", "DTSTART;TZID=Europe/Berlin:20261025T023000", "DTEND;TZID=Europe/Berlin:20261025T040000"),
            ICS.event("ny-gap", "DTSTART;TZID=America/New_York:20260308T023000", "DTEND;TZID=America/New_York:20260308T033000"),
            ICS.event("ny-twice", "DTSTART;TZID=America/New_York:20261101T013000", "DTEND;TZID=America/New_York:20261101T030000"))
        #expect(rows == [
            .single("ny-gap", "2026-03-08T07:30:00Z", "2026-03-08T07:30:00Z", tzid: "America/New_York"),
            .single("berlin-gap", "2026-03-29T01:30:00Z", "2026-03-29T02:00:00Z", tzid: "Europe/Berlin"),
            .single("berlin-twice", "2026-10-25T00:30:00Z", "2026-10-25T03:00:00Z", tzid: "Europe/Berlin"),
            .single("ny-twice", "2026-11-01T05:30:00Z", "2026-11-01T08:00:00Z", tzid: "America/New_York"),
        ])
    }

    /// A weekly 02:30 Berlin series lands in the gap on Mar 29 (01:30Z, the
    /// offset before the gap) and is back to 02:30 CEST the week after
    /// (00:30Z) — libical alone would keep the shifted 03:30 for later weeks.
    /// In the fall the ambiguous Oct 25 02:30 is its first occurrence (00:30Z).
    /// (Starts only: the ends are the subject of `RecurringDurationTests`.)
    @Test func weeklySeriesThroughTheGapAndTheOverlap() throws {
        let spring = try ICS.expand(ICS.event("w", "DTSTART;TZID=Europe/Berlin:20260322T023000",
                                              "DTEND;TZID=Europe/Berlin:20260322T033000", "RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(spring.map { [$0.start, $0.recurrenceId ?? "nil", $0.kind, $0.tzid ?? "nil"] } == [
            ["2026-03-22T01:30:00Z", "2026-03-22T01:30:00Z", "utc", "Europe/Berlin"],
            ["2026-03-29T01:30:00Z", "2026-03-29T01:30:00Z", "utc", "Europe/Berlin"],
            ["2026-04-05T00:30:00Z", "2026-04-05T00:30:00Z", "utc", "Europe/Berlin"],
        ])
        let fall = try ICS.expand(ICS.event("w", "DTSTART;TZID=Europe/Berlin:20261018T023000",
                                            "DTEND;TZID=Europe/Berlin:20261018T033000", "RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(fall.map { [$0.start, $0.recurrenceId ?? "nil", $0.kind, $0.tzid ?? "nil"] } == [
            ["2026-10-18T00:30:00Z", "2026-10-18T00:30:00Z", "utc", "Europe/Berlin"],
            ["2026-10-25T00:30:00Z", "2026-10-25T00:30:00Z", "utc", "Europe/Berlin"],
            ["2026-11-01T01:30:00Z", "2026-11-01T01:30:00Z", "utc", "Europe/Berlin"],
        ])
    }

    /// A series in UTC does not follow any zone's DST: 14:00Z every week.
    @Test func utcSeriesIgnoresDaylightSaving() throws {
        let rows = try ICS.expand(ICS.event("u", "DTSTART:20260302T140000Z", "DTEND:20260302T150000Z", "RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(rows == Row.series("u", [
            ("2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z"), ("2026-03-09T14:00:00Z", "2026-03-09T15:00:00Z"),
            ("2026-03-16T14:00:00Z", "2026-03-16T15:00:00Z"),
        ]))
    }
}

/// How long each instance of a series lasts when it spans a DST change.
///
/// RFC 5545 §3.8.5.3: "If the duration of the recurring component is
/// specified with the DTEND or DUE property, then the same exact duration
/// will apply to all the members of the generated recurrence set. Else, if
/// the duration of the recurring component is specified with the DURATION
/// property, then the same nominal duration will apply to all the members
/// of the generated recurrence set and the exact duration of each
/// recurrence instance will depend on its specific start time." §3.3.6:
/// days and weeks are nominal; hours, minutes and seconds are exact.
///
/// Importer bug and peer disagreement: both the importer and the peer add
/// DTEND − DTSTART, and PT…H durations, to the local wall clock, so an
/// instance that contains a DST change comes out an hour short or long.
@Suite struct RecurringDurationTests {
    /// Nightly 22:00–06:00 (8 h exact) in Berlin. The night of Mar 28–29
    /// contains the spring change: 21:00Z + 8 h = 05:00Z (07:00 CEST), not
    /// 04:00Z (06:00 CEST, 7 h).
    @Test func dtendGivesEveryInstanceTheSameExactDuration() throws {
        let rows = try ICS.expand(ICS.event("n", "DTSTART;TZID=Europe/Berlin:20260327T220000",
                                            "DTEND;TZID=Europe/Berlin:20260328T060000", "RRULE:FREQ=DAILY;COUNT=3"))
        #expect(rows == Row.series("n", tzid: "Europe/Berlin", [
            ("2026-03-27T21:00:00Z", "2026-03-28T05:00:00Z"),
            ("2026-03-28T21:00:00Z", "2026-03-29T05:00:00Z"),
            ("2026-03-29T20:00:00Z", "2026-03-30T04:00:00Z"),
        ]))
    }

    /// The fall night of Oct 24–25 is 8 h exact too: 20:00Z + 8 h = 04:00Z
    /// (05:00 CET), not 05:00Z (06:00 CET, 9 h).
    @Test func dtendExactDurationAcrossTheFallChange() throws {
        let rows = try ICS.expand(ICS.event("n", "DTSTART;TZID=Europe/Berlin:20261023T220000",
                                            "DTEND;TZID=Europe/Berlin:20261024T060000", "RRULE:FREQ=DAILY;COUNT=3"))
        #expect(rows == Row.series("n", tzid: "Europe/Berlin", [
            ("2026-10-23T20:00:00Z", "2026-10-24T04:00:00Z"),
            ("2026-10-24T20:00:00Z", "2026-10-25T04:00:00Z"),
            ("2026-10-25T21:00:00Z", "2026-10-26T05:00:00Z"),
        ]))
    }

    /// The 02:30–03:30 (1 h exact) series: its Mar 29 instance starts at
    /// 01:30Z (§3.3.5) and ends an hour later, 02:30Z — not at 03:30 CEST
    /// (01:30Z), which would make it take no time.
    @Test func instanceStartingInTheGapKeepsItsExactDuration() throws {
        let rows = try ICS.expand(ICS.event("w", "DTSTART;TZID=Europe/Berlin:20260322T023000",
                                            "DTEND;TZID=Europe/Berlin:20260322T033000", "RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(rows == Row.series("w", tzid: "Europe/Berlin", [
            ("2026-03-22T01:30:00Z", "2026-03-22T02:30:00Z"),
            ("2026-03-29T01:30:00Z", "2026-03-29T02:30:00Z"),
            ("2026-04-05T00:30:00Z", "2026-04-05T01:30:00Z"),
        ]))
    }

    /// DURATION:P1D is nominal: noon to noon, 23 h on the spring weekend
    /// (11:00Z → 10:00Z). DURATION:PT24H is exact: 11:00Z → 11:00Z.
    @Test func nominalDaysAndExactHours() throws {
        let rows = try ICS.expand(
            ICS.event("p1d", "DTSTART;TZID=Europe/Berlin:20260328T120000", "DURATION:P1D"),
            ICS.event("pt24h", "DTSTART;TZID=Europe/Berlin:20260328T120000", "DURATION:PT24H"))
        #expect(rows == [
            .single("p1d", "2026-03-28T11:00:00Z", "2026-03-29T10:00:00Z", tzid: "Europe/Berlin"),
            .single("pt24h", "2026-03-28T11:00:00Z", "2026-03-29T11:00:00Z", tzid: "Europe/Berlin"),
        ])
    }
}

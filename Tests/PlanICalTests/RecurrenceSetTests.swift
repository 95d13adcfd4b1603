import PlanCore
import PlanICal
import Testing

/// The recurrence set (RFC 5545 §3.8.5): RDATE, EXDATE, EXRULE, and
/// RECURRENCE-ID overrides merged by UID (§3.8.4.4).
@Suite struct RecurrenceSetTests {
    // MARK: RDATE

    /// RDATE date-times add instances that last as long as DTSTART–DTEND; each
    /// one's RECURRENCE-ID is its own start.
    @Test func rdateDateTimes() throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z",
                                            "RDATE:20260110T150000Z,20260112T080000Z"))
        #expect(rows == Row.series("r", [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-10T15:00:00Z", "2026-01-10T16:00:00Z"),
            ("2026-01-12T08:00:00Z", "2026-01-12T09:00:00Z"),
        ]))
    }

    @Test func rdateDates() throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART;VALUE=DATE:20260105", "RDATE;VALUE=DATE:20260107,20260109"))
        #expect(rows == Row.series("r", [
            ("2026-01-05", "2026-01-06"), ("2026-01-07", "2026-01-08"), ("2026-01-09", "2026-01-10"),
        ]))
    }

    /// A PERIOD gives its instance its own end (`start/end`) or length (`start/duration`).
    @Test func rdatePeriodsWithEndAndWithDuration() throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z",
                                            "RDATE;VALUE=PERIOD:20260110T150000Z/20260110T170000Z",
                                            "RDATE;VALUE=PERIOD:20260111T150000Z/PT30M"))
        #expect(rows == Row.series("r", [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-10T15:00:00Z", "2026-01-10T17:00:00Z"),
            ("2026-01-11T15:00:00Z", "2026-01-11T15:30:00Z"),
        ]))
    }

    /// An RDATE with its own TZID is read in that zone: 09:00 New York is 14:00Z
    /// in January, while the series itself is in Berlin (09:00 = 08:00Z).
    @Test func rdateWithItsOwnTzid() throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000",
                                            "RDATE;TZID=America/New_York:20260110T090000"))
        #expect(rows == [
            Row("r", "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", rid: "2026-01-05T08:00:00Z", tzid: "Europe/Berlin"),
            Row("r", "2026-01-10T14:00:00Z", "2026-01-10T15:00:00Z", rid: "2026-01-10T14:00:00Z", tzid: "America/New_York"),
        ])
    }

    /// RDATEs that repeat an RRULE instance (or DTSTART) add nothing (§3.8.5.2:
    /// "duplicate instances are ignored").
    @Test func rdateDuplicatingRruleInstancesIsIgnored() throws {
        let rows = try ICS.expand(ICS.event("r", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=WEEKLY;COUNT=2",
                                            "RDATE:20260107T090000Z,20260105T090000Z,20260112T090000Z"))
        #expect(rows == Row.series("r", [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-07T09:00:00Z", "2026-01-07T10:00:00Z"),
            ("2026-01-12T09:00:00Z", "2026-01-12T10:00:00Z"),
        ]))
    }

    // MARK: EXDATE and EXRULE

    @Test func exdateWithSeveralValuesOnOneLine() throws {
        let rows = try ICS.expand(ICS.event("x", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=DAILY;COUNT=5",
                                            "EXDATE:20260106T090000Z,20260108T090000Z"))
        #expect(rows == Row.series("x", [
            ("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"), ("2026-01-07T09:00:00Z", "2026-01-07T10:00:00Z"),
            ("2026-01-09T09:00:00Z", "2026-01-09T10:00:00Z"),
        ]))
    }

    /// EXDATEs name instants: 03:00 New York on Jan 6 is 08:00Z, the Berlin
    /// 09:00 instance of that day; 08:00Z on Jan 7 is Berlin 09:00 too.
    @Test func exdateInAnotherZoneOrInUtcRemovesTheSameInstant() throws {
        let rows = try ICS.expand(ICS.event("x", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000",
                                            "RRULE:FREQ=DAILY;COUNT=4",
                                            "EXDATE;TZID=America/New_York:20260106T030000", "EXDATE:20260107T080000Z"))
        #expect(rows == Row.series("x", tzid: "Europe/Berlin", [
            ("2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z"), ("2026-01-08T08:00:00Z", "2026-01-08T09:00:00Z"),
        ]))
    }

    /// An EXDATE naming the DTSTART itself removes the first instance.
    @Test func exdateCanRemoveDtstart() throws {
        let rows = try ICS.expand(ICS.event("x", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000",
                                            "RRULE:FREQ=DAILY;COUNT=2", "EXDATE;TZID=Europe/Berlin:20260105T090000"))
        #expect(rows == Row.series("x", tzid: "Europe/Berlin", [("2026-01-06T08:00:00Z", "2026-01-06T09:00:00Z")]))
    }

    @Test func exdateDatesOnAnAllDaySeries() throws {
        let rows = try ICS.expand(ICS.event("x", "DTSTART;VALUE=DATE:20260105", "RRULE:FREQ=DAILY;COUNT=4",
                                            "EXDATE;VALUE=DATE:20260106", "EXDATE;VALUE=DATE:20260107"))
        #expect(rows == Row.series("x", [("2026-01-05", "2026-01-06"), ("2026-01-08", "2026-01-09")]))
    }

    /// EXRULE (RFC 2445 §4.8.5.2, deprecated by RFC 5545 Appendix A but still
    /// written) removes every instance it generates: here the weekend days.
    ///
    /// Peer disagreement: recurring-ical-events 3.8.2 ignores EXRULE and keeps
    /// Jan 10 and 11.
    @Test func exruleRemovesTheInstancesItGenerates() throws {
        let rows = try ICS.expand(ICS.event("x", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=DAILY;COUNT=10",
                                            "EXRULE:FREQ=WEEKLY;BYDAY=SA,SU"))
        #expect(rows == Row.series("x", [5, 6, 7, 8, 9, 12, 13, 14].map { d in
            let day = d < 10 ? "0\(d)" : "\(d)"
            return ("2026-01-\(day)T09:00:00Z", "2026-01-\(day)T10:00:00Z")
        }))
    }

    // MARK: RECURRENCE-ID

    /// A moved instance keeps its RECURRENCE-ID; a cancelled one is still
    /// listed, with STATUS:CANCELLED (as the peer does).
    @Test func movedAndCancelledInstances() throws {
        let rows = try ICS.expand(
            ICS.event("c", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=WEEKLY;COUNT=3", "SUMMARY:Class"),
            ICS.event("c", "RECURRENCE-ID:20260112T090000Z", "DTSTART:20260113T140000Z", "DTEND:20260113T153000Z",
                      "SUMMARY:Class (moved)"),
            ICS.event("c", "RECURRENCE-ID:20260119T090000Z", "DTSTART:20260119T090000Z", "DTEND:20260119T100000Z",
                      "STATUS:CANCELLED", "SUMMARY:Class"))
        #expect(rows == [
            Row("c", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", rid: "2026-01-05T09:00:00Z"),
            Row("c", "2026-01-13T14:00:00Z", "2026-01-13T15:30:00Z", rid: "2026-01-12T09:00:00Z"),
            Row("c", "2026-01-19T09:00:00Z", "2026-01-19T10:00:00Z", rid: "2026-01-19T09:00:00Z", status: "CANCELLED"),
        ])
    }

    /// The override's own properties (SUMMARY here) replace the master's.
    @Test func overrideCarriesItsOwnSummary() throws {
        let lines = ICS.calendar(
            ICS.event("c", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=WEEKLY;COUNT=2", "SUMMARY:Class"),
            ICS.event("c", "RECURRENCE-ID:20260112T090000Z", "DTSTART:20260113T140000Z", "DTEND:20260113T153000Z",
                      "SUMMARY:Class (moved)", "TRANSP:TRANSPARENT"))
        let result = try ICS.read(lines)
        #expect(result.occurrences.map(\.summary) == ["Class", "Class (moved)"])
        #expect(result.occurrences.map(\.transparent) == [false, true])
        #expect(result.eventCount == 2)
    }

    /// An override may come before its master in the file.
    @Test func overrideBeforeItsMaster() throws {
        let rows = try ICS.expand(
            ICS.event("c", "RECURRENCE-ID;TZID=Europe/Berlin:20260112T090000", "DTSTART;TZID=Europe/Berlin:20260112T110000",
                      "DTEND;TZID=Europe/Berlin:20260112T120000", "SEQUENCE:1"),
            ICS.event("c", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000",
                      "RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(rows == [
            Row("c", "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", rid: "2026-01-05T08:00:00Z", tzid: "Europe/Berlin"),
            Row("c", "2026-01-12T10:00:00Z", "2026-01-12T11:00:00Z", rid: "2026-01-12T08:00:00Z", tzid: "Europe/Berlin"),
            Row("c", "2026-01-19T08:00:00Z", "2026-01-19T09:00:00Z", rid: "2026-01-19T08:00:00Z", tzid: "Europe/Berlin"),
        ])
    }

    /// A RECURRENCE-ID written in UTC matches the zoned instance at that
    /// instant (08:00Z = 09:00 Berlin in January).
    @Test func utcRecurrenceIdMatchesAZonedInstance() throws {
        let rows = try ICS.expand(
            ICS.event("c", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000",
                      "RRULE:FREQ=WEEKLY;COUNT=3"),
            ICS.event("c", "RECURRENCE-ID:20260112T080000Z", "DTSTART;TZID=Europe/Berlin:20260112T140000",
                      "DTEND;TZID=Europe/Berlin:20260112T150000"))
        #expect(rows == [
            Row("c", "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", rid: "2026-01-05T08:00:00Z", tzid: "Europe/Berlin"),
            Row("c", "2026-01-12T13:00:00Z", "2026-01-12T14:00:00Z", rid: "2026-01-12T08:00:00Z", tzid: "Europe/Berlin"),
            Row("c", "2026-01-19T08:00:00Z", "2026-01-19T09:00:00Z", rid: "2026-01-19T08:00:00Z", tzid: "Europe/Berlin"),
        ])
    }

    /// RANGE=THISANDFUTURE (§3.2.13, §3.8.4.4): the named instance and every
    /// later one move by the override's shift (+2 h) and take its length
    /// (30 min) and properties; earlier ones stay. Each keeps its original
    /// start as RECURRENCE-ID.
    @Test func thisAndFutureShiftsEveryLaterInstance() throws {
        let lines = ICS.calendar(
            ICS.event("t", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=WEEKLY;COUNT=4", "SUMMARY:Old"),
            ICS.event("t", "RECURRENCE-ID;RANGE=THISANDFUTURE:20260112T090000Z", "DTSTART:20260112T110000Z",
                      "DTEND:20260112T113000Z", "SUMMARY:New"))
        let result = try ICS.read(lines)
        #expect(result.warnings.isEmpty)
        #expect(ICS.rows(result) == [
            Row("t", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", rid: "2026-01-05T09:00:00Z"),
            Row("t", "2026-01-12T11:00:00Z", "2026-01-12T11:30:00Z", rid: "2026-01-12T09:00:00Z"),
            Row("t", "2026-01-19T11:00:00Z", "2026-01-19T11:30:00Z", rid: "2026-01-19T09:00:00Z"),
            Row("t", "2026-01-26T11:00:00Z", "2026-01-26T11:30:00Z", rid: "2026-01-26T09:00:00Z"),
        ])
        #expect(result.occurrences.map(\.summary) == ["Old", "New", "New", "New"])
    }

    /// An override whose master is not in the file is still an event: listed
    /// once, with its RECURRENCE-ID.
    @Test func overrideWithNoMaster() throws {
        let rows = try ICS.expand(ICS.event("o", "RECURRENCE-ID:20260112T090000Z", "DTSTART:20260113T090000Z", "DTEND:20260113T100000Z"))
        #expect(rows == [Row("o", "2026-01-13T09:00:00Z", "2026-01-13T10:00:00Z", rid: "2026-01-12T09:00:00Z")])
    }

    /// Overrides are merged by UID only: an override of another UID does not
    /// replace anything in this series.
    @Test func overridesAreMatchedByUid() throws {
        let rows = try ICS.expand(
            ICS.event("a", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "RRULE:FREQ=WEEKLY;COUNT=2"),
            ICS.event("b", "RECURRENCE-ID:20260112T090000Z", "DTSTART:20260112T150000Z", "DTEND:20260112T160000Z"))
        #expect(rows == [
            Row("a", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", rid: "2026-01-05T09:00:00Z"),
            Row("a", "2026-01-12T09:00:00Z", "2026-01-12T10:00:00Z", rid: "2026-01-12T09:00:00Z"),
            Row("b", "2026-01-12T15:00:00Z", "2026-01-12T16:00:00Z", rid: "2026-01-12T09:00:00Z"),
        ])
    }
}

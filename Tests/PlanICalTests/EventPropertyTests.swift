import PlanCore
import PlanICal
import Testing

/// The VEVENT properties besides recurrence (RFC 5545 §3.6.1, §3.8.2.5,
/// §3.8.2.7, §3.8.1.11): end or length, TRANSP, STATUS, and what a one-off
/// event's RECURRENCE-ID is.
@Suite struct EventPropertyTests {
    /// DURATION instead of DTEND; on a date DTSTART, days.
    @Test func durationInsteadOfDtend() throws {
        let rows = try ICS.expand(
            ICS.event("timed", "DTSTART:20260105T090000Z", "DURATION:PT1H30M"),
            ICS.event("days", "DTSTART;VALUE=DATE:20260105", "DURATION:P2D"),
            ICS.event("week", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DURATION:P1W"))
        #expect(rows == [
            .single("days", "2026-01-05", "2026-01-07"),
            .single("week", "2026-01-05T08:00:00Z", "2026-01-12T08:00:00Z", tzid: "Europe/Berlin"),
            .single("timed", "2026-01-05T09:00:00Z", "2026-01-05T10:30:00Z"),
        ])
    }

    /// DURATION on a series applies to every instance.
    @Test func durationOnASeries() throws {
        let rows = try ICS.expand(ICS.event("s", "DTSTART:20260105T090000Z", "DURATION:PT45M", "RRULE:FREQ=DAILY;COUNT=2"))
        #expect(rows == Row.series("s", [
            ("2026-01-05T09:00:00Z", "2026-01-05T09:45:00Z"), ("2026-01-06T09:00:00Z", "2026-01-06T09:45:00Z"),
        ]))
    }

    /// §3.6.1: with neither DTEND nor DURATION, a DATE event lasts one day
    /// and a DATE-TIME event takes no time.
    @Test func missingDtend() throws {
        let rows = try ICS.expand(
            ICS.event("date", "DTSTART;VALUE=DATE:20260105"),
            ICS.event("utc", "DTSTART:20260105T090000Z"),
            ICS.event("zoned", "DTSTART;TZID=Europe/Berlin:20260105T090000"),
            ICS.event("floating", "DTSTART:20260105T100000"))
        #expect(rows == [
            .single("date", "2026-01-05", "2026-01-06"),
            .single("zoned", "2026-01-05T08:00:00Z", "2026-01-05T08:00:00Z", tzid: "Europe/Berlin"),
            .single("utc", "2026-01-05T09:00:00Z", "2026-01-05T09:00:00Z"),
            .single("floating", "2026-01-05T10:00:00", "2026-01-05T10:00:00"),
        ])
    }

    /// A zero-length event on the window's start is in the window; one on
    /// its end is not (half-open window).
    @Test func zeroLengthEventsAtTheWindowEdges() throws {
        let rows = try ICS.expand(
            options: ICS.options(from: "2026-01-05T09:00:00Z", to: "2026-01-05T10:00:00Z"),
            ICS.event("at-start", "DTSTART:20260105T090000Z"),
            ICS.event("at-end", "DTSTART:20260105T100000Z"),
            ICS.event("before", "DTSTART:20260105T080000Z", "DTEND:20260105T090000Z"),
            ICS.event("across", "DTSTART:20260105T085959Z", "DTEND:20260105T090001Z"))
        #expect(rows == [
            .single("across", "2026-01-05T08:59:59Z", "2026-01-05T09:00:01Z"),
            .single("at-start", "2026-01-05T09:00:00Z", "2026-01-05T09:00:00Z"),
        ])
    }

    /// TRANSP:TRANSPARENT marks an occurrence free; STATUS is kept as written.
    @Test func transpAndStatus() throws {
        let rows = try ICS.expand(
            ICS.event("t", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z", "TRANSP:TRANSPARENT", "STATUS:TENTATIVE"),
            ICS.event("o", "DTSTART:20260106T090000Z", "DTEND:20260106T100000Z", "TRANSP:OPAQUE", "STATUS:CONFIRMED"),
            ICS.event("c", "DTSTART:20260107T090000Z", "DTEND:20260107T100000Z", "STATUS:CANCELLED"),
            ICS.event("n", "DTSTART:20260108T090000Z", "DTEND:20260108T100000Z"))
        #expect(rows == [
            .single("t", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", status: "TENTATIVE", transparent: true),
            .single("o", "2026-01-06T09:00:00Z", "2026-01-06T10:00:00Z", status: "CONFIRMED"),
            .single("c", "2026-01-07T09:00:00Z", "2026-01-07T10:00:00Z", status: "CANCELLED"),
            .single("n", "2026-01-08T09:00:00Z", "2026-01-08T10:00:00Z"),
        ])
    }

    /// `Occurrence.recurrenceId` is "nil for a one-off event" (its doc
    /// comment; the peer writes `null`): only series instances and
    /// overrides have one.
    ///
    /// Importer bug: a one-off event gets its own start as RECURRENCE-ID.
    @Test func oneOffEventHasNoRecurrenceId() throws {
        let result = try ICS.read(ICS.calendar(
            ICS.event("once", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z"),
            ICS.event("day", "DTSTART;VALUE=DATE:20260106")))
        #expect(result.occurrences.map(\.recurrenceId) == [nil, nil])
    }

    /// The source label is kept on every occurrence, and summaries are read.
    @Test func sourceAndSummary() throws {
        let result = try ICS.read(ICS.calendar(ICS.event("s", "DTSTART:20260105T090000Z", "SUMMARY:Linear Algebra\\, lecture")),
                                  label: "classes.ics")
        #expect(result.occurrences.map(\.source) == ["classes.ics"])
        #expect(result.occurrences.map(\.summary) == ["Linear Algebra, lecture"])
        #expect(result.eventCount == 1)
    }
}

import PlanCore
import PlanICal
import Testing

/// Issue 34, import item 1: a date-time RECURRENCE-ID or EXDATE on an
/// all-day series names the instance of the date written in it, also in a
/// calendar whose X-WR-TIMEZONE is west of UTC (where a UTC midnight read in
/// that zone is the evening before).
@Suite struct AllDayInstanceNameTests {
    static let losAngeles = ["X-WR-TIMEZONE:America/Los_Angeles"]

    /// A weekly all-day series through Christmas: 12-18, 12-25, 01-01.
    static func holidays(_ extra: String...) -> [String] {
        ICS.event("hol", "SUMMARY:Holiday", "DTSTART;VALUE=DATE:20261218", "DTEND;VALUE=DATE:20261219",
                  "RRULE:FREQ=WEEKLY;COUNT=3").dropLast() + extra + ["END:VEVENT"]
    }

    /// (a) A UTC-midnight RECURRENCE-ID names the 12-25 instance, which the
    /// override replaces: one occurrence that day, the override's.
    @Test func utcMidnightOverrideReplacesTheDaysInstance() throws {
        let result = try ICS.read(ICS.calendar(header: Self.losAngeles, Self.holidays(),
            ICS.event("hol", "RECURRENCE-ID:20261225T000000Z", "SUMMARY:Christmas party",
                      "DTSTART;VALUE=DATE:20261225", "DTEND;VALUE=DATE:20261226")))
        #expect(result.warnings.isEmpty)
        let shown = result.occurrences.map {
            "\($0.start.wireString) \($0.summary ?? "-") rid=\($0.recurrenceId?.wireString ?? "-")"
        }
        #expect(shown == [
            "2026-12-18 Holiday rid=2026-12-18",
            "2026-12-25 Christmas party rid=2026-12-25",
            "2027-01-01 Holiday rid=2027-01-01",
        ])
    }

    /// (b) A UTC-midnight EXDATE removes the 12-25 instance.
    @Test func utcMidnightExdateRemovesTheDaysInstance() throws {
        let rows = try ICS.expand(header: Self.losAngeles, Self.holidays("EXDATE:20261225T000000Z"))
        #expect(rows.map(\.start) == ["2026-12-18", "2027-01-01"])
    }

    /// (c) A date-time EXDATE with a TZID names the date on its wall clock,
    /// whatever that zone and X-WR-TIMEZONE are: Auckland's midnight of 12-25
    /// is 12-24 in UTC and in Los Angeles, and still means 12-25.
    @Test func zonedExdateNamesItsWallClockDate() throws {
        let rows = try ICS.expand(header: Self.losAngeles,
                                  Self.holidays("EXDATE;TZID=Pacific/Auckland:20261225T000000"))
        #expect(rows.map(\.start) == ["2026-12-18", "2027-01-01"])
    }

    /// A UTC value at another time than midnight is a local midnight written
    /// in UTC: its date is the one in X-WR-TIMEZONE. East of UTC that is the
    /// day after the UTC date (Berlin's midnight of 12-25 is 12-24 23:00Z).
    @Test func localMidnightInUTCNamesItsLocalDate() throws {
        let rows = try ICS.expand(header: ["X-WR-TIMEZONE:Europe/Berlin"],
            ICS.event("hol", "DTSTART;VALUE=DATE:20261223", "RRULE:FREQ=DAILY;COUNT=4", "EXDATE:20261224T230000Z"))
        #expect(rows.map(\.start) == ["2026-12-23", "2026-12-24", "2026-12-26"])
    }

    /// A timed series keeps naming by instant: in the same calendar a UTC
    /// EXDATE of 12-26 00:00Z is 12-25 16:00 in Los Angeles, that instance.
    @Test func timedSeriesStillNamesByInstant() throws {
        let rows = try ICS.expand(header: Self.losAngeles,
            ICS.event("meet", "DTSTART;TZID=America/Los_Angeles:20261218T160000", "DURATION:PT1H",
                      "RRULE:FREQ=WEEKLY;COUNT=3", "EXDATE:20261226T000000Z"))
        #expect(rows.map(\.start) == ["2026-12-19T00:00:00Z", "2027-01-02T00:00:00Z"])
    }
}

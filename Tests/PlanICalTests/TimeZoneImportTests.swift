import PlanCore
import PlanICal
import Testing

/// Zones (RFC 5545 §3.2.19, §3.3.5, §3.6.5): VTIMEZONE, TZIDs with no
/// VTIMEZONE, X-WR-TIMEZONE, floating times and dates.
@Suite struct TimeZoneImportTests {
    /// A zone only this file defines: UTC+2 in winter, UTC+3 from the last
    /// Sunday of March 02:00 to the last Sunday of October 03:00.
    static let lectureHallTime = [
        "BEGIN:VTIMEZONE", "TZID:Lecture Hall Time",
        "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0300", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "TZNAME:LHT", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:19700329T020000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0300",
        "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU", "TZNAME:LHST", "END:DAYLIGHT",
        "END:VTIMEZONE",
    ]

    /// 09:30 on Mar 23, 2026 is +02 (07:30Z); after the change on Mar 29 it is +03 (06:30Z).
    ///
    /// Peer disagreement (tzid only): the peer reports the TZNAME ("LHT",
    /// then "LHST") because its zone object has no key; the zone's name in
    /// the file is its TZID (§3.8.3.1), which is what we report.
    @Test func vtimezoneWithANonIanaTzid() throws {
        let rows = try ICS.expand(Self.lectureHallTime,
                                  ICS.event("v", "DTSTART;TZID=Lecture Hall Time:20260323T093000",
                                            "DTEND;TZID=Lecture Hall Time:20260323T110000", "RRULE:FREQ=WEEKLY;COUNT=2"))
        #expect(rows == Row.series("v", tzid: "Lecture Hall Time", [
            ("2026-03-23T07:30:00Z", "2026-03-23T09:00:00Z"), ("2026-03-30T06:30:00Z", "2026-03-30T08:00:00Z"),
        ]))
    }

    /// §3.3.5 in a VTIMEZONE-defined zone: 02:30 on Mar 29 does not exist
    /// (02:00 jumps to 03:00) and is read with the offset before the gap,
    /// +02 → 00:30Z; 02:30 on Oct 25 happens twice and means the first, +03 → 23:30Z.
    ///
    /// Peer disagreement: the peer puts the nonexistent 02:30 at 23:30Z
    /// (the offset after the gap), against §3.3.5.
    @Test func vtimezoneGapAndOverlap() throws {
        let rows = try ICS.expand(Self.lectureHallTime,
                                  ICS.event("gap", "DTSTART;TZID=Lecture Hall Time:20260329T023000",
                                            "DTEND;TZID=Lecture Hall Time:20260329T040000"),
                                  ICS.event("overlap", "DTSTART;TZID=Lecture Hall Time:20261025T023000",
                                            "DTEND;TZID=Lecture Hall Time:20261025T040000"))
        #expect(rows == [
            .single("gap", "2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", tzid: "Lecture Hall Time"),
            .single("overlap", "2026-10-24T23:30:00Z", "2026-10-25T02:00:00Z", tzid: "Lecture Hall Time"),
        ])
    }

    /// A fixed-offset VTIMEZONE whose TZID merely looks like a path.
    @Test func fixedOffsetVtimezone() throws {
        let rows = try ICS.expand(
            ["BEGIN:VTIMEZONE", "TZID:Campus/Kolkata-ish", "BEGIN:STANDARD", "DTSTART:19700101T000000",
             "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD", "END:VTIMEZONE"],
            ICS.event("v", "DTSTART;TZID=Campus/Kolkata-ish:20260105T090000", "DTEND;TZID=Campus/Kolkata-ish:20260105T100000"))
        #expect(rows == [.single("v", "2026-01-05T03:30:00Z", "2026-01-05T04:30:00Z", tzid: "Campus/Kolkata-ish")])
    }

    /// TZIDs with no VTIMEZONE: an IANA name from the system zoneinfo, a
    /// Windows name (quoted or not), a `/vendor/…/Area/City` form.
    @Test(arguments: [
        ("Asia/Tokyo", "20260105T090000", "2026-01-05T00:00:00Z", "Asia/Tokyo"),
        ("W. Europe Standard Time", "20260105T090000", "2026-01-05T08:00:00Z", "Europe/Berlin"),
        ("\"Eastern Standard Time\"", "20260705T090000", "2026-07-05T13:00:00Z", "America/New_York"),
        ("/mozilla.org/20050126_1/Europe/Berlin", "20260705T090000", "2026-07-05T07:00:00Z", "Europe/Berlin"),
        ("/citadel.org/20190914_1/America/New_York", "20260105T090000", "2026-01-05T14:00:00Z", "America/New_York"),
    ])
    func tzidWithoutVtimezone(tzid: String, local: String, utc: String, iana: String) throws {
        let end = ICS.instant(utc) + 3600
        let rows = try ICS.expand(ICS.event("z", "DTSTART;TZID=\(tzid):\(local)", "DTEND;TZID=\(tzid):\(local.prefix(9))100000"))
        #expect(rows == [.single("z", utc, end.utcString, tzid: iana)])
    }

    /// An unknown TZID is read as floating time, with a warning naming the
    /// line, the property and the TZID.
    @Test func unknownTzidIsFloatingWithAWarning() throws {
        let lines = ICS.calendar(ICS.event("u", "DTSTART;TZID=Mars/Olympus_Mons:20260105T090000",
                                           "DTEND;TZID=Mars/Olympus_Mons:20260105T100000"))
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("u", "2026-01-05T09:00:00", "2026-01-05T10:00:00")])
        let w = try #require(result.warnings.first)
        #expect(Set(ICS.ids(result)) == ["unknown-tzid"])
        #expect(w.property == "DTSTART")
        #expect(w.value == "Mars/Olympus_Mons")
        #expect(w.line != nil)
        #expect(w.description.hasPrefix("test.ics:\(w.line ?? 0): DTSTART \"Mars/Olympus_Mons\": "))
    }

    /// X-WR-TIMEZONE (Google exports) gives floating and UTC times a zone:
    /// floating 09:00 becomes 09:00 New York (14:00Z); a weekly UTC series
    /// starting 14:00Z (09:00 EST) keeps 09:00 local after DST (13:00Z).
    /// TZID'd times and dates are untouched. Same as the peer.
    @Test func xWrTimezoneAppliesToFloatingAndUtcTimes() throws {
        let rows = try ICS.expand(
            header: ["X-WR-TIMEZONE:America/New_York"],
            ICS.event("f", "DTSTART:20260105T090000", "DTEND:20260105T100000"),
            ICS.event("u", "DTSTART:20260302T140000Z", "DTEND:20260302T150000Z", "RRULE:FREQ=WEEKLY;COUNT=3"),
            ICS.event("d", "DTSTART;VALUE=DATE:20260106"),
            ICS.event("z", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000"))
        #expect(rows == [
            .single("z", "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", tzid: "Europe/Berlin"),
            .single("f", "2026-01-05T14:00:00Z", "2026-01-05T15:00:00Z", tzid: "America/New_York"),
            .single("d", "2026-01-06", "2026-01-07"),
        ] + Row.series("u", tzid: "America/New_York", [
            ("2026-03-02T14:00:00Z", "2026-03-02T15:00:00Z"), ("2026-03-09T13:00:00Z", "2026-03-09T14:00:00Z"),
            ("2026-03-16T13:00:00Z", "2026-03-16T14:00:00Z"),
        ]))
    }

    /// A RECURRENCE-ID in UTC under X-WR-TIMEZONE still names the instance.
    @Test func xWrTimezoneWithAnOverride() throws {
        let rows = try ICS.expand(
            header: ["X-WR-TIMEZONE:Europe/Berlin"],
            ICS.event("t", "DTSTART:20260105T080000Z", "DTEND:20260105T090000Z", "RRULE:FREQ=WEEKLY;COUNT=3"),
            ICS.event("t", "RECURRENCE-ID:20260112T080000Z", "DTSTART:20260112T120000Z", "DTEND:20260112T130000Z"))
        #expect(rows == [
            Row("t", "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", rid: "2026-01-05T08:00:00Z", tzid: "Europe/Berlin"),
            Row("t", "2026-01-12T12:00:00Z", "2026-01-12T13:00:00Z", rid: "2026-01-12T08:00:00Z", tzid: "Europe/Berlin"),
            Row("t", "2026-01-19T08:00:00Z", "2026-01-19T09:00:00Z", rid: "2026-01-19T08:00:00Z", tzid: "Europe/Berlin"),
        ])
    }

    /// An X-WR-TIMEZONE no system knows is ignored with a warning; floating
    /// times stay floating. (The peer gives up on the whole file.)
    @Test func unknownXWrTimezoneIsIgnoredWithAWarning() throws {
        let result = try ICS.read(ICS.calendar(header: ["X-WR-TIMEZONE:Nowhere/Special"],
                                               ICS.event("f", "DTSTART:20260105T090000", "DTEND:20260105T100000")))
        #expect(ICS.rows(result) == [.single("f", "2026-01-05T09:00:00", "2026-01-05T10:00:00")])
        #expect(ICS.ids(result) == ["unknown-tzid"])
        #expect(result.warnings.first?.property == "X-WR-TIMEZONE")
        #expect(result.warnings.first?.value == "Nowhere/Special")
    }

    /// All-day events are dates, kind `date`, no tzid; DTEND is exclusive.
    @Test func allDayDates() throws {
        let rows = try ICS.expand(ICS.event("a", "DTSTART;VALUE=DATE:20260105", "DTEND;VALUE=DATE:20260107"))
        #expect(rows == [.single("a", "2026-01-05", "2026-01-07")])
    }

    /// Floating times stay floating (the same wall clock in every zone).
    @Test func floatingTimes() throws {
        let rows = try ICS.expand(ICS.event("f", "DTSTART:20260105T090000", "DTEND:20260105T100000", "RRULE:FREQ=DAILY;COUNT=2"))
        #expect(rows == Row.series("f", [
            ("2026-01-05T09:00:00", "2026-01-05T10:00:00"), ("2026-01-06T09:00:00", "2026-01-06T10:00:00"),
        ]))
    }

    /// Floating times and dates are tested against the window in
    /// `floatingZone`: 22:00–23:00 floating on Dec 31 is 03:00–04:00Z on
    /// Jan 1 in New York (inside a window from Jan 1 00:00Z), but before
    /// it in UTC. A date on Jan 1 is 05:00Z–05:00Z in New York: it overlaps
    /// a window ending at Jan 1 06:00Z, and in UTC too.
    @Test func floatingTimesAreWindowedInTheFloatingZone() throws {
        let body = [
            ICS.event("late", "DTSTART:20251231T220000", "DTEND:20251231T230000"),
            ICS.event("day", "DTSTART;VALUE=DATE:20260101"),
        ]
        let ny = ICS.options(from: "2026-01-01T00:00:00Z", to: "2026-01-01T06:00:00Z", floatingZone: "America/New_York")
        let utc = ICS.options(from: "2026-01-01T00:00:00Z", to: "2026-01-01T06:00:00Z", floatingZone: "UTC")
        #expect(try ICS.rows(ICS.read(ICS.calendar(body[0], body[1]), options: ny)) == [
            .single("late", "2025-12-31T22:00:00", "2025-12-31T23:00:00"),
            .single("day", "2026-01-01", "2026-01-02"),
        ])
        #expect(try ICS.rows(ICS.read(ICS.calendar(body[0], body[1]), options: utc)) == [
            .single("day", "2026-01-01", "2026-01-02"),
        ])
    }
}

import PlanCore
import PlanICal
import Testing

/// Issue 12: calendars from the wild read as real clients read them — the
/// event and its busy time kept, one warning naming what was recovered.
@Suite struct ImportFidelityTests {
    // MARK: Non-standard properties without X- (item 9)

    /// `EVENT-ID`, `SUBCALENDAR-NAME`, … are iana-tokens (RFC 5545 §3.7,
    /// `iana-prop`): ignored with no warning per line, and one line for the
    /// whole file saying how many were ignored.
    @Test func unknownIanaPropertiesGiveOneLine() throws {
        let events = (0..<40).map { i in
            ICS.event("e\(i)", "EVENT-ID:\(1000 + i)", "SUBCALENDAR-NAME;LANG=en:Classes",
                      "DTSTART:202601\(String(format: "%02d", i % 28 + 1))T090000Z", "DURATION:PT1H")
        }
        let lines = ICS.calendar(header: ["CALENDAR-OWNER:someone"], events.flatMap { $0 })
        let result = try ICS.read(lines)
        #expect(result.occurrences.count == 40)
        #expect(ICS.ids(result) == ["ignored-properties"])
        let w = try #require(result.warnings.first)
        #expect(w.file == "test.ics")
        #expect(w.line == 4)
        #expect(w.message == "81 line(s) of properties RFC 5545 does not define (CALENDAR-OWNER, EVENT-ID, SUBCALENDAR-NAME) were ignored")
    }

    /// The same without a VCALENDAR around the event (the reader's other path).
    @Test func unknownIanaPropertiesInABareEvent() throws {
        let lines = ICS.event("bare", "EVENT-ID:7", "DTSTART:20260105T090000Z", "DTEND:20260105T100000Z")
        let result = try ICS.read(lines)
        #expect(ICS.rows(result) == [.single("bare", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z")])
        #expect(result.warnings.map(\.description) == ["test.ics:4: 1 line(s) of properties RFC 5545 does not define (EVENT-ID) were ignored"])
    }

    /// A name that is not an iana-token is still a line libical could not
    /// parse, warned about on its own.
    @Test func malformedNameIsStillWarned() throws {
        let result = try ICS.read(ICS.calendar(ICS.event("m", "BAD_NAME:1", "DTSTART:20260105T090000Z")))
        #expect(ICS.rows(result).count == 1)
        #expect(!ICS.ids(result).contains("ignored-properties"))
        #expect(result.warnings.contains { $0.line == 7 && $0.property == "BAD_NAME" })
    }

    // MARK: End before start (item 5)

    /// DTEND before DTSTART: the two are swapped, as calendar clients show
    /// such an event, with a warning naming the DTEND line and value.
    @Test(arguments: [
        // (DTSTART, DTEND, expected start, expected end, tzid)
        ("DTSTART:20260105T100000Z", "DTEND:20260105T090000Z", "2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z", nil),
        ("DTSTART;TZID=Europe/Berlin:20260105T100000", "DTEND;TZID=Europe/Berlin:20260105T090000",
         "2026-01-05T08:00:00Z", "2026-01-05T09:00:00Z", "Europe/Berlin"),
        // Different zones are compared as instants: 10:00Z is after 10:30 in Berlin (09:30Z).
        ("DTSTART:20260105T100000Z", "DTEND;TZID=Europe/Berlin:20260105T103000",
         "2026-01-05T09:30:00Z", "2026-01-05T10:00:00Z", "Europe/Berlin"),
        ("DTSTART;VALUE=DATE:20260107", "DTEND;VALUE=DATE:20260105", "2026-01-05", "2026-01-07", nil),
    ] as [(String, String, String, String, String?)])
    func endBeforeStartIsSwapped(_ start: String, _ end: String, _ from: String, _ to: String, _ tzid: String?) throws {
        let result = try ICS.read(ICS.calendar(ICS.event("sw", start, end)))
        #expect(ICS.rows(result) == [.single("sw", from, to, tzid: tzid)])
        let value = String(end[end.index(after: end.firstIndex(of: ":")!)...])
        #expect(result.warnings.map(\.description) == [
            "test.ics:8: DTEND \"\(value)\": earlier than DTSTART; the two were swapped, as calendar clients read it",
        ])
        #expect(ICS.ids(result) == ["end-before-start"])
    }

    /// A series whose DTEND is before DTSTART: every instance runs from the
    /// earlier time to the later one (the earlier one anchors the rule).
    @Test func seriesWithEndBeforeStart() throws {
        let result = try ICS.read(ICS.calendar(ICS.event("ws", "DTSTART:20260105T100000Z", "DTEND:20260105T090000Z",
                                                          "RRULE:FREQ=WEEKLY;COUNT=2")))
        #expect(ICS.rows(result) == Row.series("ws", [("2026-01-05T09:00:00Z", "2026-01-05T10:00:00Z"),
                                                      ("2026-01-12T09:00:00Z", "2026-01-12T10:00:00Z")]))
        #expect(ICS.ids(result) == ["end-before-start"])
        #expect(result.warnings.first?.line == 8)
    }

    /// A timed event whose DTEND equals DTSTART keeps zero length (RFC 5545
    /// §3.6.1) and is not swapped or warned about.
    @Test func timedEndEqualToStartIsUntouched() throws {
        let rows = try ICS.expand(ICS.event("z", "DTSTART:20260105T100000Z", "DTEND:20260105T100000Z"))
        #expect(rows == [.single("z", "2026-01-05T10:00:00Z", "2026-01-05T10:00:00Z")])
    }
}

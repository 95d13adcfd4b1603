import PlanCore
@testable import PlanICal
import Testing

/// The compact table the importer keeps occurrences in: every occurrence
/// comes back exactly as it went in, in the importer's order.
@Suite struct OccurrenceTableTests {
    /// Times pack and unpack to themselves; impossible dates do not pack.
    @Test func packedTimesRoundTrip() {
        let times: [CalendarTime] = [
            .utc(Instant(seconds: 1_800_000_000)), .utc(Instant(seconds: -86_401)),
            .floating(LocalDateTime(date: LocalDate(year: 2027, month: 3, day: 14), hour: 2, minute: 30, second: 59)),
            .floating(LocalDateTime(date: LocalDate(year: 1899, month: 12, day: 31), hour: 23, minute: 59, second: 59)),
            .date(LocalDate(year: 2028, month: 2, day: 29)), .date(LocalDate(year: 1601, month: 1, day: 1)),
        ]
        for t in times {
            let p = PackedTime.pack(t)
            #expect(p != nil)
            if let p { #expect(PackedTime.unpack(kind: p.kind, key: p.key) == t) }
        }
        #expect(PackedTime.pack(.date(LocalDate(year: 2027, month: 2, day: 29))) == nil)
        #expect(PackedTime.pack(.floating(LocalDateTime(date: LocalDate(year: 2027, month: 13, day: 1)))) == nil)
    }

    /// Ranks by bytes (ASCII) agree with ranks by `String` order; other text is left to the latter.
    @Test func uidRanks() {
        let uids = ["b", "a", "", "ab", "a", "B", "abc@x", "ab", "Z", "a b", "a-b", "~", ""]
        let ascii = OccurrenceBuilder.asciiRanks(uids)
        #expect(ascii == OccurrenceBuilder.ranks(uids))
        #expect(ascii?[1] == ascii?[4])
        #expect(OccurrenceBuilder.asciiRanks(["caf\u{E9}", "cafe\u{301}"]) == nil)
        #expect(OccurrenceBuilder.ranks(["caf\u{E9}", "cafe\u{301}", "cafe"]) == [1, 1, 0])
        #expect(OccurrenceBuilder.asciiRanks(["", ""]) == [0, 0])
    }

    /// An occurrence whose time does not pack is kept whole and sorted with the others.
    @Test func unpackableTimesAreKeptWhole() {
        var b = OccurrenceBuilder(source: "x.ics")
        let t = b.addText(EventText(uid: "u", summary: "S", status: nil, transparent: false))
        let z = b.addZoneName("Europe/Berlin")
        let odd = CalendarTime.date(LocalDate(year: 2027, month: 2, day: 30))
        let late = CalendarTime.utc(Instant(seconds: 2_000))
        b.append(text: t, zone: z, start: late, end: late, recurrenceId: odd, startInstant: 2_000)
        b.append(text: t, zone: -1, start: .utc(Instant(seconds: 1_000)), end: late, recurrenceId: nil, startInstant: 1_000)
        let table = b.finish()
        #expect(table.count == 2)
        #expect(table[0] == Occurrence(uid: "u", recurrenceId: nil, start: .utc(Instant(seconds: 1_000)), end: late,
                                       summary: "S", status: nil, transparent: false, tzid: nil, source: "x.ics"))
        #expect(table[1] == Occurrence(uid: "u", recurrenceId: odd, start: late, end: late,
                                       summary: "S", status: nil, transparent: false, tzid: "Europe/Berlin", source: "x.ics"))
    }

    /// The table and the array of an import hold the same occurrences.
    @Test func tableMatchesArray() throws {
        let lines = ICS.calendar(
            ICS.event("b", "DTSTART;TZID=Europe/Berlin:20260105T090000", "DTEND;TZID=Europe/Berlin:20260105T100000",
                      "RRULE:FREQ=DAILY;COUNT=5"),
            ICS.event("a", "DTSTART;VALUE=DATE:20260106", "RRULE:FREQ=WEEKLY;COUNT=3"),
            ICS.event("c", "DTSTART:20260107T090000", "DURATION:PT1H"),
            ICS.event("b", "RECURRENCE-ID;TZID=Europe/Berlin:20260107T090000", "DTSTART;TZID=Europe/Berlin:20260107T120000",
                      "DTEND;TZID=Europe/Berlin:20260107T130000"))
        let bytes = ICS.bytes(lines)
        let table = try ICalImporter.importTable(bytes, label: "t.ics", options: ICS.options())
        let result = try ICalImporter.importData(bytes, label: "t.ics", options: ICS.options())
        #expect(Array(table.occurrences) == result.occurrences)
        #expect(result.occurrences.count == 9)
        let starts = result.occurrences.map { $0.start.instant(in: SystemZone.utc).seconds }
        #expect(starts == starts.sorted())
    }
}

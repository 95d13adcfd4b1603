import Foundation
import PlanCore
import PlanICal
import Testing

/// What goes out is as faithful as what comes in (issue 12, item 10):
/// imported value lists stay one line with their parameters and place, and
/// sittings are written in the user's zone with one VTIMEZONE, reading back
/// as the same instants.
@Suite struct ExportFidelityTests {
    static let window = TimeRange(start: Instant(seconds: 1_780_000_000), end: Instant(seconds: 1_830_000_000))

    /// Writes `lines` (CRLF) to a temporary file and returns its path.
    static func file(_ lines: [String]) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-fidelity-\(UUID().uuidString).ics")
        try ICS.text(lines).write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The content lines of `text`, unfolded (RFC 5545 §3.1).
    static func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    /// The lines of the VEVENT with this UID, BEGIN and END left out.
    static func eventLines(_ text: String, uid: String) -> [String] {
        var current: [String] = []
        for line in unfolded(text) {
            if line == "BEGIN:VEVENT" { current = [] } else if line == "END:VEVENT" {
                if current.contains("UID:\(uid)") { return current }
            } else { current.append(line) }
        }
        return []
    }

    static func name(_ line: String) -> String {
        String(line.prefix { $0 != ";" && $0 != ":" })
    }

    static func sitting(_ uid: String, _ start: Int64, minutes: Int64) -> ExportSitting {
        ExportSitting(uid: uid, range: TimeRange(start: Instant(seconds: start), end: Instant(seconds: start + minutes * 60)),
                      summary: "CS201: Problem set", categories: ["CS201"], description: "Effort left: 1h", taskId: "ps")
    }

    /// The planned occurrences of `text` as plan reads them, by UID.
    static func readBack(_ text: String) throws -> [String: TimeRange] {
        let result = try ICalImporter.importData(Array(text.utf8), label: "out.ics", options: ImportOptions(window: window))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        var ranges: [String: TimeRange] = [:]
        for o in result.occurrences where o.uid.hasSuffix("@plan") { ranges[o.uid] = o.range(in: SystemZone.utc) }
        return ranges
    }

    static let lists = ICS.calendar(
        ["BEGIN:VEVENT",
         "UID:lists@test",
         "DTSTAMP:20260815T140000Z",
         "SUMMARY:CS 201 lecture",
         "CATEGORIES;LANGUAGE=en;X-SOURCE=\"registrar, fall\":CLASS,CS 201",
         "DTSTART;TZID=America/New_York:20260831T100000",
         "DTEND;TZID=America/New_York:20260831T105000",
         "RRULE:FREQ=WEEKLY;COUNT=8",
         "EXDATE;TZID=America/New_York:20260907T100000,20260914T100000",
         "RESOURCES:PROJECTOR,WHITEBOARD",
         "EXDATE;TZID=America/New_York:20260921T100000",
         "RDATE;VALUE=DATE-TIME:20261201T150000Z,20261202T150000Z,20261203T150000Z",
         "LOCATION:Engineering Hall 105",
         "BEGIN:VALARM",
         "ACTION:DISPLAY",
         "DESCRIPTION:Lecture",
         "TRIGGER:-PT15M",
         "END:VALARM",
         "END:VEVENT"])

    @Test func valueListsGoOutAsOneLineWithTheirParameters() throws {
        let path = try Self.file(Self.lists)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ICalExporter.merged(calendars: [.onDisk(path)], sittings: [], stamp: Instant(seconds: 0))
        let event = Self.eventLines(text, uid: "lists@test")
        #expect(event.filter { Self.name($0) == "CATEGORIES" } == ["CATEGORIES;LANGUAGE=en;X-SOURCE=\"registrar, fall\":CLASS,CS 201"])
        #expect(event.filter { Self.name($0) == "RESOURCES" } == ["RESOURCES:PROJECTOR,WHITEBOARD"])
        // Two EXDATE lines stay two: only what one line held is rejoined.
        #expect(event.filter { Self.name($0) == "EXDATE" } == ["EXDATE;TZID=America/New_York:20260907T100000,20260914T100000",
                                                              "EXDATE;TZID=America/New_York:20260921T100000"])
        #expect(event.filter { Self.name($0) == "RDATE" } == ["RDATE;VALUE=DATE-TIME:20261201T150000Z,20261202T150000Z,20261203T150000Z"])
        // Each property where the file had it (the VALARM's lines after them).
        let source = Self.lists.drop { $0 != "BEGIN:VEVENT" }.dropFirst().prefix { $0 != "END:VEVENT" }
        #expect(event.map(Self.name) == source.map(Self.name))

        // The same occurrences as the source: the lists mean what they meant.
        let options = ImportOptions(window: Self.window)
        let original = try ICalImporter.importFile(path: path, options: options)
        let out = try ICalImporter.importData(Array(text.utf8), label: "out.ics", options: options)
        #expect(out.warnings.isEmpty, "\(out.warnings)")
        #expect(out.occurrences.map { $0.range(in: SystemZone.utc) } == original.occurrences.map { $0.range(in: SystemZone.utc) })
        #expect(out.occurrences.count == 8 - 3 + 3)
    }

    @Test func aListLibicalCannotReadLeavesTheRestAsItWas() throws {
        let path = try Self.file(ICS.calendar(
            ICS.event("bad@test", "DTSTART:20260831T100000Z", "EXDATE:notadate,alsonot", "CATEGORIES:A,B",
                      "EXDATE:20260907T100000Z,20260914T100000Z", "RESOURCES:,")))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let text = try ICalExporter.merged(calendars: [.onDisk(path)], sittings: [], stamp: Instant(seconds: 0))
        let event = Self.eventLines(text, uid: "bad@test")
        #expect(event.contains("CATEGORIES:A,B"))
        // The unreadable EXDATE gave libical nothing; the readable one is one line again.
        #expect(event.filter { Self.name($0) == "EXDATE" } == ["EXDATE:20260907T100000Z,20260914T100000Z"])
        #expect(!text.contains("X-LIC-ERROR"))
    }

    @Test func theBundledExampleKeepsItsCategoryListsOnOneLine() throws {
        let text = try ICalExporter.merged(calendars: [.onDisk(ExporterTests.example)], sittings: [], stamp: Instant(seconds: 0))
        let categories = Self.eventLines(text, uid: "cs201-lec@fall2026.example.edu").filter { Self.name($0) == "CATEGORIES" }
        #expect(categories == ["CATEGORIES:CLASS,CS 201"])
        let chem = Self.eventLines(text, uid: "chem110-lec@fall2026.example.edu").filter { Self.name($0) == "EXDATE" }
        #expect(chem == ["EXDATE;TZID=America/New_York:20260907T120000,20261012T120000,20261125T120000"])
    }

    @Test func sittingsAreWrittenInTheUserZoneWithOneVTIMEZONE() throws {
        // Either side of Berlin's change to winter time (2026-10-25 01:00Z).
        let sittings = [Self.sitting("a-1@plan", 1_792_659_600, minutes: 90),  // 2026-10-22 11:00 CEST
                        Self.sitting("a-2@plan", 1_793_350_800, minutes: 60)]  // 2026-10-30 10:00 CET
        let text = try ICalExporter.merged(calendars: [], sittings: sittings, stamp: Instant(seconds: 0), timeZone: "Europe/Berlin")
        let lines = Self.unfolded(text)
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
        #expect(lines.filter { $0.hasPrefix("TZID:") } == ["TZID:Europe/Berlin"])
        #expect(!text.contains("freeassociation") && !text.contains("X-LIC-"))
        #expect(Self.eventLines(text, uid: "a-1@plan").filter { ["DTSTART", "DTEND"].contains(Self.name($0)) }
                == ["DTSTART;TZID=Europe/Berlin:20261022T110000", "DTEND;TZID=Europe/Berlin:20261022T123000"])
        #expect(Self.eventLines(text, uid: "a-2@plan").filter { ["DTSTART", "DTEND"].contains(Self.name($0)) }
                == ["DTSTART;TZID=Europe/Berlin:20261030T100000", "DTEND;TZID=Europe/Berlin:20261030T110000"])
        #expect(Self.eventLines(text, uid: "a-1@plan").contains("DTSTAMP:19700101T000000Z"))

        let expected = Dictionary(uniqueKeysWithValues: sittings.map { ($0.uid, $0.range) })
        // Read by the IANA name (the system zoneinfo)…
        #expect(try Self.readBack(text) == expected)
        // …and by the VTIMEZONE written, under a name only it defines.
        #expect(try Self.readBack(text.replacingOccurrences(of: "Europe/Berlin", with: "Plan Test Zone")) == expected)
    }

    @Test func anImportedVTIMEZONEForTheZoneIsUsedNotRepeated() throws {
        let sittings = [Self.sitting("b-1@plan", 1_795_525_200, minutes: 90)]  // 2026-11-24 08:00 EST
        let text = try ICalExporter.merged(calendars: [.onDisk(ExporterTests.example)], sittings: sittings, stamp: Instant(seconds: 0),
                                           timeZone: "America/New_York")
        let lines = Self.unfolded(text)
        #expect(lines.filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
        #expect(lines.filter { $0.hasPrefix("TZID:") } == ["TZID:America/New_York"])
        #expect(Self.eventLines(text, uid: "b-1@plan").contains("DTSTART;TZID=America/New_York:20261124T080000"))
        #expect(try Self.readBack(text) == ["b-1@plan": sittings[0].range])
    }

    @Test func aTimeThatWouldReadBackOtherwiseIsWrittenInUTC() throws {
        // 2026-11-01 01:30 happens twice in New York: 05:30Z (EDT) and 06:30Z
        // (EST). A local time means the first (RFC 5545 §3.3.5).
        let sittings = [Self.sitting("c-1@plan", 1_793_511_000, minutes: 20),   // 01:30 EDT
                        Self.sitting("c-2@plan", 1_793_514_600, minutes: 20)]   // 01:30 EST
        let text = try ICalExporter.merged(calendars: [], sittings: sittings, stamp: Instant(seconds: 0), timeZone: "America/New_York")
        #expect(Self.eventLines(text, uid: "c-1@plan").contains("DTSTART;TZID=America/New_York:20261101T013000"))
        #expect(Self.eventLines(text, uid: "c-2@plan").contains("DTSTART:20261101T063000Z"))
        #expect(try Self.readBack(text) == Dictionary(uniqueKeysWithValues: sittings.map { ($0.uid, $0.range) }))
    }

    @Test func anImportedVTIMEZONEThatDisagreesLeavesTheSittingsInUTC() throws {
        // A stale definition of the user's zone: always UTC-3.
        let path = try Self.file(ICS.calendar(
            ["BEGIN:VTIMEZONE", "TZID:America/New_York", "BEGIN:STANDARD", "DTSTART:19700101T000000",
             "TZOFFSETFROM:-0300", "TZOFFSETTO:-0300", "END:STANDARD", "END:VTIMEZONE"],
            ICS.event("class@test", "DTSTART;TZID=America/New_York:20261118T100000", "DTEND;TZID=America/New_York:20261118T110000")))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sittings = [Self.sitting("d-1@plan", 1_795_525_200, minutes: 90)]
        let text = try ICalExporter.merged(calendars: [.onDisk(path)], sittings: sittings, stamp: Instant(seconds: 0), timeZone: "America/New_York")
        #expect(Self.unfolded(text).filter { $0 == "BEGIN:VTIMEZONE" }.count == 1)
        #expect(Self.unfolded(text).contains("TZOFFSETTO:-0300"), "the imported VTIMEZONE goes out as it was")
        #expect(Self.eventLines(text, uid: "d-1@plan").contains("DTSTART:20261124T130000Z"))
        #expect(try Self.readBack(text) == ["d-1@plan": sittings[0].range])
    }

    @Test func aUTCUserZoneWritesUTCWithoutVTIMEZONE() throws {
        let sittings = [Self.sitting("e-1@plan", 1_795_525_200, minutes: 30)]
        let text = try ICalExporter.merged(calendars: [], sittings: sittings, stamp: Instant(seconds: 0), timeZone: "UTC")
        #expect(!text.contains("BEGIN:VTIMEZONE"))
        #expect(Self.eventLines(text, uid: "e-1@plan").contains("DTSTART:20261124T130000Z"))
    }

    @Test func sameInputsSameBytesInAZone() throws {
        let path = try Self.file(Self.lists)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sittings = [Self.sitting("f-1@plan", 1_795_525_200, minutes: 30)]
        let a = try ICalExporter.merged(calendars: [.onDisk(path), .onDisk(ExporterTests.example)], sittings: sittings, stamp: Instant(seconds: 7),
                                        timeZone: "Europe/Berlin")
        let b = try ICalExporter.merged(calendars: [.onDisk(path), .onDisk(ExporterTests.example)], sittings: sittings, stamp: Instant(seconds: 7),
                                        timeZone: "Europe/Berlin")
        #expect(a == b)
    }
}

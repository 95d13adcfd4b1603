import Foundation
import Testing

/// `plan events` through the real binary, compared with golden files.
@Suite struct EventsCommandTests {
    let example = "Examples/fall-2026-classes.ics"

    @Test func agendaOfThanksgivingWeek() throws {
        let out = try CLIRunner.run(["events", example, "--from", "2026-11-23", "--to", "2026-11-30", "--tz", "America/New_York"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("[cancelled]"))
        #expect(out.stdout.contains("[free]"))
        try CLIRunner.expectGolden("events-thanksgiving-week", out)
    }

    @Test func jsonOfTheWeekAfterDST() throws {
        let out = try CLIRunner.run(["events", example, "--from", "2026-11-02", "--to", "2026-11-09", "--json"])
        #expect(out.status == 0)
        let array = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [[String: Any]])
        #expect(!array.isEmpty)
        for o in array {
            #expect(Set(o.keys) == ["uid", "recurrenceId", "start", "end", "kind", "summary", "status", "transparent", "tzid"])
        }
        let starts = array.compactMap { $0["start"] as? String }
        #expect(starts == starts.sorted() || array.contains { $0["kind"] as? String != "utc" })
        try CLIRunner.expectGolden("events-json-after-dst", out)
    }

    @Test func sameInputSameBytes() throws {
        let args = ["events", example, "--from", "2026-09-01", "--to", "2026-12-15", "--json"]
        let a = try CLIRunner.run(args), b = try CLIRunner.run(args)
        #expect(a == b)
        #expect(a.stdout.count > 10_000)
    }

    @Test func severalFilesNameTheirSource() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let club = dir.appendingPathComponent("club.ics")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:club-1\r\nDTSTART;TZID=America/New_York:20261124T180000\r\nDTEND;TZID=America/New_York:20261124T193000\r\nSUMMARY:Chess club\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: club, atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["events", example, club.path, "--from", "2026-11-24", "--to", "2026-11-25", "--tz", "America/New_York"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("18:00–19:30  Chess club  (\(club.path))"))
        #expect(out.stdout.contains("(\(example))"))
    }

    @Test func missingFileExits66() throws {
        let out = try CLIRunner.run(["events", "no-such-file.ics", "--from", "2026-11-23", "--to", "2026-11-30"])
        try CLIRunner.expectGolden("events-missing-file", out)
        #expect(out.status == 66)
    }

    @Test func emptyAndJunkFilesExit65() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.ics"), junk = dir.appendingPathComponent("junk.ics")
        try Data().write(to: empty)
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }).write(to: junk)
        for (file, why) in [(empty, "the file is empty"), (junk, "not iCalendar data")] {
            let out = try CLIRunner.run(["events", file.path, "--from", "2026-11-23", "--to", "2026-11-30"])
            #expect(out.status == 65)
            #expect(out.stdout.isEmpty)
            let lines = out.stderr.split(separator: "\n")
            #expect(lines.count == 1, "one line naming the file: \(out.stderr)")
            #expect(out.stderr.contains(file.path) && out.stderr.contains(why))
        }
    }

    @Test func badOptionsExit64() throws {
        let tz = try CLIRunner.run(["events", example, "--tz", "Mars/Olympus"])
        #expect(tz.status == 64)
        #expect(tz.stderr.contains("Mars/Olympus"))
        let date = try CLIRunner.run(["events", example, "--from", "2026-13-01"])
        #expect(date.status == 64)
        #expect(date.stderr.contains("--from"))
        let order = try CLIRunner.run(["events", example, "--from", "2026-12-01", "--to", "2026-11-01"])
        #expect(order.status == 64)
    }

    @Test func recoveredProblemsAreWarningsWithFileAndLine() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-events-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("bad.ics")
        try "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VEVENT\nUID:ok\nDTSTART:20261124T150000Z\nDTEND:20261124T160000Z\nSUMMARY:Fine\nEND:VEVENT\nBEGIN:VEVENT\nUID:bad\nDTSTART:20261345T999999Z\nSUMMARY:Impossible\nEND:VEVENT\nEND:VCALENDAR\n"
            .write(to: file, atomically: true, encoding: .utf8)
        let out = try CLIRunner.run(["events", file.path, "--from", "2026-11-24", "--to", "2026-11-25", "--json"])
        #expect(out.status == 0)
        #expect(out.stdout.contains("\"uid\": \"ok\""))
        #expect(!out.stdout.contains("\"uid\": \"bad\""))
        #expect(out.stderr.contains("\(file.path):11: DTSTART \"20261345T999999Z\""))
    }
}

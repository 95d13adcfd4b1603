import Foundation
import Testing

/// A study session the student goes to shows wherever they look, as the real
/// binary prints it: `plan agenda` (text and JSON), `plan week` (grid, JSON,
/// legend) and `plan export` (a VEVENT with the session's UID and place),
/// and leaves them all once it is cancelled or the student leaves it.
@Suite(.serialized) struct StudySessionViewTests {
    struct World {
        var dir: URL
        var env: [String: String]
        func plan(_ args: String...) throws -> CLIRunner.Output { try CLIRunner.run(args, environment: env) }
    }

    static func world() throws -> World {
        let dir = try StoreSafetyTests.tempDir()
        let w = World(dir: dir, env: ["PLAN_NOW": "2026-11-30T08:00:00-05:00", "PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
        #expect(try w.plan("me", "--name", "Ada Byron", "--email", "ada@uni.edu").status == 0)
        let made = try w.plan("group", "create", "CS 201 midterm review", "--course", "CS201", "--at", "2026-12-02T18:00", "--for", "2h",
                              "--where", "Library, room 204", "--invite", "bob@uni.edu", "--mail-dir", dir.appendingPathComponent("mail").path)
        #expect(made.status == 0, "\(made)")
        #expect(try w.plan("add-task", "Essay", "--estimate", "6h", "--due", "2026-12-04").status == 0)
        return w
    }

    @Test func aSessionShowsInTheAgendaTheWeekAndTheExport() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }

        let agenda = try w.plan("agenda", "--from", "2026-12-02", "--days", "1")
        #expect(agenda.status == 0)
        #expect(agenda.stdout.contains("  18:00–20:00  ◆ CS201: CS 201 midterm review (study group) · Library, room 204\n"), "\(agenda.stdout)")
        // The session is not work: the day's planned work counts the sittings only.
        let sittingHours = agenda.stdout.split(separator: "\n").filter { $0.contains("▸") }.count * 2
        #expect(agenda.stdout.contains("work planned: \(sittingHours)h"), "\(agenda.stdout)")

        let json = try w.plan("agenda", "--from", "2026-12-02", "--days", "1", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let session = try #require(items.first { $0["kind"] as? String == "session" }, "\(json.stdout)")
        #expect(session["sessionId"] as? String == "cs-201-midterm-review")
        #expect(session["start"] as? String == "2026-12-02T18:00:00-05:00" && session["end"] as? String == "2026-12-02T20:00:00-05:00")
        #expect(session["location"] as? String == "Library, room 204" && session["course"] as? String == "CS201")
        let uid = try #require(session["uid"] as? String)
        let jobs = items.map { item in
            ("urn:plan:schema:agenda-item", String(decoding: try! JSONSerialization.data(withJSONObject: item, options: [.sortedKeys]), as: UTF8.self))
        }

        let week = try w.plan("week", "--from", "2026-11-30", "--days", "5")
        #expect(week.stdout.contains("◆ CS201"), "\(week.stdout)")
        #expect(week.stdout.contains("CS201 (◆ study group)"), "\(week.stdout)")
        let weekJSON = try w.plan("week", "--from", "2026-11-30", "--days", "5", "--json")
        #expect(weekJSON.stdout.contains("\"source\":{\"kind\":\"session\",\"session\":\"cs-201-midterm-review\",\"uid\":\"\(uid)\"}"),
                "\(weekJSON.stdout)")
        try RPCTests.expectValid(jobs + [("urn:plan:schema:week", weekJSON.stdout)])
        // Classes only: the session is not a class.
        #expect(!(try w.plan("week", "--from", "2026-11-30", "--days", "5", "--only-classes").stdout.contains("◆")))

        let file = w.dir.appendingPathComponent("plan.ics").path
        #expect(try w.plan("export", file).status == 0)
        let ics = try String(contentsOfFile: file, encoding: .utf8)
        let event = try #require(ics.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("X-PLAN-SESSION-ID:cs-201-midterm-review") }, "\(ics)")
        for line in ["UID:\(uid)\r\n", "DTSTART;TZID=America/New_York:20261202T180000\r\n", "DTEND;TZID=America/New_York:20261202T200000\r\n",
                     "SUMMARY:CS201: CS 201 midterm review (study group)\r\n", "LOCATION:Library\\, room 204\r\n", "TRANSP:OPAQUE\r\n"] {
            #expect(event.contains(line), "\(line) in \(event)")
        }
    }

    @Test func aCancelledOrLeftSessionIsGoneFromEveryView() throws {
        for leave in [["group", "cancel", "cs-201-midterm-review", "--mail-dir"], ["group", "leave", "cs-201-midterm-review"]] {
            let w = try Self.world()
            defer { try? FileManager.default.removeItem(at: w.dir) }
            let mail = leave.last == "--mail-dir" ? [w.dir.appendingPathComponent("mail").path] : []
            let out = try CLIRunner.run(leave + mail, environment: w.env)
            #expect(out.status == 0, "\(leave): \(out)")
            #expect(!(try w.plan("agenda", "--from", "2026-12-02", "--days", "1").stdout.contains("◆")), "\(leave)")
            #expect(!(try w.plan("week", "--from", "2026-11-30", "--days", "5").stdout.contains("◆")), "\(leave)")
            #expect(try w.plan("export", "-").stdout.contains("X-PLAN-SESSION-ID") == false, "\(leave)")
        }
    }

    /// When the group's calendar is also one of the student's calendars, the
    /// session is there as that calendar's event: listed, drawn and exported
    /// once, not twice.
    @Test func aSessionTheCalendarsAlreadyHoldIsShownOnce() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let json = try w.plan("agenda", "--from", "2026-12-02", "--days", "1", "--json")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        let uid = try #require(items.first { $0["kind"] as? String == "session" }?["uid"] as? String, "\(json.stdout)")
        let group = w.dir.appendingPathComponent("group.ics").path
        try """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//plan tests//group calendar//EN\r
            BEGIN:VEVENT\r
            UID:\(uid)\r
            DTSTAMP:20261130T130000Z\r
            DTSTART:20261202T230000Z\r
            DTEND:20261203T010000Z\r
            SUMMARY:CS 201 midterm review\r
            LOCATION:Library\\, room 204\r
            END:VEVENT\r
            END:VCALENDAR\r

            """.write(toFile: group, atomically: true, encoding: .utf8)
        let added = try w.plan("calendar", "add", group, "--name", "group")
        #expect(added.status == 0, "\(added)")

        let agenda = try w.plan("agenda", "--from", "2026-12-02", "--days", "1")
        #expect(agenda.stdout.components(separatedBy: "CS 201 midterm review").count == 2, "\(agenda.stdout)")
        #expect(!agenda.stdout.contains("◆"), "\(agenda.stdout)")
        let week = try w.plan("week", "--from", "2026-11-30", "--days", "5", "--json")
        #expect(week.stdout.components(separatedBy: "\"uid\":\"\(uid)\"").count == 2, "\(week.stdout)")
        let ics = try w.plan("export", "-").stdout
        #expect(ics.components(separatedBy: "UID:\(uid)\r\n").count == 2, "\(ics)")
        #expect(!ics.contains("X-PLAN-SESSION-ID"), "\(ics)")
    }

    /// An id that names no session points at the command that lists them, and that command works.
    @Test func anUnknownSessionPointsAtTheListOfSessions() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let out = try w.plan("group", "leave", "nosuch")
        #expect(out.status == 65)
        #expect(out.stderr == "plan: no group session \"nosuch\" (see `plan group list`)\n", "\(out.stderr)")
        let list = try w.plan("group", "list")
        #expect(list.status == 0 && list.stdout.contains("cs-201-midterm-review"), "\(list)")
    }
}

import Foundation
import Testing

/// The sizes a caller controls in study groups and calendars, each refused
/// past its limit with the limit named, by the CLI and by `plan rpc` alike,
/// before anything is read, saved or written: invitees (every message lists
/// them all), members of a search, calendars registered, and the bytes of
/// calendars one command holds.
@Suite struct GroupLimitsTests {
    static let now = "2026-11-23T08:00:00-05:00"

    struct World {
        var dir: URL
        var env: [String: String]
        var store: String { env["PLAN_STORE"]! }
        func plan(_ args: [String]) throws -> CLIRunner.Output { try CLIRunner.run(args, environment: env) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

        /// One JSON-RPC request through `plan rpc`, its response parsed.
        func rpc(_ method: String, _ params: [String: Any]) throws -> [String: Any] {
            let r = try RPCTests.rpc(Data((RPCTests.request(1, method, params) + "\n").utf8), store: store)
            return try #require(RPCTests.json(r.stdout.trimmingCharacters(in: .newlines)) as? [String: Any], "\(r)")
        }
    }

    static func world() throws -> World {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-group-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return World(dir: dir, env: ["PLAN_NOW": now, "PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
    }

    /// The error's reason and data of a JSON-RPC response (nil when it succeeded).
    static func error(_ response: [String: Any]) -> (message: String, data: [String: Any])? {
        guard let e = response["error"] as? [String: Any], let data = e["data"] as? [String: Any] else { return nil }
        return ((data["reason"] as? String) ?? "", data)
    }

    @Test func invitationsGoToAtMostAHundredInvitees() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        #expect(try w.plan(["me", "--name", "Ada", "--email", "ada@uni.edu"]).status == 0)
        let mail = w.path("out")
        func create(_ title: String, _ n: Int) throws -> CLIRunner.Output {
            try w.plan(["group", "create", title, "--at", "2026-12-02T18:00", "--for", "1h", "--mail-dir", mail]
                       + (1...n).flatMap { ["--invite", "s\($0)@uni.edu"] })
        }
        let over = try create("Too many", 101)
        #expect(over.status == 64, "\(over)")
        #expect(over.stderr.contains("--invite 101 invitees: expected at most 100 invitees"), "\(over.stderr)")
        #expect(!FileManager.default.fileExists(atPath: mail), "no message was written")
        #expect(try w.plan(["group", "list", "--from", "all"]).stdout.contains("Too many") == false, "nothing was saved")

        let over2 = try w.rpc("group.create", ["title": "Too many", "at": "2026-12-02T18:00", "duration": "1h", "mailDir": mail,
                                                "invite": (1...101).map { "s\($0)@uni.edu" }])
        let e = try #require(Self.error(over2), "\(over2)")
        #expect(e.message.contains("at most 100 invitees"), "\(e)")
        #expect(e.data["pointer"] as? String == "/invite", "\(e)")
        #expect(!FileManager.default.fileExists(atPath: mail), "no message was written")

        // A hundred is allowed: a hundred messages of a hundred and one people each.
        let at = try create("Review", 100)
        #expect(at.status == 0, "\(at)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: mail).count == 100)
    }

    @Test func aSearchHasAtMostAHundredMembersRefusedBeforeAnyIsRead() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        // None of these files exists: a refusal that read them would be exit 66.
        let members = (1...101).map { w.path("member-\($0).ics") }
        let r = try w.plan(["group", "find", "--duration", "1h"] + members.flatMap { ["--member", $0] })
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("--member 101 members: expected at most 100 members"), "\(r.stderr)")

        let response = try w.rpc("group.find", ["members": members, "duration": "1h"])
        let e = try #require(Self.error(response), "\(response)")
        #expect(e.message.contains("at most 100 members"), "\(e)")
        #expect(e.data["pointer"] as? String == "/members", "\(e)")
    }

    /// The members' names as before (`alex`, `alex-2`, …), now given in
    /// linear time (`TaskIds.Names`; trying every suffix again for each made
    /// `group find` quadratic in members of one name).
    @Test func aHundredMembersOfOneCalendarAreNamedApart() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nBEGIN:VEVENT\r\nUID:a@t\r\nDTSTAMP:20261101T000000Z\r\n"
            + "DTSTART:20261124T140000Z\r\nDTEND:20261124T150000Z\r\nSUMMARY:Class\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try ics.write(toFile: w.path("alex.ics"), atomically: true, encoding: .utf8)
        let r = try w.plan(["group", "find", "--duration", "1h", "--within", "2026-11-24..2026-11-24", "--json"]
                           + Array(repeating: ["--member", w.path("alex.ics")], count: 100).flatMap { $0 })
        #expect(r.status == 0, "\(r)")
        let found = try #require(RPCTests.json(r.stdout) as? [String: Any])
        let names = (found["members"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(names.count == 100 && Set(names).count == 100, "\(names)")
        #expect(names.prefix(3) == ["alex", "alex-2", "alex-3"] && names.last == "alex-100", "\(names)")
    }

    @Test func atMostFiftyCalendarsAreRegistered() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n"
        for k in 1...51 { try ics.write(toFile: w.path("c\(k).ics"), atomically: true, encoding: .utf8) }
        for k in 1...50 {
            let r = try w.plan(["calendar", "add", w.path("c\(k).ics")])
            try #require(r.status == 0, "\(r)")
        }
        let r = try w.plan(["calendar", "add", w.path("c51.ics")])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr.contains("50 calendars are registered, the most plan reads"), "\(r.stderr)")
        let response = try w.rpc("calendar.add", ["path": w.path("c51.ics")])
        let e = try #require(Self.error(response), "\(response)")
        #expect(e.message.contains("50 calendars are registered, the most plan reads"), "\(e)")
        #expect(try w.plan(["calendar", "list"]).stdout.contains("c51") == false, "the 51st was not kept")
        // Nor is a 51st read beside them for one view.
        let week = try w.plan(["week", "--calendar", w.path("c51.ics")])
        #expect(week.status == 65 && week.stderr.contains("50 calendars registered and 1 given (--calendar): plan reads at most 50 at once"),
                "\(week)")
    }

    @Test func oneCommandHoldsAtMostTwoHundredMegabytesOfCalendars() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let small = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//t//t//EN\r\nEND:VCALENDAR\r\n"
        for k in 1...3 {
            try small.write(toFile: w.path("c\(k).ics"), atomically: true, encoding: .utf8)
            #expect(try w.plan(["calendar", "add", w.path("c\(k).ics")]).status == 0)
        }
        // Each grows to 70 MB after it was registered (under the 100 MB of one file); the three hold 210 MB.
        let filler = Data(repeating: UInt8(ascii: "x"), count: 70_000_000)
        for k in 1...3 { try filler.write(to: URL(fileURLWithPath: w.path("c\(k).ics"))) }
        let r = try w.plan(["export", "-"])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.contains("\(w.path("c3.ics")): not a usable calendar: with it the calendars this command reads hold 210000000 bytes, over 200000000"),
                "\(r.stderr)")
    }
}

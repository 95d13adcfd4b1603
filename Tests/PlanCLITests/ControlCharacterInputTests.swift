import Foundation
import Testing

/// A name, title, place or note with a control character is refused where it
/// enters, by the one check both faces reach, with the value shown inert and
/// the character named: a raw line feed or ESC never reaches a confirmation,
/// a mail header (`From: Ada\r\n…`), ORGANIZER's CN or an exported SUMMARY
/// (where libical would drop a CR and cut at a NUL). Nothing is saved.
@Suite struct ControlCharacterInputTests {
    typealias World = GroupLimitsTests.World

    static func refusal(_ response: [String: Any]) -> (reason: String, pointer: String?) {
        let data = (response["error"] as? [String: Any])?["data"] as? [String: Any] ?? [:]
        return ((data["reason"] as? String) ?? "(no error: \(response))", data["pointer"] as? String)
    }

    @Test func meRefusesAControlCharacterInTheNameOrAddress() throws {
        let w = try GroupLimitsTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        var r = try w.plan(["me", "--name", "Ada\u{1B}[31m", "--email", "ada@uni.edu"])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr == "plan: --name \"Ada␛[31m\": expected one line of text without control characters (U+001B at character 4)\n")
        // A name that would end the From header and start another.
        r = try w.plan(["me", "--name", "Ada\r\nBcc: eve@evil.example", "--email", "ada@uni.edu"])
        #expect(r.status == 65 && r.stderr.contains("(U+000D at character 4)"), "\(r)")
        r = try w.plan(["me", "--email", "ada\u{1B}@uni.edu"])
        #expect(r.status == 65 && r.stderr.contains("--email ada␛@uni.edu: it holds a control character (U+001B at character 4); expected an address"), "\(r)")
        #expect(try w.plan(["me"]).stdout.hasPrefix("Not set."), "nothing was kept")

        let rpc = Self.refusal(try w.rpc("me", ["name": "Ada\nByron", "email": "ada@uni.edu"]))
        #expect(rpc.reason.contains("expected one line of text without control characters (U+000A at character 4)"), "\(rpc)")
        #expect(try w.plan(["me"]).stdout.hasPrefix("Not set."), "nothing was kept")

        // A name without one is kept, and the session's messages carry it whole.
        r = try w.plan(["me", "--name", "Ada Byron", "--email", "ada@uni.edu"])
        #expect(r.status == 0 && r.stdout == "Ada Byron <ada@uni.edu>\n", "\(r)")
    }

    @Test func aProjectNameWithAControlCharacterIsRefused() throws {
        let w = try GroupLimitsTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let r = try w.plan(["project", "add", "CS\n201"])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr == "plan: project name \"CS␊201\": expected one line of text without control characters (U+000A at character 3)\n")
        let rpc = Self.refusal(try w.rpc("project.add", ["name": "CS\u{1B}]0;x\u{07}201"]))
        #expect(rpc.reason.contains("(U+001B at character 3)"), "\(rpc)")
        #expect(try w.plan(["project", "list"]).stdout.hasPrefix("No projects."), "nothing was kept")
    }

    @Test func aCalendarNameWithAControlCharacterIsRefusedOnBothFaces() throws {
        let w = try GroupLimitsTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let classes = CLIRunner.packageRoot.appendingPathComponent("Examples/fall-2026-classes.ics").path
        let r = try w.plan(["calendar", "add", classes, "--name", "Classes\u{1B}[2J"])
        #expect(r.status == 65, "\(r)")
        #expect(r.stderr == "plan: calendar name \"Classes␛[2J\": expected one line of text without control characters (U+001B at character 8)\n")
        let rpc = Self.refusal(try w.rpc("calendar.add", ["path": classes, "name": "Classes\nB"]))
        #expect(rpc.reason.contains("(U+000A at character 8)"), "\(rpc)")
        #expect(try w.plan(["calendar", "list"]).stdout.contains("Classes") == false, "nothing was kept")
    }

    @Test func aSessionsTitlePlaceAndNotesAreCheckedOnBothFaces() throws {
        let w = try GroupLimitsTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        #expect(try w.plan(["me", "--name", "Ada", "--email", "ada@uni.edu"]).status == 0)
        let base = ["--at", "2026-12-02T18:00", "--for", "1h", "--invite", "bob@uni.edu", "--mail-dir", w.path("out")]
        var r = try w.plan(["group", "create", "Review\nnow"] + base)
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains("the title Review␊now: expected one line of text without control characters (U+000A at character 7)"), "\(r.stderr)")
        r = try w.plan(["group", "create", "Review", "--where", "Room\r1"] + base)
        #expect(r.status == 64 && r.stderr.contains("--where Room␍1: expected one line of text without control characters (U+000D at character 5)"),
                "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: w.path("out")), "no message was written")

        let params: [String: Any] = ["at": "2026-12-02T18:00", "duration": "1h", "invite": ["bob@uni.edu"]]
        var rpc = Self.refusal(try w.rpc("group.create", params.merging(["title": "Review\u{1B}[2J"]) { $1 }))
        #expect(rpc.pointer == "/title" && rpc.reason.contains("(U+001B at character 7)"), "\(rpc)")
        rpc = Self.refusal(try w.rpc("group.create", params.merging(["title": "Review", "notes": "Bring\nnotes\u{0}!"]) { $1 }))
        #expect(rpc.pointer == "/notes" && rpc.reason.contains("text without control characters but line feeds and tabs (U+0000 at character 12)"),
                "\(rpc)")
        #expect(try w.plan(["group", "list", "--from", "all"]).stdout.contains("Review") == false, "nothing was saved")

        // Line feeds and tabs in notes are fine.
        r = try w.plan(["group", "create", "Review", "--notes", "Bring\tnotes\nand snacks"] + base)
        #expect(r.status == 0, "\(r)")
    }

    @Test func aTaskTitleTheExportWouldCutOrChangeIsRefused() throws {
        let w = try GroupLimitsTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        var r = try w.plan(["add-task", "Essay\rdraft", "--estimate", "2h", "--due", "2026-11-27"])
        #expect(r.status == 65 && r.stderr.contains("title \"Essay␍draft\": expected one line of text without control characters (U+000D at character 6)"),
                "\(r)")
        let rpc = Self.refusal(try w.rpc("task.add", ["title": "Essay\u{0}draft", "estimate": "2h", "due": "2026-11-27"]))
        #expect(rpc.reason.contains("(U+0000 at character 6)"), "\(rpc)")
        r = try w.plan(["tasks"])
        #expect(!r.stdout.contains("Essay"), "nothing was saved: \(r.stdout)")

        // The title as given goes out whole.
        #expect(try w.plan(["add-task", "Essay draft", "--estimate", "2h", "--due", "2026-11-27"]).status == 0)
        r = try w.plan(["export", "-"])
        #expect(r.stdout.contains("SUMMARY:Essay draft\r\n"), "\(r.stdout)")
    }
}

import Foundation
import Testing

/// `plan replan` through the real binary: after `done`, a new class or a
/// recorded hour, only what must move moves, with its reason; `--compact`
/// re-fits everything; a task that fits only that way is named.
@Suite struct ReplanCommandTests {
    /// A throwaway store and the environment that points `plan` at it.
    final class Store {
        let dir: URL
        let environment: [String: String]

        init(now: String = "2026-11-02T08:00:00-05:00") throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-replan-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            environment = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": now]
        }

        deinit { try? FileManager.default.removeItem(at: dir) }

        /// Runs `plan args…`, expecting `status`.
        @discardableResult
        func plan(_ args: String..., status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            try plan(args, status: status, sourceLocation: sourceLocation)
        }

        @discardableResult
        func plan(_ args: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
            let out = try CLIRunner.run(args, environment: environment)
            #expect(out.status == status, "plan \(args.joined(separator: " ")): \(out.stdout)\(out.stderr)",
                    sourceLocation: sourceLocation)
            return out.stdout
        }

        /// Each task's sittings as `start–end` texts, from `plan tasks --json`.
        func sittings() throws -> [String: [String]] {
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(try plan("tasks", "--json").utf8)) as? [[String: Any]])
            var out: [String: [String]] = [:]
            for row in rows {
                let list = (row["sittings"] as? [[String: Any]]) ?? []
                out[row["id"] as? String ?? ""] = list.map { "\($0["start"] ?? "")–\($0["end"] ?? "")" }
            }
            return out
        }

        /// Writes a calendar with one event and registers it.
        func addEvent(_ summary: String, start: String, end: String) throws {
            let ics = """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//plan//replan tests//EN\r
            BEGIN:VEVENT\r
            UID:extra@test\r
            DTSTAMP:20261101T000000Z\r
            DTSTART:\(start)\r
            DTEND:\(end)\r
            SUMMARY:\(summary)\r
            END:VEVENT\r
            END:VCALENDAR\r

            """
            let path = dir.appendingPathComponent("extra.ics").path
            try Data(ics.utf8).write(to: URL(fileURLWithPath: path))
            try plan("calendar", "add", path, "--name", "extra")
        }
    }

    /// The first days of the student story: its classes, policy and four tasks.
    static func week() throws -> Store {
        let s = try Store()
        try s.plan("policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00",
                   "--buffer", "10m", "--max-per-day", "6h")
        try s.plan("add-task", "Reading: Atlantic trade", "--estimate", "3h", "--span", "1h", "--due", "2026-11-06",
                   "--calendar", "Examples/fall-2026-classes.ics")
        try s.plan("add-task", "History essay", "--estimate", "6h", "--span", "90m", "--due", "2026-11-13",
                   "--after", "Reading: Atlantic trade", "--earliest", "09:00")
        try s.plan("add-task", "Problem set 7", "--estimate", "4h", "--span", "2h", "--due", "2026-11-05T23:59")
        try s.plan("add-task", "Lab report 5", "--estimate", "3h", "--min", "45m", "--due", "2026-11-09")
        return s
    }

    /// A task finished with the work it had planned frees its time; replan
    /// moves no other sitting.
    @Test(arguments: [["done", "Reading: Atlantic trade"], ["done", "lab-report-5", "--spent", "3h"]])
    func afterDoneNothingElseMoves(_ done: [String]) throws {
        let s = try Self.week()
        let before = try s.sittings()
        let finished = done[1] == "lab-report-5" ? "lab-report-5" : "reading-atlantic-trade"
        try s.plan(done)
        let others = before.filter { $0.key != finished }.values.reduce(0) { $0 + $1.count }
        #expect(try s.plan("replan") == "Nothing moved; \(others) sittings stayed in place.\n")
        let after = try s.sittings()
        for (id, list) in before where id != finished { #expect(after[id] == list, "\(id) stayed") }
        #expect(after[finished] == [])
    }

    /// `done --spent` re-fits that task alone (around the others); a replan
    /// after it has nothing left to move.
    @Test func doneSpentRefitsOnlyThatTask() throws {
        let s = try Self.week()
        let before = try s.sittings()
        let out = try s.plan("done", "problem-set-7", "--spent", "1h")
        #expect(out.hasPrefix("Problem set 7: 1h recorded of its 4h estimate; 3h left.\n"))
        let after = try s.sittings()
        for (id, list) in before where id != "problem-set-7" { #expect(after[id] == list, "\(id) stayed") }
        #expect(after["problem-set-7"] != before["problem-set-7"])
        #expect(try s.plan("replan").hasPrefix("Nothing moved; "))
    }

    /// A class added on top of one sitting moves that task's sittings only,
    /// and the reason names the class.
    @Test func aNewClassOnTopOfASittingMovesOnlyThatTask() throws {
        let s = try Self.week()
        let before = try s.sittings()
        // Lab report 5's first sitting is Thu 2026-11-05 10:55–11:55 (see the student story).
        #expect(before["lab-report-5"]?.first == "2026-11-05T10:55:00-05:00–2026-11-05T11:55:00-05:00")
        try s.addEvent("Study group", start: "20261105T160000Z", end: "20261105T163000Z")

        let dry = try #require(try JSONSerialization.jsonObject(with: Data(try s.plan("replan", "--dry-run", "--json").utf8))
            as? [String: Any])
        let moves = try #require(dry["moves"] as? [[String: Any]])
        #expect(moves.map { $0["taskId"] as? String } == ["lab-report-5"])
        let reason = try #require(moves.first?["reason"] as? [String: Any])
        #expect(reason["id"] as? String == "busy")
        #expect(reason["message"] as? String == "collides with Study group on Thu 2026-11-05")
        #expect(dry["saved"] as? Bool == false && dry["compact"] as? Bool == false)
        #expect(try s.sittings() == before, "a dry run saves nothing")

        let out = try s.plan("replan")
        let after = try s.sittings()
        for (id, list) in before where id != "lab-report-5" { #expect(after[id] == list, "\(id) stayed") }
        #expect(after["lab-report-5"]?.contains { $0.hasPrefix("2026-11-05T10:55") } == false)
        // Kept: every sitting still where it was (the lab report's that landed where they were count too).
        let stayed = after.reduce(0) { n, task in n + task.value.filter { before[task.key]?.contains($0) == true }.count }
        #expect(dry["kept"] as? Int == stayed)
        #expect(out.hasPrefix("1 task moved, \(stayed) sittings stayed in place:\n"))
        #expect(out.contains("\n  lab-report-5: collides with Study group on Thu 2026-11-05\n    \(before["lab-report-5"]?.count ?? 0) → "))
    }

    /// Keeping the essay where it is leaves the quiz no room before its due;
    /// re-fitting everything would fit both. replan says so, suggests
    /// --compact, and --compact does it.
    @Test func aTaskThatFitsOnlyWithCompactIsNamed() throws {
        let s = try Store(now: "2026-11-02T07:00:00-05:00")
        // Early placement: the essay takes the first morning, as a "get it over with" student asks.
        try s.plan("policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "12:00", "--placement", "early")
        try s.plan("add-task", "Essay", "--estimate", "2h", "--span", "2h", "--due", "2026-11-04")
        try s.plan("add-task", "Quiz prep", "--estimate", "2h", "--span", "2h", "--due", "2026-11-02T12:00")
        #expect(try s.sittings() == ["essay": ["2026-11-02T08:00:00-05:00–2026-11-02T10:00:00-05:00"],
                                     "quiz-prep": ["2026-11-02T10:00:00-05:00–2026-11-02T12:00:00-05:00"]])
        try s.addEvent("Seminar", start: "20261102T150000Z", end: "20261102T170000Z")

        let json = try #require(try JSONSerialization.jsonObject(with: Data(try s.plan("replan", "--dry-run", "--json").utf8))
            as? [String: Any])
        #expect(json["fitWithCompact"] as? [String] == ["quiz-prep"])
        #expect((json["diagnostics"] as? [[String: Any]])?.map { $0["taskId"] as? String } == ["quiz-prep"])

        #expect(try s.plan("replan") == """
            1 task moved, 1 sitting stayed in place:
              quiz-prep: collides with Seminar on Mon 2026-11-02
                1 → 0 sittings, first Mon 2026-11-02 10:00 → unscheduled
              quiz-prep does not fit around the sittings that stayed (2h short), but fits when everything is re-fitted: run `plan replan --compact`.

            """)
        #expect(try s.plan("replan", "--compact") == """
            Re-fitted everything from now (--compact): 2 tasks moved, 0 sittings stayed in place:
              essay: 1 → 1 sitting, first Mon 2026-11-02 08:00 → Tue 2026-11-03 08:00
              quiz-prep: no sittings planned
                0 → 1 sitting, first — → Mon 2026-11-02 08:00

            """)
        #expect(try s.sittings() == ["essay": ["2026-11-03T08:00:00-05:00–2026-11-03T10:00:00-05:00"],
                                     "quiz-prep": ["2026-11-02T08:00:00-05:00–2026-11-02T10:00:00-05:00"]])
    }

    /// `--help` teaches what stays, what moves and when to use --compact.
    @Test func helpTeaches() throws {
        let help = try CLIRunner.run(["replan", "--help"]).stdout
        #expect(help.contains("USAGE: plan replan [--compact] [--dry-run]"))
        #expect(help.contains("stays\nwhere it is") || help.contains("stays where it is"))
        #expect(help.contains("--compact re-fits everything not done from now"))
    }
}

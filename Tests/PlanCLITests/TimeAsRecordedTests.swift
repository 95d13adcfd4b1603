import Foundation
import Testing

/// Time as it was spent, through the real binary: `plan done` records what the student says
/// (never cut to the estimate), `--left` says what is still to do, finishing keeps the real total;
/// a missed sitting is owed and re-fitted by the next planning command; `plan review` looks back,
/// and new work of a project that ran over is planned longer, and said.
@Suite struct TimeAsRecordedTests {
    typealias Term = LivedTermTests.Term

    static func task(_ term: Term, _ id: String) throws -> [String: Any] {
        try #require(try term.tasks().first { $0["id"] as? String == id })
    }

    static func setUp() throws -> Term {
        let term = try Term()
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York", "--placement", "balanced"])
        return term
    }

    @Test func spentIsRecordedAsGivenAndFinishingKeepsTheRealTotal() throws {
        let term = try Self.setUp()
        try term.plan(["add-task", "Reading", "--estimate", "1h", "--due", "2026-11-06"])
        let over = try term.plan(["done", "reading", "--spent", "1h20m"])
        #expect(over.stdout.contains("Reading: 1h20m recorded, all its planned 1h; counted finished."), "\(over.stdout)")
        #expect(try Self.task(term, "reading")["done"] as? String == "PT1H20M")

        // Finished early: 2h of a 3h task, then done — 2h recorded, not 3h.
        try term.plan(["add-task", "Essay", "--estimate", "3h", "--due", "2026-11-10"])
        try term.plan(["done", "essay", "--spent", "2h"])
        let finished = try term.plan(["done", "essay"])
        #expect(finished.stdout == "Done: Essay. 2h recorded against its 3h estimate.\n")
        let essay = try Self.task(term, "essay")
        #expect(essay["done"] as? String == "PT2H" && essay["finished"] as? Bool == true && essay["state"] as? String == "done")
        #expect((essay["sittings"] as? [[String: Any]] ?? []).isEmpty, "a finished task keeps no sittings ahead")

        // Not finished after all: what is left is planned again.
        try term.plan(["done", "essay", "--left", "30m"])
        let reopened = try Self.task(term, "essay")
        #expect(reopened["finished"] == nil && reopened["state"] as? String == "scheduled" && reopened["remaining"] as? String == "PT30M")

        // Finished with its real total in one go.
        try term.plan(["add-task", "Lab", "--estimate", "3h", "--due", "2026-11-10"])
        try term.plan(["done", "lab", "--spent", "4h", "--finished"])
        #expect(try Self.task(term, "lab")["done"] as? String == "PT4H")
    }

    @Test func leftSaysWhatIsStillToDo() throws {
        let term = try Self.setUp()
        try term.plan(["add-task", "Project", "--estimate", "3h", "--span", "1h", "--due", "2026-11-12"])
        let out = try term.plan(["done", "project", "--spent", "1h", "--left", "3h"])
        #expect(out.stdout.hasPrefix("Project: 1h recorded of its 3h estimate; 3h left (as you said).\n"), "\(out.stdout)")
        let row = try Self.task(term, "project")
        #expect(row["done"] as? String == "PT1H" && row["remaining"] as? String == "PT3H" && row["left"] as? String == "PT3H")
        let ahead = (row["sittings"] as? [[String: Any]] ?? []).reduce(0.0) { sum, s in
            sum + LivedTermTests.date(s["end"] as! String).timeIntervalSince(LivedTermTests.date(s["start"] as! String))
        }
        #expect(ahead == 3 * 3600, "the sittings ahead hold what is left")
        // What is recorded later comes off what was said to be left.
        try term.plan(["done", "project", "--spent", "30m"])
        #expect(try Self.task(term, "project")["remaining"] as? String == "PT2H30M")
        let refused = try term.plan(["done", "project", "--left", "1h", "--finished"], status: 64)
        #expect(refused.stderr.contains("--left and --finished do not go together"), "\(refused.stderr)")
        #expect(try Self.task(term, "project")["remaining"] as? String == "PT2H30M", "a refusal changes nothing")
    }

    @Test func aMissedSittingIsOwedAndTheNextPlanningCommandRefitsIt() throws {
        let term = try Self.setUp()
        try term.plan(["add-task", "Problem set", "--estimate", "3h", "--span", "1h", "--due", "2026-11-09"])
        let first = try #require((try Self.task(term, "problem-set")["sittings"] as? [[String: Any]])?.first)
        let start = first["start"] as! String, end = first["end"] as! String
        let length = Int(LivedTermTests.date(end).timeIntervalSince(LivedTermTests.date(start)) / 60)
        // The day after the first sitting, with nothing recorded.
        term.now = "2026-11-\(String(format: "%02d", Int(LivedTermTests.day(start).suffix(2))! + 1))T07:00:00-05:00"
        let list = try term.plan(["tasks"])
        #expect(list.stdout.contains("scheduled, \(length / 60 > 0 && length % 60 == 0 ? "\(length / 60)h" : "\(length)m") owed"), "\(list.stdout)")
        let row = try Self.task(term, "problem-set")
        #expect(row["done"] as? String == "PT0M", "a missed sitting is never counted as done")
        #expect(row["owed"] != nil)
        let replan = try term.plan(["replan"])
        #expect(replan.stderr.contains("missed ") && replan.stderr.contains("of Problem set ("), "\(replan.stderr)")
        #expect(replan.stderr.contains("if you did it, `plan done problem-set --spent"), "\(replan.stderr)")
        let after = try Self.task(term, "problem-set")
        #expect(after["owed"] == nil, "after a planning command nothing is owed")
        let ahead = (after["sittings"] as? [[String: Any]] ?? []).filter { LivedTermTests.date($0["end"] as! String) > LivedTermTests.date(term.now) }
        #expect(ahead.reduce(0.0) { $0 + LivedTermTests.date($1["end"] as! String).timeIntervalSince(LivedTermTests.date($1["start"] as! String)) } == 3 * 3600)
    }

    /// Three CS201 tasks of 1h that took 1h18m each: a new one of 3h is planned for 3h54m, and said;
    /// `--as-estimated` and `--learn off` plan it as typed; `plan review` shows the ratio.
    @Test func estimatesLearnFromFinishedWork() throws {
        let term = try Self.setUp()
        for k in 1...3 {
            try term.plan(["add-task", "Lab \(k)", "--project", "CS201", "--estimate", "1h", "--due", "2026-11-0\(k + 3)"])
            try term.plan(["done", "lab-\(k)", "--spent", "78m", "--finished"])
        }
        let added = try term.plan(["add-task", "Problem set", "--project", "CS201", "--estimate", "3h", "--due", "2026-11-13"])
        #expect(added.stderr.contains("CS201 tasks took 1.3× their estimates (3 finished): planned 3h54m for your 3h; --as-estimated plans 3h"),
                "\(added.stderr)")
        let row = try Self.task(term, "problem-set")
        #expect(row["estimate"] as? String == "PT3H" && row["planned"] as? String == "PT3H54M" && row["remaining"] as? String == "PT3H54M")
        // A new estimate keeps the ratio: 4h is planned as 5h12m.
        try term.plan(["task", "edit", "problem-set", "--estimate", "4h"])
        #expect(try Self.task(term, "problem-set")["planned"] as? String == "PT5H12M")
        let typed = try term.plan(["add-task", "Reading", "--project", "CS201", "--estimate", "1h", "--due", "2026-11-13", "--as-estimated"])
        #expect(!typed.stderr.contains("took"), "\(typed.stderr)")
        #expect(try Self.task(term, "reading")["planned"] == nil)
        try term.plan(["policy", "set", "--learn", "off"])
        try term.plan(["add-task", "Quiz prep", "--project", "CS201", "--estimate", "1h", "--due", "2026-11-13"])
        #expect(try Self.task(term, "quiz-prep")["planned"] == nil)
        // Another project learns nothing from CS201.
        try term.plan(["policy", "set", "--learn", "on"])
        try term.plan(["add-task", "Essay", "--project", "HIST200", "--estimate", "2h", "--due", "2026-11-13"])
        #expect(try Self.task(term, "essay")["planned"] == nil)

        let review = try #require(try term.json(["review", "--from", "2026-11-02", "--to", "2026-11-02"]) as? [String: Any])
        let projects = try #require(review["projects"] as? [[String: Any]])
        let cs = try #require(projects.first { $0["project"] as? String == "CS201" })
        #expect(cs["finished"] as? Int == 3 && cs["estimated"] as? String == "PT3H" && cs["spent"] as? String == "PT3H54M")
        #expect(cs["ratio"] as? Double == 1.3 && cs["adjusts"] as? Bool == true)
        #expect(review["done"] as? String == "PT3H54M", "the time recorded that day")
        let text = try term.plan(["review", "--from", "2026-11-02", "--to", "2026-11-02"]).stdout
        #expect(text.contains("project  CS201") && text.contains("1.3×, new work planned so"), "\(text)")
    }

    /// The review's missed work is each task's sittings in the stretch that passed, less the time
    /// recorded in it (a second computation from `plan tasks --json`).
    @Test func theReviewCountsWhatWasMissed() throws {
        let term = try Self.setUp()
        try term.plan(["add-task", "Essay", "--estimate", "6h", "--span", "1h", "--due", "2026-11-13"])
        try term.plan(["add-task", "Lab", "--estimate", "3h", "--span", "1h", "--due", "2026-11-13"])
        term.now = "2026-11-04T21:00:00-05:00"
        try term.plan(["done", "lab", "--spent", "40m"])
        term.now = "2026-11-09T08:00:00-05:00"
        let review = try #require(try term.json(["review"]) as? [String: Any])
        #expect(review["from"] as? String == "2026-11-02" && review["to"] as? String == "2026-11-08")
        var planned: [String: Double] = [:]
        for row in try term.tasks() {
            for s in row["sittings"] as? [[String: Any]] ?? [] {
                let a = LivedTermTests.date(s["start"] as! String), b = LivedTermTests.date(s["end"] as! String)
                if LivedTermTests.day(s["start"] as! String) <= "2026-11-08", b <= LivedTermTests.date(term.now) {
                    planned[row["id"] as! String, default: 0] += b.timeIntervalSince(a)
                }
            }
        }
        let parts = try #require(review["tasks"] as? [[String: Any]])
        for part in parts {
            let id = part["id"] as! String
            let done: Double = id == "lab" ? 2400 : 0
            #expect(Double(LivedTermTests.seconds(part["planned"] as! String)) == planned[id] ?? 0, "\(id)")
            #expect(Double(LivedTermTests.seconds(part["missed"] as! String)) == max(0, (planned[id] ?? 0) - done), "\(id)")
        }
        #expect(LivedTermTests.seconds(review["done"] as! String) == 2400)
    }

    /// `task.done` over RPC reads the same fields as `plan done`.
    @Test func rpcDoneTakesLeftAndFinished() throws {
        let term = try Self.setUp()
        try term.plan(["add-task", "Project", "--estimate", "3h", "--due", "2026-11-12"])
        let request = #"{"jsonrpc": "2.0", "id": 1, "method": "task.done", "params": {"task": "project", "spent": "1h", "left": "4h"}}"#
        let out = try CLIRunner.run(["rpc", "--once"], stdin: Data(request.utf8),
                                    environment: ["PLAN_STORE": term.dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": term.now])
        #expect(out.stdout.contains(#""remaining":"PT4H""#) && out.stdout.contains(#""done":"PT1H""#), "\(out.stdout)")
        let both = #"{"jsonrpc": "2.0", "id": 2, "method": "task.done", "params": {"task": "project", "left": "1h", "finished": true}}"#
        let refused = try CLIRunner.run(["rpc", "--once"], stdin: Data(both.utf8),
                                        environment: ["PLAN_STORE": term.dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": term.now])
        #expect(refused.stdout.contains("-32602") && refused.stdout.contains(#""/left""#), "\(refused.stdout)")
    }
}

/// A task that fits only if others move names how many and the largest moves, not all of them.
@Suite struct ManyMovesTests {
    @Test func aRefusalNamesTheLargestMovesAndHowManyMore() throws {
        let term = try LivedTermTests.Term()
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00"])
        for k in 1...12 {
            try term.plan(["add-task", "Reading \(k)", "--estimate", "2h", "--span", "1h", "--due", "2026-11-12"])
        }
        let out = try term.plan(["add-task", "Urgent", "--estimate", "32h", "--span", "2h", "--due", "2026-11-04",
                                 "--placement", "early"], status: 4)
        let said = out.stdout + out.stderr
        let listed = said.split(separator: "\n").filter { $0.hasPrefix("  reading-") }
        #expect(listed.count == MovesTextShown.count, "\(said)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(try term.plan(
            ["add-task", "Urgent", "--estimate", "32h", "--span", "2h", "--due", "2026-11-04", "--placement", "early", "--json"],
            status: 4).stdout.utf8)) as? [String: Any])
        let moves = (json["moves"] as? [[String: Any]] ?? []).filter { ($0["taskId"] as? String)?.hasPrefix("reading-") == true }
        // The ones listed are the largest moves: no move left out goes farther than one listed.
        func shift(_ m: [String: Any]) -> Double {
            guard let b = (m["before"] as? [[String: Any]])?.first?["start"] as? String,
                  let a = (m["after"] as? [[String: Any]])?.first?["start"] as? String else { return .infinity }
            return abs(LivedTermTests.date(a).timeIntervalSince(LivedTermTests.date(b)))
        }
        let shownIds = Set(listed.map { String($0.dropFirst(2).prefix { $0 != ":" }) })
        let shownShifts = moves.filter { shownIds.contains($0["taskId"] as! String) }.map(shift)
        let leftShifts = moves.filter { !shownIds.contains($0["taskId"] as! String) }.map(shift)
        #expect((leftShifts.max() ?? 0) <= (shownShifts.min() ?? .infinity), "\(said)")
        if moves.count > MovesTextShown.count {
            #expect(said.contains("  … and \(moves.count - MovesTextShown.count) more (--json lists every one)"), "\(said)")
        } else {
            #expect(listed.count == moves.count)
        }
    }
}

/// How many moves `add-task` lists (PlanRender's MovesText.shown; the tests see only the binary).
enum MovesTextShown { static let count = 8 }

/// A refused task's fixes say what day following them makes, checked against the plan following
/// the fix gives (`add-task --dry-run` with the fixed value).
@Suite struct FixDayTests {
    @Test func eachFixSaysTheDayItMakes() throws {
        let term = try LivedTermTests.Term()
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00",
                       "--finish-early", "0"])
        for k in 1...4 { try term.plan(["add-task", "Reading \(k)", "--estimate", "4h", "--span", "1h", "--due", "2026-11-12"]) }
        let refused = try term.plan(["add-task", "Essay", "--estimate", "40h", "--span", "3h", "--due", "2026-11-04", "--json"],
                                    status: 3)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
        let fixes = try #require((json["diagnostic"] as? [String: Any])?["fixes"] as? [[String: Any]])
        let due = try #require(fixes.first { $0["field"] as? String == "due" })
        let makes = try #require(due["makes"] as? [String: Any], "\(due)")
        // Following it: the task added with that due around the others, a dry run.
        let value = due["value"] as! String
        let dry = try #require(try JSONSerialization.jsonObject(with: Data(try term.plan(
            ["add-task", "Essay", "--estimate", "40h", "--span", "3h", "--due", value, "--dry-run", "--json"]).stdout.utf8)) as? [String: Any])
        var perDay: [String: Double] = [:]
        let mine = (dry["sittings"] as? [[String: Any]] ?? []).map { $0["start"] as! String }
        for row in try term.tasks() {
            for s in row["sittings"] as? [[String: Any]] ?? [] {
                perDay[LivedTermTests.day(s["start"] as! String), default: 0] += LivedTermTests.date(s["end"] as! String)
                    .timeIntervalSince(LivedTermTests.date(s["start"] as! String))
            }
        }
        for s in dry["sittings"] as? [[String: Any]] ?? [] {
            perDay[LivedTermTests.day(s["start"] as! String), default: 0] += LivedTermTests.date(s["end"] as! String)
                .timeIntervalSince(LivedTermTests.date(s["start"] as! String))
        }
        let days = Set(mine.map(LivedTermTests.day))
        let busiest = days.map { perDay[$0] ?? 0 }.max() ?? 0
        #expect(Double(LivedTermTests.seconds(makes["work"] as! String)) == busiest, "\(makes) against \(perDay)")
        #expect(days.contains(makes["day"] as! String))
        let least = Double(LivedTermTests.seconds(makes["least"] as! String))
        #expect((makes["crowded"] as? Bool) == (busiest > least * 1.25 + 900))
        let text = try term.plan(["add-task", "Essay", "--estimate", "40h", "--span", "3h", "--due", "2026-11-04"], status: 3)
        #expect(text.stdout.contains("but that makes a day of") == (makes["crowded"] as? Bool == true), "\(text.stdout)")
    }
}

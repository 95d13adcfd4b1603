import Foundation
import Testing

/// Words a tired student types, through the real binary at Monday 2026-11-02 08:00: a
/// number with no unit is refused (hours or minutes?) and nothing is saved; `1 hr 30 min`,
/// `next fri` and `feb 20` are read; `12/4` is refused naming both readings; a task typed
/// one letter off is met with the id it likely means.
@Suite struct TiredWordsTests {
    typealias Store = ReplanCommandTests.Store

    /// Runs `plan args…` in `s`'s store, whatever its status.
    static func run(_ s: Store, _ args: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(args, environment: s.environment)
    }

    /// `plan tasks --json`, as id → the row.
    static func tasks(_ s: Store) throws -> [String: [String: Any]] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(try s.plan("tasks", "--json").utf8)) as? [[String: Any]])
        return Dictionary(rows.map { ($0["id"] as? String ?? "", $0) }) { a, _ in a }
    }

    @Test func aBareNumberEstimateIsRefusedAndNothingIsSaved() throws {
        let s = try Store()
        let r = try Self.run(s, ["add-task", "Essay", "--estimate", "3", "--due", "tomorrow"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains(#"--estimate: "3" — hours or minutes? write 3h or 3m"#), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
        #expect(try Self.tasks(s).isEmpty, "nothing is saved")
    }

    @Test func anEstimateInWordsIsReadAsHoursAndMinutes() throws {
        let s = try Store()
        try s.plan("add-task", "Essay", "--estimate", "1 hr 30 min", "--due", "fri")
        #expect(try Self.tasks(s)["essay"]?["estimate"] as? String == "PT1H30M")
    }

    @Test func nextFridayAndAMonthDayAreTheDatesTheyName() throws {
        let s = try Store()
        try s.plan("add-task", "Essay", "--estimate", "2h", "--due", "next fri")
        try s.plan("add-task", "Project", "--estimate", "2h", "--due", "feb 20")
        let tasks = try Self.tasks(s)
        // Monday 2026-11-02: this week's Friday is the 6th, next week's the 13th.
        #expect((tasks["essay"]?["due"] as? String)?.hasPrefix("2026-11-13") == true, "\(tasks["essay"] ?? [:])")
        #expect((tasks["project"]?["due"] as? String)?.hasPrefix("2027-02-20") == true, "\(tasks["project"] ?? [:])")
    }

    @Test func aDateWithASlashIsRefusedNamingBothReadings() throws {
        let s = try Store()
        let r = try Self.run(s, ["add-task", "Essay", "--estimate", "2h", "--due", "12/4"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains(#"--due: "12/4" — 4 Dec or 12 Apr? write 2026-12-04 (dec 4) or 2027-04-12 (apr 12)"#),
                "\(r.stderr)")
        #expect(try Self.tasks(s).isEmpty)
    }

    /// A date that is no date is answered with examples near the clock, not fixed ones.
    @Test func aWrongDateIsAnsweredWithDaysNearNow() throws {
        let s = try Store()
        let r = try Self.run(s, ["add-task", "Essay", "--estimate", "2h", "--due", "someday"])
        #expect(r.status == 64, "\(r)")
        #expect(r.stderr.contains(#""someday" is not a date (2026-11-03, 2026-11-03T17:00, today, tomorrow, fri, next fri, nov 6,"#),
                "\(r.stderr)")
    }

    @Test func aTaskTypedOneLetterOffSuggestsItsId() throws {
        let s = try Store()
        try s.plan("add-task", "History essay", "--estimate", "2h", "--due", "fri")
        for command in [["done", "histroy-essay"], ["task", "show", "history-esay"], ["task", "remove", "history-essey"],
                        ["task", "edit", "History esay", "--estimate", "3h"]] {
            let r = try Self.run(s, command)
            #expect(r.status == 65, "\(command): \(r)")
            #expect(r.stderr.contains(#"; did you mean "history-essay"? (see `plan tasks`)"#), "\(command): \(r.stderr)")
        }
        let far = try Self.run(s, ["done", "calculus"])
        #expect(far.status == 65 && !far.stderr.contains("did you mean"), "\(far.stderr)")
        #expect(try Self.tasks(s)["history-essay"]?["done"] as? String == "PT0M", "nothing was recorded")
    }
}

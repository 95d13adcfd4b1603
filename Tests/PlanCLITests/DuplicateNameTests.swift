import Foundation
import Testing

/// No silent duplicates, through the real binary: a title added twice is refused with the
/// existing task named and `--id` suggested; a project typed in another case is the stored
/// one; a project one letter off a stored one is refused as a typo; a new name is created.
@Suite struct DuplicateNameTests {
    typealias Store = ReplanCommandTests.Store

    /// Runs `plan args…` in `s`'s store, whatever its status.
    static func run(_ s: Store, _ args: String...) throws -> CLIRunner.Output {
        try CLIRunner.run(args, environment: s.environment)
    }

    /// The store's files (the database and any journal beside it), by name.
    static func files(_ s: Store) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: s.dir.path) where name.hasPrefix("plan.sqlite") {
            out[name] = FileManager.default.contents(atPath: s.dir.appendingPathComponent(name).path)
        }
        return out
    }

    /// `plan tasks --json`, as id → project (`-` for none).
    static func projects(_ s: Store) throws -> [String: String] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(try s.plan("tasks", "--json").utf8)) as? [[String: Any]])
        var out: [String: String] = [:]
        for row in rows { out[row["id"] as? String ?? ""] = row["project"] as? String ?? "-" }
        return out
    }

    /// `plan project list --json`, the names.
    static func projectNames(_ s: Store) throws -> [String] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(try s.plan("project", "list", "--json").utf8)) as? [[String: Any]])
        return rows.compactMap { $0["name"] as? String }
    }

    @Test func theSameTitleTwiceIsRefusedNamingTheTaskThere() throws {
        let s = try Store()
        try s.plan("add-task", "Physics lab report", "--estimate", "2h", "--due", "2026-11-06")
        let before = try Self.files(s)
        for title in ["Physics lab report", "  physics LAB report "] {
            let again = try Self.run(s, "add-task", title, "--estimate", "3h", "--due", "2026-11-13")
            #expect(again.status == 65, "\(again)")
            #expect(again.stderr.contains(#"a task "Physics lab report" exists already (physics-lab-report, due Fri 2026-11-06); "#
                                          + "give this one its own id with --id physics-lab-report-2, or change the title"), "\(again.stderr)")
            #expect(again.stdout.isEmpty)
        }
        #expect(try Self.files(s) == before, "a refused task leaves the store as it was")
        #expect(try Self.projects(s).keys.sorted() == ["physics-lab-report"])

        // With --id it is another task, of the same title.
        try s.plan("add-task", "Physics lab report", "--id", "physics-lab-report-2", "--estimate", "3h", "--due", "2026-11-13")
        #expect(try Self.projects(s).keys.sorted() == ["physics-lab-report", "physics-lab-report-2"])
        // A third one without an id names the first due.
        let third = try Self.run(s, "add-task", "Physics lab report", "--estimate", "1h", "--due", "2026-11-20")
        #expect(third.status == 65)
        #expect(third.stderr.contains("(physics-lab-report, due Fri 2026-11-06); give this one its own id with --id physics-lab-report-3"),
                "\(third.stderr)")
    }

    @Test func aRepeatingTaskOrANewTitleThatIsThereAlreadyIsRefused() throws {
        let s = try Store()
        try s.plan("add-task", "Problem set", "--estimate", "2h", "--every", "week", "--due", "fri 23:59", "--count", "3")
        try s.plan("add-task", "Essay", "--estimate", "2h", "--due", "2026-11-20")
        try s.plan("add-task", "Reading", "--estimate", "1h", "--due", "2026-11-20")
        let before = try Self.files(s)

        // A second series of the same title does not quietly become problem-set-2.
        let series = try Self.run(s, "add-task", "problem SET", "--estimate", "1h", "--every", "week", "--due", "thu 23:59")
        #expect(series.status == 65, "\(series)")
        #expect(series.stderr.contains(#"a task "Problem set" exists already (problem-set-2026-11-06, due Fri 2026-11-06); "#
                                       + "give this one its own id with --id problem-set-2, or change the title"), "\(series.stderr)")
        // A task, a series or an occurrence renamed to another task's title.
        for key in ["reading", "problem-set", "problem-set-2026-11-13"] {
            let edit = try Self.run(s, "task", "edit", key, "--title", " essay")
            #expect(edit.status == 65, "\(key): \(edit)")
            #expect(edit.stderr.contains(#"a task "Essay" exists already (essay, due Fri 2026-11-20); choose another title, or edit that task instead"#),
                    "\(key): \(edit.stderr)")
        }
        #expect(try Self.files(s) == before, "a refused add or edit leaves the store as it was")

        // Its own title in another case, and a series renamed to a title only its occurrences have, are changes.
        try s.plan("task", "edit", "reading", "--title", "READING")
        try s.plan("task", "edit", "problem-set", "--title", "Weekly problems")
        try s.plan("task", "edit", "problem-set-2026-11-06", "--title", "Problem set")
        #expect(try Self.projects(s).keys.sorted() == ["essay", "problem-set-2026-11-06", "problem-set-2026-11-13", "problem-set-2026-11-20", "reading"])
    }

    @Test func theSameTitleOverRPCIsRefusedInTheSameWordsAtTheTitle() throws {
        let s = try Store()
        try s.plan("add-task", "Physics lab report", "--estimate", "2h", "--due", "2026-11-06")
        let request = #"{"jsonrpc":"2.0","id":1,"method":"task.add","params":{"title":"Physics lab report","estimate":"1h","due":"fri"}}"#
        let out = try CLIRunner.run(["rpc"], stdin: Data((request + "\n").utf8), environment: s.environment)
        let response = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any], "\(out)")
        let error = try #require(response["error"] as? [String: Any], "\(out.stdout)")
        let data = try #require(error["data"] as? [String: Any])
        #expect(error["code"] as? Int == -32004)
        #expect(data["pointer"] as? String == "/title")
        #expect(data["reason"] as? String == #"a task "Physics lab report" exists already (physics-lab-report, due Fri 2026-11-06); "#
                + "give this one its own id with --id physics-lab-report-2, or change the title")
    }

    @Test func aProjectInAnotherCaseIsTheStoredOne() throws {
        let s = try Store()
        try s.plan("project", "add", "ALG101")
        let out = try s.plan("add-task", "Problem set 3", "--project", "alg101", "--estimate", "2h", "--due", "2026-11-06")
        #expect(out.hasPrefix(#"Added "Problem set 3" (problem-set-3) to ALG101:"#), "\(out)")
        #expect(try Self.projects(s) == ["problem-set-3": "ALG101"])
        #expect(try Self.projectNames(s) == ["ALG101"])
    }

    @Test func aProjectOneLetterOffIsRefusedWithTheNameThere() throws {
        let s = try Store()
        try s.plan("add-task", "Lab 1", "--project", "Physics", "--estimate", "2h", "--due", "2026-11-06")
        let before = try Self.files(s)
        let typo = try Self.run(s, "add-task", "Lab 2", "--project", "Physcs", "--estimate", "2h", "--due", "2026-11-13")
        #expect(typo.status == 65, "\(typo)")
        #expect(typo.stderr.contains(#"no project "Physcs"; did you mean "Physics"? (create it with plan project add Physcs)"#), "\(typo.stderr)")
        #expect(try Self.files(s) == before)
        let short = try Self.run(s, "add-task", "Lab 2", "--project", "Organic Chem", "--estimate", "2h", "--due", "2026-11-13")
        #expect(short.status == 0, "\(short)")
        let quoted = try Self.run(s, "add-task", "Lab 3", "--project", "Organic Chems", "--estimate", "1h", "--due", "2026-11-13")
        #expect(quoted.stderr.contains("(create it with plan project add 'Organic Chems')"), "\(quoted.stderr)")

        // Made on purpose, the project is there to use.
        try s.plan("project", "add", "Physcs")
        try s.plan("add-task", "Lab 4", "--project", "Physcs", "--estimate", "1h", "--due", "2026-11-13")
        #expect(try Self.projects(s)["lab-4"] == "Physcs")
    }

    @Test func aNewProjectFarFromTheOthersIsCreated() throws {
        let s = try Store()
        try s.plan("add-task", "Lab 1", "--project", "Physics", "--estimate", "2h", "--due", "2026-11-06")
        try s.plan("add-task", "Essay", "--project", "HIST200", "--estimate", "2h", "--due", "2026-11-13")
        try s.plan("add-task", "Set 1", "--project", "CS201", "--estimate", "1h", "--due", "2026-11-13")
        // Another course number is another course, not a typo.
        try s.plan("add-task", "Set 2", "--project", "CS202", "--estimate", "1h", "--due", "2026-11-13")
        #expect(try Self.projectNames(s) == ["Physics", "HIST200", "CS201", "CS202"])
        #expect(try Self.projects(s) == ["lab-1": "Physics", "essay": "HIST200", "set-1": "CS201", "set-2": "CS202"])
    }

    @Test func aRepeatingTaskAndAnEditMatchTheProjectToo() throws {
        let s = try Store()
        try s.plan("project", "add", "Physics")
        try s.plan("add-task", "Weekly reading", "--project", "PHYSICS", "--estimate", "1h", "--every", "week", "--due", "fri")
        #expect(Set(try Self.projects(s).values) == ["Physics"])
        // The occurrences share their title by design; another task of that title is refused.
        let again = try Self.run(s, "add-task", "Weekly reading", "--estimate", "1h", "--due", "2026-11-20")
        #expect(again.status == 65 && again.stderr.contains("due Fri 2026-11-06"), "\(again)")
        try s.plan("add-task", "Essay", "--estimate", "2h", "--due", "2026-11-13")
        let typo = try Self.run(s, "task", "edit", "essay", "--project", "Phisics")
        #expect(typo.status == 65 && typo.stderr.contains(#"did you mean "Physics"?"#), "\(typo)")
        try s.plan("task", "edit", "essay", "--project", "physics")
        #expect(try Self.projects(s)["essay"] == "Physics")
    }
}

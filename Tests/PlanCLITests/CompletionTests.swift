import Foundation
import Testing

/// Shell completion of what the store holds (issue 34): bash, through the script
/// `plan --generate-completion-script bash` writes, completes task and series ids, project
/// names and saved timetables from the store; with no store it offers nothing and makes none.
@Suite struct CompletionTests {
    /// What bash offers for `line` (the last word completed), with plan on the PATH.
    static func bash(_ line: String, environment: [String: String], script: String) throws -> [String] {
        let words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let run = """
            source '\(script)'
            COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); COMP_LINE='\(line)'; COMP_POINT=${#COMP_LINE}
            _plan
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        var env = environment
        env["PATH"] = CLIRunner.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        let out = try CLIRunner.runTool(["bash", "-c", run], environment: env)
        #expect(out.status == 0, "\(out.stderr)")
        return out.stdout.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesIdsAndNamesFromTheStore() throws {
        let s = try ReplanCommandTests.Store(now: "2026-11-23T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York")
        try s.plan("add-task", "History essay", "--estimate", "2h", "--due", "fri", "--project", "HIST200")
        try s.plan("add-task", "History reading", "--estimate", "1h", "--every", "week", "--due", "thu 12:00", "--project", "HIST201")
        try s.plan("add-task", "Lab", "--estimate", "1h", "--due", "fri", "--project", "CHEM110")
        let script = s.dir.appendingPathComponent("plan.bash")
        let generated = try CLIRunner.run(["--generate-completion-script", "bash"])
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)

        #expect(try Self.bash("plan task show hist", environment: s.environment, script: script.path)
            == ["history-essay", "history-reading", "history-reading-2026-11-26", "history-reading-2026-12-03",
                "history-reading-2026-12-10", "history-reading-2026-12-17"])
        #expect(try Self.bash("plan done la", environment: s.environment, script: script.path) == ["lab"])
        // An option's value, as the scripts ask plan for it.
        let projects = try CLIRunner.run(["---completion", "add-task", "--", "--project", "4", "4", "plan", "add-task", "x", "--project", "HIST"],
                                         environment: s.environment)
        #expect(projects.stdout == "HIST200\nHIST201\n", "\(projects.stderr)")
        // No store: nothing offered, and none made.
        let none = s.dir.appendingPathComponent("none.sqlite").path
        #expect(try Self.bash("plan task show h", environment: ["PLAN_STORE": none], script: script.path) == [])
        #expect(!FileManager.default.fileExists(atPath: none))
    }
}

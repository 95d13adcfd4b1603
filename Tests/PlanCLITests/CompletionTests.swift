import Foundation
import Testing

/// Shell completion of what the store holds (issue 34): bash, zsh and fish, each through the
/// script `plan --generate-completion-script SHELL` writes and the shell itself, complete task
/// and series ids and project names from the store; with no store they offer nothing and
/// make none. zsh completes in a real line editor (a pseudo-terminal, zsh/zpty); fish with
/// `complete -C`. A shell that is not installed is said to be skipped.
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

    /// A store with two tasks and a weekly one in three projects, and `shell`'s script
    /// written beside it (named as the shell looks for it).
    static func store(script shell: String, named name: String) throws -> (ReplanCommandTests.Store, URL) {
        let s = try ReplanCommandTests.Store(now: "2026-11-23T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York")
        try s.plan("add-task", "History essay", "--estimate", "2h", "--due", "fri", "--project", "HIST200")
        try s.plan("add-task", "History reading", "--estimate", "1h", "--every", "week", "--due", "thu 12:00", "--project", "HIST201")
        try s.plan("add-task", "Lab", "--estimate", "1h", "--due", "fri", "--project", "CHEM110")
        let dir = s.dir.appendingPathComponent("completion")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent(name)
        let generated = try CLIRunner.run(["--generate-completion-script", shell])
        #expect(generated.status == 0)
        try generated.stdout.write(to: script, atomically: true, encoding: .utf8)
        return (s, script)
    }

    /// The environment a shell completes in: plan on the PATH, the store's.
    static func environment(_ store: [String: String]) -> [String: String] {
        var env = store
        env["PATH"] = CLIRunner.binary.deletingLastPathComponent().path + ":/usr/bin:/bin"
        return env
    }

    /// True when `shell` is installed; else says the test skipped.
    static func installed(_ shell: String) throws -> Bool {
        if try CLIRunner.runTool(["sh", "-c", "command -v \(shell)"]).status == 0 { return true }
        print("skipped: \(shell) is not installed (.ci/run installs it)")
        return false
    }

    /// The line zsh's editor holds after `line` is typed and Tab pressed once, with the
    /// script in `fpath` and `compinit` run: what completion inserted. (The editor reads
    /// the keys in turn, so Ctrl-T, which writes the line out, runs once completion is done.)
    static func zsh(_ line: String, environment: [String: String], script: URL) throws -> String {
        let out = script.deletingLastPathComponent().appendingPathComponent("buffer-\(UUID().uuidString)")
        let driver = """
            zmodload zsh/zpty
            zpty z 'zsh -f -i'
            zpty -w z "PS1=''; fpath=(\(script.deletingLastPathComponent().path) \\$fpath); autoload -Uz compinit; compinit -u -D; unsetopt BEEP; \\
            dump() { print -r -- \\"\\$BUFFER\\" > '\(out.path)'; }; zle -N dump; bindkey '^T' dump; print -r -- RE''ADY"
            zpty -r z line '*READY*'
            zpty -n -w z '\(line)'$'\\t\\x14'
            for i in {1..300}; do [[ -s '\(out.path)' ]] && break; sleep 0.1; done
            zpty -d z
            """
        let run = try CLIRunner.runTool(["zsh", "-f", "-c", driver], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        defer { try? FileManager.default.removeItem(at: out) }
        return String(decoding: try Data(contentsOf: out), as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// What fish offers for `line` (`complete -C`), the candidates without their descriptions.
    static func fish(_ line: String, environment: [String: String], script: URL) throws -> [String] {
        let run = try CLIRunner.runTool(["fish", "--no-config", "-c", "source '\(script.path)'; complete -C '\(line)'"],
                                        environment: environment)
        #expect(run.status == 0 && run.stderr.isEmpty, "\(run.stderr)")
        return run.stdout.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }

    @Test func zshCompletesIdsAndNamesFromTheStore() throws {
        guard try Self.installed("zsh") else { return }
        let (s, script) = try Self.store(script: "zsh", named: "_plan")
        let env = Self.environment(s.environment)
        // One candidate is put in whole, several up to what they share.
        #expect(try Self.zsh("plan done la", environment: env, script: script) == "plan done lab ")
        #expect(try Self.zsh("plan task show hist", environment: env, script: script) == "plan task show history-")
        #expect(try Self.zsh("plan task show history-reading-2026-12-1", environment: env, script: script)
            == "plan task show history-reading-2026-12-1")
        #expect(try Self.zsh("plan add-task x --project CH", environment: env, script: script) == "plan add-task x --project CHEM110 ")
        #expect(try Self.zsh("plan add-task x --project HIST", environment: env, script: script) == "plan add-task x --project HIST20")
        // No store: nothing offered, and none made.
        let none = s.dir.appendingPathComponent("none.sqlite").path
        #expect(try Self.zsh("plan done la", environment: Self.environment(["PLAN_STORE": none]), script: script) == "plan done la")
        #expect(!FileManager.default.fileExists(atPath: none))
    }

    @Test func fishCompletesIdsAndNamesFromTheStore() throws {
        guard try Self.installed("fish") else { return }
        let (s, script) = try Self.store(script: "fish", named: "plan.fish")
        let env = Self.environment(s.environment)
        #expect(try Self.fish("plan task show hist", environment: env, script: script)
            == ["history-essay", "history-reading", "history-reading-2026-11-26", "history-reading-2026-12-03",
                "history-reading-2026-12-10", "history-reading-2026-12-17"])
        #expect(try Self.fish("plan done la", environment: env, script: script) == ["lab"])
        #expect(try Self.fish("plan add-task x --project HIST", environment: env, script: script) == ["HIST200", "HIST201"])
        let none = s.dir.appendingPathComponent("none.sqlite").path
        #expect(try Self.fish("plan done la", environment: Self.environment(["PLAN_STORE": none]), script: script) == [])
        #expect(!FileManager.default.fileExists(atPath: none))
    }

    @Test func bashCompletesIdsAndNamesFromTheStore() throws {
        let (s, scriptURL) = try Self.store(script: "bash", named: "plan.bash")
        let script = scriptURL

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

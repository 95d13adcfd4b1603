import Foundation
import Testing

/// `--quiet` and `--verbose` on every command through the real binary: each
/// command offers both, they refuse each other, `--quiet` leaves stderr
/// empty on a harmless run and `--verbose` names the store.
@Suite(.serialized) struct OutputOptionsTests {
    static let classes = "Examples/fall-2026-classes.ics"
    static let catalog = "Tests/PlanCLITests/Courses/small-catalog.json"

    /// The commands that run (not the groups of subcommands), from the binary's own help dump.
    static func leafCommands() throws -> [[String]] {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var out: [[String]] = []
        func walk(_ command: [String: Any], _ path: [String]) {
            let subs = (command["subcommands"] as? [[String: Any]] ?? []).filter { $0["commandName"] as? String != "help" }
            if subs.isEmpty, !path.isEmpty { out.append(path) }
            for sub in subs {
                guard let name = sub["commandName"] as? String else { continue }
                walk(sub, path + [name])
            }
        }
        walk(try #require(object["command"] as? [String: Any]), [])
        return out
    }

    @Test func everyCommandOffersBothAndRefusesThemTogether() throws {
        let commands = try Self.leafCommands()
        #expect(commands.count > 40)
        for path in commands {
            let help = try CLIRunner.run(path + ["--help"])
            #expect(help.stdout.contains("--quiet") && help.stdout.contains("--verbose"), "plan \(path.joined(separator: " ")) --help")
        }
        // Refused together, with the arguments each command needs given (a missing one is reported first).
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-both-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path]
        for step in Self.steps(dir) {
            let both = try CLIRunner.run(step.args + ["--quiet", "--verbose"], environment: env)
            #expect(both.status == 64, "plan \(step.args.joined(separator: " ")) --quiet --verbose: \(both.status)")
            #expect(both.stderr.contains("--quiet and --verbose cannot be used together"), "plan \(step.args.joined(separator: " ")): \(both.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("plan.sqlite").path), "a refused command made the store")
    }

    /// A harmless run of each command, in order, on one store: (arguments, exit status, stdin, whether it opens the store).
    static func steps(_ dir: URL) -> [(args: [String], status: Int32, stdin: String?, store: Bool)] {
        let backup = dir.appendingPathComponent("copy.sqlite").path
        let out = dir.appendingPathComponent("out.ics").path
        let request = #"{"timeZone":"America/New_York","now":"2026-11-23T08:00:00-05:00","tasks":[{"id":"r","title":"Reading","estimate":"PT2H","due":"2026-11-27"}]}"#
        return [
            (["events", classes, "--from", "2026-11-23", "--to", "2026-11-25"], 0, nil, false),
            (["schedule", "--tasks", "-", "--calendar", classes], 0, request, false),
            (["calendar", "add", classes, "--name", "classes"], 0, nil, true),
            (["calendar", "list"], 0, nil, true),
            (["project", "add", "HIST200"], 0, nil, true),
            (["project", "list"], 0, nil, true),
            (["add-task", "History essay", "--project", "HIST200", "--estimate", "3h", "--due", "2026-12-04"], 0, nil, true),
            (["tasks"], 0, nil, true),
            (["task", "show", "history-essay"], 0, nil, true),
            (["task", "edit", "history-essay", "--estimate", "4h"], 0, nil, true),
            (["done", "history-essay", "--spent", "30m"], 0, nil, true),
            (["agenda"], 0, nil, true),
            (["replan"], 0, nil, true),
            (["week"], 0, nil, true),
            (["export", out], 0, nil, true),
            (["policy", "show"], 0, nil, true),
            (["policy", "set", "--day-start", "08:00"], 0, nil, true),
            (["me", "--name", "Ada", "--email", "ada@uni.edu"], 0, nil, true),
            (["group", "find", "--member", "me", "--member", classes, "--duration", "1h"], 0, nil, true),
            (["group", "create", "Study", "--at", "2026-11-25T18:00", "--for", "1h", "--invite", "bo@uni.edu"], 0, nil, true),
            (["group", "list"], 0, nil, true),
            (["courses", "import", catalog], 0, nil, true),
            (["courses", "search", "CMSC"], 0, nil, true),
            (["grades", "course", "add", "CS201", "--credits", "4"], 0, nil, true),
            (["grades", "add", "CS201", "Midterm", "--weight", "30%", "--score", "78/100"], 0, nil, true),
            (["grades"], 0, nil, true),
            (["grades", "what-if", "CS201=A"], 0, nil, true),
            (["task", "remove", "history-essay"], 0, nil, true),
            (["project", "remove", "HIST200"], 0, nil, true),
            (["doctor"], 0, nil, true),
            (["backup", backup], 0, nil, true),
            (["restore", backup], 0, nil, true),
            (["rpc", "--once"], 0, #"{"jsonrpc":"2.0","id":1,"method":"task.list"}"#, true),
            (["calendar", "remove", "classes"], 0, nil, true),
        ]
    }

    @Test(arguments: ["--quiet", "--verbose"])
    func harmlessRuns(_ flag: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("plan.sqlite").path
        let env = ["PLAN_STORE": store, "PLAN_NOW": "2026-11-23T08:00:00-05:00", "COLUMNS": "100"]
        for step in Self.steps(dir) {
            let out = try CLIRunner.run(step.args + [flag], stdin: step.stdin.map { Data($0.utf8) }, environment: env)
            let what = "plan \(step.args.joined(separator: " ")) \(flag)"
            #expect(out.status == step.status, "\(what): \(out.status) \(out.stderr)")
            if flag == "--quiet" {
                #expect(out.stderr.isEmpty, "\(what) wrote on stderr: \(out.stderr)")
            } else if step.store {
                #expect(out.stderr.contains("plan: store \(store)\n"), "\(what) did not name the store: \(out.stderr)")
            } else {
                #expect(out.stderr.contains("plan: read calendar file \(Self.classes)"), "\(what): \(out.stderr)")
            }
        }
    }

    /// `plan rpc --verbose` names the store once, not with every request it opens it for.
    @Test func rpcNamesItsStoreOnce() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-verbose-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("plan.sqlite").path
        let requests = (1...3).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"task.list"}"# }.joined(separator: "\n") + "\n"
        let out = try CLIRunner.run(["rpc", "--verbose", "--store", store], stdin: Data(requests.utf8), environment: ["PLAN_NOW": "2026-11-23T08:00:00-05:00"])
        #expect(out.status == 0, "\(out.stderr)")
        let lines = out.stderr.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0 == "plan: store \(store)" }.count == 1, "\(out.stderr)")
        #expect(lines.filter { $0.hasPrefix("plan rpc: task.list (id ") && $0.contains("): ok in ") }.count == 3, "\(out.stderr)")
        #expect(out.stdout.split(separator: "\n").count == 3)
    }

    /// A calendar's warnings: the first 20 and how many more, or with
    /// `--verbose` every one; the hint names the flag that shows them.
    @Test func verboseShowsEveryWarning() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-warnings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // 25 events whose DTEND cannot be read: the line is skipped, then the event (two warnings each).
        let events = (1...25).map { n in
            "BEGIN:VEVENT\r\nUID:e\(n)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:Event \(n)\r\nDTSTART:20261123T090000Z\r\nDTEND:bad\(n)\r\nEND:VEVENT\r\n"
        }
        let file = dir.appendingPathComponent("many.ics")
        try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan tests//EN\r\n" + events.joined() + "END:VCALENDAR\r\n").utf8).write(to: file)
        let args = ["events", file.path, "--from", "2026-11-23", "--tz", "UTC"]
        func warnings(_ out: CLIRunner.Output) -> [String] {
            out.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("plan: warning: ") }
        }

        let plain = try CLIRunner.run(args)
        #expect(plain.status == 0, "\(plain)")
        let shown = warnings(plain)
        #expect(shown.count == 21, "\(plain.stderr)")
        #expect(shown.last == "plan: warning: \(file.path): 30 more warnings not shown (--verbose shows them all)")

        let verbose = try CLIRunner.run(args + ["--verbose"])
        #expect(verbose.status == 0 && verbose.stdout == plain.stdout, "\(verbose)")
        let all = warnings(verbose)
        #expect(all.count == 50, "\(verbose.stderr)")
        #expect(Array(all.prefix(20)) == Array(shown.prefix(20)), "the first 20 are the same warnings")
        for n in 1...25 {
            #expect(all.filter { $0.contains("DTEND \"bad\(n)\"") }.count == 1, "DTEND bad\(n) is not named once: \(verbose.stderr)")
        }
    }

    @Test func quietLeavesOutConfirmationsButNotTheDataAskedFor() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-quiet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-11-23T08:00:00-05:00"]
        let added = try CLIRunner.run(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-27", "--calendar", Self.classes, "--quiet"],
                                      environment: env)
        #expect(added.status == 0 && added.stdout.isEmpty && added.stderr.isEmpty, "\(added)")
        let json = try CLIRunner.run(["add-task", "Reading", "--estimate", "1h", "--due", "2026-11-27", "--json", "--quiet"], environment: env)
        #expect(json.status == 0 && json.stdout.hasPrefix("{"), "\(json)")
        let listed = try CLIRunner.run(["tasks", "--quiet"], environment: env)
        #expect(listed.stdout.contains("Essay") && listed.stdout.contains("Reading"))
        let exported = try CLIRunner.run(["export", "-", "--quiet"], environment: env)
        #expect(exported.stdout.hasPrefix("BEGIN:VCALENDAR"))
        // An error is still said.
        let missing = try CLIRunner.run(["task", "show", "nothing-like-it", "--quiet"], environment: env)
        #expect(missing.status == 65 && missing.stderr.contains("nothing-like-it"), "\(missing)")
        // --verbose says which calendars were read, and from where.
        let verbose = try CLIRunner.run(["agenda", "--verbose"], environment: env)
        #expect(verbose.stderr.contains("plan: read calendar fall-2026-classes"), "\(verbose.stderr)")
    }
}

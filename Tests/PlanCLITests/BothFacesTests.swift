import Foundation
import Testing

/// The shell and the editor protocol are two faces of one service: the same
/// input reaches the same decision with the same words. Each case runs
/// `plan add-task`/`plan task edit`/`plan policy set` on one copy of a
/// store and `task.add`/`task.update`/`policy.set` (through the real
/// `plan rpc`) on another: a bad input is refused by both, the CLI's message
/// holding the RPC's reason word for word, and neither store changes; a good
/// one is taken by both and leaves the two stores with the same tasks and
/// settings.
@Suite struct BothFacesTests {
    static let now = "2026-11-23T08:00:00-05:00"

    /// One input, as each face is given it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var cli: [String]
        var method: String
        var params: [String: any Sendable]
        var good: Bool
        var testDescription: String { name }
    }

    static func bad(_ name: String, _ cli: [String], _ method: String, _ params: [String: any Sendable]) -> Case {
        Case(name: name, cli: cli, method: method, params: params, good: false)
    }

    static func good(_ name: String, _ cli: [String], _ method: String, _ params: [String: any Sendable]) -> Case {
        Case(name: name, cli: cli, method: method, params: params, good: true)
    }

    /// `task.add` params for "Essay" with `extra` on top.
    static func essay(_ extra: [String: any Sendable] = [:]) -> [String: any Sendable] {
        (["title": "Essay", "estimate": "4h", "due": "2026-12-04"] as [String: any Sendable]).merging(extra) { $1 }
    }

    static let add = ["add-task", "Essay", "--estimate", "4h", "--due", "2026-12-04"]

    static let cases: [Case] = [
        // Adding a task.
        bad("far due", ["add-task", "Far", "--estimate", "2h", "--due", "2046-01-01"], "task.add",
            ["title": "Far", "estimate": "2h", "due": "2046-01-01"]),
        bad("far start", add + ["--start", "2001-01-01"], "task.add", essay(["start": "2001-01-01"])),
        bad("huge estimate", ["add-task", "Huge", "--estimate", "9000h", "--due", "2026-12-04"], "task.add",
            ["title": "Huge", "estimate": "9000h", "due": "2026-12-04"]),
        bad("negative estimate", ["add-task", "Essay", "--estimate=-2h", "--due", "2026-12-04"], "task.add", essay(["estimate": "-2h"])),
        bad("zero span", add + ["--span", "0m"], "task.add", essay(["span": "0m"])),
        bad("negative minimum sitting", add + ["--min=-30m"], "task.add", essay(["minSitting": "-30m"])),
        bad("not a duration", ["add-task", "Essay", "--estimate", "6x", "--due", "2026-12-04"], "task.add", essay(["estimate": "6x"])),
        bad("not a date", ["add-task", "Essay", "--estimate", "4h", "--due", "someday"], "task.add", essay(["due": "someday"])),
        bad("not a time of day", add + ["--earliest", "9am"], "task.add", essay(["earliest": "9am"])),
        bad("start after due", ["add-task", "Essay", "--estimate", "4h", "--start", "2026-12-10", "--due", "2026-12-05"], "task.add",
            essay(["start": "2026-12-10", "due": "2026-12-05"])),
        bad("unknown after", add + ["--after", "nosuch"], "task.add", essay(["after": ["nosuch"]])),
        bad("unknown placement", add + ["--placement", "late"], "task.add", essay(["placement": "late"])),
        bad("empty window", add + ["--earliest", "18:00", "--latest", "09:00"], "task.add", essay(["earliest": "18:00", "latest": "09:00"])),
        bad("empty title", ["add-task", "  ", "--estimate", "4h", "--due", "2026-12-04"], "task.add", essay(["title": "  "])),
        bad("priority out of range", add + ["--priority", "7"], "task.add", essay(["priority": 7])),
        bad("an id that is taken", add + ["--id", "reading"], "task.add", essay(["id": "reading"])),
        bad("the title of a stored task", ["add-task", " reading", "--estimate", "1h", "--due", "+3d"], "task.add",
            ["title": " reading", "estimate": "1h", "due": "+3d"]),
        // Changing one.
        bad("edit: far due", ["task", "edit", "Reading", "--due", "2046-01-01"], "task.update", ["task": "Reading", "due": "2046-01-01"]),
        bad("edit: huge estimate", ["task", "edit", "reading", "--estimate", "9000h"], "task.update", ["task": "reading", "estimate": "9000h"]),
        bad("edit: negative span", ["task", "edit", "reading", "--span=-1h"], "task.update", ["task": "reading", "span": "-1h"]),
        bad("edit: empty title", ["task", "edit", "reading", "--title", ""], "task.update", ["task": "reading", "title": ""]),
        bad("edit: start after due", ["task", "edit", "reading", "--start", "2026-12-20"], "task.update", ["task": "reading", "start": "2026-12-20"]),
        bad("edit: empty window", ["task", "edit", "reading", "--earliest", "20:00", "--latest", "20:00"], "task.update",
            ["task": "reading", "earliest": "20:00", "latest": "20:00"]),
        bad("edit: unknown task", ["task", "edit", "nosuch", "--estimate", "1h"], "task.update", ["task": "nosuch", "estimate": "1h"]),
        // The policy.
        bad("policy: unknown zone", ["policy", "set", "--tz", "Mars/Base"], "policy.set", ["timeZone": "Mars/Base"]),
        bad("policy: not a duration", ["policy", "set", "--buffer", "10x"], "policy.set", ["buffer": "10x"]),
        bad("policy: negative break", ["policy", "set", "--break=-5m"], "policy.set", ["breakBetweenSittings": "-5m"]),
        bad("policy: huge daily maximum", ["policy", "set", "--max-per-day", "9000h"], "policy.set", ["maxPerDay": "9000h"]),
        bad("policy: granularity that does not divide an hour", ["policy", "set", "--granularity", "7m"], "policy.set", ["granularity": "7m"]),
        bad("policy: empty day window", ["policy", "set", "--day-start", "22:00", "--day-end", "08:00"], "policy.set",
            ["dayStart": "22:00", "dayEnd": "08:00"]),
        bad("policy: not a time of day", ["policy", "set", "--day-start", "9:00"], "policy.set", ["dayStart": "9:00"]),

        good("a plain task", add, "task.add", essay()),
        good("a task with every field", ["add-task", "Lab report", "--project", "CHEM110", "--estimate", "1.5h", "--span", "45m",
                                         "--min", "30m", "--earliest", "09:00", "--latest", "21:00", "--start", "tomorrow",
                                         "--due", "2026-12-11", "--priority", "1", "--after", "Reading", "--notes", "Bring data",
                                         "--done", "15m", "--placement", "early"], "task.add",
             ["title": "Lab report", "project": "CHEM110", "estimate": "PT1H30M", "span": "45m", "minSitting": "30m",
              "earliest": "09:00", "latest": "21:00", "start": "tomorrow", "due": "2026-12-11", "priority": 1, "after": ["Reading"],
              "notes": "Bring data", "done": "15m", "placement": "early"]),
        good("a task whose title makes a taken id", ["add-task", "Reading!", "--estimate", "1h", "--due", "+3d"], "task.add",
             ["title": "Reading!", "estimate": "1h", "due": "+3d"]),
        good("the title of a stored task with its own id", ["add-task", "Reading", "--id", "reading-2", "--estimate", "1h", "--due", "+3d"],
             "task.add", ["title": "Reading", "id": "reading-2", "estimate": "1h", "due": "+3d"]),
        good("edit: a new estimate and due", ["task", "edit", "Reading", "--estimate", "3h", "--due", "2026-12-08T17:00"], "task.update",
             ["task": "Reading", "estimate": "3h", "due": "2026-12-08T17:00"]),
        good("edit: a window", ["task", "edit", "reading", "--earliest", "10:00", "--latest", "24:00"], "task.update",
             ["task": "reading", "earliest": "10:00", "latest": "24:00"]),
        good("policy: a buffer and a day", ["policy", "set", "--buffer", "10m", "--day-start", "08:00", "--max-per-day", "0"],
             "policy.set", ["buffer": "10m", "dayStart": "08:00", "maxPerDay": "0"]),
    ]

    /// A store holding the example classes and one task, "Reading" (`reading`), copied for each face.
    static let seed: Result<URL, any Error> = Result {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-both-faces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("seed.sqlite")
        let calendar = CLIRunner.packageRoot.appendingPathComponent("Examples/fall-2026-classes.ics").path
        let made = try run(["add-task", "Reading", "--estimate", "2h", "--due", "2026-12-04", "--calendar", calendar], store: store.path)
        guard made.status == 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: made.stderr]) }
        return store
    }

    /// Two copies of the seed store, one for each face, in a new folder (the caller removes it).
    static func copies() throws -> (dir: URL, shell: String, editor: String) {
        let seed = try Self.seed.get()
        let dir = seed.deletingLastPathComponent().appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let shell = dir.appendingPathComponent("shell.sqlite").path, editor = dir.appendingPathComponent("editor.sqlite").path
        try FileManager.default.copyItem(atPath: seed.path, toPath: shell)
        try FileManager.default.copyItem(atPath: seed.path, toPath: editor)
        return (dir, shell, editor)
    }

    static func run(_ args: [String], store: String, stdin: Data? = nil) throws -> CLIRunner.Output {
        try CLIRunner.run(args + ["--store", store], stdin: stdin, environment: ["PLAN_NOW": now])
    }

    /// What a store holds, as both faces would list it.
    static func contents(_ store: String) throws -> String {
        try run(["tasks", "--json"], store: store).stdout + (try run(["policy", "show", "--json"], store: store).stdout)
    }

    @Test(arguments: cases)
    func bothFacesDecideAlike(_ c: Case) throws {
        let (dir, shellStore, editorStore) = try Self.copies()
        defer { try? FileManager.default.removeItem(at: dir) }
        let before = try Self.contents(shellStore)

        let shell = try Self.run(c.cli, store: shellStore)
        let request = ["jsonrpc": "2.0", "id": 1, "method": c.method, "params": c.params] as [String: Any]
        let line = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]) + Data("\n".utf8)
        let editor = try Self.run(["rpc", "--once"], store: editorStore, stdin: line)
        let response = try #require(try JSONSerialization.jsonObject(with: Data(editor.stdout.utf8)) as? [String: Any], "\(editor)")
        let error = response["error"] as? [String: Any]
        let reason = (error?["data"] as? [String: Any])?["reason"] as? String

        if c.good {
            #expect(shell.status == 0, "\(c.name): the shell refused: \(shell.stderr)")
            #expect(error == nil, "\(c.name): the editor was refused: \(editor.stdout)")
            #expect(try Self.contents(shellStore) == (try Self.contents(editorStore)), "\(c.name): the two stores differ")
            #expect(try Self.contents(shellStore) != before, "\(c.name): nothing changed")
        } else {
            #expect([64, 65].contains(shell.status), "\(c.name): the shell's exit \(shell.status): \(shell.stdout)\(shell.stderr)")
            let r = try #require(reason, "\(c.name): the editor was not refused: \(editor.stdout)")
            #expect(!r.isEmpty)
            #expect(shell.stderr.contains(r), "\(c.name): the shell says\n\(shell.stderr)\nthe editor says\n\(r)")
            #expect(try Self.contents(shellStore) == before, "\(c.name): the shell's store changed")
            #expect(try Self.contents(editorStore) == before, "\(c.name): the editor's store changed")
        }
    }

    /// What the cases hold: at least 12 bad inputs and 6 good ones, over the three pairs of commands and methods.
    @Test func theCasesCoverEachPair() {
        #expect(Self.cases.count { !$0.good } >= 12)
        #expect(Self.cases.count { $0.good } >= 6)
        for method in ["task.add", "task.update", "policy.set"] {
            #expect(Self.cases.contains { $0.method == method && $0.good }, "\(method)")
            #expect(Self.cases.contains { $0.method == method && !$0.good }, "\(method)")
        }
    }
}

/// A repeating task's commands and `series.*` methods answer with one shape: each step run
/// by `plan … --json` on one copy of a store and by `plan rpc` on another gives the same
/// JSON, and the two stores end alike.
@Suite struct SeriesBothFacesTests {
    /// One step: the command, and the method with its params.
    struct Step {
        var cli: [String]
        var method: String
        var params: [String: any Sendable]
    }

    static let steps: [Step] = [
        Step(cli: ["add-task", "Problem set", "--estimate", "3h", "--every", "week", "--due", "fri 23:59", "--start-before", "5d"],
             method: "series.add", params: ["title": "Problem set", "estimate": "3h", "every": "week", "due": "fri 23:59", "startBefore": "5d"]),
        Step(cli: ["task", "show", "problem-set"], method: "series.get", params: ["series": "problem-set"]),
        Step(cli: ["task", "edit", "Problem set", "--estimate", "4h"], method: "series.update", params: ["series": "Problem set", "estimate": "4h"]),
        Step(cli: ["done", "problem-set-2026-12-04", "--skip"], method: "series.skip", params: ["task": "problem-set-2026-12-04"]),
        Step(cli: ["task", "remove", "problem-set", "--from", "2026-12-11"], method: "series.remove", params: ["series": "problem-set", "from": "2026-12-11"]),
        Step(cli: ["task", "show", "problem-set"], method: "series.get", params: ["series": "problem-set"]),
    ]

    @Test func eachStepAnswersAlike() throws {
        let (dir, shellStore, editorStore) = try BothFacesTests.copies()
        defer { try? FileManager.default.removeItem(at: dir) }

        for (i, step) in Self.steps.enumerated() {
            let shell = try BothFacesTests.run(step.cli + ["--json"], store: shellStore)
            #expect(shell.status == 0, "plan \(step.cli.joined(separator: " ")): \(shell.stderr)")
            let request = ["jsonrpc": "2.0", "id": i, "method": step.method, "params": step.params] as [String: Any]
            let line = try JSONSerialization.data(withJSONObject: request, options: [.sortedKeys]) + Data("\n".utf8)
            let editor = try BothFacesTests.run(["rpc", "--once"], store: editorStore, stdin: line)
            let response = try #require(try JSONSerialization.jsonObject(with: Data(editor.stdout.utf8)) as? [String: Any], "\(editor)")
            var result = try #require(response["result"] as? [String: Any], "\(step.method): \(editor.stdout)")
            if step.method == "series.update" {
                // The method also says whether the change was saved, as task.update does.
                #expect(result["status"] as? String == "updated" && result["saved"] as? Bool == true)
                result["status"] = nil
                result["saved"] = nil
            }
            let printed = try #require(try JSONSerialization.jsonObject(with: Data(shell.stdout.utf8)) as? [String: Any], "\(shell.stdout)")
            #expect(printed as NSDictionary == result as NSDictionary, "\(step.method): the shell printed\n\(shell.stdout)\nthe editor answered\n\(editor.stdout)")
        }
        #expect(try BothFacesTests.contents(shellStore) == (try BothFacesTests.contents(editorStore)), "the two stores differ")
    }
}

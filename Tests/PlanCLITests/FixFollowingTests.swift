import Foundation
import Testing

/// A refused task comes with fixes; a student who follows any one of them
/// and runs the same command again gets the task added. Through the real
/// binary, on the bundled class schedule, for `plan add-task` and for
/// `task.add` over `plan rpc`.
@Suite struct FixFollowingTests {
    static let now = "2026-11-02T08:00:00-05:00"
    static let calendar = RPCTests.calendar

    /// A store with the story's policy, the class schedule and two tasks
    /// already planned (so other work competes for the time).
    static func store() throws -> (dir: URL, store: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-fixes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = dir.appendingPathComponent("plan.sqlite").path
        for args in [["policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00",
                      "--buffer", "10m", "--max-per-day", "6h"],
                     ["add-task", "Problem set 7", "--estimate", "4h", "--span", "2h", "--due", "2026-11-05T23:59",
                      "--calendar", calendar],
                     ["add-task", "Lab report 5", "--estimate", "3h", "--min", "45m", "--due", "2026-11-09"]] {
            let out = try CLIRunner.run(args + ["--store", store], environment: ["PLAN_NOW": now])
            #expect(out.status == 0, "\(args): \(out.stderr)")
        }
        return (dir, store)
    }

    /// Tasks that do not fit as asked, each with several kinds of fix.
    static let refused: [[String]] = [
        ["Essay", "--estimate", "5h", "--span", "1h", "--min", "1h", "--earliest", "18:00", "--latest", "21:00",
         "--start", "2026-11-03", "--due", "2026-11-04"],
        ["Cram all of chemistry", "--estimate", "20h", "--span", "2h", "--due", "2026-11-03", "--earliest", "09:00"],
        ["Reading", "--estimate", "3h", "--span", "45m", "--min", "45m", "--latest", "10:00", "--due", "2026-11-03"],
    ]

    /// The command line of `task` with `fix` (`{"field", "value"}`) applied.
    static func following(_ fix: [String: Any], in task: [String]) -> [String] {
        let flag = switch fix["field"] as? String {
        case "minSitting": "--min"
        case let field?: "--" + field
        case nil: ""
        }
        var args = task
        if let i = args.firstIndex(of: flag) { args.remove(at: i + 1); args.remove(at: i) }
        return args + [flag, "\(fix["value"] ?? "")"]
    }

    @Test func followingAnyFixOfAddTaskSucceeds() throws {
        let (dir, store) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        var followed = 0
        for task in Self.refused {
            let first = try CLIRunner.run(["add-task"] + task + ["--store", store, "--json"], environment: ["PLAN_NOW": Self.now])
            #expect(first.status == 3, "\(task): \(first.stdout)\(first.stderr)")
            let result = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
            let fixes = try #require((result["diagnostic"] as? [String: Any])?["fixes"] as? [[String: Any]])
            #expect(!fixes.isEmpty, "\(task): no fixes")
            for fix in fixes {
                // Each on a copy of the store: the command run again, for real.
                let copy = dir.appendingPathComponent("copy-\(followed).sqlite").path
                try FileManager.default.copyItem(atPath: store, toPath: copy)
                let args = ["add-task"] + Self.following(fix, in: task) + ["--store", copy]
                let again = try CLIRunner.run(args, environment: ["PLAN_NOW": Self.now])
                #expect(again.status == 0 && again.stdout.hasPrefix("Added"),
                        "\(args.joined(separator: " ")) → exit \(again.status)\n\(again.stdout)\(again.stderr)")
                followed += 1
            }
        }
        #expect(followed >= 6)
    }

    @Test func followingAnyFixOfTaskAddOverRPCSucceeds() throws {
        let (dir, store) = try Self.store()
        defer { try? FileManager.default.removeItem(at: dir) }
        let params: [String: Any] = ["title": "Essay", "estimate": "5h", "span": "1h", "minSitting": "1h",
                                     "earliest": "18:00", "latest": "21:00", "start": "2026-11-03", "due": "2026-11-04"]
        func add(_ params: [String: Any], store: String) throws -> [String: Any] {
            let out = try CLIRunner.run(["rpc", "--store", store, "--once"],
                                        stdin: Data((RPCTests.request(1, "task.add", params) + "\n").utf8),
                                        environment: ["PLAN_NOW": Self.now])
            let response = try #require(RPCTests.json(out.stdout) as? [String: Any], "\(out.stdout)\(out.stderr)")
            return try #require(response["result"] as? [String: Any], "\(out.stdout)")
        }
        let first = try add(params, store: store)
        #expect(first["saved"] as? Bool == false)
        let fixes = try #require((first["diagnostic"] as? [String: Any])?["fixes"] as? [[String: Any]])
        #expect(fixes.count >= 3)
        for (k, fix) in fixes.enumerated() {
            let copy = dir.appendingPathComponent("rpc-\(k).sqlite").path
            try FileManager.default.copyItem(atPath: store, toPath: copy)
            var changed = params
            changed[try #require(fix["field"] as? String)] = fix["value"]
            let again = try add(changed, store: copy)
            #expect(again["saved"] as? Bool == true, "fix \(fix) → \(again)")
        }
    }
}

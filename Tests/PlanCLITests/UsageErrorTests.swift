import Foundation
import Testing

/// What a usage error points at: the help of the command that was run, and
/// every argument a command takes has words in that help.
@Suite struct UsageErrorTests {
    /// A value the command itself refuses (after parsing) points at that
    /// command's help, not at the root's `plan <subcommand>`.
    @Test(arguments: [
        (["add-task", "Essay", "--estimate", "6x", "--due", "fri"], "plan add-task --help"),
        (["courses", "build", "CMSC420", "--free-day", "XX"], "plan courses build --help"),
    ])
    func aRefusedValuePointsAtItsCommandsHelp(_ args: [String], _ help: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(args, environment: ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
        #expect(out.status == 64)
        #expect(out.stderr.hasPrefix("Error: "), "\(out.stderr)")
        #expect(out.stderr.contains("See '\(help)' for more information."), "\(out.stderr)")
        #expect(!out.stderr.contains("plan <subcommand>"), "\(out.stderr)")
        #expect(try CLIRunner.run(help.split(separator: " ").dropFirst().map(String.init)).status == 0)
    }

    /// A negative duration is read as the value it is and refused as negative, not taken for an
    /// unknown option (`--finish-early -1d`) or a missing value (`--estimate -1h`).
    @Test(arguments: [
        (["policy", "set", "--finish-early", "-1d"], "--finish-early: \"-1d\" is negative"),
        (["add-task", "Essay", "--estimate", "-1h", "--due", "fri"], "--estimate: \"-1h\" is negative"),
        (["add-task", "Essay", "--estimate", "2h", "--span", "-30m", "--due", "fri"], "--span: \"-30m\" is negative"),
        (["add-task", "Essay", "--estimate", "2h", "--min", "-5m", "--due", "fri"], "--min: \"-5m\" is negative"),
    ])
    func aNegativeDurationIsRefusedAsOne(_ args: [String], _ message: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(args, environment: ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
        #expect(out.status == 64)
        #expect(out.stderr.contains(message), "\(out.stderr)")
    }

    /// A mistyped command is named with the nearest real one, and a mistyped option is named
    /// before any option is found missing (`--estimat` is not "Missing '--estimate'").
    @Test(arguments: [
        (["add-tsk", "x", "--estimate", "1h"], "Error: Unknown command 'add-tsk'. Did you mean 'add-task'?", "plan --help"),
        (["agnda"], "Error: Unknown command 'agnda'. Did you mean 'agenda'?", "plan --help"),
        (["task", "shwo", "x"], "Error: Unknown task command 'shwo'. Did you mean 'show'?", "plan task --help"),
        (["zzzzzz"], "Error: Unknown command 'zzzzzz'. The commands: events, schedule,", "plan --help"),
        (["add-task", "x", "--estimat", "2h", "--due", "fri"], "Error: Unknown option '--estimat'. Did you mean '--estimate'?", "plan add-task --help"),
        (["courses", "build", "CMSC330", "--no-erlier", "09:00"], "Error: Unknown option '--no-erlier'. Did you mean '--no-earlier'?", "plan courses build --help"),
    ])
    func aTypoIsNamedWithTheNearestRealName(_ args: [String], _ message: String, _ help: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-usage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(args, environment: ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
        #expect(out.status == 64)
        #expect(out.stderr.hasPrefix(message), "\(out.stderr)")
        #expect(out.stderr.contains("See '\(help)' for more information."), "\(out.stderr)")
        // Nothing was created for a command that never ran.
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("plan.sqlite").path))
    }

    /// No example line of a command's help is wrapped by an 80-column terminal: each fits.
    @Test func helpExamplesFitEightyColumns() throws {
        for command in [["add-task"], ["courses"], ["courses", "build"], ["events"], ["policy", "set"], []] {
            let help = try CLIRunner.run(["help"] + command, environment: ["COLUMNS": "80"])
            let lines = help.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            // A wrapped example leaves its rest on the next line, not indented: every line after
            // an example's line is another (indented) example line or a blank one.
            for (i, line) in lines.enumerated() where line.hasPrefix("  plan ") && i + 1 < lines.count {
                let next = lines[i + 1]
                #expect(next.isEmpty || next.hasPrefix("  "), "plan help \(command.joined(separator: " ")): \(line) / \(next)")
            }
        }
    }

    /// Every argument and option of every command says what it is in `--help`.
    @Test func everyArgumentHasHelp() throws {
        let dump = try CLIRunner.run(["--experimental-dump-help"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(dump.stdout.utf8)) as? [String: Any])
        var silent: [String] = []
        var seen = 0
        func walk(_ command: [String: Any], _ path: [String]) {
            for argument in command["arguments"] as? [[String: Any]] ?? [] where argument["shouldDisplay"] as? Bool ?? true {
                seen += 1
                if (argument["abstract"] as? String ?? "").isEmpty {
                    silent.append("plan \(path.joined(separator: " ")) \(argument["kind"] as? String ?? "?") \(argument["valueName"] as? String ?? "?")")
                }
            }
            // ArgumentParser's own `help` command is not plan's to describe.
            for sub in command["subcommands"] as? [[String: Any]] ?? [] where sub["commandName"] as? String != "help" {
                walk(sub, path + [sub["commandName"] as? String ?? "?"])
            }
        }
        walk(try #require(object["command"] as? [String: Any]), [])
        #expect(seen > 200)
        #expect(silent == [])
    }
}

import Foundation
import Testing

/// `plan policy set` and `plan policy show` over a session of changes, some
/// refused: the transcript (`Golden/policy-session.txt`) is what the plan of
/// commit 96c9ab4, which kept the policy as JSON text, printed for the same
/// session — working days in the order given, repeats kept, the first wrong
/// value in the contract's order reported.
@Suite struct PolicyCommandTests {
    static let session: [[String]] = [
        ["show"], ["show", "--json"],
        ["set", "--working-days", "su,mo,MO"], ["show"], ["show", "--json"],
        ["set", "--day-start", "9:00"], ["set", "--day-start", "23:00", "--working-days", "XX"],
        ["set", "--day-end", "24:00", "--day-start", "08:30"], ["show", "--json"],
        ["set", "--tz", "Mars/Base", "--day-start", "25:00"], ["set", "--granularity", "7m", "--working-days", ","],
        ["set", "--buffer", "0", "--max-per-day", "0"], ["show"],
        ["set", "--buffer", "90m", "--max-per-day", "1.5h", "--break", "0", "--busy-tentative", "no"], ["show"], ["show", "--json"],
        ["set", "--busy-all-day", "yes", "--granularity", "1h"], ["show", "--json"],
        ["set", "--working-days", " fr , tu"], ["show"],
        ["set", "--buffer", "0"], ["show", "--json"],
    ]

    @Test func aSessionPrintsWhatThePlanThatKeptTextPrinted() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-policy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-11-04T12:00:00-05:00"]
        var transcript = ""
        for step in Self.session {
            let args = ["policy"] + step
            let out = try CLIRunner.run(args, environment: env)
            transcript += "$ plan \(args.joined(separator: " "))\n\(out.stdout)\(out.stderr)exit \(out.status)\n"
        }
        try CLIRunner.expectGolden("policy-session", CLIRunner.Output(stdout: transcript, stderr: "", status: 0))
    }
}

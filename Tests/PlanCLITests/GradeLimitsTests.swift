import Foundation
import Testing

/// Issue 28: nonsense given to `plan grades` is refused with the value named
/// (exit 65) and nothing is saved: a date that is not a calendar date, a
/// scale's points over 100, prior credits over 1000, a rule's minimum that
/// is not a mark on /20, a rules file that never ends.
@Suite(.serialized) struct GradeLimitsTests {
    static let bigCredits = "10000000000000000000000000000000000000"  // 10³⁷
    static let bigPoints = "100000000000000000000000000000000000000"  // 10³⁸

    /// `args`, and what stderr must say.
    static let refusals: [([String], String)] = [
        (["grades", "add", "CS201", "Final", "--weight", "50%", "--date", "garbage"],
         #"the date "garbage": expected a calendar date written YYYY-MM-DD"#),
        (["grades", "add", "CS201", "Final", "--weight", "50%", "--date", "2026-02-30"], #"the date "2026-02-30""#),
        (["grades", "set", "CS201", "Midterm", "--date", "2026-13-01"], #"the date "2026-13-01""#),
        (["grades", "course", "add", "MATH240", "--credits", "3", "--scale", "A:90:\(bigPoints),F:0:0"],
         #"the scale's points for A "\#(bigPoints)": expected grade points from 0 to 100"#),
        (["grades", "prior", "3.5/\(bigCredits)"], #"the prior record's credits "\#(bigCredits)": expected a number from 0 to 1000"#),
        (["grades", "what-if", "CS201=A", "--prior", "3.5/1001"], #"the prior record's credits "1001""#),
        (["grades", "check", "--rules", "OUT/huge-min.json"],
         #"rules[0].min "1e308": expected a mark on /20 from 0 to 20, written like 10 or 12.5"#),
        (["grades", "check", "--rules", "OUT/over-20.json"], #"rules[0].min "25""#),
    ]

    @Test func nonsenseIsRefusedWithTheValueNamedAndNothingIsSaved() throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-11-02T08:00:00-05:00"]
        try Data(#"{"rules": [{"average": "overall", "min": 1e308}]}"#.utf8).write(to: dir.appendingPathComponent("huge-min.json"))
        try Data(#"{"rules": [{"each": "unit", "min": 25}]}"#.utf8).write(to: dir.appendingPathComponent("over-20.json"))
        for args in [["grades", "course", "add", "CS201", "--credits", "4"],
                     ["grades", "add", "CS201", "Midterm", "--weight", "30%", "--date", "2026-10-14"]] {
            let out = try CLIRunner.run(args, environment: env)
            try #require(out.status == 0, "\(args): \(out.stderr)")
        }
        let book = try CLIRunner.run(["grades", "--json"], environment: env).stdout
        for (args, text) in Self.refusals {
            let out = try CLIRunner.run(args.map { $0.replacingOccurrences(of: "OUT/", with: dir.path + "/") }, environment: env)
            #expect(out.status == 65, "\(args): \(out.stderr)")
            #expect(out.stderr.contains(text), "\(args): \(out.stderr)")
        }
        #expect(try CLIRunner.run(["grades", "--json"], environment: env).stdout == book, "a refused change saved something")
        // Sensible values still go in: a leap day, a 10-point scale, 1000 credits.
        for args in [["grades", "set", "CS201", "Midterm", "--date", "2028-02-29"],
                     ["grades", "course", "add", "MATH240", "--credits", "3", "--scale", "A:90:10,B:80:8,F:0:0"],
                     ["grades", "prior", "3.5/1000"]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 0, "\(args): \(out.stderr)")
        }
    }

    @Test func aRulesFileThatIsNotAFileOrIsTooLargeIsRefused() throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path]
        let zero = try CLIRunner.run(["grades", "check", "--rules", "/dev/zero"], environment: env)
        #expect(zero.stderr.contains("cannot read /dev/zero: it is a device, not a file"), "\(zero.stderr)")
        #expect(zero.status == 66)
        let big = dir.appendingPathComponent("big.json")
        try Data(repeating: 0x20, count: 1_000_001).write(to: big)
        let large = try CLIRunner.run(["grades", "check", "--rules", big.path], environment: env)
        #expect(large.stderr.contains("big.json: larger than 1000000 bytes"), "\(large.stderr)")
        #expect(large.status != 0)
        let missing = try CLIRunner.run(["grades", "check", "--rules", dir.appendingPathComponent("none.json").path], environment: env)
        #expect(missing.stderr.contains("none.json: no such file"), "\(missing.stderr)")
    }
}

import Foundation
import Testing

/// `plan grades` through the real binary: a course with a partial set, the
/// score needed, a what-if, bad input that saves nothing, units and the rules
/// — a golden transcript of figures computed by hand in PlanGradesTests.
@Suite(.serialized) struct GradesCommandTests {
    static let steps: [([String], Int32)] = [
        (["grades"], 0),
        (["grades", "course", "add", "CS201", "--credits", "4", "--term", "fall-2026"], 0),
        (["grades", "add", "CS201", "Homework", "--weight", "20%", "--score", "90/100"], 0),
        (["grades", "add", "CS201", "Midterm", "--weight", "30%", "--score", "78/100"], 0),
        (["grades", "add", "CS201", "Final", "--weight", "50%", "--date", "2026-12-14"], 0),
        (["grades", "course", "add", "CHEM110", "--credits", "3"], 0),
        (["grades", "add", "CHEM110", "Exams", "--weight", "100", "--score", "95%"], 0),
        (["grades", "prior", "3.42/45"], 0),
        (["grades"], 0),
        (["grades", "need", "CS201", "--target", "A-"], 0),
        (["grades", "need", "CS201", "--target", "A"], 0),
        (["grades", "need", "CS201", "--target", "F"], 0),
        (["grades", "need", "CS201", "--target", "Z"], 65),
        (["grades", "what-if", "CS201=A-"], 0),
        (["grades", "what-if", "MATH999=A"], 65),
        (["grades", "add", "CS201", "Quiz", "--weight", "10%"], 65),
        (["grades", "add", "CS201", "Quiz", "--weight", "120%"], 65),
        (["grades", "set", "CS201", "Homework", "--score", "21/20"], 65),
        (["grades", "set", "CS201", "Homework", "--score", "E+"], 65),
        (["grades", "set", "CS201", "Final", "--score", "A-"], 0),
        (["grades", "need", "CS201", "--target", "B+"], 0),
        (["grades", "unit", "add", "Maths", "--weight", "2", "--kind", "general"], 0),
        (["grades", "subject", "add", "Maths", "Algebra", "--weight", "1", "--grade", "12.5"], 0),
        (["grades", "subject", "add", "Maths", "Analysis", "--weight", "2", "--grade", "9"], 0),
        (["grades", "subject", "add", "Maths", "Geometry", "--weight", "1", "--grade", "21"], 65),
        (["grades", "unit", "add", "Pro", "--weight", "3", "--kind", "professional"], 0),
        (["grades", "check", "--rules", "OUT/rules.json"], 65),
        (["grades", "subject", "add", "Pro", "Project", "--weight", "1", "--grade", "14"], 0),
        (["grades", "check", "--rules", "OUT/rules.json"], 0),
        (["grades", "subject", "set", "Maths", "Analysis", "--grade", "5"], 0),
        (["grades", "check", "--rules", "OUT/rules.json"], 1),
        (["grades", "course", "remove", "CHEM110"], 0),
        (["grades", "subject", "remove", "Maths", "Geometry"], 65),
        (["grades", "subject", "remove", "Maths", "Algebra"], 0),
        (["grades", "unit", "remove", "Pro"], 0),
        (["grades"], 0),
    ]

    @Test func theGradeBook() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-grades-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(#"{"rules": [{"average": "overall", "min": 10}, {"each": "unit", "min": 8}, {"average": "professional", "min": 10}]}"#.utf8)
            .write(to: dir.appendingPathComponent("rules.json"))
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path]
        var transcript = ""
        for (args, status) in Self.steps {
            let real = args.map { $0.replacingOccurrences(of: "OUT/", with: dir.path + "/") }
            let out = try CLIRunner.run(real, environment: env)
            #expect(out.status == status, "plan \(args.joined(separator: " ")): \(out.stderr)")
            transcript += "$ plan \(args.joined(separator: " "))\nexit: \(out.status)\n\(out.stdout)"
            if !out.stderr.isEmpty { transcript += "stderr:\n\(out.stderr)" }
            transcript += "\n"
        }
        try CLIRunner.expectGolden("grades-story", CLIRunner.Output(stdout: transcript.replacingOccurrences(of: dir.path, with: "$TMP"), stderr: "", status: 0))
        // A refused change saved nothing: the JSON still has CS201's three assessments.
        let json = try CLIRunner.run(["grades", "--json"], environment: env)
        #expect(json.stdout.contains(#""name":"Final","weight":50,"score":"A-""#))
        #expect(!json.stdout.contains("Quiz"))
    }
}

/// The grade book beside the plan: a course's study time is its project's tasks.
@Suite struct GradesAndPlanTests {
    @Test func studyPlannedAndDoneBesideTheAverage() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-grades-study-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-12-01T08:00:00-05:00"]
        for args in [["policy", "set", "--tz", "America/New_York"], ["grades", "course", "add", "CS201", "--credits", "4"],
                     ["grades", "add", "CS201", "Midterm", "--weight", "40%", "--score", "80/100"],
                     ["grades", "add", "CS201", "Final", "--weight", "60%", "--date", "2026-12-14"],
                     ["add-task", "Final review", "--for", "CS201:final", "--estimate", "6h", "--span", "2h", "--due", "2026-12-10"],
                     ["add-task", "Essay", "--project", "HIST200", "--estimate", "3h", "--due", "2026-12-10"]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 0, "plan \(args.joined(separator: " ")): \(out.stderr)")
        }
        let book = try CLIRunner.run(["grades"], environment: env)
        #expect(book.stdout.contains("    study: 6h planned, 0h done\n"), "\(book.stdout)")
        #expect(book.stdout.contains("    Final  60 %  –  2026-12-14  ← Final review\n"), "\(book.stdout)")
        // A link to what the grade book does not have is refused, and nothing is saved.
        let wrong = try CLIRunner.run(["add-task", "Lab prep", "--for", "CS201:Lab", "--estimate", "1h", "--due", "2026-12-10"], environment: env)
        #expect(wrong.status == 65 && wrong.stderr.contains("CS201 has no assessment \"Lab\""))
        #expect(!(try CLIRunner.run(["tasks"], environment: env)).stdout.contains("Lab prep"))
        let need = try CLIRunner.run(["grades", "need", "CS201", "--target", "B+"], environment: env)
        // (87 · 100 − 40 · 80) / 60 = 5500 / 60 = 91.666… → 91.67.
        #expect(need.stdout == "CS201: for B+ (87 %) you need 91.67 % on Final.\nStudy planned for CS201 before Final (2026-12-14): 6h.\n")
        _ = try CLIRunner.run(["done", "final-review", "--spent", "2h"], environment: env)
        let after = try CLIRunner.run(["grades", "--json"], environment: env)
        #expect(after.stdout.contains(#""study":{"planned":"PT4H","done":"PT2H"}"#), "\(after.stdout)")
    }
    /// Everything entered is graded but weighs less than the whole course: plan says the
    /// rest is missing instead of a verdict; once the rest is entered it says what it needs.
    @Test func aCourseEnteredInPartIsNotJudged() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-grades-part-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-12-01T08:00:00-05:00"]
        for args in [["grades", "course", "add", "HIST200", "--credits", "3"],
                     ["grades", "add", "HIST200", "Midterm essay", "--weight", "30%", "--score", "88/100"]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 0, "plan \(args.joined(separator: " ")): \(out.stderr)")
        }
        let part = try CLIRunner.run(["grades", "need", "HIST200", "--target", "A-"], environment: env)
        #expect(part.status == 0)
        #expect(part.stdout == "HIST200: everything entered is graded, but it weighs only 30 % of the course: so far 88.00 %, which "
                + "does not reach A-. Add what is still to come (plan grades add HIST200 NAME --weight W) to see what it needs.\n")
        // As JSON (CLI and RPC alike), the part entered is said.
        let json = try CLIRunner.run(["grades", "need", "HIST200", "--target", "A-", "--json"], environment: env)
        #expect(json.stdout == #"{"course":"HIST200","target":"A-","status":"missed","final":88.00,"entered":30}"# + "\n", "\(json.stdout)")
        try RPCTests.expectValid([("urn:plan:schema:methods:grades.need.result", String(json.stdout.dropLast()))])
        // The suggestion, followed: (90 · 100 − 30 · 88) / 70 = 6360 / 70 = 90.857… → 90.86.
        #expect(try CLIRunner.run(["grades", "add", "HIST200", "Final paper", "--weight", "70%"], environment: env).status == 0)
        let whole = try CLIRunner.run(["grades", "need", "HIST200", "--target", "A-"], environment: env)
        #expect(whole.stdout == "HIST200: for A- (90 %) you need 90.86 % on Final paper.\n", "\(whole.stdout)")
        let wholeJSON = try CLIRunner.run(["grades", "need", "HIST200", "--target", "A-", "--json"], environment: env)
        #expect(!wholeJSON.stdout.contains("entered"), "\(wholeJSON.stdout)")
    }
}

import Foundation
import Testing
@testable import PlanProtocol

/// Issue 28, the `grades.*` face: the nonsense `plan grades` refuses is
/// refused here too (the same ``GradeInput``), pointing at the field and
/// naming the value, and nothing is saved.
@Suite struct GradeLimitsMethodTests {
    /// Method, params, the pointer and what the reason must say.
    static let refusals: [(String, String, String, String)] = [
        ("grades.add", #"{"course": "CS201", "name": "Final", "weight": 50, "date": "garbage"}"#, "/date", #"the date "garbage""#),
        ("grades.add", #"{"course": "CS201", "name": "Final", "weight": 50, "date": "2026-02-30"}"#, "/date", #"the date "2026-02-30""#),
        ("grades.set", #"{"course": "CS201", "name": "Midterm", "date": "14/10/2026"}"#, "/date", #"the date "14/10/2026""#),
        ("grades.course.add", #"{"code": "MATH240", "credits": 3, "scale": "A:90:100000000000000000000000000000000000000,F:0:0"}"#,
         "/scale", #"the scale's points for A "100000000000000000000000000000000000000": expected grade points from 0 to 100"#),
        ("grades.prior", #"{"prior": "3.5/10000000000000000000000000000000000000"}"#, "/prior",
         #"the prior record's credits "10000000000000000000000000000000000000": expected a number from 0 to 1000"#),
        ("grades.check", #"{"rules": [{"average": "overall", "min": 1e308}]}"#, "/rules",
         #"rules[0].min "1e308": expected a mark on /20 from 0 to 20"#),
    ]

    @Test func nonsenseIsRefusedWithTheValueNamed() throws {
        let s = try TestServer()
        s.result("grades.course.add", #"{"code": "CS201", "credits": 4}"#)
        s.result("grades.add", #"{"course": "CS201", "name": "Midterm", "weight": 30, "date": "2026-10-14"}"#)
        let book = s.result("grades.get").text
        for (method, params, pointer, text) in Self.refusals {
            let e = s.error(method, params, code: -32602, pointer: pointer)
            #expect(e["data"]?["reason"]?.stringValue?.contains(text) == true, "\(method): \(e.text)")
        }
        #expect(s.result("grades.get").text == book, "a refused change saved something")
        #expect(s.result("grades.set", #"{"course": "CS201", "name": "Midterm", "date": "2028-02-29"}"#).text.contains("2028-02-29"))
    }
}

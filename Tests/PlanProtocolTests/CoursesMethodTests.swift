import Foundation
import PlanCore
import PlanJSON
import Testing
@testable import PlanProtocol

/// The `courses.*` methods on a real store, each response checked against
/// `Schemas/`: the same service and the same checks as `plan courses`.
@Suite struct CoursesMethodTests {
    func item(_ v: JSONValue?, _ i: Int) -> JSONValue? {
        guard case .array(let a)? = v, a.indices.contains(i) else { return nil }
        return a[i]
    }

    static var catalog: String {
        JSONValue.quoted(SchemaCheck.root.appendingPathComponent("Tests/PlanCLITests/Courses/small-catalog.json").path)
    }

    @Test func fromCatalogToClassCalendar() throws {
        let s = try TestServer()
        s.error("courses.build", #"{"courses": ["CMSC330"]}"#, code: -32004)
        let imported = s.result("courses.import", #"{"path": \#(Self.catalog)}"#)
        #expect(imported["courses"]?.intValue == 5)
        #expect(imported["sections"]?.intValue == 9)
        #expect(s.result("courses.search", #"{"text": "algebra"}"#).text.contains(#""code":"MATH240""#))

        let built = s.result("courses.build", #"{"courses": ["CMSC330", "MATH240", "HIST200"], "weights": {"gpa": 1, "rating": 1}}"#)
        guard case .array(let combinations)? = built["combinations"] else { Issue.record("no combinations"); return }
        #expect(combinations.count == 3)
        #expect(combinations[0]["score"] == .number("82.7"))
        #expect(built["diagnosis"] == .null)
        // The same build as `plan courses build` prints for this catalog: CMSC330 0101 and 0102 (same time and
        // instructor, other rooms) are one choice of instructors, at its best variant, with one other.
        #expect(item(combinations[1]["sections"], 0)?["ids"] == .array([.string("0101")]))
        #expect(combinations[1]["otherTimings"] == .number("1"))

        let none = s.result("courses.build", #"{"courses": ["CMSC330", "PHYS161"], "exclude": ["CMSC330-0201"]}"#)
        #expect(none["combinations"] == .array([]))
        #expect(none["diagnosis"]?["kind"] != nil)

        // The build that found nothing is the last build: nothing to save from it.
        s.error("courses.save", #"{"rank": 1}"#, code: -32004)
        s.result("courses.build", #"{"courses": ["CMSC330", "MATH240", "HIST200"]}"#)
        let saved = s.result("courses.save", #"{"rank": 1, "name": "fall-2027"}"#)
        #expect(item(saved["sections"], 0)?["course"] == .string("CMSC330"))
        s.error("courses.save", #"{"rank": 1, "name": "fall-2027"}"#, code: -32004)
        let out = s.directory.appendingPathComponent("classes.ics").path
        let used = s.result("courses.use", #"{"name": "fall-2027", "out": \#(JSONValue.quoted(out))}"#)
        #expect(used["events"]?.intValue == 2)
        #expect(item(used["unscheduled"], 0)?["course"] == .string("HIST200"))
        #expect(FileManager.default.fileExists(atPath: out))
        #expect(item(s.result("courses.saved"), 0)?["inUse"] == .bool(true))
        #expect(item(s.result("calendar.list"), 0)?["name"] == .string("fall-2027"))
        try s.validateAll()
    }

    @Test func badParamsArePointedAt() throws {
        let s = try TestServer()
        s.result("courses.import", #"{"path": \#(Self.catalog)}"#)
        s.error("courses.build", #"{}"#, code: -32602, pointer: "/courses")
        s.error("courses.build", #"{"courses": []}"#, code: -32602, pointer: "/courses")
        s.error("courses.build", #"{"courses": ["CMSC330"], "noEarlier": "25:00"}"#, code: -32602, pointer: "/noEarlier")
        s.error("courses.build", #"{"courses": ["CMSC330"], "maxCourses": 0}"#, code: -32602, pointer: "/maxCourses")
        s.error("courses.build", #"{"courses": ["CMSC330", "MATH240"], "exclude": ["CMSC330-9999"]}"#, code: -32004)
        s.error("courses.build", #"{"courses": ["CMSC330"], "freeDays": ["XX"]}"#, code: -32602, pointer: "/freeDays")
        s.error("courses.build", #"{"courses": ["CMSC330"], "exclude": ["0101"]}"#, code: -32602, pointer: "/exclude")
        s.error("courses.build", #"{"courses": ["CMSC330"], "top": 0}"#, code: -32602, pointer: "/top")
        s.error("courses.build", #"{"courses": ["CMSC330"], "weights": {"gpa": 0, "rating": 0}}"#, code: -32602, pointer: "/weights")
        s.error("courses.build", #"{"courses": ["CMSC330"], "weights": {"grade": 1}}"#, code: -32602, pointer: "/weights/grade")
        s.error("courses.build", #"{"courses": ["CMSC330"], "colour": "red"}"#, code: -32602, pointer: "/colour")
        s.error("courses.build", #"{"courses": ["CMSC33"]}"#, code: -32004)
        s.error("courses.import", #"{"path": "/nonexistent/catalog.json"}"#, code: -32001, pointer: "/path")
        let csv = JSONValue.quoted(SchemaCheck.root.appendingPathComponent("Examples/catalog-sample.csv").path)
        s.error("courses.import", #"{"path": \#(csv)}"#, code: -32004, pointer: "/path")
        s.error("courses.import", #"{"path": \#(csv), "term": {"start": "2027-08-30", "end": "2027-12-10", "timeZone": "Mars/Base"}}"#,
                code: -32602, pointer: "/term")
        let fromCSV = s.result("courses.import", #"{"path": \#(csv), "term": {"name": "Fall 2027", "start": "2027-08-30", "end": "2027-12-10", "timeZone": "America/New_York"}}"#)
        #expect(fromCSV["term"] == .string("Fall 2027"))
        let term = #"{"name": "Fall 2027", "start": "2027-08-30", "end": "2027-12-10", "timeZone": "America/New_York"}"#
        let latin1 = s.result("courses.import", #"{"path": \#(csv), "encoding": "latin1", "term": \#(term)}"#)
        #expect(latin1["sections"] == fromCSV["sections"], "an ASCII export reads the same in Latin-1")
        s.error("courses.import", #"{"path": \#(csv), "encoding": "utf16", "term": \#(term)}"#, code: -32602, pointer: "/encoding")
        s.error("courses.use", #"{"name": "spring"}"#, code: -32003)
        try s.validateAll()
    }
}

/// `plan.week`: the same layout `plan week --json` prints, checked against its schema.
@Suite struct WeekMethodTests {
    @Test func theWeekOfTheExampleCalendar() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(JSONValue.quoted(TestServer.exampleCalendar))}"#)
        let week = s.result("plan.week", #"{"from": "2026-11-23", "days": 7}"#)
        #expect(week["from"] == .string("2026-11-23"))
        #expect(week["timeZone"] == .string("America/New_York"))
        guard case .array(let columns)? = week["columns"], case .array(let blocks)? = week["blocks"] else {
            Issue.record("no columns or blocks: \(week.text)")
            return
        }
        // Mon–Fri: nothing on the weekend of the example's classes.
        #expect(columns.count == 5)
        #expect(!blocks.isEmpty)
        s.error("plan.week", #"{"days": 0}"#, code: -32602, pointer: "/days")
        s.error("plan.week", #"{"tz": "Mars/Base"}"#, code: -32602, pointer: "/tz")
        s.error("plan.week", #"{"from": "someday"}"#, code: -32602, pointer: "/from")
        s.error("plan.week", #"{"calendars": ["/nonexistent.ics"]}"#, code: -32001)
        try s.validateAll()
    }
}

/// The `grades.*` methods: the figures of `plan grades` for editors, each response checked against `Schemas/`.
@Suite struct GradesMethodTests {
    @Test func aCourseANeedAWhatIfAndTheRules() throws {
        let s = try TestServer()
        s.result("grades.course.add", #"{"code": "CS201", "credits": 4, "term": "fall-2026"}"#)
        s.result("grades.add", #"{"course": "CS201", "name": "Homework", "weight": "20%", "score": "90/100"}"#)
        s.result("grades.add", #"{"course": "CS201", "name": "Midterm", "weight": 30, "score": "78/100"}"#)
        let book = s.result("grades.add", #"{"course": "CS201", "name": "Final", "weight": 50}"#)
        #expect(book.text.contains(#""average":82.80,"letter":"B-""#))
        #expect(s.result("grades.need", #"{"course": "CS201", "target": "A-"}"#)["percent"] == .number("97.20"))
        #expect(s.result("grades.need", #"{"course": "CS201", "target": "A"}"#)["bestLetter"] == .string("A-"))
        s.result("grades.prior", #"{"prior": "3.42/45"}"#)
        let whatIf = s.result("grades.whatIf", #"{"grades": {"CS201": "A-"}}"#)
        // (4 · 3.7 + 3.42 · 45) / 49 = 168.7 / 49 = 3.4428…
        #expect(whatIf["term"] == .number("3.70") && whatIf["cumulative"] == .number("3.44"))
        s.error("grades.add", #"{"course": "CS201", "name": "Quiz", "weight": "10%"}"#, code: -32004)
        s.error("grades.add", #"{"course": "CS201", "name": "Quiz", "weight": "120%"}"#, code: -32602, pointer: "/weight")
        s.error("grades.set", #"{"course": "CS201", "name": "Homework", "score": "21/20"}"#, code: -32004)
        s.error("grades.need", #"{"course": "CS999", "target": "A"}"#, code: -32004)
        s.error("grades.check", #"{"rules": [{"average": "overall", "min": 10}]}"#, code: -32004)
        s.result("grades.unit.add", #"{"name": "Maths", "weight": 2, "kind": "general"}"#)
        s.result("grades.subject.add", #"{"unit": "Maths", "name": "Algebra", "weight": 1, "grade": "12.5"}"#)
        let check = s.result("grades.check", #"{"rules": [{"average": "overall", "min": 10}, {"each": "unit", "min": 13}]}"#)
        #expect(check["holds"] == .bool(false))
        s.error("grades.check", #"{"rules": [{"median": "overall", "min": 10}]}"#, code: -32602, pointer: "/rules")
        #expect(s.result("grades.set", #"{"course": "CS201", "name": "Final", "score": null}"#).text.contains(#""openWeight":50"#))
        #expect(s.result("grades.subject.remove", #"{"unit": "Maths", "name": "Algebra"}"#).text.contains(#""subjects":[]"#))
        #expect(s.result("grades.unit.remove", #"{"name": "Maths"}"#).text.contains(#""units":[]"#))
        s.error("grades.unit.remove", #"{"name": "Maths"}"#, code: -32004)
        try s.validateAll()
    }
}

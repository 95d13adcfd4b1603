import Foundation
import PlanCore
import PlanJSON
import Testing
@testable import PlanProtocol

/// `courses.ratings.import` on a real store: the nested umd.io example, then
/// each ratings example joined onto it; requests and results checked against
/// `Schemas/` (the same input type and wire shape as `plan courses ratings import`).
@Suite struct CoursesRatingsMethodTests {
    static func example(_ name: String) -> String {
        JSONValue.quoted(SchemaCheck.root.appendingPathComponent("Examples/\(name)").path)
    }

    static let term = #"{"name": "Fall 2027", "start": "2027-08-30", "end": "2027-12-10", "timeZone": "America/New_York"}"#

    @Test func ratingsJoinOntoTheImportedCatalog() throws {
        let s = try TestServer()
        s.error("courses.ratings.import", #"{"path": \#(Self.example("ratings-coursecritique.csv"))}"#, code: -32004)
        let imported = s.result("courses.import", #"{"path": \#(Self.example("catalog-umdio-nested.json")), "term": \#(Self.term)}"#)
        #expect(imported["sections"]?.intValue == 7)
        guard case .array(let warnings)? = imported["warnings"] else { Issue.record("no warnings"); return }
        #expect(warnings.count == 1)

        let critique = s.result("courses.ratings.import", #"{"path": \#(Self.example("ratings-coursecritique.csv"))}"#)
        #expect(critique["rows"]?.intValue == 9)
        #expect(critique["gainedGPA"]?.intValue == 6)
        #expect(critique["unmatched"] == .array([.string("Whitfield, Anna")]))
        let terp = s.result("courses.ratings.import", #"{"path": \#(Self.example("ratings-planetterp.json")), "format": "json"}"#)
        #expect(terp["gainedRating"]?.intValue == 6)
        #expect(terp["gainedGPA"]?.intValue == 0)
        #expect(terp["unmatched"] == .array([.string("Hannah Lindqvist")]))

        let latin1 = s.result("courses.ratings.import", #"{"path": \#(Self.example("ratings-coursecritique.csv")), "encoding": "latin1"}"#)
        #expect(latin1["gainedGPA"]?.intValue == 0 && latin1["unmatchedCount"]?.intValue == 1, "ASCII is the same in Latin-1")
        let mapped = s.result("courses.ratings.import", #"{"path": \#(Self.example("ratings-coursecritique.csv")), "map": {"GPA": "rating"}}"#)
        #expect(mapped["replacedRating"]?.intValue == 6 && mapped["gainedGPA"]?.intValue == 0, "the GPA column read as ratings")
        try s.validateAll()
    }

    @Test func badParamsArePointedAt() throws {
        let s = try TestServer()
        s.result("courses.import", #"{"path": \#(Self.example("catalog-umdio-nested.json")), "term": \#(Self.term)}"#)
        let csv = Self.example("ratings-coursecritique.csv")
        s.error("courses.ratings.import", #"{}"#, code: -32602, pointer: "/path")
        s.error("courses.ratings.import", #"{"path": \#(csv), "format": "xml"}"#, code: -32602, pointer: "/format")
        s.error("courses.ratings.import", #"{"path": \#(csv), "map": {"GPA": "grade"}}"#, code: -32602, pointer: "/map")
        s.error("courses.ratings.import", #"{"path": \#(csv), "map": {"GPA": 1}}"#, code: -32602, pointer: "/map/GPA")
        s.error("courses.ratings.import", #"{"path": \#(csv), "colour": "red"}"#, code: -32602, pointer: "/colour")
        s.error("courses.ratings.import", #"{"path": \#(csv), "encoding": "ebcdic"}"#, code: -32602, pointer: "/encoding")
        s.error("courses.ratings.import", #"{"path": "/nonexistent/ratings.csv"}"#, code: -32001, pointer: "/path")
        let e = s.error("courses.ratings.import", #"{"path": \#(csv), "map": {"Course Title": "gpa"}}"#, code: -32004, pointer: "/path")
        #expect(e["data"]?["reason"]?.stringValue?.contains(":2: column \"Course Title\"") == true, "\(e.text)")
    }
}

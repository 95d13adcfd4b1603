import Foundation
import PlanCore
import PlanJSON
import Testing
@testable import PlanProtocol
@testable import PlanTimetable

/// Files and values the catalog tests share.
enum CatalogFixtures {
    static let files = SchemaCheck.root.appendingPathComponent("Tests/PlanProtocolTests/CatalogFiles")
    static let examples = SchemaCheck.root.appendingPathComponent("Examples")

    static func bytes(_ url: URL) throws -> [UInt8] { Array(try Data(contentsOf: url)) }

    static func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }

    static let fall2027 = Term(name: "Fall 2027", timeZone: "America/New_York", start: date("2027-08-30"), end: date("2027-12-10"),
                               holidays: [DateSpan(day: date("2027-09-06")), DateSpan(from: date("2027-11-24"), to: date("2027-11-28"))])

    /// The issue's example document.
    static let issueExample = """
    {"term": {"name": "Fall 2027", "timeZone": "America/New_York",
              "start": "2027-08-30", "end": "2027-12-10",
              "holidays": ["2027-09-06", {"from": "2027-11-24", "to": "2027-11-28"}]},
     "courses": [{"code": "CMSC436", "title": "Programming Handheld Systems", "credits": 3,
       "sections": [{"id": "0101", "instructors": ["Ada Byron"], "gpa": 3.21, "rating": 4.2,
         "seats": {"open": 3, "total": 40, "waitlist": 0},
         "meetings": [{"days": ["MO", "WE"], "start": "10:00", "end": "10:50",
                       "room": "IRB 0324", "kind": "lecture",
                       "from": "2027-08-30", "to": "2027-12-10"}]}]}]}
    """

    /// A document as a JSON value, for the schema validator.
    static func json(_ bytes: [UInt8]) throws -> JSONValue { try JSONValue.parse(bytes) }

    /// The error `body` throws (a test failure when it throws none).
    static func error(_ body: () throws(CatalogError) -> Catalog, sourceLocation: SourceLocation = #_sourceLocation) -> CatalogError? {
        do {
            let c = try body()
            Issue.record("read without an error: \(c.courses.map(\.code))", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }
}

import Foundation
import PlanCore
import Testing
@testable import PlanProtocol
@testable import PlanTimetable

/// plan's catalog JSON: read with every field checked, written canonically,
/// and checked against `Schemas/catalog.schema.json` with a real validator.
@Suite struct CatalogJSONTests {
    typealias F = CatalogFixtures

    @Test func theIssuesExampleReads() throws {
        let c = try CatalogJSON.read(Array(F.issueExample.utf8), file: "issue.json")
        #expect(c.term == F.fall2027)
        let s = try #require(c.course("cmsc 436")?.sections.first)
        #expect(s == Section(id: "0101", instructors: ["Ada Byron"], gpa: 3.21, rating: 4.2, seats: Seats(open: 3, total: 40, waitlist: 0),
                             meetings: [Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "IRB 0324", kind: "lecture",
                                                from: F.date("2027-08-30"), to: F.date("2027-12-10"))]))
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(Array(F.issueExample.utf8)))])
    }

    @Test func optionalMembersMayBeLeftOutAndUnknownOnesAreIgnored() throws {
        let doc = """
        {"$schema": "x", "term": {"name": "T", "timeZone": "UTC", "start": "2027-01-04", "end": "2027-01-04", "extra": 1},
         "courses": [{"code": "A1", "title": "", "credits": 0, "sections": [{"id": "1", "meetings": [], "note": "online"},
           {"id": "2", "meetings": [{"days": ["SU"], "start": "00:00", "end": "24:00", "building": "ignored"}]}]}], "v": 2}
        """
        let c = try CatalogJSON.read(Array(doc.utf8), file: "min.json")
        #expect(c.term.holidays.isEmpty)
        #expect(c.courses[0].sections[0] == Section(id: "1"))
        #expect(c.courses[0].sections[1].meetings == [Meeting(days: [.sunday], start: 0, end: 1440)])
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(Array(doc.utf8)))])
    }

    @Test func theExampleCatalogReadsValidatesAndIsCanonical() throws {
        let bytes = try F.bytes(F.examples.appendingPathComponent("catalog-fall-2027.json"))
        let c = try CatalogJSON.read(bytes, file: "catalog-fall-2027.json")
        #expect(c.courses.count >= 25)
        let sections = c.courses.flatMap(\.sections)
        #expect(sections.count >= 250)
        #expect(sections.contains { $0.meetings.isEmpty }, "online sections")
        #expect(sections.contains { $0.gpa == nil } && sections.contains { $0.gpa != nil })
        #expect(sections.contains { $0.seats?.open == 0 && ($0.seats?.waitlist ?? 0) > 0 }, "full sections")
        #expect(sections.contains { $0.meetings.contains { $0.from == F.date("2027-09-13") } }, "a lab from week 3")
        #expect(sections.contains { $0.meetings.contains { $0.to == F.date("2027-10-15") } }, "a first-half section")
        #expect(sections.contains { s in Set(s.meetings.compactMap(\.kind)) == ["lecture", "discussion"] }, "lecture + discussion in one section")
        #expect(CatalogJSON.write(c) == bytes, "Examples/catalog-fall-2027.json is not canonical: run python3 Examples/make-catalog.py > Examples/catalog-fall-2027.json")
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(bytes))])
    }

    @Test func writeThenReadGivesTheSameCatalogAndTheSameBytes() throws {
        let bytes = try F.bytes(F.examples.appendingPathComponent("catalog-fall-2027.json"))
        let c = try CatalogJSON.read(bytes, file: "x.json")
        let again = try CatalogJSON.read(CatalogJSON.write(c), file: "again.json")
        #expect(again == c)
        #expect(CatalogJSON.write(again) == CatalogJSON.write(c))
        // Odd values survive too: fractions, quotes, non-ASCII, a one-day holiday, 24:00.
        let odd = Catalog(term: Term(name: "Été \"27\"", timeZone: "Europe/Paris", start: F.date("2027-09-01"), end: F.date("2027-09-30"),
                                     holidays: [DateSpan(day: F.date("2027-09-15"))]),
                          courses: [Course(code: "MÜS 1", title: "Line\nbreak\\", credits: 1.5, sections: [
                              Section(id: "x", instructors: ["Zoë"], gpa: 0.1, rating: 5, seats: Seats(open: 0, total: 0, waitlist: 9),
                                      meetings: [Meeting(days: [.saturday, .monday], start: 1439, end: 1440, room: "", kind: "lab",
                                                         from: F.date("2027-08-01"), to: F.date("2027-09-02"))]),
                          ])])
        let written = CatalogJSON.write(odd)
        #expect(try CatalogJSON.read(written, file: "odd.json") == odd)
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(written))])
    }

    /// One broken document per rule: the path, the field and the value named, and what was expected.
    @Test(arguments: [
        (#"{"courses": []}"#, "term", nil as String?, "is missing"),
        (#"{"term": {"name": "F", "timeZone": "America/Nowhere", "start": "2027-08-30", "end": "2027-12-10"}, "courses": []}"#,
         "term.timeZone", "\"America/Nowhere\"", "IANA"),
        (#"{"term": {"name": "F", "timeZone": "UTC", "start": "2027-02-30", "end": "2027-12-10"}, "courses": []}"#,
         "term.start", "\"2027-02-30\"", "YYYY-MM-DD"),
        (#"{"term": {"name": "F", "timeZone": "UTC", "start": "2027-12-30", "end": "2027-12-10"}, "courses": []}"#,
         "term.end", "\"2027-12-10\"", "start ≤ end"),
        (#"{"term": {"name": "F", "timeZone": "UTC", "start": "2027-08-30", "end": "2027-12-10", "holidays": [{"from": "2027-11-28", "to": "2027-11-24"}]}, "courses": []}"#,
         "term.holidays[0].to", "\"2027-11-24\"", "from ≤ to"),
        (#"{"term": {"name": "F", "timeZone": "UTC", "start": "2027-08-30", "end": "2027-12-10", "holidays": [7]}, "courses": []}"#,
         "term.holidays[0]", "7", "YYYY-MM-DD"),
    ] as [(String, String, String?, String)])
    func termErrorsNameThePath(doc: String, path: String, value: String?, expected: String) throws {
        let e = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array(doc.utf8), file: "bad.json") })
        #expect(e.file == "bad.json")
        #expect(e.path == path)
        #expect(e.value == value)
        #expect(e.description.contains(expected), "\(e)")
        #expect(e.description.hasPrefix("bad.json: \(path): "), "\(e)")
    }

    static let good = #"{"id": "0101", "meetings": [{"days": ["MO", "WE"], "start": "10:00", "end": "10:50"}]}"#

    static func doc(sections: String, courses extra: String = "") -> String {
        #"{"term": {"name": "F", "timeZone": "America/New_York", "start": "2027-08-30", "end": "2027-12-10"}, "courses": ["#
            + #"{"code": "CMSC131", "title": "OOP", "credits": 4, "sections": ["# + good + "]}, "
            + #"{"code": "MATH140", "title": "Calc", "credits": 4, "sections": ["# + sections + "]}" + extra + "]}"
    }

    @Test(arguments: [
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "25:00", "end": "26:00"}]}"#, "courses[1].sections[0].meetings[0].start", "start", "\"25:00\"", "HH:MM"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "9:00", "end": "10:00"}]}"#, "courses[1].sections[0].meetings[0].start", "start", "\"9:00\"", "HH:MM"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "10:00"}]}"#, "courses[1].sections[0].meetings[0].end", "end", "\"10:00\"", "end > start"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "24:01"}]}"#, "courses[1].sections[0].meetings[0].end", "end", "\"24:01\"", "24:00"),
        (#"{"id": "1", "meetings": [{"days": [], "start": "10:00", "end": "11:00"}]}"#, "courses[1].sections[0].meetings[0].days", "days", "an array", "at least one day"),
        (#"{"id": "1", "meetings": [{"days": ["MO", "Tu"], "start": "10:00", "end": "11:00"}]}"#, "courses[1].sections[0].meetings[0].days[1]", "days", "\"Tu\"", "MO, TU"),
        (#"{"id": "1", "meetings": [{"days": ["MO", "MO"], "start": "10:00", "end": "11:00"}]}"#, "courses[1].sections[0].meetings[0].days[1]", "days", "\"MO\"", "each day once"),
        (#"{"id": "1", "meetings": [{"days": "MWF", "start": "10:00", "end": "11:00"}]}"#, "courses[1].sections[0].meetings[0].days", "days", "\"MWF\"", "an array"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "end": "11:00"}]}"#, "courses[1].sections[0].meetings[0].start", "start", nil, "is missing"),
        (#"{"id": "1", "gpa": 4.2}"#, "courses[1].sections[0].gpa", "gpa", "4.2", "0 to 4"),
        (#"{"id": "1", "gpa": "3.1"}"#, "courses[1].sections[0].gpa", "gpa", "\"3.1\"", "is a string"),
        (#"{"id": "1", "rating": -1}"#, "courses[1].sections[0].rating", "rating", "-1", "0 to 5"),
        (#"{"id": "1", "seats": {"open": -1, "total": 3}}"#, "courses[1].sections[0].seats.open", "open", "-1", "whole number ≥ 0"),
        (#"{"id": "1", "seats": {"open": 1.5, "total": 3}}"#, "courses[1].sections[0].seats.open", "open", "1.5", "whole number ≥ 0"),
        (#"{"id": "1", "seats": {"open": 1}}"#, "courses[1].sections[0].seats.total", "total", nil, "is missing"),
        (#"{"id": " "}"#, "courses[1].sections[0].id", "id", "\" \"", "is empty"),
        (#"{"id": "1"}, {"id": "1"}"#, "courses[1].sections[1].id", "id", "\"1\"", "sections[0]"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "11:00", "from": "2027-12-11"}]}"#,
         "courses[1].sections[0].meetings[0].from", "from", "\"2027-12-11\"", "after the term ends"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "11:00", "to": "2027-08-01"}]}"#,
         "courses[1].sections[0].meetings[0].to", "to", "\"2027-08-01\"", "before the term starts"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "11:00", "from": "2027-10-01", "to": "2027-09-01"}]}"#,
         "courses[1].sections[0].meetings[0].to", "to", "\"2027-09-01\"", "from ≤ to"),
        (#"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "11:00", "from": "09/01/2027"}]}"#,
         "courses[1].sections[0].meetings[0].from", "from", "\"09/01/2027\"", "YYYY-MM-DD"),
        (#"{"id": "1", "instructors": "Ada"}"#, "courses[1].sections[0].instructors", "instructors", "\"Ada\"", "an array"),
        (#"7"#, "courses[1].sections[0]", "sections", "7", "a section"),
    ] as [(String, String, String, String?, String)])
    func sectionErrorsNameThePathFieldAndValue(section: String, path: String, field: String, value: String?, expected: String) throws {
        let e = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array(Self.doc(sections: section).utf8), file: "fall.json") })
        #expect(e.path == path, "\(e)")
        #expect(e.field == field, "\(e)")
        #expect(e.value == value, "\(e)")
        #expect(e.description.contains(expected), "\(e)")
        #expect(e.description.hasPrefix("fall.json: \(path): "), "\(e)")
    }

    @Test func courseErrors() throws {
        let twice = Self.doc(sections: Self.good, courses: #", {"code": "cmsc-131", "title": "Again", "credits": 4, "sections": []}"#)
        let e = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array(twice.utf8), file: "f.json") })
        #expect(e.description == #"f.json: courses[2].code: "cmsc-131" is the code of courses[0] too; expected each course once"#)
        let credits = Self.doc(sections: Self.good, courses: #", {"code": "X1", "title": "X", "credits": -3, "sections": []}"#)
        let c = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array(credits.utf8), file: "f.json") })
        #expect(c.path == "courses[2].credits" && c.value == "-3")
        let noTitle = Self.doc(sections: Self.good, courses: #", {"code": "X1", "credits": 3, "sections": []}"#)
        let t = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array(noTitle.utf8), file: "f.json") })
        #expect(t.description == "f.json: courses[2].title: is missing; expected the course title")
    }

    @Test func notJSONOrNotACatalog() throws {
        let e = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array("{\"term\": ".utf8), file: "cut.json") })
        #expect(e.description.hasPrefix("cut.json: is not JSON: at byte 9"), "\(e)")
        let a = try #require(F.error { () throws(CatalogError) in try CatalogJSON.read(Array("[]".utf8), file: "a.json") })
        #expect(a.description.contains("expected an object with \"term\" and \"courses\""), "\(a)")
    }

    /// The schema refuses what the reader refuses, where a schema can say it.
    @Test func theSchemaIsNotTooLax() throws {
        let bad = [
            #"{"id": "1", "meetings": [{"days": ["MO"], "start": "25:00", "end": "26:00"}]}"#,
            #"{"id": "1", "meetings": [{"days": [], "start": "10:00", "end": "11:00"}]}"#,
            #"{"id": "1", "meetings": [{"days": ["Mo"], "start": "10:00", "end": "11:00"}]}"#,
            #"{"id": "1", "meetings": [{"days": ["MO", "MO"], "start": "10:00", "end": "11:00"}]}"#,
            #"{"id": "1", "gpa": 4.2}"#,
            #"{"id": "1", "rating": 5.5}"#,
            #"{"id": "1", "seats": {"open": -1, "total": 3}}"#,
            #"{"id": "1", "seats": {"open": 1.5, "total": 3}}"#,
            #"{"id": "1", "meetings": [{"days": ["MO"], "start": "10:00", "end": "11:00", "from": "09/01/2027"}]}"#,
            #"{"meetings": []}"#,
        ]
        try SchemaCheck.expectInvalid(try bad.map { ("urn:plan:schema:catalog", try F.json(Array(Self.doc(sections: $0).utf8))) })
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(Array(Self.doc(sections: Self.good).utf8)))])
    }

    @Test func zonesAreIANAIdentifiers() {
        #expect(CatalogRules.zoneProblem("America/New_York") == nil)
        #expect(CatalogRules.zoneProblem("Europe/Paris") == nil)
        #expect(CatalogRules.zoneProblem("UTC") == nil)
        #expect(CatalogRules.zoneProblem("Mars/Olympus") != nil)
        #expect(CatalogRules.zoneProblem("") != nil)
        #expect(CatalogRules.zoneProblem("EST") != nil)
    }
}

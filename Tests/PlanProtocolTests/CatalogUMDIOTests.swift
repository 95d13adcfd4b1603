import Foundation
import PlanCore
import Testing
@testable import PlanProtocol
@testable import PlanTimetable

/// A umd.io v1 dump: sections, courses with their sections, and umd.io's own
/// dump `/v1/courses?expand=sections` as `Examples/catalog-umdio-nested.json`
/// has it (string seat counts, a repeated meeting, an online section, a course
/// record given twice); exact duplicates merged with a warning.
@Suite struct CatalogUMDIOTests {
    typealias F = CatalogFixtures

    func read(_ text: String) throws(CatalogError) -> Catalog {
        try UMDIOSections.read(Array(text.utf8), file: "dump.json", term: F.fall2027)
    }

    @Test func theSampleDumpReads() throws {
        let c = try UMDIOSections.read(try F.bytes(F.examples.appendingPathComponent("catalog-umdio.json")), file: "catalog-umdio.json", term: F.fall2027)
        #expect(c.courses.map(\.code) == ["CMSC131", "CCJS225", "MATH140"])
        #expect(c.courses[0].title == "Object-Oriented Programming I" && c.courses[0].credits == 4)
        #expect(c.courses[0].sections[0] == Section(id: "0101", instructors: ["Ada Byron"], seats: Seats(open: 3, total: 40, waitlist: 0), meetings: [
            Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "IRB 0324"),
            Meeting(days: [.friday], start: 540, end: 590, room: "CSI 2117", kind: "discussion"),
        ]))
        #expect(c.courses[0].sections[1].seats == Seats(open: 0, total: 40, waitlist: 7), "\"07\" is 7")
        #expect(c.courses[1].sections[0].meetings.count == 1, "a repeated meeting counts once")
        #expect(c.courses[1].sections[1].id == "ESG1" && c.courses[1].sections[1].meetings.isEmpty, "online")
        #expect(c.courses[2].title == "" && c.courses[2].credits == UMDIOSections.defaultCredits, "no course record")
        #expect(c.courses[2].sections[0].meetings[1].days == [.tuesday, .thursday])
        let written = CatalogJSON.write(c)
        #expect(try CatalogJSON.read(written, file: "w.json") == c)
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(written))])
    }

    @Test func aBareArrayOfSections() throws {
        let c = try UMDIOSections.read(try F.bytes(F.files.appendingPathComponent("umdio-sections.json")), file: "umdio-sections.json", term: F.fall2027)
        #expect(c.courses.map(\.code) == ["ENGL101"])
        #expect(c.courses[0].sections.map(\.id) == ["0101", "0102", "FC01"])
        #expect(c.courses[0].sections[1].seats == Seats(open: 0, total: 19, waitlist: 3))
        #expect(c.courses[0].sections[1].meetings[0] == Meeting(days: [.tuesday, .thursday], start: 750, end: 825, room: "TWS 1108", kind: "lecture"))
    }

    @Test func coursesWithTheirSectionsExpanded() throws {
        let text = #"{"courses": [{"course_id": "BMGT110", "name": "Business Value Chain", "credits": "1-3", "sections": ["BMGT110-0101", {"section_id": "BMGT110-0101", "meetings": [{"days": "MW", "start_time": "2:00pm", "end_time": "3:15pm"}]}]}]}"#
        let c = try read(text)
        #expect(c.courses[0].credits == 1 && c.courses[0].sections[0].meetings[0].start == 840)
    }

    @Test(arguments: [
        (#"[{"section_id": "X1-01", "meetings": [{"days": "MXF", "start_time": "9:00am", "end_time": "9:50am"}]}]"#, "[0].meetings[0].days", "\"MXF\"", "MWF"),
        (#"[{"section_id": "X1-01", "meetings": [{"days": "MWF", "start_time": "9:00xm", "end_time": "9:50am"}]}]"#, "[0].meetings[0].start_time", "\"9:00xm\"", "10:00 AM"),
        (#"[{"section_id": "X1-01", "meetings": [{"days": "MWF", "start_time": "10:00am", "end_time": "9:50am"}]}]"#, "[0].meetings[0].end_time", "\"9:50am\"", "end > start"),
        (#"[{"section_id": "X1-01", "seats": "forty"}]"#, "[0].seats", "\"forty\"", "seat count"),
        (#"[{"section_id": "X1-01", "open_seats": -3}]"#, "[0].open_seats", "-3", "whole number"),
        (#"[{"section_id": "X101"}]"#, "[0].section_id", "\"X101\"", "CMSC131-0101"),
        (#"[{"seats": "3"}]"#, "[0].section_id", nil, "is missing"),
        (#"[{"section_id": "X1-01"}, {"section_id": "x1-01"}]"#, "[1].section_id", "\"x1-01\"", "[0] too"),
        (#"[{"section_id": "X1-01", "instructors": "Ada"}]"#, "[0].instructors", "\"Ada\"", "an array"),
        (#"{"courses": [{"course_id": "X1", "credits": "lots"}], "sections": []}"#, "courses[0].credits", "\"lots\"", "credits"),
        (#"{"courses": [{"name": "X"}]}"#, "courses[0].course_id", nil, "is missing"),
        (#""sections""#, "", "a string", "umd.io dump"),
    ] as [(String, String, String?, String)])
    func errorsNameTheRecordAndField(text: String, path: String, value: String?, expected: String) throws {
        let e = try #require(F.error { () throws(CatalogError) in try read(text) })
        #expect((e.path ?? "") == path, "\(e)")
        #expect(e.value == value, "\(e)")
        #expect(e.description.contains(expected), "\(e)")
    }

    func load(_ text: String) throws(CatalogError) -> ImportedCatalog {
        try UMDIOSections.load(Array(text.utf8), file: "dump.json", term: F.fall2027)
    }

    @Test func theNestedDumpReads() throws {
        let bytes = try F.bytes(F.examples.appendingPathComponent("catalog-umdio-nested.json"))
        #expect(try CatalogImport.sniff(bytes, file: "catalog-umdio-nested.json") == .umdio)
        let read = try CatalogImport.load(bytes, file: "catalog-umdio-nested.json", term: F.fall2027)
        let c = read.catalog
        #expect(c.courses.map(\.code) == ["CMSC131", "CMSC132", "CMSC216", "MATH140"], "MATH141 has only section ids: no sections")
        #expect(c.courses[0].title == "Object-Oriented Programming I" && c.courses[0].credits == 4)
        #expect(c.courses[0].sections[0] == Section(id: "0101", instructors: ["Elena Márquez"], seats: Seats(open: 7, total: 36, waitlist: 0),
                                                    meetings: [
                                                        Meeting(days: [.monday, .wednesday, .friday], start: 600, end: 650, room: "IRB 1115"),
                                                        Meeting(days: [.tuesday], start: 540, end: 590, room: "CSI 2107", kind: "discussion"),
                                                    ]))
        #expect(c.courses[0].sections[1].seats == Seats(open: 0, total: 36, waitlist: 4), "\"04\" is 4")
        #expect(c.courses[1].sections.count == 1, "the course record given twice is read once")
        #expect(c.courses[1].sections[0].meetings.count == 2, "a repeated meeting counts once")
        #expect(c.courses[2].sections[1].instructors == ["Mei-Lin Chao", "Thomas Reinholt"])
        #expect(c.courses[3].sections[1].id == "ESG1" && c.courses[3].sections[1].meetings.isEmpty, "online: empty days")
        #expect(read.warnings.map(\.id) == ["duplicate-sections"])
        #expect(read.warnings.map(\.description)
            == ["catalog-umdio-nested.json: 1 exact duplicate section record merged (each kept once), e.g. CMSC132-0101 at [1].sections[0] and [5].sections[0]"])
        #expect(try CatalogImport.read(bytes, file: "catalog-umdio-nested.json", term: F.fall2027) == c)
    }

    @Test func courseAndSectionRecordsMayBeMixed() throws {
        let read = try load(#"""
        [{"course_id": "MATH140", "name": "Calculus I", "credits": "4", "sections": []},
         {"section_id": "MATH140-0111", "seats": "30", "meetings": [{"days": "MWF", "start_time": "9:00am", "end_time": "9:50am"}]},
         {"course_id": "CMSC131", "name": "Object-Oriented Programming I", "credits": 4,
          "sections": [{"section_id": "CMSC131-0101", "meetings": [{"days": "TuTh", "start_time": "9:30am", "end_time": "10:45am"}]}]}]
        """#)
        #expect(read.catalog.courses.map(\.code) == ["MATH140", "CMSC131"])
        #expect(read.catalog.courses[0].title == "Calculus I" && read.catalog.courses[0].credits == 4)
        #expect(read.warnings.isEmpty)
    }

    @Test func exactDuplicatesAreMergedAndCounted() throws {
        let record = #"{"section_id": "CMSC131-0101", "instructors": ["Ada Byron"], "seats": "40", "open_seats": "07"}"#
        let reordered = #"{"open_seats": "07", "seats": "40", "instructors": ["Ada Byron"], "section_id": "CMSC131-0101"}"#
        let other = #"{"section_id": "CMSC131-0102", "seats": "40"}"#
        let read = try load("[\(record), \(other), \(reordered), \(other)]")
        #expect(read.catalog.courses[0].sections.map(\.id) == ["0101", "0102"])
        #expect(read.catalog.courses[0].sections[0].seats == Seats(open: 7, total: 40))
        #expect(read.warnings.map(\.message) == ["2 exact duplicate section records merged (each kept once), e.g. CMSC131-0101 at [0] and [2]"])
    }

    @Test func aDuplicateWithOtherValuesIsRefusedNamingBothPlaces() throws {
        let e = try #require(F.error { () throws(CatalogError) in
            try load(#"""
            [{"course_id": "CMSC131", "sections": [{"section_id": "CMSC131-0101", "seats": "40", "open_seats": "07"}]},
             {"course_id": "CMSC131", "sections": [{"section_id": "CMSC131-0101", "seats": "40", "open_seats": "06"}]}]
            """#).catalog
        })
        #expect(e.path == "[1].sections[0].section_id", "\(e)")
        #expect(e.description.contains("[0].sections[0]") && e.description.contains("other values"), "\(e)")
    }
}

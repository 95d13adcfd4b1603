import Foundation
import PlanCore
import Testing
@testable import PlanProtocol
@testable import PlanTimetable

/// A registrar's CSV export, one row per meeting.
@Suite struct CatalogCSVTests {
    typealias F = CatalogFixtures

    func read(_ text: String, file: String = "export.csv") throws(CatalogError) -> Catalog {
        try RegistrarCSV.read(Array(text.utf8), file: file, term: F.fall2027)
    }

    @Test func theSampleExportReads() throws {
        let c = try RegistrarCSV.read(try F.bytes(F.examples.appendingPathComponent("catalog-sample.csv")), file: "catalog-sample.csv", term: F.fall2027)
        #expect(c.courses.map(\.code) == ["CMSC 131", "MATH 140", "HIST 200", "PHYS 261", "UNIV 100", "ENGL 101"])
        let cmsc = c.courses[0]
        #expect(cmsc.title == "Object-Oriented Programming I" && cmsc.credits == 4)
        #expect(cmsc.sections.map(\.id) == ["0101", "0102"])
        #expect(cmsc.sections[0] == Section(id: "0101", instructors: ["Byron, Ada"], gpa: 3.21, rating: 4.2, seats: Seats(open: 3, total: 40, waitlist: 0), meetings: [
            Meeting(days: [.monday, .wednesday], start: 600, end: 650, room: "IRB 0324", kind: "lecture"),
            Meeting(days: [.friday], start: 540, end: 590, room: "CSI 2117", kind: "discussion"),
        ]))
        #expect(cmsc.sections[1].seats == Seats(open: 0, total: 40, waitlist: 6))
        let math = c.courses[1].sections[0]
        #expect(math.instructors == ["Lucia Ferreira", "Omar Saleh"])
        #expect(math.meetings.map(\.start) == [780, 480] && math.meetings[1].days == [.tuesday, .thursday])
        #expect(math.rating == nil && math.gpa == 2.74)
        #expect(c.courses[2].title == "The Atlantic World, 1500-1800")
        #expect(c.courses[2].sections[0].meetings[0] == Meeting(days: [.tuesday, .thursday], start: 810, end: 885, room: "KEY 0106", kind: "lecture"))
        #expect(c.courses[3].title == #"General Physics: "Waves" Lab"#)
        #expect(c.courses[3].sections[0].meetings[0].from == F.date("2027-09-13") && c.courses[3].sections[0].meetings[0].kind == "lab")
        #expect(c.courses[4].sections[0].meetings[0].from == F.date("2027-10-18"))
        #expect(c.courses[4].sections[0].meetings[0].days == [.monday, .wednesday])
        #expect(c.courses[4].sections[0].meetings[0].start == 960)
        #expect(c.courses[5].sections[0].meetings.isEmpty, "TBA: a section with no meeting")
        #expect(c.term == F.fall2027)
        // What it reads is a valid catalog: canonical JSON that validates and reads back.
        let written = CatalogJSON.write(c)
        #expect(try CatalogJSON.read(written, file: "w.json") == c)
        try SchemaCheck.expectValid([("urn:plan:schema:catalog", try F.json(written))])
    }

    @Test func tabsASingleTimeColumnAndArrangedRows() throws {
        let c = try RegistrarCSV.read(try F.bytes(F.files.appendingPathComponent("registrar-tabs.tsv")), file: "registrar-tabs.tsv", term: F.fall2027)
        #expect(c.courses.map(\.code) == ["CS 201", "CS 299", "MATH 221"])
        let a1 = c.courses[0].sections[0]
        #expect(a1.meetings == [Meeting(days: [.monday, .wednesday, .friday], start: 600, end: 650, room: "SCI 120", kind: "lecture"),
                                Meeting(days: [.tuesday], start: 780, end: 890, room: "SCI 005", kind: "lab")])
        #expect(a1.seats == Seats(open: 0, total: 150))
        #expect(c.courses[0].sections[1].meetings[0].days == [.monday, .wednesday, .friday])
        #expect(c.courses[1].sections[0].meetings.isEmpty && c.courses[1].sections[0].instructors == ["Staff"])
        #expect(c.courses[2].sections[0].meetings[0].start == 660 && c.courses[2].sections[0].meetings[0].end == 735)
    }

    @Test func quotedFieldsCRLFAndHeaderAliases() throws {
        let text = "\u{FEFF}COURSE_CODE;SECT;Name;Credit Hours;Meeting Days;Begin Time;Stop Time;Professor\r\n"
            + "\"CMSC 436\";\"0101\";\"Handhelds; \"\"mobile\"\"\";3;M W;10:00;10:50;\"A; B\"\r\n"
            + "\r\n"
            + "CMSC 436;0102;\"Handhelds; \"\"mobile\"\"\";3;\"Tu,Th\";930;1045;C\r\n"
        let c = try read(text)
        #expect(c.courses.count == 1)
        #expect(c.courses[0].title == #"Handhelds; "mobile""#)
        #expect(c.courses[0].sections[0].instructors == ["A", "B"])
        #expect(c.courses[0].sections[1].meetings == [Meeting(days: [.tuesday, .thursday], start: 570, end: 645)])
    }

    @Test func aQuotedFieldMaySpanLines() throws {
        let text = "Course,Section,Credits,Days,Start,End,Title\nA 1,1,3,MWF,9:00,9:50,\"two\nlines\"\nA 1,2,3,,,,\"two\nlines\"\nB 2,1,3,TR,8:00,9:15,x\n"
        let c = try read(text)
        #expect(c.courses[0].title == "two\nlines")
        // Line numbers count the line inside the quotes.
        let bad = text.replacingOccurrences(of: "B 2,1,3,TR,8:00,9:15", with: "B 2,1,3,TX,8:00,9:15")
        let e = try #require(F.error { () throws(CatalogError) in try read(bad) })
        #expect(e.line == 6, "\(e)")
    }

    @Test(arguments: [
        ("MWF", [Weekday.monday, .wednesday, .friday]), ("TR", [.tuesday, .thursday]), ("TTh", [.tuesday, .thursday]),
        ("TuTh", [.tuesday, .thursday]), ("MoWe", [.monday, .wednesday]), ("M W F", [.monday, .wednesday, .friday]),
        ("Mon/Wed", [.monday, .wednesday]), ("MTWRF", [.monday, .tuesday, .wednesday, .thursday, .friday]),
        ("Monday, Thursday", [.monday, .thursday]), ("SaSu", [.saturday, .sunday]), ("U", [.sunday]), ("f", [.friday]),
    ])
    func days(text: String, expected: [Weekday]) {
        #expect(DayLetters.parse(text) == expected)
    }

    @Test func notDays() {
        for text in ["MXF", "MM", "", "Funday", "123"] { #expect(DayLetters.parse(text) == nil, "\(text)") }
        for text in ["TBA", "ARR", "", " ", "Online", "t.b.a."] { #expect(DayLetters.isUnscheduled(text), "\(text)") }
    }

    @Test(arguments: [
        ("10:00", 600), ("10:00 AM", 600), ("1:30pm", 810), ("1330", 810), ("930", 570), ("12:00 PM", 720), ("12:15 am", 15),
        ("10am", 600), ("10 a.m.", 600), ("4 PM", 960), ("noon", 720), ("24:00", 1440), ("0:05", 5),
    ])
    func times(text: String, minutes: Int) {
        #expect(ClockText.parse(text)?.minutes == minutes)
    }

    @Test func notTimes() {
        for text in ["25:00", "10:60", "13:00 PM", "0:30am", "10:5", "ten", "", "12345", "1:30:00"] {
            #expect(ClockText.parse(text) == nil, "\(text)")
        }
        #expect(ClockText.range("1-2:15PM")! == (780, 855))
        #expect(ClockText.range("11:00-12:15pm")! == (660, 735))
        #expect(ClockText.range("9-10:30AM")! == (540, 630))
        #expect(ClockText.range("10:30-12NOON")! == (630, 720))
        #expect(ClockText.range("10:00") == nil)
    }

    static let header = "Course,Section,Title,Credits,Days,Start Time,End Time,Room,Open,Capacity,Waitlist,GPA,Rating,Start Date,End Date\n"

    /// Each bad row names its line, the column, the value and what was expected.
    @Test(arguments: [
        ("A 1,01,T,3,MXF,10:00,10:50,,,,,,,,", "Days", "\"MXF\"", "MWF, TR"),
        ("A 1,01,T,3,MW,10:70,10:50,,,,,,,,", "Start Time", "\"10:70\"", "1:30pm"),
        ("A 1,01,T,3,MW,10:00,,,,,,,,,", "End Time", "\"\"", "a time of day"),
        ("A 1,01,T,3,MW,11:00,10:50,,,,,,,,", "End Time", "\"10:50\"", "end > start"),
        ("A 1,01,T,three,MW,10:00,10:50,,,,,,,,", "Credits", "\"three\"", "a number"),
        ("A 1,01,T,,MW,10:00,10:50,,,,,,,,", "Credits", "\"\"", "is empty"),
        ("A 1,,T,3,MW,10:00,10:50,,,,,,,,", "Section", "\"\"", "is empty"),
        (",01,T,3,MW,10:00,10:50,,,,,,,,", "Course", "\"\"", "is empty"),
        ("A 1,01,T,3,MW,10:00,10:50,,-2,30,,,,,", "Open", "\"-2\"", "whole number"),
        ("A 1,01,T,3,MW,10:00,10:50,,2,30,1.5,,,,", "Waitlist", "\"1.5\"", "whole number"),
        ("A 1,01,T,3,MW,10:00,10:50,,,,,4.5,,,", "GPA", "\"4.5\"", "0 to 4"),
        ("A 1,01,T,3,MW,10:00,10:50,,,,,,9,,", "Rating", "\"9\"", "0 to 5"),
        ("A 1,01,T,3,MW,10:00,10:50,,,,,,,2027-13-01,", "Start Date", "\"2027-13-01\"", "8/30/2027"),
        ("A 1,01,T,3,MW,10:00,10:50,,,,,,,2028-01-01,", "Start Date", "\"2028-01-01\"", "after the term ends"),
        ("A 1,01,T,3,MW,10:00,10:50,,,,,,,10/20/2027,10/01/2027", "End Date", "\"10/01/2027\"", "from ≤ to"),
    ] as [(String, String, String, String)])
    func rowErrors(row: String, column: String, value: String, expected: String) throws {
        let e = try #require(F.error { () throws(CatalogError) in try read(Self.header + "A 1,00,T,3,F,9:00,9:50,,,,,,,,\n" + row + "\n") })
        #expect(e.line == 3, "\(e)")
        #expect(e.field == column, "\(e)")
        #expect(e.value == value, "\(e)")
        #expect(e.description.hasPrefix("export.csv:3: column \"\(column)\": \(value) "), "\(e)")
        #expect(e.description.contains(expected), "\(e)")
    }

    @Test func rowsOfOneSectionMustAgree() throws {
        let text = Self.header + "A 1,01,T,3,MW,10:00,10:50,,,,,3.1,,,\nA 1,01,T,3,F,10:00,10:50,,,,,3.2,,,\n"
        let e = try #require(F.error { () throws(CatalogError) in try read(text) })
        #expect(e.description == #"export.csv:3: column "GPA": "3.2" differs from the gpa given on line 2 (3.1); expected the same gpa on every row of the course or section"#)
        let credits = Self.header + "A 1,01,T,3,MW,10:00,10:50,,,,,,,,\nA 1,02,T,4,F,10:00,10:50,,,,,,,,\n"
        let c = try #require(F.error { () throws(CatalogError) in try read(credits) })
        #expect(c.line == 3 && c.field == "Credits", "\(c)")
    }

    @Test func fileErrors() throws {
        let missing = try #require(F.error { () throws(CatalogError) in try read("Course,Section,Credits,Start,End\nA,1,3,10:00,11:00\n") })
        #expect(missing.description.contains("has no Days column"), "\(missing)")
        #expect(missing.line == 1)
        let empty = try #require(F.error { () throws(CatalogError) in try read("") })
        #expect(empty.description.contains("is empty"))
        let headerOnly = try #require(F.error { () throws(CatalogError) in try read(Self.header) })
        #expect(headerOnly.description.contains("no rows"))
        let open = try #require(F.error { () throws(CatalogError) in try read(Self.header + "A 1,01,\"T,3,MW,10:00,10:50\n") })
        #expect(open.line == 2 && open.description.contains("never closed"), "\(open)")
        let wide = try #require(F.error { () throws(CatalogError) in try read(Self.header + "A 1,01,T,3,MW,10:00,10:50,,,,,,,,,extra\n") })
        #expect(wide.line == 2 && wide.description.contains("16 fields but the header has 15"), "\(wide)")
        var badTerm = F.fall2027
        badTerm.timeZone = "Nowhere/Zone"
        let zone = try #require(F.error { () throws(CatalogError) in try RegistrarCSV.read(Array(Self.header.utf8), file: "x.csv", term: badTerm) })
        #expect(zone.path == "term.timeZone", "\(zone)")
    }

    /// Latin-1 is read when it is asked for; by default its line is refused, saying how to ask.
    @Test func latin1BytesAreReadWhenAskedFor() throws {
        var bytes = Array("Course,Section,Credits,Days,Start,End,Instructor\nA 1,1,3,MW,9:00,9:50,Jos".utf8)
        bytes += [0xE9, 0x0A]
        let refused = try #require(F.error { () throws(CatalogError) in try RegistrarCSV.read(bytes, file: "win.csv", term: F.fall2027) })
        #expect(refused.line == 2 && refused.description.contains("2: not UTF-8"), "\(refused)")
        #expect(refused.description.contains("--encoding latin1"), "\(refused)")
        let c = try RegistrarCSV.read(bytes, file: "win.csv", term: F.fall2027, encoding: .latin1)
        #expect(c.courses[0].sections[0].instructors == ["José"])
    }
}

import PlanCore
import Testing
@testable import PlanTimetable

/// Grades and ratings joined onto a catalog by instructor, on names as real
/// exports write them: "Last, First", capitals, accents, hyphens, middle
/// initials on one side, names that match nobody or more than one.
@Suite struct RatingsJoinTests {
    static let mw = [meet("MW", "10:00", "10:50")]

    static func catalog(_ courses: [(String, [Section])]) -> Catalog {
        Catalog(term: fall, courses: courses.map { Course(code: $0.0, title: $0.0, credits: 3, sections: $0.1) })
    }

    static func csv(_ text: String) throws -> [RatingRow] {
        try RatingsFile.read(Array(text.utf8), file: "r.csv")
    }

    @Test(arguments: [
        ("Wyss-Gallifent, Justin", "JUSTIN WYSS GALLIFENT"),
        ("José Núñez", "Jose Nunez"),
        ("Núñez, José", "jose  nunez"),
        ("Søren Halvorsen", "Halvorsen, Soren"),
        ("Grace O'Neill", "O’NEILL, GRACE"),
        ("Mei-Lin Chao", "Chao, Mei Lin"),
    ])
    func namesThatAreOnePerson(a: String, b: String) {
        #expect(InstructorName(a).key == InstructorName(b).key, "\(InstructorName(a).key) vs \(InstructorName(b).key)")
    }

    @Test func aMiddleNameOnOneSideOnly() {
        #expect(InstructorName("Smith, John A.").loosely(matches: InstructorName("John Smith")))
        #expect(InstructorName("John Smith").loosely(matches: InstructorName("John Adam Smith")))
        #expect(!InstructorName("John A. Smith").loosely(matches: InstructorName("John B. Smith")), "two different middles")
        #expect(!InstructorName("Smith").loosely(matches: InstructorName("John Smith")), "a last name alone")
        #expect(!InstructorName("Jane Smith").loosely(matches: InstructorName("John Smith")))
    }

    @Test func messyNamesJoin() throws {
        let catalog = Self.catalog([
            ("MATH140", [section("0101", Self.mw, instructors: ["Justin Wyss-Gallifent"]),
                         section("0201", Self.mw, instructors: ["José Núñez"])]),
            ("CMSC131", [section("0101", Self.mw, instructors: ["John Smith"], gpa: 3.0),
                         section("0201", Self.mw, instructors: ["Staff"])]),
        ])
        let rows = try Self.csv("""
            Instructor,Course,GPA,Rating
            "Wyss-Gallifent, Justin",,3.1,4.5
            JUSTIN WYSS GALLIFENT,MATH140,2.9,
            Jose Nunez,,2.5,3
            "Smith, John A.",,3.4,N/A
            "Smith",,1.0,1.0
            "Lindqvist, Hannah",,3.9,4.9
            ,,3.0,3.0
            Nobody Atall,,,
            """)
        let (joined, report) = RatingsJoin.join(rows, onto: catalog)
        let math = joined.courses[0].sections, cmsc = joined.courses[1].sections
        #expect(math[0].gpa == 2.9, "the row for the course wins over the instructor's row")
        #expect(math[0].rating == 4.5, "the course row has no rating: the instructor's row gives it")
        #expect(math[1].gpa == 2.5 && math[1].rating == 3)
        #expect(cmsc[0].gpa == 3.4 && cmsc[0].rating == nil, "a middle initial on one side; the catalog's GPA replaced")
        #expect(cmsc[1].gpa == nil)
        #expect(report.rows == 8 && report.skipped == 2)
        #expect(report.gainedGPA == 2 && report.replacedGPA == 1 && report.gainedRating == 2 && report.replacedRating == 0)
        #expect(report.instructors == 4 && report.instructorsWithoutValues == 1, "Staff")
        #expect(report.unmatched == ["Lindqvist, Hannah", "Smith"], "a last name alone matches no one")
        #expect(report.ambiguous.isEmpty)
    }

    @Test func twoInstructorsGiveTheirMean() throws {
        let catalog = Self.catalog([("CMSC216", [section("0101", Self.mw, instructors: ["Mei-Lin Chao", "Thomas Reinholt", "Staff"])])])
        let rows = try Self.csv("Last Name,First Name,Avg GPA,Quality\nChao,Mei Lin,3.0,4.0\nReinholt,Thomas,2.5,\n")
        let (joined, report) = RatingsJoin.join(rows, onto: catalog)
        #expect(joined.courses[0].sections[0].gpa == 2.75 && joined.courses[0].sections[0].rating == 4.0)
        #expect(report.instructorsWithoutValues == 1)
    }

    @Test func ambiguousNamesAreNotGuessed() throws {
        let catalog = Self.catalog([
            ("MATH240", [section("0101", Self.mw, instructors: ["John A. Smith"]), section("0201", Self.mw, instructors: ["John B. Smith"])]),
            ("MATH241", [section("0101", Self.mw, instructors: ["Ann Lee"])]),
        ])
        let rows = try Self.csv("name,rating\nJohn Smith,4.0\n\"Lee, Ann K.\",3.0\nAnn M. Lee,2.0\n")
        let (joined, report) = RatingsJoin.join(rows, onto: catalog)
        #expect(joined == catalog, "nothing joined")
        #expect(report.ambiguous == [
            .init(name: "Ann M. Lee", candidates: ["Ann Lee"], rivals: ["Lee, Ann K."]),
            .init(name: "John Smith", candidates: ["John A. Smith", "John B. Smith"], rivals: []),
            .init(name: "Lee, Ann K.", candidates: ["Ann Lee"], rivals: ["Ann M. Lee"]),
        ])
        #expect(report.unmatched.isEmpty)
    }

    /// A file of thousands of names nobody teaches, or that could be several
    /// people, is reported by its counts and the first 20 of each.
    @Test func longNameListsAreCappedAndCounted() throws {
        var sections: [Section] = []
        var text = "name,rating\n"
        for i in 0..<25 {
            let last = "Lee\(String(repeating: "x", count: i + 1))"
            sections.append(section("0\(100 + i)", Self.mw, instructors: ["Ann K. \(last)", "Ann M. \(last)"]))
            text += "Ann \(last),3.0\n"
        }
        for i in 0..<5_000 { text += "Nobody Number\(i),4.0\n" }
        let (_, report) = RatingsJoin.join(try Self.csv(text), onto: Self.catalog([("MATH240", sections)]))
        #expect(report.unmatchedCount == 5_000 && report.unmatched.count == RatingsReport.listedNames)
        #expect(report.unmatched.first == "Nobody Number0")
        #expect(report.ambiguousCount == 25 && report.ambiguous.count == RatingsReport.listedNames)
    }

    @Test func theSameResultEveryTime() throws {
        let catalog = Self.catalog([("CMSC131", [section("0101", Self.mw, instructors: ["Ada Byron"])])])
        let rows = try Self.csv("professor,gpa\nZed Zulu,3\nAl Alpha,3\nAda Byron,3.5\nMo Mid,2\n")
        let first = RatingsJoin.join(rows, onto: catalog)
        #expect(first.report.unmatched == ["Al Alpha", "Mo Mid", "Zed Zulu"])
        #expect(RatingsJoin.join(rows, onto: catalog) == first)
    }

    @Test func columnsByTheirUsualNamesOrByMap() throws {
        let planetterp = #"[{"name": "Elena Marquez", "courses": ["CMSC131"], "average_rating": 4.6}, {"name": "X Y", "average_rating": null}]"#
        #expect(try RatingsFile.read(Array(planetterp.utf8), file: "p.json")
            == [RatingRow(instructor: "Elena Marquez", rating: 4.6), RatingRow(instructor: "X Y")])
        let rmp = "School,Department,First Name,Last Name,Avg Rating,Would Take Again\nUMD,Math,Søren,Halvorsen,3.9,80%\n"
        #expect(try Self.csv(rmp) == [RatingRow(instructor: "Halvorsen, Søren", rating: 3.9)])
        let own = "Prof;Class;Mean of grades\nAda Byron;CMSC 131;3.3\n"
        let mapped = try RatingsFile.read(Array(own.utf8), file: "own.csv", map: [("mean of grades", .gpa)])
        #expect(mapped == [RatingRow(instructor: "Ada Byron", course: "CMSC 131", gpa: 3.3)])
    }

    @Test(arguments: [
        ("Instructor,GPA\nAda Byron,3.1\nAl Turing,3,2\n", "r.csv:3: has 3 fields, more than the header's 2"),
        ("Instructor,GPA\nAda Byron,abc\n", "r.csv:2: column \"GPA\": \"abc\" is not a number; expected a GPA from 0 to 4"),
        ("Instructor,Rating\nAda Byron,7\n", "r.csv:2: column \"Rating\": \"7\" is outside 0–5"),
        ("Instructor,Course\nAda Byron,X\n", "has no GPA or rating column"),
        ("Course,GPA\nX,3\n", "has no instructor column"),
    ])
    func badFilesAreRefusedWithWhere(text: String, message: String) {
        #expect(throws: CatalogError.self) { try Self.csv(text) }
        do {
            _ = try Self.csv(text)
        } catch {
            #expect("\(error)".contains(message), "\(error)")
        }
    }

    @Test func jsonErrorsNameThePath() {
        do {
            _ = try RatingsFile.read(Array(#"[{"name": "A B", "average_gpa": "3.1"}, {"name": "C D", "average_gpa": "x"}]"#.utf8), file: "p.json")
            Issue.record("read")
        } catch {
            #expect(error.description == "p.json: [1].average_gpa: \"x\" is not a number; expected a GPA from 0 to 4 such as 3.12, or blank")
        }
        do {
            _ = try RatingsFile.read(Array("Instructor,GPA\nA,3\n".utf8), file: "r.csv", map: [("Avg", .gpa)])
            Issue.record("read")
        } catch {
            #expect(error.description.contains("column \"Avg\": is given with --map Avg=gpa but is not in the file"), "\(error)")
        }
    }

    @Test func theBoundsAreExact() throws {
        let row = "Ada Byron,3\n"
        let full = "Instructor,GPA\n" + String(repeating: row, count: RatingsFile.maxRows)
        #expect(try RatingsFile.read(Array(full.utf8), file: "r.csv").count == RatingsFile.maxRows)
        do {
            _ = try RatingsFile.read(Array((full + row).utf8), file: "r.csv")
            Issue.record("read one row past the bound")
        } catch {
            #expect(error.description == "r.csv: has 100001 rows, more than 100000, the most plan reads from one ratings file")
        }
        do {
            _ = try RatingsFile.read([UInt8](repeating: 0x20, count: RatingsFile.maxBytes + 1), file: "r.csv")
            Issue.record("read one byte past the bound")
        } catch {
            #expect(error.description.contains("is larger than 16000000 bytes"))
        }
    }
}

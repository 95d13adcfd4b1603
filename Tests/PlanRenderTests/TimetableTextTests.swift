import PlanCore
import PlanTimetable
import Testing
@testable import PlanRender

/// What `plan courses build` says about its scores: where a filled-in value came from, a
/// choice that rests mostly on them, and what it ranks by when there is no score at all.
@Suite struct TimetableTextTests {
    static let term = Term(name: "Fall 2027", timeZone: "America/New_York", start: LocalDate(year: 2027, month: 8, day: 30),
                           end: LocalDate(year: 2027, month: 12, day: 10))

    static func text(_ courses: [Course], _ options: BuildOptions = BuildOptions()) -> String {
        let catalog = Catalog(term: term, courses: courses)
        return TimetableText.build(TimetableBuilder.build(catalog: catalog, courses: courses, options: options), catalog: catalog, options: options)
    }

    static func section(_ id: String, _ day: Weekday, gpa: Double? = nil, rating: Double? = nil) -> Section {
        Section(id: id, instructors: ["Staff \(id)"], gpa: gpa, rating: rating, meetings: [Meeting(days: [day], start: 600, end: 650)])
    }

    @Test func filledValuesSayWhereTheyCameFromAndAGuessIsFlagged() {
        let a = Course(code: "CMSC131", title: "A", credits: 3, sections: [Self.section("0101", .monday, gpa: 3.0, rating: 4.0),
                                                                            Self.section("0201", .tuesday)])
        let b = Course(code: "CMSC132", title: "B", credits: 3, sections: [Self.section("0101", .wednesday)])
        let out = Self.text([a, b])
        #expect(out.contains("CMSC131 0201 · W") == false)
        #expect(out.contains("CMSC131 0201 · T 10:00–10:50 · Staff 0201 · GPA 3.00* (course median) · rating 4.0* (course median)"), "\(out)")
        #expect(out.contains("CMSC132 0101 · W 10:00–10:50 · Staff 0101 · GPA 3.00* (department median) · rating 4.0* (department median)"), "\(out)")
        #expect(out.contains("; mostly filled-in values (100% of the score)"), "\(out)")
        #expect(out.contains("* not known for that section: the median of the course's other sections"), "\(out)")
    }

    @Test func withoutAnyScoreItSaysWhatItRanksBy() {
        let none = Self.text([Course(code: "A1", title: "A", credits: 3, sections: [Self.section("1", .monday), Self.section("2", .tuesday)])])
        #expect(none.contains("No section in this catalog has a GPA or rating, so there is no score"), "\(none)")
        #expect(!none.contains("score "), "\(none)")
        let gpaOnly = [Course(code: "A1", title: "A", credits: 3, sections: [Self.section("1", .monday, gpa: 3.1)])]
        #expect(Self.text(gpaOnly).contains("No section in this catalog has a rating: scores are GPAs alone."))
        let zeroed = Self.text(gpaOnly, BuildOptions(gpaWeight: 0, ratingWeight: 1))
        #expect(zeroed.contains("No score: the catalog has no rating, and --weight gpa=0 leaves out its GPAs;"), "\(zeroed)")
    }
}

import PlanCore
import Testing
@testable import PlanTimetable

/// Section scores, the medians that fill missing values, and interchangeable sections.
@Suite struct ScoringTests {
    @Test func aSectionScoreIsTheWeightedMeanOfGPAAndRating() {
        let result = build([course("A", [section("1", [], gpa: 3.0, rating: 4.0)])])
        // (3/4 + 4/5) / 2 = 0.775
        #expect(abs(result.combinations[0].score - 77.5) < 1e-9)
        #expect(abs(result.combinations[0].picks[0].score - 0.775) < 1e-12)
        let gpaOnly = build([course("A", [section("1", [], gpa: 3.0, rating: 4.0)])], BuildOptions(ratingWeight: 0))
        #expect(abs(gpaOnly.combinations[0].score - 75) < 1e-9)
        let weighted = build([course("A", [section("1", [], gpa: 3.0, rating: 4.0)])], BuildOptions(gpaWeight: 1, ratingWeight: 3))
        #expect(abs(weighted.combinations[0].score - (0.75 + 3 * 0.8) / 4 * 100) < 1e-9)
    }

    @Test func aCombinationScoreIsCreditWeighted() {
        let a = course("A", credits: 4, [section("1", [], gpa: 4.0, rating: 5.0)])
        let b = course("B", credits: 1, [section("1", [], gpa: 0, rating: 0)])
        #expect(abs(build([a, b]).combinations[0].score - 80) < 1e-9)
    }

    @Test func missingValuesAreTheMedianOfAnOddCount() {
        // Known gpas of course A 2.0, 4.0, 3.0: median 3.0 (course Z's 1.0 does not count for A).
        let a = course("A", [section("1", [], gpa: 2.0, rating: 5), section("2", [meet("M", "10:00", "11:00")], rating: 5),
                             section("3", [meet("T", "10:00", "11:00")], gpa: 4.0, rating: 1), section("4", [meet("W", "10:00", "11:00")], gpa: 3.0, rating: 1)])
        let other = course("Z", [section("1", [], gpa: 1.0, rating: 5)])
        var every = BuildOptions()
        every.variants = true
        let result = TimetableBuilder.build(catalog: Catalog(term: fall, courses: [a, other]), courses: [a], options: every)
        #expect(result.filledGPA == 2.5)  // the catalog's: 1, 2, 3, 4
        #expect(result.filledRating == 5.0)
        let filled = result.combinations.first { $0.picks[0].ids == ["2"] }!
        #expect(filled.picks[0].gpaFill == FilledValue(value: 3.0, source: .course) && !filled.picks[0].filledRating)
        #expect(abs(filled.score - (0.75 + 1) / 2 * 100) < 1e-9)
        #expect(result.combinations[0].picks[0].ids == ["2"])  // 3.0 filled and rating 5 beat 2.0 known
        #expect(result.usedFilled)
    }

    /// The case: an "Instructor: TBA" evening section of an intro course is filled with
    /// what that course's professors get, not with a catalog median that graduate seminars
    /// raise; a course with no values takes its department's, a code with no letters the catalog's.
    @Test func fillsComeFromTheCourseThenTheDepartmentThenTheCatalog() {
        let intro = course("CMSC131", [
            section("0101", [meet("MW", "10:00", "10:50")], instructors: ["Pat Smith"], gpa: 2.99, rating: 4.3),
            section("0102", [meet("TR", "10:00", "10:50")], instructors: ["Lee Wong"], gpa: 2.7, rating: 3.1),
            section("0301", [meet("MW", "18:00", "19:15")], instructors: ["TBA"]),
        ])
        let noValues = course("CMSC132", [section("0101", [meet("F", "10:00", "10:50")])])
        let seminars = course("CMSC818", [section("0101", [], gpa: 3.95, rating: 4.9), section("0201", [], gpa: 3.9, rating: 4.8),
                                          section("0301", [], gpa: 3.85, rating: 4.7)])
        let numbered = course("12345", [section("1", [meet("F", "13:00", "13:50")])])
        let math = course("MATH140", [section("0101", [], gpa: 2.5, rating: 3.0)])
        let catalog = Catalog(term: fall, courses: [intro, noValues, seminars, numbered, math])
        var every = BuildOptions(top: 10)
        every.variants = true
        let result = TimetableBuilder.build(catalog: catalog, courses: [intro, noValues, numbered], options: every)
        // Course medians: gpa (2.99 + 2.7) / 2 = 2.845, rating 3.7.
        let tba = result.combinations.first { $0.picks[0].ids == ["0301"] }!
        #expect(tba.picks[0].gpaFill == FilledValue(value: 2.845, source: .course))
        #expect(tba.picks[0].ratingFill == FilledValue(value: 3.7, source: .course))
        #expect(result.combinations[0].picks[0].ids == ["0101"])  // the known professor, not TBA
        #expect(result.combinations.map { $0.picks[0].ids[0] } == ["0101", "0301", "0102"])
        // CMSC132: the department's sections (2.99, 2.7, 3.95, 3.9, 3.85): gpa 3.85, rating (3.1 4.3 4.7 4.8 4.9) 4.7.
        #expect(tba.picks[1].gpaFill == FilledValue(value: 3.85, source: .department))
        #expect(tba.picks[1].ratingFill == FilledValue(value: 4.7, source: .department))
        // 12345: the catalog's (2.5 2.7 2.99 3.85 3.9 3.95): gpa (2.99 + 3.85) / 2 = 3.42.
        #expect(tba.picks[2].gpaFill == FilledValue(value: 3.42, source: .catalog))
        #expect(result.filledGPA == 3.42)
        // Filled: both fields of every pick of TBA's choice; two of three courses (equal credits) of 0101's.
        #expect(tba.filledShare == 1 && tba.mostlyFilled)
        #expect(abs(result.combinations[0].filledShare - 2.0 / 3) < 1e-12 && result.combinations[0].mostlyFilled)
        #expect(result.scoredBy == ["gpa", "rating"])
        let one = TimetableBuilder.build(catalog: catalog, courses: [intro], options: every)
        #expect(one.combinations.map(\.filledShare) == [0, 1, 0] && one.combinations.map(\.mostlyFilled) == [false, true, false])
    }

    @Test func missingValuesAreTheMeanOfTheTwoMiddleValuesOfAnEvenCount() {
        let sections = [section("1", [], gpa: 2.0), section("2", [], gpa: 3.0), section("3", [], gpa: 3.5), section("4", [], gpa: 4.0),
                        section("5", [meet("M", "10:00", "11:00")])]
        let result = build([course("A", sections)], BuildOptions(ratingWeight: 0))
        #expect(result.filledGPA == 3.25)
        let filled = result.combinations.first { $0.picks[0].ids == ["5"] }!
        #expect(abs(filled.score - 3.25 / 4 * 100) < 1e-9)
        #expect(firstIds(result) == [["4"], ["3"], ["5"], ["2"], ["1"]])
    }

    @Test func aFieldWithNoKnownValueDoesNotCount() {
        let result = build([course("A", [section("1", [], rating: 4.0), section("2", [meet("M", "10:00", "11:00")], rating: 3.0)])])
        #expect(result.filledGPA == nil)
        #expect(!result.usedFilled)
        #expect(abs(result.combinations[0].score - 80) < 1e-9)
        #expect(!result.combinations[0].picks[0].filledGPA)
        #expect(result.scoredBy == ["rating"])
        let nothing = build([course("A", [section("1", [])])])
        #expect(nothing.filledGPA == nil && nothing.filledRating == nil)
        #expect(nothing.combinations[0].score == 0)
        #expect(nothing.scoredBy.isEmpty && !nothing.usedFilled && nothing.combinations[0].filledShare == 0)
    }

    @Test func interchangeableSectionsAreOneChoice() {
        let a = course("A", [
            section("0103", [meet("MW", "10:00", "10:50", room: "IRB 1")], instructors: ["Ada"], gpa: 3.2, rating: 4),
            section("0101", [meet("MW", "10:00", "10:50", room: "IRB 1")], instructors: ["Ada"], gpa: 3.2, rating: 4),
            section("0108", [meet("MW", "10:00", "10:50", room: "IRB 2")], instructors: ["Ada"], gpa: 3.2, rating: 4),  // other room
            section("0109", [meet("MW", "10:00", "10:50", room: "IRB 1", kind: "lab")], instructors: ["Ada"], gpa: 3.2, rating: 4),  // other kind
            section("0102", [meet("MW", "10:00", "10:50")], instructors: ["Bob"], gpa: 3.2, rating: 4),  // other instructor
            section("0104", [meet("MW", "10:00", "10:50")], instructors: ["Ada"], gpa: 3.3, rating: 4),  // other gpa
            section("0105", [meet("MW", "10:00", "10:50", to: day(10, 1))], instructors: ["Ada"], gpa: 3.2, rating: 4),  // other dates
            section("0106", [meet("MW", "10:00", "10:50")], instructors: ["Ada"], rating: 4),  // gpa missing
            section("0107", [meet("MW", "10:00", "10:50")], instructors: ["Ada"], rating: 4),  // the same, missing too
        ])
        let result = build([a], BuildOptions(top: 20))
        let ids = result.combinations.map { $0.picks[0].ids }.sorted { $0[0] < $1[0] }
        #expect(ids == [["0101", "0103"], ["0102"], ["0104"], ["0105"], ["0106", "0107"], ["0108"], ["0109"]])
    }

    @Test func onlySectionsTheOptionsKeepAreCollapsed() {
        let a = course("A", [section("2", [meet("MW", "10:00", "10:50")]), section("1", [meet("MW", "10:00", "10:50")]),
                             section("3", [meet("MW", "10:00", "10:50")])])
        let result = build([a], BuildOptions(excluded: [SectionRef(course: "A", section: "1")]))
        #expect(result.combinations.map { $0.picks[0].ids } == [["2", "3"]])
    }

    @Test func equalScoresAreExactlyEqual() {
        // gpa 0.4 + 0.8 against 0.8 + 0.4: in floating point sums can differ in the last bit; the keys are integers.
        let a = course("A", credits: 1, [section("1", [], gpa: 0.1 * 4, rating: 0), section("2", [meet("M", "10:00", "11:00")], gpa: 0.2 * 4, rating: 0)])
        let b = course("B", credits: 1, [section("1", [], gpa: 0.2 * 4, rating: 0), section("2", [meet("T", "10:00", "11:00")], gpa: 0.1 * 4, rating: 0)])
        let result = build([a, b], BuildOptions(ratingWeight: 0))
        // 1.6; then 1.2 with no day before 1.2 with two days; then 0.8.
        #expect(firstIds(result) == [["2", "1"], ["1", "1"], ["2", "2"], ["1", "2"]])
        #expect(result.combinations[1].score == result.combinations[2].score)
        #expect(result.combinations.map(\.rank) == [1, 2, 3, 4])
    }

    @Test func largeOrOddWeightsKeepTheirRatio() {
        let a = course("A", [section("1", [], gpa: 3.0, rating: 4.0)])
        let expected = (0.75 + 3 * 0.8) / 4 * 100
        // Weights up to 100 are exact to 1/100; larger ones keep their ratio to 10⁻⁴.
        let fractional = build([a], BuildOptions(gpaWeight: 0.5, ratingWeight: 1.5))
        #expect(abs(fractional.combinations[0].score - expected) < 1e-9)
        let huge = build([a], BuildOptions(gpaWeight: 1e300, ratingWeight: 3e300))
        #expect(abs(huge.combinations[0].score - expected) < 1e-3)
        let broken = build([a], BuildOptions(gpaWeight: .infinity, ratingWeight: 1))
        #expect(abs(broken.combinations[0].score - 80) < 1e-9)
    }
}

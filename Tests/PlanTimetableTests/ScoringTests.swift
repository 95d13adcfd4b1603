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
        // Known gpas 2.0, 4.0, 3.0 (one in a course not asked for): median 3.0.
        let a = course("A", [section("1", [], gpa: 2.0, rating: 5), section("2", [meet("M", "10:00", "11:00")], rating: 5)])
        let other = course("Z", [section("1", [], gpa: 4.0, rating: 5), section("2", [], gpa: 3.0)])
        var every = BuildOptions()
        every.variants = true
        let result = TimetableBuilder.build(catalog: Catalog(term: fall, courses: [a, other]), courses: [a], options: every)
        #expect(result.filledGPA == 3.0)
        #expect(result.filledRating == 5.0)
        let filled = result.combinations.first { $0.picks[0].ids == ["2"] }!
        #expect(filled.picks[0].filledGPA && !filled.picks[0].filledRating)
        #expect(abs(filled.score - (0.75 + 1) / 2 * 100) < 1e-9)
        #expect(result.combinations[0].picks[0].ids == ["2"])  // 3.0 filled beats 2.0 known
        #expect(result.usedFilled)
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
        let nothing = build([course("A", [section("1", [])])])
        #expect(nothing.filledGPA == nil && nothing.filledRating == nil)
        #expect(nothing.combinations[0].score == 0)
    }

    @Test func interchangeableSectionsAreOneChoice() {
        let a = course("A", [
            section("0103", [meet("MW", "10:00", "10:50", room: "IRB 1")], instructors: ["Ada"], gpa: 3.2, rating: 4),
            section("0101", [meet("MW", "10:00", "10:50", room: "IRB 2")], instructors: ["Ada"], gpa: 3.2, rating: 4),
            section("0102", [meet("MW", "10:00", "10:50")], instructors: ["Bob"], gpa: 3.2, rating: 4),  // other instructor
            section("0104", [meet("MW", "10:00", "10:50")], instructors: ["Ada"], gpa: 3.3, rating: 4),  // other gpa
            section("0105", [meet("MW", "10:00", "10:50", to: day(10, 1))], instructors: ["Ada"], gpa: 3.2, rating: 4),  // other dates
            section("0106", [meet("MW", "10:00", "10:50")], instructors: ["Ada"], rating: 4),  // gpa missing
            section("0107", [meet("MW", "10:00", "10:50")], instructors: ["Ada"], rating: 4),  // the same, missing too
        ])
        let result = build([a], BuildOptions(top: 20))
        let ids = result.combinations.map { $0.picks[0].ids }.sorted { $0[0] < $1[0] }
        #expect(ids == [["0101", "0103"], ["0102"], ["0104"], ["0105"], ["0106", "0107"]])
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

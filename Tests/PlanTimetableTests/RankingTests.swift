import PlanCore
import Testing
@testable import PlanTimetable

/// Score, then fewer days, then the earlier latest end, then ids.
@Suite struct RankingTests {
    @Test func higherScoreFirst() {
        let a = course("A", [section("1", [meet("M", "10:00", "11:00")], gpa: 3, rating: 3), section("2", [meet("T", "10:00", "11:00")], gpa: 4, rating: 3)])
        #expect(firstIds(build([a])) == [["2"], ["1"]])
    }

    @Test func fewerDaysBreakATie() {
        let a = course("A", [section("1", [meet("MWF", "10:00", "10:50")]), section("2", [meet("TR", "10:00", "11:15")])])
        let b = course("B", [section("1", [meet("TR", "12:00", "13:15")]), section("2", [meet("MW", "12:00", "12:50")])])
        let result = build([a, b])
        #expect(firstIds(result)[0] == ["2", "1"])
        #expect(result.combinations[0].daysOnCampus == 2)
        #expect(result.combinations.map(\.daysOnCampus) == [2, 3, 4, 5])
    }

    @Test func theEarlierLatestEndBreaksATie() {
        let a = course("A", [section("1", [meet("MW", "15:00", "15:50")]), section("2", [meet("MW", "08:00", "08:50")])])
        let b = course("B", [section("1", [meet("MW", "09:00", "09:50")]), section("2", [meet("MW", "17:00", "17:50")])])
        let result = build([a, b])
        #expect(firstIds(result) == [["2", "1"], ["1", "1"], ["1", "2"], ["2", "2"]])
        #expect(result.combinations.map(\.latestEnd) == [590, 950, 1070, 1070])
    }

    @Test func idsBreakTheLastTieInTheOrderOfTheCoursesAsked() {
        // Every combination: two days, done at 11:00.
        let a = course("A", [section("b", [meet("M", "10:00", "11:00")]), section("a", [meet("T", "10:00", "11:00")])])
        let b = course("B", [section("y", [meet("W", "10:00", "11:00")]), section("x", [meet("R", "10:00", "11:00")])])
        #expect(firstIds(build([a, b])) == [["a", "x"], ["a", "y"], ["b", "x"], ["b", "y"]])
        #expect(firstIds(build([b, a])) == [["x", "a"], ["x", "b"], ["y", "a"], ["y", "b"]])
    }

    @Test func theSameInputGivesTheSameList() {
        var random = TestRandom(seed: 99)
        let courses = (0..<4).map { c in
            course("C\(c)", (0..<8).map { s in
                section("\(s)", [meet(random.pick(["MWF", "TR", "MW"]), "\(8 + random.int(0...8)):00", "\(8 + random.int(9...10)):00")])
            })
        }
        #expect(build(courses) == build(courses))
    }

    @Test func aCourseAskedTwiceCountsOnce() {
        let a = course("CMSC 436", [section("1", [meet("M", "10:00", "11:00")])])
        var again = a
        again.code = "cmsc436"
        let result = TimetableBuilder.build(catalog: Catalog(term: fall, courses: [a]), courses: [a, again], options: BuildOptions())
        #expect(result.combinations.map { $0.picks.count } == [1])
    }

    @Test func sectionsWithTheSameIdKeepTheCatalogOrder() {
        // A malformed catalog: two different sections both called 1; ids tie, catalog order decides.
        let a = course("A", [section("1", [meet("M", "10:00", "11:00")]), section("1", [meet("T", "10:00", "11:00")])])
        let result = build([a])
        #expect(result.combinations.map { $0.picks[0].sections[0].meetings[0].days } == [[.monday], [.tuesday]])
    }
}

import PlanCore
import Testing
@testable import PlanTimetable

/// When nothing fits, what rules everything out.
@Suite struct DiagnosisTests {
    let free = course("FREE", [section("1", [meet("S", "10:00", "11:00")])])

    @Test func aCourseWithoutSections() {
        let result = build([free, course("B", [])])
        #expect(result.combinations.isEmpty)
        #expect(result.diagnosis == .noSections(course: "B"))
    }

    @Test func aCourseWhoseSectionsTheOptionsAllRuleOut() {
        let a = course("A", [
            section("1", [meet("M", "08:00", "09:00")]),
            section("2", [meet("M", "17:00", "18:00")]),
            section("3", [meet("M", "09:00", "19:00")]),  // both too early and too late: charged to noEarlier
            section("4", [meet("F", "12:00", "13:00")]),
            section("5", [meet("T", "12:00", "13:00")], seats: Seats(open: 0, total: 10)),
            section("6", [meet("W", "12:00", "13:00")]),
            section("7", [meet("R", "12:00", "13:00")]),
        ])
        let options = BuildOptions(noEarlier: 600, noLater: 1020, freeDays: [.friday], onlyOpen: true,
                                   excluded: [SectionRef(course: "A", section: "6")],
                                   around: [KeepClear(date: day(10, 7), start: 720, end: 780, label: "Job")])
        let result = build([free, a], options)
        #expect(result.diagnosis == .courseRuledOut(course: "A", reasons: [
            OptionReason(option: .noEarlier, sections: 2), OptionReason(option: .noLater, sections: 1),
            OptionReason(option: .freeDay, sections: 1), OptionReason(option: .onlyOpen, sections: 1),
            OptionReason(option: .excluded, sections: 1), OptionReason(option: .around, sections: 1),
        ]))
    }

    @Test func twoCoursesThatAlwaysClash() {
        let a = course("A", [section("02", [meet("TR", "10:00", "10:50")]), section("01", [meet("MW", "10:00", "10:50", from: day(9, 20))])])
        let b = course("B", [section("01", [meet("MTWRF", "10:30", "11:00")])])
        let result = build([a, free, b])
        #expect(result.diagnosis == .pairClash(first: "A", second: "B", example: Clash(
            first: SectionRef(course: "A", section: "01"), second: SectionRef(course: "B", section: "01"), date: day(9, 20), day: .monday)))
    }

    @Test func maxDaysWhenCombinationsExistWithoutIt() {
        let a = course("A", [section("1", [meet("MWF", "10:00", "10:50")])])
        let b = course("B", [section("1", [meet("TR", "10:00", "10:50")]), section("2", [meet("MWR", "12:00", "12:50")])])
        let result = build([a, b], BuildOptions(maxDays: 3))
        #expect(result.diagnosis == .maxDays(limit: 3, fewestPossible: 4))
    }

    @Test func aSmallestSetThatCannotAllBeTaken() {
        // Three courses, two times: any two fit, all three cannot.
        let slots = [section("1", [meet("M", "10:00", "11:00")]), section("2", [meet("M", "11:00", "12:00")])]
        let result = build([course("A", slots), free, course("B", slots), course("C", slots)])
        #expect(result.combinations.isEmpty)
        #expect(result.diagnosis == .setClash(courses: ["A", "B", "C"]))
    }

    @Test func noDiagnosisWhenSomethingFits() {
        #expect(build([free]).diagnosis == nil)
    }
}

/// Proving that nothing fits walks over times, not sections (dead time classes).
@Suite struct PigeonholeTests {
    @Test func eightCoursesIntoSevenTimesIsQuicklyShownImpossible() {
        var random = TestRandom(seed: 8)
        let times = (0..<7).map { t in meet(t % 2 == 0 ? "MWF" : "TR", "\(9 + t):00", "\(9 + t):50") }
        let courses = (0..<8).map { c in
            course("P\(c)", (0..<30).map { s in
                section("\(100 + s)", [times[s % 7]], instructors: ["I\(c)-\(s)"], gpa: Double(random.int(200...400)) / 100)
            })
        }
        let result = build(courses)
        #expect(result.combinations.isEmpty)
        // Any seven fit, so all eight are the smallest set.
        #expect(result.diagnosis == .setClash(courses: courses.map(\.code)))
        // Seven of them fit, and the best takes the best section of each time.
        #expect(build(Array(courses.prefix(7))).combinations.count == 10)
    }
}

import PlanCore
import Testing
@testable import PlanTimetable

/// Each option, alone.
@Suite struct OptionTests {
    /// The ids a one-course build keeps, in id order.
    func kept(_ sections: [Section], _ options: BuildOptions) -> [String] {
        var o = options
        o.top = 100
        return build([course("A", sections)], o).combinations.flatMap { $0.picks[0].ids }.sorted()
    }

    @Test func noEarlier() {
        let sections = [section("1", [meet("MW", "09:00", "09:50")]), section("2", [meet("MW", "10:00", "10:50")]),
                        section("3", [meet("MW", "11:00", "11:50"), meet("F", "08:00", "09:00")])]
        #expect(kept(sections, BuildOptions(noEarlier: 600)) == ["2"])
    }

    @Test func noLater() {
        let sections = [section("1", [meet("MW", "16:00", "17:15")]), section("2", [meet("MW", "17:00", "18:00")]), section("3", [])]
        #expect(kept(sections, BuildOptions(noLater: 1020)) == ["3"])
        #expect(kept(sections, BuildOptions(noLater: 1080)) == ["1", "2", "3"])
    }

    @Test func freeDays() {
        let sections = [section("1", [meet("MWF", "10:00", "10:50")]), section("2", [meet("TR", "10:00", "11:15")]),
                        // Meets on Fridays only through 2027-08-30, a Monday: never on a Friday.
                        section("3", [meet("MF", "10:00", "10:50", to: day(8, 30))])]
        #expect(kept(sections, BuildOptions(freeDays: [.friday])) == ["2", "3"])
        #expect(kept(sections, BuildOptions(freeDays: [.tuesday, .monday])) == [])
    }

    @Test func onlyOpen() {
        let sections = [section("1", [], seats: Seats(open: 0, total: 30, waitlist: 4)), section("2", [meet("M", "10:00", "11:00")], seats: Seats(open: 3, total: 30)),
                        section("3", [meet("T", "10:00", "11:00")])]
        #expect(kept(sections, BuildOptions(onlyOpen: true)) == ["2", "3"])
        #expect(kept(sections, BuildOptions()) == ["1", "2", "3"])
    }

    @Test func excluded() {
        let sections = [section("0101", []), section("0102", [meet("M", "10:00", "11:00")])]
        #expect(build([course("CMSC 436", sections)], BuildOptions(excluded: [SectionRef(course: "cmsc436", section: "0101")]))
            .combinations.map { $0.picks[0].ids } == [["0102"]])
    }

    @Test func around() {
        let sections = [section("1", [meet("MW", "10:00", "10:50")]), section("2", [meet("TR", "10:00", "10:50")]),
                        section("3", [meet("MW", "11:00", "11:50")]), section("4", [meet("M", "09:00", "10:00", from: day(9, 20))])]
        // Monday 13 September 10:30–11:00: clashes with 1 only (3 starts as it ends, 4 starts later in the term).
        let practice = KeepClear(date: day(9, 13), start: 630, end: 660, label: "Practice")
        #expect(kept(sections, BuildOptions(around: [practice])) == ["2", "3", "4"])
        // Labor Day has no classes: a block then rules out nothing.
        let holiday = KeepClear(date: day(9, 6), start: 0, end: 1440, label: "Trip")
        #expect(kept(sections, BuildOptions(around: [holiday])) == ["1", "2", "3", "4"])
        // A whole Tuesday rules out 2.
        #expect(kept(sections, BuildOptions(around: [KeepClear(date: day(11, 30), start: 0, end: 1440, label: "Job")])) == ["1", "3", "4"])
    }

    @Test func maxDaysCountsTheWholeCombination() {
        let a = course("A", [section("1", [meet("MWF", "10:00", "10:50")]), section("2", [meet("TR", "10:00", "11:15")])])
        let b = course("B", [section("1", [meet("MW", "12:00", "12:50")]), section("2", [meet("TR", "12:00", "13:15")])])
        #expect(firstIds(build([a, b], BuildOptions(maxDays: 2))) == [["2", "2"]])
        #expect(Set(firstIds(build([a, b], BuildOptions(maxDays: 3)))) == [["1", "1"], ["2", "2"]])
        #expect(build([a, b], BuildOptions(maxDays: 5)).combinations.count == 4)
    }

    @Test func topLimitsTheList() {
        let a = course("A", (1...9).map { section("\($0)", [meet("M", "0\($0):00", "0\($0):30")]) })
        #expect(build([a], BuildOptions(top: 3)).combinations.count == 3)
        #expect(build([a], BuildOptions(top: 0)).combinations.isEmpty)
        #expect(build([a], BuildOptions(top: 0)).diagnosis == nil)
    }
}

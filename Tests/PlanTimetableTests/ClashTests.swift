import PlanCore
import Testing
@testable import PlanTimetable

/// Two meetings clash only on a class day both meet on, with overlapping minutes (half-open).
@Suite struct ClashTests {
    /// How many combinations two one-section courses give: 1 when they fit, 0 when they clash.
    func fits(_ a: Meeting, _ b: Meeting, term: Term = fall) -> Bool {
        let result = build([course("A", [section("1", [a])]), course("B", [section("1", [b])])], term: term)
        return result.combinations.count == 1
    }

    @Test func backToBackMeetingsDoNotClash() {
        #expect(fits(meet("MWF", "10:00", "10:50"), meet("MWF", "10:50", "11:40")))
        #expect(fits(meet("MWF", "10:50", "11:40"), meet("MWF", "10:00", "10:50")))
    }

    @Test func aOneMinuteOverlapClashes() {
        #expect(!fits(meet("MWF", "10:00", "10:50"), meet("MWF", "10:49", "11:40")))
        #expect(!fits(meet("F", "10:00", "10:51"), meet("MWF", "10:50", "11:40")))
    }

    @Test func aMeetingInsideAnotherClashes() {
        #expect(!fits(meet("T", "09:00", "12:00"), meet("TR", "10:00", "10:15")))
    }

    @Test func differentWeekdaysDoNotClash() {
        #expect(fits(meet("MWF", "10:00", "10:50"), meet("TR", "10:00", "11:15")))
    }

    @Test func disjointDateRangesDoNotClash() {
        let first = meet("MW", "10:00", "10:50", to: day(10, 15))
        let second = meet("MW", "10:00", "10:50", from: day(10, 18))
        #expect(fits(first, second))
        // One shared Monday is enough to clash.
        #expect(!fits(first, meet("MW", "10:00", "10:50", from: day(10, 11))))
    }

    @Test func rangesThatMeetOnlyOnAHolidayDoNotClash() {
        // Both meet Mondays; the only Monday in both ranges is Labor Day.
        let first = meet("M", "10:00", "10:50", to: day(9, 6))
        let second = meet("M", "10:00", "10:50", from: day(9, 6))
        #expect(fits(first, second))
        // The same ranges without the holiday clash on 6 September.
        let noHoliday = Term(name: "x", timeZone: "UTC", start: fall.start, end: fall.end)
        #expect(!fits(first, second, term: noHoliday))
    }

    @Test func rangesThatShareOnlyAnotherWeekdayDoNotClash() {
        // Both ranges hold Tuesday 31 August only in common; the meetings are on Mondays.
        #expect(fits(meet("MT", "10:00", "10:50", to: day(8, 31)), meet("M", "10:00", "10:50", from: day(8, 31))))
    }

    @Test func aSectionWithoutMeetingsClashesWithNothing() {
        #expect(build([course("A", [section("1", [])]), course("B", [section("1", [meet("MTWRF", "08:00", "20:00")])])]).combinations.count == 1)
    }

    @Test func everyMeetingOfASectionCounts() {
        let a = course("A", [section("1", [meet("MW", "10:00", "10:50"), meet("F", "14:00", "16:00", room: "Lab")])])
        let b = course("B", [section("1", [meet("TR", "10:00", "10:50"), meet("F", "15:00", "15:50")]),
                             section("2", [meet("TR", "10:00", "10:50")])])
        #expect(firstIds(build([a, b])) == [["1", "2"]])
    }

    @Test func theWeekBitsAgreeWithTheDateRuleOnRandomPairs() {
        var random = TestRandom(seed: 7)
        let calendar = TermDays(fall)
        for _ in 0..<500 {
            func randomMeeting() -> Meeting {
                let start = random.pick([480, 530, 540, 590, 600])
                let from = random.chance(50) ? fall.start.adding(days: random.int(-3...90)) : nil
                let to = random.chance(50) ? fall.start.adding(days: random.int(0...110)) : nil
                return Meeting(days: Array(Set((0..<random.int(1...3)).map { _ in Weekday(rawValue: random.int(1...7))! })),
                               start: start, end: start + random.pick([10, 50, 60]), from: from, to: to)
            }
            let a = randomMeeting(), b = randomMeeting()
            let active = [a, b].compactMap { ActiveMeeting($0, term: fall, days: calendar) }
            let layout = WeekBits(meetings: active, calendar: calendar)
            let bitsClash = active.count == 2 && WeekBits.intersect(layout.bits([active[0]]), layout.bits([active[1]]))
            var dateClash = false
            var date = fall.start
            while date <= fall.end && !dateClash {
                let both = [a, b].allSatisfy { m in m.span(in: fall).contains(date) && m.days.contains(Weekday(date)) }
                dateClash = both && fall.isClassDay(date) && max(a.start, b.start) < min(a.end, b.end)
                date = date.adding(days: 1)
            }
            #expect(bitsClash == dateClash, "\(a) \(b)")
        }
    }
}

import Foundation
import Testing
@testable import PlanCore

/// A series' occurrences (issue 33): habits' periods against Foundation's ISO calendar,
/// whole-day dues and their starts, extension that never makes one twice, and class-tied
/// work from a class's meetings.
@Suite struct TaskSeriesTests {
    static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }
    static let template = TaskDefinition(id: "s", title: "S", estimate: 3600, due: .date(LocalDate(daysSinceEpoch: 0)))

    /// Foundation's ISO-8601 calendar in UTC (dates only).
    static let iso: Calendar = {
        var c = Calendar(identifier: .iso8601)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    static func date(_ d: LocalDate) -> Date { Date(timeIntervalSince1970: TimeInterval(d.daysSinceEpoch * 86_400)) }

    @Test func aHabitHasOnePeriodPerWeekOrMonthItsHoursInsideIt() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let today = LocalDate(daysSinceEpoch: Int64.random(in: 19_000...22_000, using: &rng))
            let horizon = today.adding(days: Int.random(in: 0...120, using: &rng))
            for unit in [Recurrence.Unit.week, .month, .day] {
                let s = TaskSeries(id: "s", template: Self.template, kind: .each(unit), ruleText: unit.rawValue)
                let got = s.coming(today: today, through: horizon)
                // Independent: walk the days, grouping them by ISO week, month, or day.
                var groups: [[LocalDate]] = []
                var d = today
                while d <= horizon {
                    let component: Set<Calendar.Component> = switch unit {
                    case .week: [.yearForWeekOfYear, .weekOfYear]
                    case .month: [.year, .month]
                    case .day: [.year, .month, .day]
                    }
                    let key = Self.iso.dateComponents(component, from: Self.date(d))
                    if let last = groups.last?.last, Self.iso.dateComponents(component, from: Self.date(last)) == key {
                        groups[groups.count - 1].append(d)
                    } else {
                        groups.append([d])
                    }
                    d = d.adding(days: 1)
                }
                // Each group's period ends on the last day of that week (Sunday) or month.
                let ends: [LocalDate] = groups.map { g in
                    var e = g.last!
                    while true {
                        let next = e.adding(days: 1)
                        let component: Set<Calendar.Component> = unit == .week ? [.yearForWeekOfYear, .weekOfYear] : unit == .month ? [.year, .month] : [.day]
                        guard unit != .day, Self.iso.dateComponents(component, from: Self.date(next)) == Self.iso.dateComponents(component, from: Self.date(e)) else { break }
                        e = next
                    }
                    return e
                }
                #expect(got.map(\.key) == ends.map(\.isoString), "\(unit) \(today)…\(horizon)")
                #expect(got.map(\.due) == ends.map { TaskTime.date($0) })
                for (o, end) in zip(got, ends) {
                    let (first, last) = TaskSeries.period(unit, containing: end)
                    #expect(last == end)
                    #expect(o.start == .local(LocalDateTime(date: first)))
                    if unit == .week { #expect(first.isoWeekday == 1 && end.isoWeekday == 7) }
                }
            }
        }
    }

    @Test func wholeDayDuesBeginAtThePreviousDaysEndOrStartBeforeTheirOwn() throws {
        var s = TaskSeries(id: "p", template: Self.template,
                           kind: .every(try Recurrence.parse("week"), firstDue: LocalDateTime(date: Self.day("2026-12-04")), wholeDay: true),
                           ruleText: "week")
        let got = s.coming(today: Self.day("2026-11-30"), through: Self.day("2026-12-20"))
        #expect(got.map(\.due) == ["2026-12-04", "2026-12-11", "2026-12-18"].map { TaskTime.date(Self.day($0)) })
        // The previous due is the end of Friday 11-27: Saturday 00:00.
        #expect(got.map(\.start) == ["2026-11-28", "2026-12-05", "2026-12-12"].map { TaskTime.local(LocalDateTime(date: Self.day($0))) })
        s.startBefore = 2 * 86_400
        #expect(s.coming(today: Self.day("2026-11-30"), through: Self.day("2026-12-06")).map(\.start)
            == [.local(LocalDateTime(date: Self.day("2026-12-03")))])
    }

    @Test func extendingNeverMakesAnOccurrenceTwiceAndStopsAtTheCount() throws {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<100 {
            let rule = try Recurrence.parse(["day", "week", "2 weeks", "MO,WE,FR", "month", "3 days"].randomElement(using: &rng)!)
            let first = LocalDateTime(date: LocalDate(daysSinceEpoch: Int64.random(in: 20_000...20_400, using: &rng)), hour: 17)
            var s = TaskSeries(id: "s", template: Self.template, kind: .every(rule, firstDue: first, wholeDay: false), ruleText: "")
            s.count = Bool.random(using: &rng) ? Int.random(in: 1...30, using: &rng) : nil
            let all = rule.dues(first: first, count: s.count, through: first.date.adding(days: 400))
            var made: [String] = []
            var today = first.date.adding(days: -Int.random(in: 0...20, using: &rng))
            while today <= first.date.adding(days: 360) {
                let horizon = today.adding(days: 28)
                let new = s.coming(today: today, through: horizon)
                made += new.map(\.key)
                s.made += new.count
                s.through = max(s.through ?? horizon, horizon)
                // The next command comes before the horizon runs out (a due before "today" is never made).
                today = today.adding(days: Int.random(in: 1...28, using: &rng))
            }
            #expect(Set(made).count == made.count)
            let expected = all.map(\.date.isoString).filter { $0 <= (s.through?.isoString ?? "") }
            #expect(made == expected, "\(rule) \(String(describing: s.count))")
        }
    }

    @Test func classWorkFollowsTheMeetingsHeld() {
        let hour: Int64 = 3600
        let base = Instant(seconds: 1_796_000_000)
        let meetings = (0..<5).map { k in
            TaskSeries.ClassMeeting(key: "m\(k)", start: base + Int64(k) * 168 * hour, end: base + Int64(k) * 168 * hour + 90 * 60,
                                    cancelled: k == 2)
        }
        var before = TaskSeries(id: "r", template: Self.template, kind: .beforeClass("Seminar"), ruleText: "Seminar")
        let offset: (Instant) -> Int = { _ in -18_000 }
        var got = before.classOccurrences(meetings.reversed(), offset: offset)
        #expect(got.map(\.key) == ["m0", "m1", "m3", "m4"])
        #expect(got.map(\.due) == [0, 1, 3, 4].map { TaskTime.instant(base + Int64($0) * 168 * hour, offset: -18_000) })
        // Work for a meeting begins at the previous meeting held (the cancelled one is not).
        #expect(got.map(\.start) == [nil, 0, 1, 3].map { $0.map { TaskTime.instant(base + Int64($0) * 168 * hour, offset: -18_000) } })
        before.startBefore = 24 * hour
        got = before.classOccurrences(meetings, offset: offset)
        #expect(got.map(\.start) == [0, 1, 3, 4].map { TaskTime.instant(base + Int64($0) * 168 * hour - 24 * hour, offset: -18_000) })
        let after = TaskSeries(id: "l", template: Self.template, kind: .afterClass("Lab", within: 48 * hour), ruleText: "Lab")
        got = after.classOccurrences(meetings, offset: offset)
        #expect(got.map(\.start) == [0, 1, 3, 4].map { TaskTime.instant(base + Int64($0) * 168 * hour + 90 * 60, offset: -18_000) })
        #expect(got.map(\.due) == [0, 1, 3, 4].map { TaskTime.instant(base + Int64($0) * 168 * hour + 90 * 60 + 48 * hour, offset: -18_000) })
    }
}

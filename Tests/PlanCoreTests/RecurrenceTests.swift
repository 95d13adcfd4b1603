import Foundation
import Testing
@testable import PlanCore

/// Repeating tasks (issue 33): reading `--every`, and the dues a rule names, checked
/// against a day-by-day walk written here that counts weeks and months itself.
@Suite struct RecurrenceTests {
    static func day(_ text: String) -> LocalDate { LocalDate(iso: text)! }
    static func at(_ text: String, _ hour: Int = 23, _ minute: Int = 59) -> LocalDateTime {
        LocalDateTime(date: day(text), hour: hour, minute: minute)
    }

    // MARK: reading --every

    @Test func acceptedForms() throws {
        let weekly: (Int, [Weekday]) -> Recurrence = { Recurrence(every: $0, .week, on: $1)! }
        let table: [(String, Recurrence)] = [
            ("day", Recurrence(every: 1, .day)!), ("daily", Recurrence(every: 1, .day)!),
            ("every day", Recurrence(every: 1, .day)!), (" Every  Day ", Recurrence(every: 1, .day)!),
            ("week", weekly(1, [])), ("weekly", weekly(1, [])), ("WEEKLY", weekly(1, [])),
            ("2 weeks", weekly(2, [])), ("2w", weekly(2, [])), ("2 w", weekly(2, [])), ("fortnight", weekly(2, [])),
            ("fortnightly", weekly(2, [])), ("biweekly", weekly(2, [])), ("every other week", weekly(2, [])),
            ("month", Recurrence(every: 1, .month)!), ("monthly", Recurrence(every: 1, .month)!),
            ("3 days", Recurrence(every: 3, .day)!), ("3d", Recurrence(every: 3, .day)!),
            ("1 day", Recurrence(every: 1, .day)!),
            ("6 months", Recurrence(every: 6, .month)!), ("every 12 months", Recurrence(every: 12, .month)!),
            ("366 days", Recurrence(every: 366, .day)!), ("52 weeks", weekly(52, [])),
            ("MO,WE", weekly(1, [.monday, .wednesday])), ("mon,wed", weekly(1, [.monday, .wednesday])),
            ("Monday and Wednesday", weekly(1, [.monday, .wednesday])), ("mon & wed", weekly(1, [.monday, .wednesday])),
            ("WE,MO", weekly(1, [.monday, .wednesday])), ("tue", weekly(1, [.tuesday])),
            ("every Friday", weekly(1, [.friday])),
            ("TR", weekly(1, [.tuesday, .thursday])), ("MWF", weekly(1, [.monday, .wednesday, .friday])),
            ("weekdays", weekly(1, [.monday, .tuesday, .wednesday, .thursday, .friday])),
            ("weekends", weekly(1, [.saturday, .sunday])),
            ("2 weeks on MO,WE", weekly(2, [.monday, .wednesday])), ("biweekly on tue", weekly(2, [.tuesday])),
            ("every week on weekdays", weekly(1, [.monday, .tuesday, .wednesday, .thursday, .friday])),
        ]
        for (text, rule) in table { #expect(try Recurrence.parse(text) == rule, "\(text)") }
    }

    @Test func refusedForms() {
        let unreadable = ["", "every", "fortnite", "every fortnite", "2", "weeks 2", "2 fortnights", "3 hours", "2m",
                          "-1 days", "1.5 weeks", "yearly", "mon,xyz", "3 days on MO", "2 weeks on", "on MO",
                          "MO on TU", "weekly on MO on TU", "2 weeks on fortnight"]
        for text in unreadable {
            #expect(throws: RecurrenceRefusal.unreadable(text), "\(text)") { try Recurrence.parse(text) }
        }
        let intervals: [(String, Recurrence.Unit)] = [("0 days", .day), ("367 days", .day), ("53 weeks", .week),
                                                      ("0w", .week), ("13 months", .month),
                                                      ("99999999999999999999 days", .day)]
        for (text, unit) in intervals {
            #expect(throws: RecurrenceRefusal.interval(text, unit), "\(text)") { try Recurrence.parse(text) }
        }
        #expect(RecurrenceRefusal.unreadable("fortnite").message
            == "\"every fortnite\": expected day, week, 2 weeks, month, weekdays or days such as MO,WE")
        #expect(RecurrenceRefusal.unreadable(" every fortnite").message.hasPrefix("\"every fortnite\": "))
        #expect(RecurrenceRefusal.interval("53 weeks", .week).message == "\"every 53 weeks\": every 1 to 52 weeks")
        #expect(Recurrence(every: 2, .day, on: [.monday]) == nil)
    }

    // MARK: expansion, named cases

    /// Weekly Friday 23:59 across the end of DST in New York (2026-11-01): the wall clock
    /// stays 23:59, so the UTC offset of the dues moves from −4 to −5 hours.
    @Test func weeklyOverDSTChange() throws {
        let rule = try Recurrence.parse("weekly")
        let dues = rule.dues(first: Self.at("2026-10-23"), until: Self.day("2026-11-13"),
                             through: Self.day("2027-12-31"))
        #expect(dues == ["2026-10-23", "2026-10-30", "2026-11-06", "2026-11-13"].map { Self.at($0) })
        let zone = try #require(SystemZone(identifier: "America/New_York"))
        let instants = dues.map { zone.resolve($0) }
        #expect(instants.map(\.utcString) == ["2026-10-24T03:59:00Z", "2026-10-31T03:59:00Z",
                                              "2026-11-07T04:59:00Z", "2026-11-14T04:59:00Z"])
        #expect(instants[2] - instants[1] == 7 * 86_400 + 3600)
        #expect(zone.offset(at: instants[1]) - zone.offset(at: instants[2]) == 3600)
    }

    /// January 2027 has five Fridays: 1, 8, 15, 22 and 29.
    @Test func monthWithFiveFridays() throws {
        let dues = try Recurrence.parse("fri").dues(first: Self.at("2027-01-01", 17, 0), until: Self.day("2027-01-31"),
                                                    through: Self.day("2027-12-31"))
        let january = [1, 8, 15, 22, 29].map { LocalDate(year: 2027, month: 1, day: $0) }
        #expect(dues == january.map { LocalDateTime(date: $0, hour: 17) })
    }

    @Test func untilIsInclusiveAndCountStops() throws {
        let rule = try Recurrence.parse("weekly")
        let first = Self.at("2026-12-04")
        let horizon = Self.day("2030-01-01")
        #expect(rule.dues(first: first, until: Self.day("2026-12-18"), through: horizon).last == Self.at("2026-12-18"))
        #expect(rule.dues(first: first, until: Self.day("2026-12-17"), through: horizon).last == Self.at("2026-12-11"))
        #expect(rule.dues(first: first, count: 3, through: horizon)
            == ["2026-12-04", "2026-12-11", "2026-12-18"].map { Self.at($0) })
        #expect(rule.dues(first: first, until: Self.day("2026-12-11"), count: 5, through: horizon).count == 2)
        #expect(rule.dues(first: first, count: 0, through: horizon).isEmpty)
        #expect(rule.dues(first: first, until: Self.day("2026-12-03"), through: horizon).isEmpty)
        // The horizon cuts too, inclusive by date.
        #expect(rule.dues(first: first, through: Self.day("2026-12-18")).count == 3)
        #expect(rule.dues(first: first, count: 10, through: Self.day("2026-12-17")).count == 2)
    }

    /// Monthly on the 31st: a shorter month uses its last day, and the next goes back to the 31st.
    @Test func monthlyOnThe31st() throws {
        let dues = try Recurrence.parse("monthly")
            .dues(first: Self.at("2027-12-31", 9, 0), count: 6, through: Self.day("2030-01-01"))
        #expect(dues.map(\.date.isoString)
            == ["2027-12-31", "2028-01-31", "2028-02-29", "2028-03-31", "2028-04-30", "2028-05-31"])
        #expect(dues.allSatisfy { $0.hhmm == "09:00" })
        let quarterly = try Recurrence.parse("3 months")
            .dues(first: Self.at("2026-11-30"), count: 3, through: Self.day("2030-01-01"))
        #expect(quarterly.map(\.date.isoString) == ["2026-11-30", "2027-02-28", "2027-05-30"])
    }

    /// `from` skips to the first occurrence on or after it; the anchor keeps a fortnight's weeks.
    @Test func fromKeepsTheAnchor() throws {
        let rule = try Recurrence.parse("2 weeks on MO,WE")
        let dues = rule.dues(first: Self.at("2026-11-30"), from: Self.day("2026-12-08"), count: 3,
                             through: Self.day("2027-06-01"))
        #expect(dues.map(\.date.isoString) == ["2026-12-14", "2026-12-16", "2026-12-28"])
        // A first due on a day outside the set is not itself an occurrence.
        let offDay = rule.dues(first: Self.at("2026-12-01"), count: 2, through: Self.day("2027-06-01"))
        #expect(offDay.map(\.date.isoString) == ["2026-12-02", "2026-12-14"])
    }

    @Test func theBound() throws {
        let daily = try Recurrence.parse("daily")
        let first = Self.at("2026-12-01")
        #expect(daily.dues(first: first, through: Self.day("2040-01-01")).count == Recurrence.maxOccurrences)
        #expect(daily.dues(first: first, count: 5_000, through: Self.day("2040-01-01")).count
            == Recurrence.maxOccurrences)
        let weekdays = try Recurrence.parse("weekdays")
        #expect(weekdays.dues(first: first, from: Self.day("2100-01-01"), through: Self.day("2200-01-01")).count
            == Recurrence.maxOccurrences)
    }

    // MARK: starts and ids

    @Test func starts() throws {
        let weekly = try Recurrence.parse("weekly")
        let dues = weekly.dues(first: Self.at("2026-12-04"), count: 3, through: Self.day("2027-06-01"))
        let anchor = Self.day("2026-12-04")
        #expect(weekly.starts(of: dues, anchor: anchor)
            == ["2026-11-27", "2026-12-04", "2026-12-11"].map { Self.at($0) })
        // Five days before Friday 23:59 is Sunday 23:59, across the DST change too.
        #expect(weekly.starts(of: dues, anchor: anchor, startBefore: 5 * 86_400)
            == ["2026-11-29", "2026-12-06", "2026-12-13"].map { Self.at($0) })
        let monWed = try Recurrence.parse("MO,WE")
        let wednesday = Self.at("2026-12-02")
        #expect(monWed.starts(of: [wednesday], anchor: wednesday.date) == [Self.at("2026-11-30")])
        let monday = Self.at("2026-11-30")
        #expect(monWed.starts(of: [monday], anchor: monday.date) == [Self.at("2026-11-25")])
        let monthly = try Recurrence.parse("monthly")
        #expect(monthly.starts(of: [Self.at("2027-03-31")], anchor: Self.day("2027-03-31")) == [Self.at("2027-02-28")])
        #expect(weekly.starts(of: [], anchor: anchor).isEmpty)
    }

    @Test func startBeforeText() {
        let table: [(String, Int64?)] = [
            ("5d", 5 * 86_400), ("5 days", 5 * 86_400), ("1 day", 86_400), ("5D", 5 * 86_400), ("2w", 14 * 86_400),
            ("2 weeks", 14 * 86_400), ("36h", 36 * 3600), ("90m", 5400), ("PT12H", 12 * 3600), ("0d", 0),
            ("366d", 366 * 86_400), ("367d", nil), ("53w", nil), ("9000h", nil), ("", nil), ("5", nil), ("d", nil),
            ("5 fortnights", nil), ("-1d", nil), ("9999999999d", nil),
        ]
        for (text, seconds) in table { #expect(Recurrence.startBefore(text) == seconds, "\(text)") }
    }

    @Test func occurrenceId() {
        #expect(Recurrence.occurrenceId(series: "math-221-problem-set", due: Self.day("2026-12-04"))
            == "math-221-problem-set-2026-12-04")
    }

    // MARK: expansion against an independent walk

    /// The dues by walking day by day from the first due and counting weeks (a new one on
    /// each Monday) and months (a new one on each 1st) along the way.
    static func walk(_ rule: Recurrence, first: LocalDateTime, from: LocalDate?, until: LocalDate?, count: Int?,
                     horizon: LocalDate) -> [LocalDateTime] {
        var out: [LocalDateTime] = []
        var weeks = 0, months = 0, days = 0
        var d = first.date
        let wanted = rule.weekdays.isEmpty ? [first.date.isoWeekday] : rule.weekdays.map(\.rawValue)
        let stop = min(count ?? Int.max, Recurrence.maxOccurrences)
        while d <= horizon, until.map({ d <= $0 }) ?? true, out.count < stop {
            if d != first.date {
                days += 1
                if d.isoWeekday == 1 { weeks += 1 }
                if d.day == 1 { months += 1 }
            }
            let isLastOfMonth = d.adding(days: 1).day == 1
            let named = switch rule.unit {
            case .day: days % rule.interval == 0
            case .week: weeks % rule.interval == 0 && wanted.contains(d.isoWeekday)
            case .month:
                months % rule.interval == 0
                    && (d.day == first.date.day || (isLastOfMonth && d.day < first.date.day))
            }
            if named, d >= (from ?? d) { out.append(LocalDateTime(date: d, hour: first.hour, minute: first.minute)) }
            d = d.adding(days: 1)
        }
        return out
    }

    @Test(arguments: 0..<300) func matchesTheWalk(seed: Int) {
        var rng = SeededRandom(seed: UInt64(seed))
        let unit = rng.pick(Recurrence.Unit.allCases)
        let interval = rng.chance(0.8) ? rng.int(1...5) : rng.int(1...unit.maxInterval)
        var days: [Weekday] = []
        if unit == .week, rng.chance(0.6) { days = Weekday.allCases.filter { _ in rng.chance(0.4) } }
        let rule = Recurrence(every: interval, unit, on: days)!
        let firstDay = LocalDate(year: 2026, month: 1, day: 1).adding(days: rng.int(0...1100))
        let first = LocalDateTime(date: firstDay, hour: rng.int(0...23), minute: rng.pick([0, 30, 59]))
        let from = rng.chance(0.3) ? firstDay.adding(days: rng.int(-30...200)) : nil
        let until = rng.chance(0.4) ? firstDay.adding(days: rng.int(-5...600)) : nil
        let count = rng.chance(0.3) ? rng.int(0...40) : nil
        let horizon = firstDay.adding(days: rng.int(0...1500))
        let dues = rule.dues(first: first, from: from, until: until, count: count, through: horizon)
        let expected = Self.walk(rule, first: first, from: from, until: until, count: count, horizon: horizon)
        let bounds = [from?.isoString, until?.isoString, count.map(String.init)].map { $0 ?? "-" }
        #expect(dues == expected, "seed \(seed): \(rule) first \(first) from/until/count \(bounds)")
        // Without start-before, each occurrence starts at the one before it.
        let starts = rule.starts(of: dues, anchor: first.date)
        #expect(zip(starts.dropFirst(), dues).allSatisfy { $0 == $1 }, "seed \(seed)")
        if let start = starts.first, let due = dues.first { #expect(start < due, "seed \(seed)") }
    }
}

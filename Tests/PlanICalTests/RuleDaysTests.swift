import CLibical
import PlanCore
import Testing
@testable import PlanICal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ``RuleDays`` refuses rules no date can match before libical searches
/// centuries for an instance; ``RecurrenceIterator``'s walk limit and the
/// restart of DAILY and WEEKLY rules far before the window bound the rest.
@Suite struct RuleDaysTests {
    typealias Random = RecurrenceIteratorTests.Random

    static func verdict(_ text: String, _ start: LocalDate) -> RuleDays.Verdict {
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        return RuleDays.verdict(rule, start: start)
    }

    /// Whether libical's own iterator, asked directly, gives an instance
    /// before the last year it goes to (2582).
    static func libicalHasAnInstance(_ text: String, _ start: LocalDateTime) -> Bool {
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        guard let it = icalrecur_iterator_new(rule, icalTime(start, isDate: false)) else { return false }
        defer { icalrecur_iterator_free(it) }
        return icaltime_is_null_time(icalrecur_iterator_next(it)) == 0
    }

    @Test(arguments: [
        "FREQ=MONTHLY;COUNT=10;INTERVAL=1;BYSETPOS=-2",  // the fuzzer's: a month's one day has no second-to-last
        "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30",  // held libical 13 s
        "FREQ=DAILY;BYMONTH=4,6,9,11;BYMONTHDAY=31",
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30,31",
        "FREQ=YEARLY;INTERVAL=1200;BYMONTH=2;BYMONTHDAY=29",  // 2026, 3226, 4426…: never a leap year
        "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=6",  // no month has six Mondays
        "FREQ=YEARLY;BYMONTH=3;BYDAY=6SU",  // nor six Sundays (libFuzzer: a VTIMEZONE rule)
        "FREQ=MONTHLY;BYDAY=-6FR,7TU",
        "FREQ=YEARLY;BYYEARDAY=1;BYMONTH=2",
        "FREQ=MONTHLY;BYHOUR=9,17;BYSETPOS=-2",  // libical picks among days, not times
        "RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13",  // the 27th of Pagume, a month of five or six days
        "RSCALE=COPTIC;FREQ=YEARLY;BYMONTH=13;BYMONTHDAY=7",
    ])
    func rulesNoDateCanMatchAreRefused(_ text: String) {
        let start = LocalDate(year: 2026, month: 1, day: 5)
        #expect(Self.verdict(text, start) == .never)
        #expect(RecurrenceIterator(rule: text, start: LocalDateTime(date: start, hour: 9), isDate: false) == nil)
        #expect(RuleDays.refusal(text, start: start)?.hasPrefix("no date matches this rule") == true)
    }

    @Test(arguments: [
        "FREQ=MONTHLY;BYMONTH=2;BYMONTHDAY=29;BYDAY=SU",  // 2032, 2060, 2088…
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29",
        "FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-2",
        "FREQ=YEARLY;BYYEARDAY=366;BYDAY=FR",
        "FREQ=MONTHLY;BYMONTHDAY=31",
        "FREQ=MONTHLY;BYSETPOS=1",
        "FREQ=WEEKLY;BYDAY=TU;INTERVAL=3",
        "FREQ=YEARLY;INTERVAL=100;BYMONTH=2;BYMONTHDAY=29",  // 2400
        "FREQ=YEARLY;BYDAY=53FR",  // years with 53 Fridays
        "FREQ=MONTHLY;BYDAY=5SU,6MO",  // fifth Sundays
    ])
    func rulesWithAnInstanceAreKept(_ text: String) {
        let start = LocalDate(year: 2000, month: 2, day: 29)
        #expect(Self.verdict(text, start) == .possible)
        #expect(Self.libicalHasAnInstance(text, LocalDateTime(date: start, hour: 9)))
    }

    /// The Ethiopic day of the month, against dates the calendar's own
    /// tables give (Pagume 6 only before a Julian leap year), and the 13th
    /// month's rule against libical: refused exactly when DTSTART's day is
    /// past the sixth, and then libical has no instance either.
    @Test func theEthiopicThirteenthMonth() {
        let known: [(LocalDate, Int)] = [
            (LocalDate(year: 2013, month: 9, day: 6), 1), (LocalDate(year: 2013, month: 9, day: 11), 1),
            (LocalDate(year: 2023, month: 9, day: 11), 6), (LocalDate(year: 2023, month: 9, day: 12), 1),
            (LocalDate(year: 2024, month: 9, day: 10), 5), (LocalDate(year: 2012, month: 10, day: 2), 22),
        ]
        for (date, day) in known { #expect(RuleDays.ethiopicDayOfMonth(date) == day, "\(date)") }
        var g = Random(state: 13)
        let rule = "RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13"
        var refusedAsked = 0, kept = 0
        for _ in 0..<60 {
            let start = LocalDate(year: g.int(2000...2030), month: 9, day: g.int(1...20))
            let day = RuleDays.ethiopicDayOfMonth(start)
            let verdict = Self.verdict(rule, start)
            #expect((verdict == .possible) == (day <= 6), "\(start)")
            if verdict == .possible {
                kept += 1
                #expect(Self.libicalHasAnInstance(rule, LocalDateTime(date: start, hour: 9)), "\(start)")
            } else if refusedAsked < 3 {
                refusedAsked += 1  // 0.3 s of libical each
                #expect(!Self.libicalHasAnInstance(rule, LocalDateTime(date: start, hour: 9)), "\(start)")
            }
        }
        #expect(kept > 5 && refusedAsked == 3)
    }

    /// libical's walk to the next instance stops at the walk limit: the
    /// leap day after the window is not searched for.
    @Test func theWalkStopsAtItsLimit() throws {
        let rule = "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=29"
        let start = LocalDateTime(date: LocalDate(year: 2026, month: 3, day: 1), hour: 9)
        let limit = LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 2))
        let unbounded = try #require(RecurrenceIterator(rule: rule, start: start, isDate: false, allowPlain: false))
        #expect(unbounded.next() == LocalDateTime(date: LocalDate(year: 2028, month: 2, day: 29), hour: 0))
        let bounded = try #require(RecurrenceIterator(rule: rule, start: start, isDate: false, walkLimit: limit, allowPlain: false))
        #expect(bounded.next() == nil)
        // An instance at the limit itself is still given.
        let daily = try #require(RecurrenceIterator(rule: "FREQ=DAILY", start: start, isDate: false,
                                                    walkLimit: start.adding(seconds: 86_400), allowPlain: false))
        #expect(daily.next() == start)
        #expect(daily.next() == start.adding(seconds: 86_400))
        #expect(daily.next() == nil)
    }

    /// Soundness against libical itself: rules made to be often impossible
    /// (short months, leap days, BYSETPOS past the set); whenever the check
    /// says "never", libical, walked to its last year, finds no instance
    /// either. Each refused MONTHLY rule costs libical 0.7 s, so 40 are asked.
    @Test func aRefusedRuleHasNoInstanceInLibical() {
        var g = Random(state: 7)
        var refused = 0, kept = 0
        let days = RecurrenceIteratorTests.days
        for _ in 0..<4_000 where refused < 40 {
            let freq = ["DAILY", "WEEKLY", "MONTHLY", "MONTHLY", "YEARLY", "YEARLY"][g.int(0...5)]
            var parts = ["FREQ=\(freq)"]
            if g.int(0...1) == 0 { parts.append("BYMONTH=" + (0..<g.int(1...2)).map { _ in "\([2, 4, 6, 9, 11, g.int(1...12)][g.int(0...5)])" }.joined(separator: ",")) }
            if g.int(0...2) > 0 { parts.append("BYMONTHDAY=\([29, 30, 31, -30, -31, g.int(1...28)][g.int(0...5)])") }
            if g.int(0...2) == 0 {
                let ordinal = ["", "", "1", "-1", "5", "-5", "6", "-6"][g.int(0...7)]
                parts.append("BYDAY=\(ordinal)\(days[g.int(0...6)])")
            }
            if g.int(0...2) == 0 { parts.append("BYSETPOS=\([1, 2, -1, -2, 5, -6][g.int(0...5)])") }
            if g.int(0...3) == 0 { parts.append("INTERVAL=\(g.int(2...5))") }
            let text = parts.joined(separator: ";")
            let start = LocalDate(year: g.int(1990...2030), month: g.int(1...12), day: g.int(1...28))
            guard Self.verdict(text, start) == .never else {
                kept += 1
                continue
            }
            refused += 1
            #expect(!Self.libicalHasAnInstance(text, LocalDateTime(date: start, hour: 10)), "\(text) from \(start)")
        }
        // The generator does reach both answers.
        #expect(refused == 40)
        #expect(kept > 100)
    }

    /// A rule in another calendar far before the window jumps there
    /// (libical's `set_start`): the same instances as walking from DTSTART.
    @Test(arguments: ["RSCALE=CHINESE;FREQ=MONTHLY;BYMONTHDAY=30", "RSCALE=CHINESE;FREQ=YEARLY",
                      "RSCALE=HEBREW;FREQ=YEARLY;BYMONTH=5L;BYMONTHDAY=8;SKIP=FORWARD", "RSCALE=HEBREW;FREQ=MONTHLY;BYMONTHDAY=1"])
    func aRuleInAnotherCalendarJumpsToTheWindow(_ text: String) throws {
        let window = TimeRange(start: ICS.instant("2026-01-01T00:00:00Z"), end: ICS.instant("2027-01-01T00:00:00Z"))
        let options = ImportOptions(window: window, floatingZone: SystemZone.utc, maxOccurrencesPerSeries: 10_000)
        for year in [1950, 1990, 2014] {
            let start = LocalDateTime(date: LocalDate(year: year, month: 2, day: 8), hour: 20)
            let result = try ICS.read(ICS.calendar(ICS.event("c", "DTSTART:\(year)0208T200000", "RRULE:\(text)")), options: options)
            let got = result.occurrences.map { $0.start.instant(in: SystemZone.utc).seconds }
            let it = try #require(RecurrenceIterator(rule: text, start: start, isDate: false, allowPlain: false))
            var expected: [Int64] = []
            while let l = it.next(), l.secondsSinceEpoch < window.end.seconds {
                if l.secondsSinceEpoch >= window.start.seconds { expected.append(l.secondsSinceEpoch) }
            }
            #expect(!expected.isEmpty)
            #expect(got == expected, "\(text) from \(year)")
        }
    }

    /// A rule in another calendar takes at most 1,500 steps of libical.
    @Test func aRuleInAnotherCalendarStopsAfterItsSteps() throws {
        let window = ICS.options(from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z")
        let first = LocalDate(year: 2022, month: 6, day: 1)
        func listed(count: Int) throws -> (days: Int, stopped: Bool) {
            let result = try ICS.read(ICS.calendar(ICS.event("h", "DTSTART;VALUE=DATE:20220601",
                                                             "RRULE:RSCALE=HEBREW;FREQ=DAILY;COUNT=\(count)")), options: window)
            return (result.occurrences.count, result.warnings.contains { $0.description.contains("expansion stopped after 1500 steps") })
        }
        // Days of 2026 among the first `steps` days from DTSTART.
        func daysOf2026(_ steps: Int) -> Int {
            let last = first.adding(days: steps - 1).daysSinceEpoch
            return max(0, Int(last - LocalDate(year: 2026, month: 1, day: 1).daysSinceEpoch) + 1)
        }
        // COUNT=1,400 ends before the bound: no stop.
        #expect(try listed(count: 1_400) == (daysOf2026(1_400), false))
        // A COUNT that would go on stops at the bound, within 2026.
        #expect(try listed(count: 100_000) == (daysOf2026(Expander.maxCalendarSteps), true))
        #expect(daysOf2026(Expander.maxCalendarSteps) > 0 && daysOf2026(Expander.maxCalendarSteps) < 365)
    }

    /// At most eight rules in other calendars are expanded in one file; the
    /// rest are named in a warning and keep their DTSTART.
    @Test func atMostEightRulesInOtherCalendarsAFile() throws {
        let events = (0..<10).map { k in ICS.event("c\(k)", "DTSTART;VALUE=DATE:20260208", "RRULE:RSCALE=CHINESE;FREQ=MONTHLY") }
        let result = try ICS.read(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan tests//EN"] + events.flatMap { $0 } + ["END:VCALENDAR"],
                                  options: ICS.options(from: "2026-01-01T00:00:00Z", to: "2027-01-01T00:00:00Z"))
        let perEvent = Dictionary(grouping: result.occurrences, by: \.uid).mapValues(\.count)
        #expect(perEvent.values.filter { $0 > 1 }.count == Expander.maxCalendarRules)
        #expect(perEvent.values.filter { $0 == 1 }.count == 2)
        let refused = result.warnings.filter { $0.description.contains("more than 8 rules in other calendars (RSCALE)") }
        #expect(refused.count == 2)
    }

    /// A DAILY or WEEKLY rule far before the window is restarted a whole
    /// number of periods after DTSTART: the occurrences in the window are
    /// those of libical's iterator walked from DTSTART itself. (The DAILY
    /// rule from 1864 the fuzzer found walked libical 59,438 steps.)
    @Test func restartingFarBeforeTheWindowKeepsTheSameInstances() throws {
        var g = Random(state: 11)
        let days = RecurrenceIteratorTests.days
        let window = TimeRange(start: ICS.instant("2026-03-01T00:00:00Z"), end: ICS.instant("2026-05-01T00:00:00Z"))
        let options = ImportOptions(window: window, floatingZone: SystemZone.utc, maxOccurrencesPerSeries: 10_000)
        var nonEmpty = 0
        for k in 0..<30 {
            let weekly = g.int(0...1) == 0
            var parts = ["FREQ=\(weekly ? "WEEKLY" : "DAILY")"]
            if g.int(0...1) == 0 { parts.append("INTERVAL=\(g.int(2...9))") }
            if g.int(0...1) == 0 {
                parts.append("BYDAY=" + Set((0..<g.int(1...3)).map { _ in g.int(0...6) }).sorted().map { days[$0] }.joined(separator: ","))
            }
            if !weekly, g.int(0...3) == 0 { parts.append("BYMONTH=3,4") }
            if g.int(0...4) == 0 { parts.append("WKST=SU") }
            let text = parts.joined(separator: ";")
            let start = LocalDateTime(date: LocalDate(year: g.int(1950...2024), month: g.int(1...12), day: g.int(1...28)),
                                      hour: g.int(0...23), minute: g.int(0...3) * 15)
            func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
            let stamp = "\(start.date.year)\(two(start.date.month))\(two(start.date.day))T\(two(start.hour))\(two(start.minute))00"
            let result = try ICS.read(ICS.calendar(ICS.event("r\(k)", "DTSTART:\(stamp)", "DURATION:PT1H", "RRULE:\(text)")), options: options)
            let got = result.occurrences.map { $0.start.instant(in: SystemZone.utc).seconds }

            // Walked from DTSTART by libical, without the restart.
            let it = try #require(RecurrenceIterator(rule: text, start: start, isDate: false, allowPlain: false))
            var expected: [Int64] = []
            while let l = it.next(), l.secondsSinceEpoch < window.end.seconds {
                if l.secondsSinceEpoch + 3600 > window.start.seconds { expected.append(l.secondsSinceEpoch) }
            }
            #expect(got == expected, "\(text) from \(start)")
            if !expected.isEmpty { nonEmpty += 1 }
        }
        #expect(nonEmpty > 20)
    }
}

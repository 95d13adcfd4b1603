import CLibical
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a recurrence rule can have an instance at all, worked out from
/// its day parts alone, before libical is asked to look for one.
///
/// Why: libical's iterator looks for the first instance of a MONTHLY rule
/// month by month up to the year 20000, and of a YEARLY rule year by year,
/// before it gives up; its `next()` looks for the next MONTHLY or YEARLY
/// period with days with no bound but the days themselves. `FREQ=MONTHLY;BYSETPOS=-2` (a
/// month's one day, DTSTART's, has no second-to-last) held libical for
/// 0.7 s here and 14 s in the fuzzer's sanitized build (found by libFuzzer),
/// and a file can hold thousands of such rules. Walks of DAILY, WEEKLY and
/// shorter rules are cut by the bound ``RecurrenceIterator`` gives libical
/// (`walkLimit`), so only "never" matters for them.
///
/// How: the days a rule could use are over-estimated — BYMONTH, BYMONTHDAY,
/// BYYEARDAY (YEARLY and shorter than daily only, as RFC 5545 allows), the
/// weekdays of BYDAY (their ordinals ignored, but for one past the fifth of
/// a month or the 53rd of a year, which names no day), DTSTART's day or month where
/// the rule names none, and for MONTHLY and YEARLY rules BYSETPOS: a period
/// with fewer over-estimated days than every BYSETPOS position has no
/// instance (libical picks BYSETPOS among a period's days, not its times:
/// `FREQ=MONTHLY;BYHOUR=9,17;BYSETPOS=-2` has none in libical). BYWEEKNO, INTERVAL of the
/// shorter frequencies and everything libical leaves out are ignored, so
/// every instance libical can give is on a counted day, and a rule judged
/// empty is empty for libical too.
///
/// Why 400 years are enough: the Gregorian calendar repeats every 400 years
/// (146,097 days, a whole number of weeks), so month `i` and month `i + 4800`
/// (year `y` and `y + 400`) have the same length, leap day and weekdays. A
/// MONTHLY rule with INTERVAL `k` visits periods that repeat, modulo the
/// cycle, after 4800 / gcd(4800, k) steps; a YEARLY one after 400 / gcd(400, k).
enum RuleDays {
    enum Verdict: Equatable {
        /// Some day could be an instance: libical may be asked.
        case possible
        /// No day can ever be an instance.
        case never
    }

    /// The verdict for `rule` starting on `start`; `.possible` for anything
    /// not judged here (most rules in other calendars: ``shortMonthVerdict``).
    static func verdict(_ rule: icalrecurrencetype, start: LocalDate) -> Verdict {
        guard start.isValid, start.year > 0 else { return .possible }
        if let rscale = rule.rscale { return shortMonthVerdict(rule, calendar: String(cString: rscale).uppercased(), start: start) }
        let parts = Parts(rule, start: start)
        let step = max(1, Int(rule.interval))
        switch rule.freq {
        case ICAL_MONTHLY_RECURRENCE:
            let first = start.year * 12 + (start.month - 1)
            let cycle = 4800 / gcd(4800, step)
            return judge(periods: cycle) { i in
                let index = first + i * step
                return parts.monthCount(year: index / 12, month: index % 12 + 1, from: i == 0 ? start : nil)
            }
        case ICAL_YEARLY_RECURRENCE:
            let cycle = 400 / gcd(400, step)
            return judge(periods: cycle) { i in
                let year = start.year + i * step
                if parts.setPositions == nil {
                    // Only whether some day counts: stop at the first month with one.
                    for month in 1...12 where parts.monthCount(year: year, month: month, from: i == 0 ? start : nil) > 0 {
                        return 1
                    }
                    return 0
                }
                // The set of the whole year, and whether a counted day is on or after DTSTART.
                var total = 0, reachable = false
                for month in 1...12 {
                    total += parts.dayCount(year: year, month: month, from: nil)
                    if i == 0, !reachable { reachable = parts.dayCount(year: year, month: month, from: start) > 0 }
                }
                if i == 0, !reachable { return 0 }
                return parts.passesSetPositions(total) ? total : 0
            }
        case ICAL_NO_RECURRENCE:
            return .possible
        default:
            // DAILY, WEEKLY and shorter: any counted day on or after DTSTART, month by month.
            let first = start.year * 12 + (start.month - 1)
            for i in 0...4800 {
                let index = first + i
                if parts.dayCount(year: index / 12, month: index % 12 + 1, from: i == 0 ? start : nil) > 0 { return .possible }
            }
            return .never
        }
    }

    /// Rules in another calendar are judged in one case libical searches for
    /// centuries: a MONTHLY or YEARLY rule of the Ethiopic or Coptic calendar
    /// (RSCALE=ETHIOPIC, ETHIOAA, COPTIC) naming only its 13th month, of five
    /// or six days, on a day of the month past the sixth (BYMONTHDAY, or
    /// DTSTART's day in that calendar), with no other day part and SKIP=OMIT.
    /// `RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13` from 2012-10-02 (the 22nd of
    /// Meskerem) held libical 0.3 s, 2.4 s in the fuzzer's sanitized build
    /// (found by libFuzzer). Anything else is `.possible`.
    private static func shortMonthVerdict(_ rule: icalrecurrencetype, calendar: String, start: LocalDate) -> Verdict {
        guard ["ETHIOPIC", "ETHIOAA", "COPTIC"].contains(calendar),
              rule.freq == ICAL_MONTHLY_RECURRENCE || rule.freq == ICAL_YEARLY_RECURRENCE,
              rule.skip == ICAL_SKIP_OMIT else { return .possible }
        let months = Parts.values(rule.by_month)
        guard !months.isEmpty, months.allSatisfy({ $0 == 13 }),
              Parts.values(rule.by_day).isEmpty, Parts.values(rule.by_year_day).isEmpty,
              Parts.values(rule.by_week_no).isEmpty, Parts.values(rule.by_set_pos).isEmpty else { return .possible }
        var days = Parts.values(rule.by_month_day)
        if days.isEmpty { days = [ethiopicDayOfMonth(start)] }
        return days.contains { (1...6).contains($0) || (-6 ... -1).contains($0) } ? .possible : .never
    }

    /// The day of the month of `date` in the Ethiopic calendar (the Coptic
    /// calendar's months begin on the same days): twelve months of 30 days
    /// and a 13th of five, or six in the year before a Julian leap year.
    /// (The arithmetic of Reingold and Dershowitz, *Calendrical Calculations*.)
    static func ethiopicDayOfMonth(_ date: LocalDate) -> Int {
        let epoch: Int64 = 2796  // 1 Meskerem 1 as a day count from 0001-01-01 (day 1)
        let day = date.daysSinceEpoch + 719_163  // the same count for `date`
        func firstDay(year: Int64, month: Int64) -> Int64 { epoch - 1 + 365 * (year - 1) + floorDivide(year, 4) + 30 * (month - 1) + 1 }
        let year = floorDivide(4 * (day - epoch) + 1463, 1461)
        let month = floorDivide(day - firstDay(year: year, month: 1), 30) + 1
        return Int(day - firstDay(year: year, month: month)) + 1
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// What to tell the user when ``verdict(_:start:)`` refuses `text`; nil when it does not.
    static func refusal(_ text: String, start: LocalDate) -> String? {
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        switch verdict(rule, start: start) {
        case .possible: return nil
        case .never: return "no date matches this rule as libical expands it (its BYMONTH, BYMONTHDAY, BYYEARDAY, BYDAY and BYSETPOS parts leave none); only DTSTART was used"
        }
    }

    /// `count(i)` is the over-estimated size of period `i` (0 when it cannot
    /// hold an instance); periods `0 … cycle` stand for every later one.
    /// Period `cycle` has all the days of period 0 (DTSTART's), and every
    /// later period those of one of `1 … cycle`, so a rule with a counted day
    /// in one period has one in every `cycle`-th period after it too.
    private static func judge(periods cycle: Int, _ count: (Int) -> Int) -> Verdict {
        for i in 0...cycle where count(i) > 0 { return .possible }
        return .never
    }

    private static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }

    /// The days of a month, with the leap rule.
    static func daysIn(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The rule's day parts as this check reads them (see the type's comment).
    private struct Parts {
        var months: [Bool]?          // index 1…12
        var monthDays: [Int]?        // ±1…31
        var yearDays: [Int]?         // ±1…366
        var weekdays: [Bool]?        // ISO index 1…7
        var setPositions: [Int]?     // MONTHLY and YEARLY only

        init(_ rule: icalrecurrencetype, start: LocalDate) {
            let byMonth = Self.values(rule.by_month), byMonthDay = Self.values(rule.by_month_day)
            let byYearDay = Self.values(rule.by_year_day), byWeekNo = Self.values(rule.by_week_no)
            let byDay = Self.values(rule.by_day), bySetPos = Self.values(rule.by_set_pos)
            let freq = rule.freq
            let monthly = freq == ICAL_MONTHLY_RECURRENCE, yearly = freq == ICAL_YEARLY_RECURRENCE
            let namesADay = !byMonthDay.isEmpty || !byDay.isEmpty || !byYearDay.isEmpty || !byWeekNo.isEmpty

            if !byMonth.isEmpty {
                var m = [Bool](repeating: false, count: 13)
                for v in byMonth where (1...12).contains(v) { m[v] = true }
                months = m
            } else if yearly, !namesADay {
                var m = [Bool](repeating: false, count: 13)
                m[start.month] = true
                months = m
            }
            if !byMonthDay.isEmpty, freq != ICAL_WEEKLY_RECURRENCE {
                monthDays = byMonthDay
            } else if (monthly || yearly), !namesADay {
                monthDays = [start.day]
            }
            let shorterThanDaily = [ICAL_HOURLY_RECURRENCE, ICAL_MINUTELY_RECURRENCE, ICAL_SECONDLY_RECURRENCE].contains(freq)
            if !byYearDay.isEmpty, yearly || shorterThanDaily { yearDays = byYearDay }
            if !byDay.isEmpty {
                // An ordinal no month (no year) has leaves its weekday out:
                // a month has at most five of each weekday, a year 53.
                let mostInPeriod = monthly || (yearly && !byMonth.isEmpty) ? 5 : yearly ? 53 : Int.max
                var w = [Bool](repeating: false, count: 8)
                for v in byDay where abs(Int(icalrecurrencetype_day_position(Int16(v)))) <= mostInPeriod {
                    let sundayFirst = Int(icalrecurrencetype_day_day_of_week(Int16(v)).rawValue)  // 1 = Sunday … 7 = Saturday
                    if (1...7).contains(sundayFirst) { w[sundayFirst == 1 ? 7 : sundayFirst - 1] = true }
                }
                weekdays = w
            } else if freq == ICAL_WEEKLY_RECURRENCE {
                var w = [Bool](repeating: false, count: 8)
                w[start.isoWeekday] = true
                weekdays = w
            }
            if !bySetPos.isEmpty, monthly || yearly { setPositions = bySetPos }
        }

        /// The values of a BY array (libical ends each with ICAL_RECURRENCE_ARRAY_MAX).
        static func values<T>(_ array: T) -> [Int] {
            let end = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
            return withUnsafeBytes(of: array) { raw in
                var out: [Int] = []
                for v in raw.bindMemory(to: Int16.self) {
                    if v == end { break }
                    out.append(Int(v))
                }
                return out
            }
        }

        /// How many of a month's days count, those before `from` left out.
        func dayCount(year: Int, month: Int, from: LocalDate?) -> Int {
            if let months, !months[month] { return 0 }
            let length = RuleDays.daysIn(year: year, month: month)
            let firstDay = from.map { $0.year == year && $0.month == month ? $0.day : 1 } ?? 1
            var count = 0
            if let monthDays {
                var seen = [Bool](repeating: false, count: 32)
                for v in monthDays {
                    let day = v > 0 ? v : length + 1 + v
                    guard (firstDay...length).contains(day), !seen[day] else { continue }
                    seen[day] = true
                    if counts(year: year, month: month, day: day) { count += 1 }
                }
            } else {
                for day in firstDay...length where counts(year: year, month: month, day: day) { count += 1 }
            }
            return count
        }

        /// A MONTHLY period's over-estimated set size: 0 when it has no
        /// counted day on or after `from`, or BYSETPOS picks nothing from it.
        func monthCount(year: Int, month: Int, from: LocalDate?) -> Int {
            let reachable = dayCount(year: year, month: month, from: from)
            guard reachable > 0 else { return 0 }
            guard setPositions != nil else { return reachable }
            let total = from == nil ? reachable : dayCount(year: year, month: month, from: nil)
            return passesSetPositions(total) ? total : 0
        }

        /// Whether some BYSETPOS position falls inside a set of `days` days.
        func passesSetPositions(_ days: Int) -> Bool {
            guard let setPositions else { return days > 0 }
            return setPositions.contains { $0 != 0 && abs($0) <= days }
        }

        private func counts(year: Int, month: Int, day: Int) -> Bool {
            let date = LocalDate(year: year, month: month, day: day)
            if let weekdays, !weekdays[date.isoWeekday] { return false }
            if let yearDays {
                let first = LocalDate(year: year, month: 1, day: 1).daysSinceEpoch
                let ordinal = Int(date.daysSinceEpoch - first) + 1
                let length = Int(LocalDate(year: year + 1, month: 1, day: 1).daysSinceEpoch - first)
                guard yearDays.contains(where: { $0 == ordinal || $0 == ordinal - length - 1 }) else { return false }
            }
            return true
        }
    }
}

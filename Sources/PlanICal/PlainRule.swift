import CLibical
import PlanCore

/// The instances of the plain rules calendars are mostly made of, computed
/// here instead of by libical's iterator:
/// - DAILY, or WEEKLY with at most a plain BYDAY list (`MO,WE,FR`), whose
///   DTSTART is one of its instances: every INTERVAL-th day, or the listed
///   weekdays of every INTERVAL-th week (weeks begin on Monday);
/// - MONTHLY on DTSTART's day of the month, on one BYMONTHDAY, or on one
///   BYDAY with a position (`2TU`, `-1FR`); YEARLY on DTSTART's month and
///   day: every INTERVAL-th month or year, the first instance being the
///   first on or after DTSTART, months or years without such a day skipped;
/// with COUNT, at DTSTART's time of day (RFC 5545 §3.3.10). Any other rule
/// part, an RSCALE, or a WKST that changes the weeks leaves the rule to
/// libical. `RecurrenceIteratorTests` holds the sequences to libical's.
struct PlainRule {
    private enum Kind {
        case daily
        /// ISO weekdays (Monday = 0) of BYDAY as bits (0: DTSTART's weekday only).
        case weekly(weekdays: UInt8)
        /// A day of the month, negative from the end.
        case monthDay(Int)
        /// The `n`-th ISO weekday (Monday = 0) of the month, negative from the end.
        case nthWeekday(n: Int, weekday: Int)
        case yearly
    }

    private let kind: Kind
    private let step: Int64
    private let start: LocalDateTime
    /// Days since 1970 of the current instance (DAILY, WEEKLY).
    private var day: Int64
    /// Days since 1970 of the first day (Monday) of the current instance's week.
    private var weekStart: Int64
    /// Months or years after DTSTART's of the period to look at next (MONTHLY, YEARLY).
    private var period: Int64 = 0
    private let count: Int
    private var produced = 0
    private var started = false
    /// libical gives up on years beyond this; so does this.
    static let lastYear = 2582

    init?(_ rule: icalrecurrencetype, start: LocalDateTime) {
        guard rule.rscale == nil, rule.interval >= 1, rule.count >= 0, start.date.isValid,
              start.date.year >= 1900, start.date.year < Self.lastYear else { return nil }
        let none = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        guard rule.by_second.0 == none, rule.by_minute.0 == none, rule.by_hour.0 == none,
              rule.by_year_day.0 == none, rule.by_week_no.0 == none,
              rule.by_month.0 == none, rule.by_set_pos.0 == none else { return nil }
        var byDay: [(position: Int, weekday: Int)] = []  // weekday: ISO, Monday = 0
        var valid = true
        withUnsafeBytes(of: rule.by_day) { raw in
            for v in raw.bindMemory(to: Int16.self) {
                if v == none { break }
                let weekday = Int(icalrecurrencetype_day_day_of_week(v).rawValue)  // 1 = Sunday … 7 = Saturday
                guard (1...7).contains(weekday) else {
                    valid = false
                    break
                }
                byDay.append((Int(icalrecurrencetype_day_position(v)), (weekday + 5) % 7))
            }
        }
        guard valid else { return nil }
        let monthDay = rule.by_month_day.0 == none ? nil : Int(rule.by_month_day.0)
        guard rule.by_month_day.1 == none else { return nil }
        let isoStart = start.date.isoWeekday - 1
        switch rule.freq {
        case ICAL_DAILY_RECURRENCE:
            guard byDay.isEmpty, monthDay == nil else { return nil }
            kind = .daily
        case ICAL_WEEKLY_RECURRENCE:
            guard monthDay == nil, byDay.allSatisfy({ $0.position == 0 }) else { return nil }
            var bits: UInt8 = 0
            for d in byDay { bits |= 1 << UInt8(d.weekday) }
            guard bits == 0 || bits & (1 << UInt8(isoStart)) != 0 else { return nil }
            // WKST matters only to several weekdays every few weeks; libical 3.0.16
            // gets some of those wrong (WKST=TH…SA), so all but Monday go to it as they are.
            let wkst = Int(rule.week_start.rawValue)  // 0 = none (Monday), 1 = Sunday … 7 = Saturday
            if rule.interval > 1 && bits.nonzeroBitCount > 1 && wkst != 0 && wkst != 2 { return nil }
            kind = .weekly(weekdays: bits)
        case ICAL_MONTHLY_RECURRENCE:
            if let d = monthDay {
                guard byDay.isEmpty, (1...31).contains(abs(d)) else { return nil }
                kind = .monthDay(d)
            } else if byDay.count == 1 {
                let (n, w) = byDay[0]
                guard (1...5).contains(abs(n)) else { return nil }
                kind = .nthWeekday(n: n, weekday: w)
            } else {
                guard byDay.isEmpty else { return nil }
                kind = .monthDay(start.date.day)
            }
        case ICAL_YEARLY_RECURRENCE:
            guard byDay.isEmpty, monthDay == nil else { return nil }
            kind = .yearly
        default:
            return nil
        }
        step = Int64(rule.interval)
        self.start = start
        day = start.date.daysSinceEpoch
        weekStart = day - Int64(isoStart)
        count = Int(rule.count)
    }

    mutating func next() -> LocalDateTime? {
        if count > 0 && produced >= count { return nil }
        let date: LocalDate
        switch kind {
        case .daily, .weekly:
            if started { advanceDay() }
            date = LocalDate(daysSinceEpoch: day)
        case .monthDay, .nthWeekday, .yearly:
            guard let d = nextInPeriods() else { return nil }
            date = d
        }
        started = true
        if date.year > Self.lastYear { return nil }
        produced += 1
        var l = LocalDateTime(date: date)
        l.secondOfDay = start.secondOfDay
        return l
    }

    private mutating func advanceDay() {
        switch kind {
        case .daily:
            day += step
        case .weekly(let weekdays) where weekdays == 0:
            day += 7 * step
        case .weekly(let weekdays):
            // The next listed weekday in this week, else the first in the next period.
            var d = day + 1
            while true {
                if d - weekStart >= 7 {
                    weekStart += 7 * step
                    d = weekStart
                }
                let iso = Int(((d % 7) + 7 + 3) % 7)  // 1970-01-01 was a Thursday (3)
                if weekdays & (1 << UInt8(iso)) != 0 { break }
                d += 1
            }
            day = d
        default:
            break
        }
    }

    /// The instance of the next month or year (every `step`-th) that has one, on or after DTSTART.
    private mutating func nextInPeriods() -> LocalDate? {
        while true {
            let p = period
            period += step
            let year: Int, month: Int
            if case .yearly = kind {
                year = start.date.year + Int(p)
                month = start.date.month
            } else {
                let m = Int64(start.date.month - 1) + p
                year = start.date.year + Int(m / 12)
                month = Int(m % 12) + 1
            }
            if year > Self.lastYear { return nil }
            let length = RuleDays.daysIn(year: year, month: month)
            var day: Int
            switch kind {
            case .monthDay(let d):
                day = d > 0 ? d : length + 1 + d
            case .nthWeekday(let n, let weekday):
                if n > 0 {
                    let first = LocalDate(year: year, month: month, day: 1).isoWeekday - 1
                    day = 1 + (weekday - first + 7) % 7 + (n - 1) * 7
                } else {
                    let last = LocalDate(year: year, month: month, day: length).isoWeekday - 1
                    day = length - (last - weekday + 7) % 7 + (n + 1) * 7
                }
            case .yearly:
                day = start.date.day
            default:
                return nil
            }
            guard day >= 1, day <= length else { continue }
            let date = LocalDate(year: year, month: month, day: day)
            if date < start.date { continue }
            return date
        }
    }
}

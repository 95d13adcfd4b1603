import CLibical
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// libical's zones and recurrence iterators, for the expander (the reader
// and the benchmark floor have files of their own). No C pointer leaves the
// functions here except inside the two small owner classes below, which
// free it in deinit and never escape one import.

/// A VTIMEZONE turned into a libical zone, used for TZIDs that name no
/// zone the system knows. Owns its `icaltimezone`.
final class LibicalZone: UTCOffsetProvider {
    private let zone: OpaquePointer
    /// Kept behind a pointer: a stored `var` of a class is checked for
    /// exclusive access on every use, and this is used for every instance.
    private let memo: UnsafeMutablePointer<HourlyOffsets>

    /// libical's own lookup, for the memo.
    private struct Lookup: OffsetLookup {
        let zone: OpaquePointer
        /// 2400-01-01T00:00:00Z. libical expands a zone's rules from their
        /// DTSTART up to the year asked: a DTSTART in year 7802 in a zone whose
        /// rules start in 1601 held it for 14 s (found by the fuzzer).
        static let farFuture: Int64 = 13_569_465_600
        /// 400 Gregorian years, after which the calendar, and so every
        /// yearly rule, repeats: a later instant is asked about 400, 800…
        /// years earlier, before ``farFuture``.
        static let cycle: Int64 = 146_097 * 86_400

        func offset(at instant: Instant) -> Int {
            var seconds = instant.seconds
            if seconds >= Self.farFuture { seconds -= ((seconds - Self.farFuture) / Self.cycle + 1) * Self.cycle }
            var t = icalTime(Instant(seconds: seconds).local(offset: 0), isDate: false)
            t.zone = icaltimezone_get_utc_timezone()
            var isDaylight: Int32 = 0
            return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &t, &isDaylight))
        }
    }

    /// The most offset changes one observance rule may make in the year
    /// after its DTSTART. A real zone's rules change it once a year; libical
    /// expands every rule of a zone it is asked about from DTSTART up to the
    /// year asked, so a FREQ=SECONDLY rule (or a yearly one with BYSECOND…)
    /// would hold it for hours and fill memory.
    static let maxChangesPerYear = 12
    private static let tooOften = "changes its offset more than \(maxChangesPerYear) times a year by this rule"

    /// The first STANDARD or DAYLIGHT rule of `vtimezone` that changes the
    /// offset more than ``maxChangesPerYear`` times in the 365 days from its
    /// observance's DTSTART, or that no date can match (libical, expanding
    /// the zone, would search for centuries: ``RuleDays``), with what is
    /// wrong with it; nil when there is none.
    static func excessiveRule(in vtimezone: OpaquePointer) -> (rule: String, problem: String)? {
        for kind in [ICAL_XSTANDARD_COMPONENT, ICAL_XDAYLIGHT_COMPONENT] {
            var observance = icalcomponent_get_first_component(vtimezone, kind)
            while let o = observance {
                observance = icalcomponent_get_next_component(vtimezone, kind)
                let t = icalcomponent_get_dtstart(o)
                guard icaltime_is_null_time(t) == 0 else { continue }
                let start = LocalDateTime(date: LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
                                          hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
                var p = icalcomponent_get_first_property(o, ICAL_RRULE_PROPERTY)
                while let prop = p {
                    p = icalcomponent_get_next_property(o, ICAL_RRULE_PROPERTY)
                    guard let value = icalproperty_get_value_as_string_r(prop) else { continue }
                    let rule = String(cString: value)
                    free(value)
                    if RuleDays.refusal(rule, start: start.date) != nil { return (rule, "has a rule that no date can match") }
                    let yearLater = start.adding(seconds: 365 * 86_400)
                    guard let it = RecurrenceIterator(rule: rule, start: start, isDate: false, walkLimit: yearLater) else { continue }
                    // SECONDLY, MINUTELY or HOURLY: more than 12 changes a year unless it filters, and if it
                    // does, libical may walk for ever to the next instance (FREQ=HOURLY;BYMONTH=3;BYDAY=2SU
                    // held it for 19 s: found by libFuzzer). No real zone changes its offset within a day.
                    if it.densePeriod != nil { return (rule, tooOften) }
                    var changes = 0
                    while let l = it.next(), l < yearLater {
                        changes += 1
                        if changes > maxChangesPerYear { return (rule, tooOften) }
                    }
                }
            }
        }
        return nil
    }

    /// nil when libical does not accept the component as a time zone, or
    /// when one of its rules changes the offset too often (``excessiveRule(in:)``).
    init?(vtimezone: OpaquePointer) {
        guard Self.excessiveRule(in: vtimezone) == nil, let z = icaltimezone_new() else { return nil }
        guard let copy = icalcomponent_new_clone(vtimezone) else {
            icaltimezone_free(z, 1)
            return nil
        }
        if icaltimezone_set_component(z, copy) == 0 {
            icalcomponent_free(copy)
            icaltimezone_free(z, 1)
            return nil
        }
        zone = z
        memo = .allocate(capacity: 1)
        memo.initialize(to: HourlyOffsets())
    }

    deinit {
        memo.deinitialize(count: 1)
        memo.deallocate()
        icaltimezone_free(zone, 1)
    }

    func offset(at instant: Instant) -> Int {
        // Offsets change at most a few times a year; memoised per UTC hour.
        memo.pointee.offset(at: instant, Lookup(zone: zone))
    }

    /// ``UTCOffsetProvider/resolve(_:)``: when the memo's hours hold one
    /// offset over the day either side of the reading, every offset the rule
    /// compares is that one, and the rule's answer is the reading minus it.
    func resolve(_ local: LocalDateTime) -> Instant {
        let asUTC = local.secondsSinceEpoch
        if let o = memo.pointee.constantOffset(from: asUTC - 86_400, through: asUTC + 86_400, Lookup(zone: zone)) {
            return Instant(seconds: asUTC - Int64(o))
        }
        return resolveByRule(local)
    }
}

/// A recurrence rule (RRULE or EXRULE) read by libical and expanded by its
/// iterator, the one API of libical 3.0.16 that expands every FREQ and BY*
/// part correctly — except for the plain rules school timetables are made
/// of (see ``PlainRule``), whose instances are computed here: libical's
/// iterator sets up an ICU calendar per rule and spends most of an import in
/// it, for a sequence that is simple date arithmetic.
final class RecurrenceIterator {
    private let iterator: OpaquePointer?
    private var plain: PlainRule?
    /// libical strdup()s an RSCALE value into the rule; the iterator keeps a
    /// copy of the pointer, so it is freed after the iterator.
    private let rscale: UnsafeMutablePointer<CChar>?
    /// UNTIL as written (removed from the rule handed to libical, which would
    /// compare it with our zone-less wall times), nil when absent.
    let until: RawTime?
    let hasCount: Bool
    /// The RSCALE of a rule in another calendar than the Gregorian
    /// (CHINESE, HEBREW, ETHIOPIC…), nil for a Gregorian one. ICU's
    /// calendars make each step of such a rule costly: about 0.7 ms for a
    /// CHINESE month, so an ETHIOPIC rule from 1996 took 0.5 s to reach 2026.
    let calendarScale: String?
    let frequency: String
    let interval: Int

    /// Most periods (seconds, minutes or hours times INTERVAL) of a dense
    /// rule that also filters (BYDAY, BYMONTH…) plan lets libical walk:
    /// it visits every one, instance or not, so `FREQ=MINUTELY;BYDAY=1SA`
    /// held it for over 30 s in an event and for seconds in a VTIMEZONE
    /// (found by the importer's fuzz pass). 100,000 is about 0.7 s of
    /// libical at its slowest here.
    static let maxDensePeriods: Int64 = 100_000

    /// The length in seconds of one period of a SECONDLY, MINUTELY or
    /// HOURLY rule (INTERVAL included), nil for the other frequencies.
    var densePeriod: Int64? {
        let unit: Int64
        switch frequency {
        case "SECONDLY": unit = 1
        case "MINUTELY": unit = 60
        case "HOURLY": unit = 3600
        default: return nil
        }
        return unit * Int64(max(1, interval))
    }

    /// The length in seconds of one period of a rule whose periods are all
    /// equally long on the wall clock: the dense ones, DAILY and WEEKLY
    /// (INTERVAL included); nil for MONTHLY and YEARLY.
    var fixedPeriod: Int64? {
        switch frequency {
        case "DAILY": return 86_400 * Int64(max(1, interval))
        case "WEEKLY": return 7 * 86_400 * Int64(max(1, interval))
        default: return densePeriod
        }
    }

    /// Whether `rule` has a BY part that keeps only some of its periods:
    /// any but those finer than its frequency (BYSECOND of a MINUTELY rule,
    /// BYMINUTE and BYSECOND of an HOURLY one), which add instances.
    func filters(_ rule: String) -> Bool {
        let finer: Set<Substring> = frequency == "HOURLY" ? ["BYMINUTE", "BYSECOND"] : frequency == "MINUTELY" ? ["BYSECOND"] : []
        return rule.uppercased().split(separator: ";").contains { part in
            let name = part.prefix { $0 != "=" }
            return name.hasPrefix("BY") && !finer.contains(name)
        }
    }

    /// nil when libical cannot read the rule or start an iterator for it, or
    /// when no date can match the rule (``RuleDays``: libical would search
    /// for centuries before giving up).
    /// `start` is the wall clock (or date) of DTSTART in the series' own zone;
    /// `walkLimit`, when given, is the latest instance the caller will use:
    /// libical's `next()` stops there instead of walking on to the next
    /// instance, which for a rule whose days ran out (`FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30`
    /// took 13 s) is the year 2582;
    /// `allowPlain: false` always uses libical's iterator (tests compare the two).
    init?(rule text: String, start: LocalDateTime, isDate: Bool, walkLimit: LocalDateTime? = nil, allowPlain: Bool = true) {
        var rule = icalrecurrencetype_from_string(text)
        var ruleUntil = rule.until
        if rule.freq == ICAL_NO_RECURRENCE, let split = RuleRepair.splittingUntil(text) {
            // COUNT with UNTIL (a rule RuleRepair let through): libical reads
            // them only apart. COUNT stays in the rule; UNTIL is checked here
            // as always, so the earlier of the two ends the series.
            free(rule.rscale)
            rule = icalrecurrencetype_from_string(split.rule)
            ruleUntil = icalrecurrencetype_from_string("FREQ=DAILY;UNTIL=" + split.until).until
        }
        guard rule.freq != ICAL_NO_RECURRENCE else {
            free(rule.rscale)
            return nil
        }
        if icaltime_is_null_time(ruleUntil) == 0 {
            let u = ruleUntil
            let local = LocalDateTime(date: LocalDate(year: Int(u.year), month: Int(u.month), day: Int(u.day)),
                                      hour: Int(u.hour), minute: Int(u.minute), second: Int(u.second))
            if u.is_date != 0 {
                until = .date(local.date)
            } else if icaltime_is_utc(u) != 0 {
                until = .utc(local)
            } else {
                until = .floating(local)
            }
            rule.until = icaltime_null_time()
        } else {
            until = nil
        }
        hasCount = rule.count > 0
        calendarScale = Self.nonGregorian(rule.rscale)
        interval = Int(rule.interval)
        frequency = String(cString: icalrecur_freq_to_string(rule.freq))
        if allowPlain, let p = PlainRule(rule, start: start) {
            plain = p
            iterator = nil
            rscale = nil
            free(rule.rscale)
            return
        }
        guard RuleDays.verdict(rule, start: start.date) == .possible else {
            free(rule.rscale)
            return nil
        }
        if let walkLimit {
            // libical stops at UNTIL (its own UNTIL was taken out above and is checked by the caller).
            rule.until = icalTime(walkLimit, isDate: false)
        }
        guard let it = icalrecur_iterator_new(rule, icalTime(start, isDate: isDate)) else {
            free(rule.rscale)
            return nil
        }
        iterator = it
        rscale = rule.rscale
    }

    deinit {
        if let iterator { icalrecur_iterator_free(iterator) }
        free(rscale)
    }

    /// The RSCALE of `text` when it names another calendar than the Gregorian.
    static func calendarScale(of text: String) -> String? {
        let rule = icalrecurrencetype_from_string(text)
        defer { free(rule.rscale) }
        return nonGregorian(rule.rscale)
    }

    private static func nonGregorian(_ rscale: UnsafeMutablePointer<CChar>?) -> String? {
        guard let rscale else { return nil }
        let name = String(cString: rscale).uppercased()
        return name == "GREGORIAN" ? nil : name
    }

    /// Moves a libical iterator without COUNT to its first instance at or
    /// after `t` (libical's `icalrecur_iterator_set_start`, which works out
    /// the period of `t` rather than walking to it); false when it cannot
    /// (a plain rule, COUNT, or libical refuses).
    func jump(to t: LocalDateTime, isDate: Bool) -> Bool {
        guard plain == nil, !hasCount, let iterator else { return false }
        return icalrecur_iterator_set_start(iterator, icalTime(t, isDate: isDate)) != 0
    }

    /// The next instance's wall clock, nil at the end of the series.
    func next() -> LocalDateTime? {
        if plain != nil { return plain!.next() }
        let t = icalrecur_iterator_next(iterator)
        if icaltime_is_null_time(t) != 0 { return nil }
        return LocalDateTime(date: LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
                             hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
    }

    /// Whether the instances come from ``PlainRule`` (for tests).
    var isPlain: Bool { plain != nil }
}

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

/// A zone-less libical time (floating date-time, or a date) for a wall-clock reading.
func icalTime(_ l: LocalDateTime, isDate: Bool) -> icaltimetype {
    var t = icaltime_null_time()
    t.year = Int32(l.date.year)
    t.month = Int32(l.date.month)
    t.day = Int32(l.date.day)
    if isDate {
        t.is_date = 1
    } else {
        t.hour = Int32(l.hour)
        t.minute = Int32(l.minute)
        t.second = Int32(l.second)
    }
    return t
}

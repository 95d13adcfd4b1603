import CLibical
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The only file (with LibicalZone/RecurrenceIterator) that touches libical.
// No C pointer leaves the functions here except inside the two small owner
// classes below, which free it in deinit and never escape one import.

/// A VTIMEZONE turned into a libical zone, used for TZIDs that name no
/// zone the system knows. Owns its `icaltimezone`.
final class LibicalZone: UTCOffsetProvider {
    private let zone: OpaquePointer
    private var memo = HourlyOffsets()

    /// nil when libical does not accept the component as a time zone.
    init?(vtimezone: OpaquePointer) {
        guard let z = icaltimezone_new() else { return nil }
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
    }

    deinit { icaltimezone_free(zone, 1) }

    func offset(at instant: Instant) -> Int {
        // Offsets change at most a few times a year; memoised per UTC hour.
        memo.offset(at: instant) { lookup($0) }
    }

    private func lookup(_ instant: Instant) -> Int {
        var t = icalTime(instant.local(offset: 0), isDate: false)
        t.zone = icaltimezone_get_utc_timezone()
        var isDaylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &t, &isDaylight))
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
    let frequency: String
    let interval: Int

    /// nil when libical cannot read the rule or start an iterator for it.
    /// `start` is the wall clock (or date) of DTSTART in the series' own zone;
    /// `allowPlain: false` always uses libical's iterator (tests compare the two).
    init?(rule text: String, start: LocalDateTime, isDate: Bool, allowPlain: Bool = true) {
        var rule = icalrecurrencetype_from_string(text)
        guard rule.freq != ICAL_NO_RECURRENCE else {
            free(rule.rscale)
            return nil
        }
        if icaltime_is_null_time(rule.until) == 0 {
            let u = rule.until
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
        interval = Int(rule.interval)
        frequency = String(cString: icalrecur_freq_to_string(rule.freq))
        if allowPlain, let p = PlainRule(rule, start: start) {
            plain = p
            iterator = nil
            rscale = nil
            free(rule.rscale)
            return
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

/// The instances of a DAILY rule, or of a WEEKLY rule with at most a plain
/// BYDAY list (`MO,WE,FR`), with INTERVAL and COUNT, whose DTSTART is one of
/// its instances: every INTERVAL-th day, or the listed weekdays of every
/// INTERVAL-th week (weeks begin on Monday; RFC 5545 §3.3.10), at DTSTART's
/// time of day. Any other rule part, an RSCALE, a DTSTART off the rule or a
/// WKST that changes the weeks leaves the rule to libical. `RecurrenceTests` checks the sequences
/// against libical's iterator.
struct PlainRule {
    private let weekly: Bool
    private let step: Int64
    /// ISO weekdays (Monday = 0) of BYDAY, as bits; 0 for none.
    private let weekdays: UInt8
    /// Days since 1970 of the first day of the week (WKST) of the current instance.
    private var weekStart: Int64
    private var day: Int64
    private let secondOfDay: Int
    private let count: Int
    private var produced = 0
    private var started = false
    /// libical gives up on years beyond this; so does this.
    static let lastYear = 2582

    init?(_ rule: icalrecurrencetype, start: LocalDateTime) {
        guard rule.freq == ICAL_DAILY_RECURRENCE || rule.freq == ICAL_WEEKLY_RECURRENCE,
              rule.rscale == nil, rule.interval >= 1, rule.count >= 0,
              start.date.year >= 1900, start.date.year < Self.lastYear else { return nil }
        let none = Int16(ICAL_RECURRENCE_ARRAY_MAX.rawValue)
        guard rule.by_second.0 == none, rule.by_minute.0 == none, rule.by_hour.0 == none,
              rule.by_month_day.0 == none, rule.by_year_day.0 == none, rule.by_week_no.0 == none,
              rule.by_month.0 == none, rule.by_set_pos.0 == none else { return nil }
        var bits: UInt8 = 0
        var plain = true
        withUnsafeBytes(of: rule.by_day) { raw in
            for v in raw.bindMemory(to: Int16.self) {
                if v == none { break }
                let weekday = Int(icalrecurrencetype_day_day_of_week(v).rawValue)  // 1 = Sunday … 7 = Saturday
                guard icalrecurrencetype_day_position(v) == 0, (1...7).contains(weekday) else {
                    plain = false
                    break
                }
                bits |= 1 << UInt8((weekday + 5) % 7)  // Monday = 0
            }
        }
        guard plain else { return nil }
        let isoStart = start.date.isoWeekday - 1
        if rule.freq == ICAL_DAILY_RECURRENCE {
            guard bits == 0 else { return nil }
        } else if bits != 0 {
            guard bits & (1 << UInt8(isoStart)) != 0 else { return nil }
        }
        weekly = rule.freq == ICAL_WEEKLY_RECURRENCE
        step = Int64(rule.interval)
        weekdays = bits
        day = start.date.daysSinceEpoch
        secondOfDay = start.secondOfDay
        count = Int(rule.count)
        let wkst = Int(rule.week_start.rawValue)  // 0 = none (Monday), 1 = Sunday … 7 = Saturday
        let isoWkst = wkst == 0 ? 0 : (wkst + 5) % 7
        // WKST matters only to several weekdays every few weeks; libical 3.0.16
        // gets some of those wrong (WKST=TH…SA), so all but Monday go to it as they are.
        if rule.interval > 1 && bits.nonzeroBitCount > 1 && isoWkst != 0 { return nil }
        weekStart = day - Int64((isoStart - isoWkst + 7) % 7)
    }

    mutating func next() -> LocalDateTime? {
        if count > 0 && produced >= count { return nil }
        if started {
            if !weekly {
                day += step
            } else if weekdays == 0 {
                day += 7 * step
            } else {
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
            }
        }
        started = true
        let date = LocalDate(daysSinceEpoch: day)
        if date.year > Self.lastYear { return nil }
        produced += 1
        var l = LocalDateTime(date: date)
        l.secondOfDay = secondOfDay
        return l
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

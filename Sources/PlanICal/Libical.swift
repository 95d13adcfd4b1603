import CLibical
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// The only file (with LibicalZone/LibicalRecurrence) that touches libical.
// No C pointer leaves the functions here except inside the two small owner
// classes below, which free it in deinit and never escape one import.

/// A VTIMEZONE turned into a libical zone, used for TZIDs that name no
/// zone the system knows. Owns its `icaltimezone`.
final class LibicalZone: UTCOffsetProvider {
    private let zone: OpaquePointer
    private var cache: [Int64: Int] = [:]

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
        // Offsets change at most a few times a year; cache per UTC hour.
        let s = instant.seconds
        let hour = s >= 0 ? s / 3600 : (s - 3599) / 3600
        if let a = cache[hour], let b = cache[hour + 1], a == b { return a }
        let a = cache[hour] ?? lookup(Instant(seconds: hour * 3600))
        let b = cache[hour + 1] ?? lookup(Instant(seconds: (hour + 1) * 3600))
        cache[hour] = a
        cache[hour + 1] = b
        return a == b ? a : lookup(instant)
    }

    private func lookup(_ instant: Instant) -> Int {
        var t = icalTime(instant.local(offset: 0), isDate: false)
        t.zone = icaltimezone_get_utc_timezone()
        var isDaylight: Int32 = 0
        return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &t, &isDaylight))
    }
}

/// A recurrence rule (RRULE or EXRULE) expanded by libical's iterator, the
/// one API of libical 3.0.16 that expands every FREQ and BY* part correctly.
final class LibicalRecurrence {
    private let iterator: OpaquePointer
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
    /// `start` is the wall clock (or date) of DTSTART in the series' own zone.
    init?(rule text: String, start: LocalDateTime, isDate: Bool) {
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
        guard let it = icalrecur_iterator_new(rule, icalTime(start, isDate: isDate)) else {
            free(rule.rscale)
            return nil
        }
        iterator = it
        rscale = rule.rscale
    }

    deinit {
        icalrecur_iterator_free(iterator)
        free(rscale)
    }

    /// The next instance's wall clock, nil at the end of the series.
    func next() -> LocalDateTime? {
        let t = icalrecur_iterator_next(iterator)
        if icaltime_is_null_time(t) != 0 { return nil }
        return LocalDateTime(date: LocalDate(year: Int(t.year), month: Int(t.month), day: Int(t.day)),
                             hour: Int(t.hour), minute: Int(t.minute), second: Int(t.second))
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

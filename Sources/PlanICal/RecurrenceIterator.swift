import CLibical
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// libical's recurrence iterators, for the expander. No C pointer leaves this
// file except inside the owner class below, which frees it in deinit.


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

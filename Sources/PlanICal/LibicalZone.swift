import CLibical
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// libical's zones, for the expander and the zone lookups (the reader and the
// benchmark floor have files of their own). No C pointer leaves this file
// except inside the owner class below, which frees it in deinit.

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

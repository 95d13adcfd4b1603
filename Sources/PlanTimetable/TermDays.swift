import PlanCore

/// The term's class days as day numbers (days since 1970-01-01), and which
/// weekdays of a stretch of dates really hold classes.
///
/// Weekday masks here and in the builder: bit `rawValue - 1` of a `UInt8`
/// (Monday is bit 0, Sunday bit 6).
struct TermDays {
    let start: Int64
    let end: Int64
    /// Holidays and breaks as inclusive day-number ranges.
    let holidays: [ClosedRange<Int64>]

    init(_ term: Term) {
        start = term.start.daysSinceEpoch
        end = term.end.daysSinceEpoch
        holidays = term.holidays.compactMap { span in
            let a = span.from.daysSinceEpoch, b = span.to.daysSinceEpoch
            return a <= b ? a...b : nil
        }
    }

    /// The weekday bit of a day number (1970-01-01 was a Thursday, bit 3).
    static func weekdayBit(_ day: Int64) -> UInt8 { UInt8(1) << UInt8(((day + 3) % 7 + 7) % 7) }

    static func bit(_ day: Weekday) -> UInt8 { UInt8(1) << UInt8(day.rawValue - 1) }

    static func mask(_ days: [Weekday]) -> UInt8 { days.reduce(0) { $0 | bit($1) } }

    /// `Term.isClassDay` on a day number.
    func isClassDay(_ day: Int64) -> Bool {
        day >= start && day <= end && !holidays.contains { $0.contains(day) }
    }

    /// The weekdays among `wanted` that have a class day in `from...to`. Stops as
    /// soon as every wanted weekday is found, so a whole term costs about a week
    /// plus the holidays it skips; never more than the length of the range.
    func classWeekdays(from: Int64, to: Int64, wanted: UInt8 = 0x7F) -> UInt8 {
        var found: UInt8 = 0
        var day = max(from, start)
        let last = min(to, end)
        while day <= last && found != wanted {
            let bit = Self.weekdayBit(day)
            if wanted & bit != 0 && found & bit == 0 && isClassDay(day) { found |= bit }
            day += 1
        }
        return found
    }

    /// The first day in `from...to` on a weekday of `days` that is a class day.
    func firstClassDay(from: Int64, to: Int64, days: UInt8) -> Int64? {
        var day = max(from, start)
        let last = min(to, end)
        while day <= last {
            if days & Self.weekdayBit(day) != 0 && isClassDay(day) { return day }
            day += 1
        }
        return nil
    }
}

/// A meeting as the builder sees it: the weekdays on which it really takes
/// place (a class day of that weekday inside its dates), its minutes, its dates.
///
/// Invariant: `days != 0` and `start < end`. A meeting that never takes place
/// (no class day in its dates, or no minutes) has no `ActiveMeeting`: it can
/// clash with nothing, puts no day on campus and is ignored by every option.
struct ActiveMeeting: Hashable {
    var days: UInt8
    var start: Int
    var end: Int
    /// The meeting's dates clipped to the term, as day numbers, inclusive.
    var from: Int64
    var to: Int64

    init?(_ meeting: Meeting, term: Term, days calendar: TermDays) {
        guard meeting.start < meeting.end else { return nil }
        let span = meeting.span(in: term)
        from = span.from.daysSinceEpoch
        to = span.to.daysSinceEpoch
        guard from <= to else { return nil }
        days = calendar.classWeekdays(from: from, to: to, wanted: TermDays.mask(meeting.days))
        start = meeting.start
        end = meeting.end
        guard days != 0 else { return nil }
    }

    /// True when this meeting takes place on `day` (a class day inside its dates on one of its weekdays).
    func meets(on day: Int64, _ calendar: TermDays) -> Bool {
        day >= from && day <= to && days & TermDays.weekdayBit(day) != 0 && calendar.isClassDay(day)
    }

    /// The first date on which both meet with overlapping minutes, or nil.
    func firstClash(with other: ActiveMeeting, _ calendar: TermDays) -> Int64? {
        guard max(start, other.start) < min(end, other.end), days & other.days != 0 else { return nil }
        return calendar.firstClassDay(from: max(from, other.from), to: min(to, other.to), days: days & other.days)
    }
}

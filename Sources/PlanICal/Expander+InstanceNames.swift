import PlanCore

/// Which instance of a series a RECURRENCE-ID or EXDATE names (issue 12, item 2).
extension Expander {
    /// How a RECURRENCE-ID or EXDATE names an instance of a series (issue
    /// 12, item 2): by its start, or, for a DATE value on a series of
    /// date-times, by the local date it starts on.
    enum InstanceName: Hashable {
        case at(CalendarTime)
        case day(LocalDate)

        var sortKey: Int64 {
            switch self {
            case .at(let t): t.sortKey
            case .day(let d): CalendarTime.date(d).sortKey
            }
        }
    }

    /// What kind of value a series' DTSTART is, which decides how a
    /// RECURRENCE-ID or EXDATE names one of its instances.
    enum SeriesKind {
        case date, floating, zoned

        init(_ start: SeriesTime) {
            switch start {
            case .date: self = .date
            case .local(_, nil): self = .floating
            case .local: self = .zoned
            }
        }
    }

    /// The instance `t` names in a series of `kind`, and `t` read as a series time. Clients write these in
    /// another value type or zone than the series (Outlook:
    /// `RECURRENCE-ID;TZID=GMT Standard Time:20200416T000000` for an all-day
    /// series; others UTC values for a zoned series, or dates for a timed
    /// one). RFC 5545 §3.8.4.4 asks for the series' own type, but Google
    /// Calendar and Thunderbird match such a value to the instance it
    /// plainly means, so a moved instance is shown once and an excluded one
    /// not at all: a date-time names the all-day instance of the date written
    /// in it, and is read as that date — its wall-clock date with a TZID or
    /// none, its own date for a UTC midnight (not moved into X-WR-TIMEZONE
    /// first, where west of UTC it is the evening before: issue 34), and for
    /// another UTC time its date in X-WR-TIMEZONE (a local midnight written
    /// in UTC, which east of UTC falls on the day before; the corpus peer
    /// matches either midnight so); a date names the timed instances starting
    /// on that local date; a zoned or UTC value names the floating instance
    /// of the same wall-clock reading (a floating time has no instant to
    /// compare; the corpus peer matches so); anything else names the instance
    /// starting at the same instant.
    mutating func instanceName(_ t: RawTime, of e: RawEvent, property: String,
                               series kind: SeriesKind) -> (name: InstanceName, value: SeriesTime) {
        let value = normalize(t, event: e, property: property)
        if kind == .date {
            let day: LocalDate
            switch (t, value) {
            case (.utc(let l), .local(let local, _)): day = l.secondOfDay == 0 ? l.date : local.date
            case (.utc(let l), .date), (.zoned(let l, _), _), (.floating(let l), _): day = l.date
            case (.date(let d), _): day = d
            }
            return (.at(.date(day)), .date(day))
        }
        if kind == .floating {
            switch t {
            case .utc(let l), .zoned(let l, _), .floating(let l): return (.at(.floating(l)), value)
            case .date(let d): return (.day(d), value)
            }
        }
        switch (kind, value) {
        case (.zoned, .date(let d)): return (.day(d), value)
        default: return (.at(calendarTime(value)), value)
        }
    }
}

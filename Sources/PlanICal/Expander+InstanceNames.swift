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
    /// not at all: a date-time names the all-day instance of its own local
    /// date (read in its zone, or X-WR-TIMEZONE for UTC); a date names the
    /// timed instances starting on that local date; a zoned or UTC value
    /// names the floating instance of the same wall-clock reading (a
    /// floating time has no instant to compare; the corpus peer matches so);
    /// anything else names the instance starting at the same instant.
    mutating func instanceName(_ t: RawTime, of e: RawEvent, property: String,
                               series kind: SeriesKind) -> (name: InstanceName, value: SeriesTime) {
        let value = normalize(t, event: e, property: property)
        if kind == .floating {
            switch t {
            case .utc(let l), .zoned(let l, _), .floating(let l): return (.at(.floating(l)), value)
            case .date(let d): return (.day(d), value)
            }
        }
        switch (kind, value) {
        case (.date, .local(let l, _)): return (.at(.date(l.date)), value)
        case (.zoned, .date(let d)): return (.day(d), value)
        default: return (.at(calendarTime(value)), value)
        }
    }
}

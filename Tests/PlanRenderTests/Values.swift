import PlanCore

/// Values the rendering tests build by hand: a week of November 2026 in New York
/// (Tue 2026-11-24 is a Tuesday, EST, UTC−5).
enum Values {
    static let zone = SystemZone(identifier: "America/New_York")!

    static func day(_ d: Int, month: Int = 11) -> LocalDate { LocalDate(year: 2026, month: month, day: d) }

    /// `at(24, 9, 30)`: 09:30 on 2026-11-24 in New York.
    static func at(_ d: Int, _ hour: Int, _ minute: Int = 0, month: Int = 11) -> Instant {
        zone.resolve(LocalDateTime(date: day(d, month: month), hour: hour, minute: minute))
    }

    static func range(_ d: Int, _ from: (Int, Int), _ to: (Int, Int)) -> TimeRange {
        TimeRange(start: at(d, from.0, from.1), end: at(d, to.0, to.1))
    }

    static func event(_ summary: String?, _ start: CalendarTime, _ end: CalendarTime, status: String? = nil,
                      transparent: Bool = false, source: String = "classes.ics") -> Occurrence {
        Occurrence(uid: (summary ?? "untitled") + "@test", recurrenceId: nil, start: start, end: end, summary: summary,
                   status: status, transparent: transparent, tzid: nil, source: source)
    }
}

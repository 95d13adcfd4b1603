import PlanCore

/// The dates a weekly meeting happens in a term, as a calendar writes them:
/// the first and the last meeting, and the dates between that the weekly
/// rule would give but the term has no classes (holidays, breaks).
package struct MeetingDates: Hashable, Sendable {
    package var first: LocalDate
    package var last: LocalDate
    package var skipped: [LocalDate]
}

extension Meeting {
    /// When this meeting happens in `term`; nil when it never does (no days,
    /// a date range outside the term, or only holidays). The walk is bounded
    /// by the term's length.
    package func dates(in term: Term) -> MeetingDates? {
        let span = span(in: term)
        guard span.from <= span.to else { return nil }
        let days = Set(self.days)
        var first: LocalDate?, last: LocalDate?
        var holidays: [LocalDate] = []
        var d = span.from
        while d <= span.to {
            if days.contains(Weekday(d)) {
                if term.isClassDay(d) {
                    if first == nil { first = d }
                    last = d
                } else if first != nil {
                    holidays.append(d)
                }
            }
            d = d.adding(days: 1)
        }
        guard let first, let last else { return nil }
        return MeetingDates(first: first, last: last, skipped: holidays.filter { $0 < last })
    }
}

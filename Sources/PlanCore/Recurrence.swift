/// How a repeating task repeats (`plan add-task … --every week`): every N days, every N
/// weeks on a set of weekdays, or every N months on the first due's day of the month.
///
/// A rule only names *dates*; every occurrence keeps the first due's wall-clock time, and
/// the caller resolves each reading in the zone, so a weekly 23:59 stays 23:59 across a
/// DST change. Pure: no clock, no zone, no I/O.
package struct Recurrence: Hashable, Sendable {
    /// What one interval counts.
    package enum Unit: String, Hashable, Sendable, CaseIterable {
        case day, week, month

        /// The largest interval a rule may have in this unit: a year (366 days,
        /// 52 weeks, 12 months).
        package var maxInterval: Int {
            switch self {
            case .day: 366
            case .week: 52
            case .month: 12
            }
        }
    }

    /// The most occurrences one expansion returns, whatever `count`, `until` or the
    /// horizon allow; a caller refuses a `--count` above it.
    package static let maxOccurrences = 1_000

    package let unit: Unit
    /// Units between occurrences, 1 … ``Unit/maxInterval``.
    package let interval: Int
    /// For ``Unit/week``: the days of each repeating week, Monday first; empty means the
    /// first due's weekday. Always empty for the other units.
    package let weekdays: [Weekday]

    /// A rule; nil when `interval` is outside 1 … `unit.maxInterval`, or when weekdays
    /// are given for a unit other than weeks.
    package init?(every interval: Int, _ unit: Unit, on weekdays: [Weekday] = []) {
        guard (1...unit.maxInterval).contains(interval), weekdays.isEmpty || unit == .week else { return nil }
        self.unit = unit
        self.interval = interval
        self.weekdays = Array(Set(weekdays)).sorted()
    }

    // MARK: expansion

    /// The due wall-clock times of the occurrences, in order.
    ///
    /// The rule is anchored at `first`: every occurrence has `first`'s time of day, and
    /// - **days**: the dates `first.date + k·interval` days, k = 0, 1, …;
    /// - **weeks**: the days of ``weekdays`` (or `first`'s weekday) in the weeks
    ///   (Monday–Sunday) `k·interval` weeks after `first`'s week, on or after `first`'s
    ///   date — when `first`'s weekday is not in the set, `first` is not an occurrence
    ///   (unlike RFC 5545's DTSTART, which always counts);
    /// - **months**: the month `k·interval` months after `first`'s, on `first`'s day of
    ///   the month; a month without that day uses its last day (monthly on the 31st is
    ///   due 30 April, 28 or 29 February), and the next month goes back to the 31st.
    ///
    /// Of those, it keeps the ones dated on or after `from` (the anchor stays `first`, so
    /// a fortnightly rule keeps its weeks), stopping after the last one dated on or before
    /// `until` (inclusive, by date) and on or before `horizon`, or after `count` of them
    /// (counted from the first one kept), or after ``maxOccurrences`` — whichever comes
    /// first. A `count` of zero or less gives none.
    package func dues(first: LocalDateTime, from: LocalDate? = nil, until: LocalDate? = nil, count: Int? = nil,
                      through horizon: LocalDate) -> [LocalDateTime] {
        let last = min(until ?? horizon, horizon)
        let limit = min(count ?? Self.maxOccurrences, Self.maxOccurrences)
        let earliest = max(from ?? first.date, first.date)
        guard limit > 0, earliest <= last else { return [] }
        var out: [LocalDateTime] = []
        // Every period from `start` on holds at least one date ≥ `earliest`, except
        // possibly `start` itself, so `limit + 1` periods always suffice.
        let start = period(containing: earliest, anchor: first.date)
        for k in start...(start + Int64(limit)) {
            for date in dates(inPeriod: k, anchor: first.date) where date >= earliest {
                guard date <= last, out.count < limit else { return out }
                out.append(LocalDateTime(date: date, secondOfDay: first.secondOfDay))
            }
        }
        return out
    }

    /// The occurrence the rule gives just before `due` (the rule anchored at `anchor`,
    /// extended backwards): one interval earlier for days, months and one-day weeks; the
    /// previous listed day for weeks on several days. Same time of day as `due`.
    package func previous(before due: LocalDateTime, anchor: LocalDate) -> LocalDateTime {
        let k = period(containing: due.date, anchor: anchor)
        // The period before `k` always holds a date, so two periods suffice.
        for p in [k, k - 1] {
            if let date = dates(inPeriod: p, anchor: anchor).last(where: { $0 < due.date }) {
                return LocalDateTime(date: date, secondOfDay: due.secondOfDay)
            }
        }
        return due  // unreachable: every period holds at least one date
    }

    /// When each occurrence's work may begin, one for each of `dues` (consecutive
    /// occurrences of this rule anchored at `anchor`, as ``dues(first:from:until:count:through:)``
    /// returns them for `first.date`).
    ///
    /// With `startBefore` (seconds; a negative one counts as 0): the due minus that, in
    /// wall-clock terms (5 days before Friday 23:59 is Sunday 23:59 whatever DST does in
    /// between; the caller resolves it in the zone as it does the due). Without it: the
    /// previous occurrence's due, and for the first one the occurrence the rule gives
    /// before it (``previous(before:anchor:)``).
    package func starts(of dues: [LocalDateTime], anchor: LocalDate, startBefore: Int64? = nil) -> [LocalDateTime] {
        if let startBefore { return dues.map { $0.adding(seconds: -max(0, startBefore)) } }
        return dues.indices.map { i in i == 0 ? previous(before: dues[0], anchor: anchor) : dues[i - 1] }
    }

    /// The id of the occurrence of series `series` due on `due`: `series-YYYY-MM-DD`
    /// (`math-221-problem-set-2026-12-04`).
    package static func occurrenceId(series: String, due: LocalDate) -> String { series + "-" + due.isoString }

    // MARK: periods

    /// The period (k in the rule above; negative before the anchor's) that holds `date`.
    private func period(containing date: LocalDate, anchor: LocalDate) -> Int64 {
        switch unit {
        case .day: floorDiv(date.daysSinceEpoch - anchor.daysSinceEpoch, Int64(interval))
        case .week: floorDiv((monday(of: date) - monday(of: anchor)) / 7, Int64(interval))
        case .month: floorDiv(Int64(monthIndex(date) - monthIndex(anchor)), Int64(interval))
        }
    }

    /// The dates the rule names in period `k` (any, before or after the anchor), in order;
    /// never empty.
    private func dates(inPeriod k: Int64, anchor: LocalDate) -> [LocalDate] {
        switch unit {
        case .day:
            return [anchor.adding(days: Int(k) * interval)]
        case .week:
            let days = weekdays.isEmpty ? [anchor.isoWeekday] : weekdays.map(\.rawValue)
            let weekStart = monday(of: anchor) + k * Int64(interval) * 7
            return days.map { LocalDate(daysSinceEpoch: weekStart + Int64($0 - 1)) }
        case .month:
            let index = monthIndex(anchor) + Int(k) * interval
            let year = Int(floorDiv(Int64(index), 12)), month = index - year * 12 + 1
            return [LocalDate(year: year, month: month, day: min(anchor.day, Self.daysIn(year: year, month: month)))]
        }
    }

    private func monday(of date: LocalDate) -> Int64 { date.daysSinceEpoch - Int64(date.isoWeekday - 1) }
    private func monthIndex(_ date: LocalDate) -> Int { date.year * 12 + date.month - 1 }

    /// Days in `month` of `year` (28 … 31).
    static func daysIn(year: Int, month: Int) -> Int {
        let first = LocalDate(year: year, month: month, day: 1)
        let next = month == 12
            ? LocalDate(year: year + 1, month: 1, day: 1)
            : LocalDate(year: year, month: month + 1, day: 1)
        return Int(next.daysSinceEpoch - first.daysSinceEpoch)
    }
}

/// `a / b` rounded towards minus infinity (`b` > 0).
private func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

extension LocalDateTime {
    /// `date` at `secondOfDay` seconds after its midnight (0 ..< 86 400).
    init(date: LocalDate, secondOfDay: Int) {
        self.init(date: date)
        self.secondOfDay = secondOfDay
    }
}

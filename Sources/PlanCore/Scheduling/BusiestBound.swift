/// How busy a re-fitted plan may be against the least busy plan of the same work before a
/// replan lays the work out again: its busiest local day over the coming ``days`` at most
/// 1.25× the fresh plan's, plus 15 minutes (the bound balanced placement keeps, rule 9).
package enum BusiestBound {
    /// The stretch looked at, from `now`.
    package static let days = 14
    package static let slack: Int64 = 15 * 60

    /// Whether `busiest` is within the bound of `least`.
    package static func holds(_ busiest: Int64, least: Int64) -> Bool {
        busiest * 4 <= least * 5 + slack * 4
    }

    /// The busiest day on the grid of `step` within the bound of `least`.
    package static func ceiling(_ least: Int64, step: Int64) -> Int64 {
        (least * 5 / 4 + slack) / max(1, step) * max(1, step)
    }

    /// The busiest local day's total of `sittings` from `now` over the coming ``days`` (the
    /// part of each sitting after `now` counts).
    package static func busiest(_ sittings: [Sitting], now: Instant, zone: some UTCOffsetProvider) -> Int64 {
        let end = now + Int64(days) * 86_400
        var perDay: [LocalDate: Int64] = [:]
        for s in sittings where s.range.end > now && s.range.start < end {
            perDay[zone.local(s.range.start).date, default: 0] += s.range.end - max(s.range.start, now)
        }
        return perDay.values.max() ?? 0
    }
}

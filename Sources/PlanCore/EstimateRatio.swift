/// How long finished work took against its estimate, for one project or one series: the median
/// of each finished task's time recorded over its estimate, from at least ``minimumFinished``
/// tasks. New work of that project or series is planned for its estimate times the ratio when
/// the ratio lies outside ``band`` (`plan policy set --learn off` turns that off).
package struct EstimateRatio: Hashable, Sendable {
    /// The median of time recorded ÷ estimate over the finished tasks.
    package var ratio: Double
    /// How many finished tasks (each with time recorded) it was taken from.
    package var finished: Int

    /// At least this many finished tasks make a ratio.
    package static let minimumFinished = 3
    /// A ratio inside this band leaves estimates as they are.
    package static let band: ClosedRange<Double> = 0.9...1.1

    /// The ratio of `tasks` (each its estimate and the time recorded on it, both seconds): those
    /// with a positive estimate and time recorded count; nil under ``minimumFinished``.
    package init?(_ tasks: [(estimate: Int64, spent: Int64)]) {
        let ratios = tasks.filter { $0.estimate > 0 && $0.spent > 0 }
            .map { Double($0.spent) / Double($0.estimate) }.sorted()
        guard ratios.count >= Self.minimumFinished else { return nil }
        let mid = ratios.count / 2
        ratio = ratios.count % 2 == 1 ? ratios[mid] : (ratios[mid - 1] + ratios[mid]) / 2
        finished = ratios.count
    }

    /// Whether new work is planned otherwise than estimated.
    package var adjusts: Bool { !Self.band.contains(ratio) }

    /// The work to plan for an `estimate` (seconds): the estimate times the ratio, in whole
    /// minutes (at least one), when the ratio ``adjusts``; else the estimate.
    package func planned(for estimate: Int64) -> Int64 {
        guard adjusts else { return estimate }
        return max(60, Int64((Double(estimate) * ratio / 60).rounded()) * 60)
    }

    /// `1.3×`: the ratio to one decimal (two when under 0.1 apart from 1 would read as 1.0×).
    package var text: String {
        let tenths = (ratio * 10).rounded() / 10
        let shown = tenths == 1 || tenths == 0 ? (ratio * 100).rounded() / 100 : tenths
        var s = String(shown)
        if s.hasSuffix(".0") { s.removeLast(2) }
        return s + "×"
    }
}

import PlanCore

/// The busiest day of the coming fortnight and the least possible, as `plan tasks` and `plan week`
/// say it under their lists (``FortnightLoad``).
package enum LoadText {
    /// `Busiest day of the next 14 days: Tue 2026-11-24, 3h10m; the least possible for this work is 2h50m.`;
    /// empty when no day of the fortnight has work.
    package static func line(_ load: FortnightLoad, style: TextStyle = .plain) -> String {
        guard let day = load.busiestDay, load.busiest > 0 else { return "" }
        let h = ISODuration.humanString
        var text = "Busiest day of the next \(FortnightLoad.days) days: \(TimeText.day(day)), \(h(load.busiest))"
        if let least = load.leastPossible {
            text += least >= load.busiest
                ? "; no plan of this work has a lighter one."
                : "; the least possible for this work is \(h(least))."
        } else {
            text += "."
        }
        return style.bold("Load:") + " " + text + "\n"
    }
}

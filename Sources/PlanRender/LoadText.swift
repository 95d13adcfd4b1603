import PlanCore

/// The busiest day of the coming fortnight and the least possible, as `plan tasks` and `plan week`
/// say it under their lists (``FortnightLoad``).
package enum LoadText {
    /// `Busiest day of the next 14 days: Tue 2026-11-24, 3h10m; the least possible for this work is 2h50m.`
    /// (two lines when `width` is narrower); empty when no day of the fortnight has work.
    package static func line(_ load: FortnightLoad, width: Int = .max) -> String {
        guard let day = load.busiestDay, load.busiest > 0 else { return "" }
        let h = ISODuration.humanString
        let first = "Busiest day of the next \(FortnightLoad.days) days: \(TimeText.day(day)), \(h(load.busiest))"
        guard let least = load.leastPossible else { return first + ".\n" }
        let second = least >= load.busiest ? "no plan of this work has a lighter one." : "the least possible for this work is \(h(least))."
        let whole = first + "; " + second
        if TerminalCells.width(whole) <= width { return whole + "\n" }
        return TerminalCells.fit(first + ";", width).trimmingTrailing + "\n" + TerminalCells.fit("  " + second, width).trimmingTrailing + "\n"
    }
}

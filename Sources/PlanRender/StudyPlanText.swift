import PlanCore

/// One task's study plan as text, for `add-task`, `task show`, `task edit` and `done`.
package enum StudyPlanText {
    /// The sittings in time order under a heading per local day with the
    /// day's total, each with its clock times, number and length:
    ///
    ///     Tue 2026-11-24  3h
    ///       09:00–10:30  History essay (1/4)  1h30m
    package static func render(_ sittings: [Sitting], title: String, zone: some UTCOffsetProvider) -> String {
        var out = ""
        var day: LocalDate?
        for s in sittings.sorted(by: { $0.range.start < $1.range.start }) {
            let d = zone.local(s.range.start).date
            if d != day {
                day = d
                let total = sittings.filter { zone.local($0.range.start).date == d }.reduce(Int64(0)) { $0 + $1.range.duration }
                out += "\(TimeText.day(d))  \(ISODuration.humanString(total))\n"
            }
            let clocks = "\(TimeText.clock(s.range.start, zone))–\(TimeText.clock(s.range.end, zone))"
            out += "  \(clocks)  \(TerminalText.label(title)) (\(s.index)/\(s.count))  \(ISODuration.humanString(s.range.duration))\n"
        }
        return out
    }
}

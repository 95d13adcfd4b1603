import PlanCore

/// `plan review` in words: the stretch's planned, recorded and missed work, task by task, then
/// each project's and series' estimates against the time its finished tasks took.
package enum ReviewText {
    package static func render(_ r: Review, learning: Bool) -> String {
        let h = ISODuration.humanString
        var out = "Review of \(TimeText.day(r.from)) – \(TimeText.day(r.through)): "
            + "\(h(r.planned)) planned, \(h(r.done)) recorded, \(h(r.missed)) missed.\n"
        if !r.tasks.isEmpty {
            let cells = r.tasks.map { [TerminalText.label($0.id), h($0.planned), h($0.done), $0.missed > 0 ? h($0.missed) : "-"] }
            out += TextTable.render(["TASK", "PLANNED", "RECORDED", "MISSED"], cells, red: r.tasks.map { $0.missed > 0 }, style: .plain)
        }
        guard !r.groups.isEmpty else {
            return out + "No finished task with time recorded yet: `plan done TASK --spent 45m` records time, "
                + "and from 3 finished tasks a project shows how long its work takes against its estimates.\n"
        }
        out += "\nFinished work against its estimates:\n"
        let cells = r.groups.map { g -> [String] in
            let ratio = g.ratio.map { r in
                r.text + (r.adjusts ? (learning ? ", new work planned so" : ", --learn is off") : "")
            } ?? "needs \(EstimateRatio.minimumFinished) finished"
            return [g.kind.rawValue, TerminalText.label(g.name), "\(g.finished)", h(g.estimated), h(g.spent), ratio]
        }
        out += TextTable.render(["", "NAME", "FINISHED", "ESTIMATED", "SPENT", "RATIO (MEDIAN)"], cells,
                                red: r.groups.map { _ in false }, style: .plain)
        return out
    }
}

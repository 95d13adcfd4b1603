import PlanCore

/// What `plan done` prints: the time recorded as it was given, what is left, and the rest's sittings.
package enum DoneText {
    package static func render(_ row: TaskRow, now: Instant, zone: some UTCOffsetProvider) -> String {
        let task = row.task
        let title = TerminalText.label(task.title)
        let recorded = ISODuration.humanString(task.done)
        let estimate = ISODuration.humanString(task.estimate)
        if row.state == .done {
            if task.finished {
                let time = task.done == 0
                    ? "no time recorded (`plan done \(task.id) --spent 2h --finished` records what it took)"
                    : "\(recorded) recorded against its \(estimate) estimate"
                return "Done: \(title). \(time).\n"
            }
            return "\(title): \(recorded) recorded, all its planned \(ISODuration.humanString(task.planned ?? task.estimate)); "
                + "counted finished. If it is not, `plan done \(task.id) --left 1h` plans what is left.\n"
        }
        var out = "\(title): \(recorded) recorded of its \(estimate) estimate; \(ISODuration.humanString(task.remaining)) left"
        out += task.left != nil ? " (as you said).\n" : ".\n"
        if row.state == .scheduled {
            out += StudyPlanText.render(row.sittings.filter { $0.range.end > now }, title: task.title, zone: zone)
        } else {
            out += "The rest does not fit before it is due, not even with the plan re-made; see `plan task show \(task.id)`.\n"
        }
        return out
    }
}

import PlanCore

/// `plan tasks` and `plan task show` in words.
package enum TaskListText {
    /// One line per task: id, title, project, state, progress, next sitting,
    /// how its sittings spread over the days, slack and due; overdue and
    /// unscheduled tasks in red.
    package static func list(_ rows: [TaskRow], zone: some UTCOffsetProvider, style: TextStyle) -> String {
        if rows.isEmpty { return "No tasks yet. Add one with `plan add-task`.\n" }
        var out = ""
        for r in rows {
            let progress = "\(ISODuration.humanString(r.done))/\(ISODuration.humanString(r.estimate))"
            var line = "\(TerminalText.label(r.task.id))  \(TerminalText.label(r.task.title))"
            if let p = r.task.project { line += "  [\(TerminalText.label(p))]" }
            line += "  \(r.state.rawValue)  \(progress)"
            if let n = r.next { line += "  next \(TimeText.dayAndTime(n.range.start, zone))" }
            if let n = r.next, let spread = spread(r.sittings.filter { $0.range.start >= n.range.start }, zone: zone) {
                line += "  " + spread
            }
            if let s = r.slack { line += "  slack \(TimeText.stretch(s))" }
            line += "  due \(TimeText.due(r.due, zone))"
            out += (r.state == .overdue || r.state == .unscheduled ? style.red(line) : line) + "\n"
        }
        return out
    }

    /// How sittings spread over the days (`plan tasks` gives those from the
    /// next one on): `4h30m on 3 days, at most 2h a day`; nil without any.
    static func spread(_ sittings: [Sitting], zone: some UTCOffsetProvider) -> String? {
        guard !sittings.isEmpty else { return nil }
        var perDay: [LocalDate: Int64] = [:]
        for s in sittings { perDay[zone.local(s.range.start).date, default: 0] += s.range.duration }
        let total = perDay.values.reduce(0, +), most = perDay.values.max() ?? 0
        let h = ISODuration.humanString
        return perDay.count == 1 ? "\(h(total)) on 1 day" : "\(h(total)) on \(perDay.count) days, at most \(h(most)) a day"
    }

    /// One task with its fields and all its sittings.
    package static func detail(_ r: TaskRow, zone: some UTCOffsetProvider) -> String {
        var out = "\(TerminalText.label(r.task.title)) (\(TerminalText.label(r.task.id)))\(r.task.project.map { " — \(TerminalText.label($0))" } ?? "")\n"
        out += "  state     \(r.state.rawValue)\n"
        out += "  progress  \(ISODuration.humanString(r.done)) of \(ISODuration.humanString(r.estimate))\n"
        out += "  due       \(TimeText.due(r.due, zone))\n"
        if let s = r.slack { out += "  slack     \(TimeText.stretch(s))\n" }
        if !r.task.after.isEmpty { out += "  after     \(r.task.after.map(TerminalText.label).joined(separator: ", "))\n" }
        if let p = r.task.placement { out += "  placement \(p.rawValue)\n" }
        if let h = r.task.prefer { out += "  prefers   \(h.phrase)\n" }
        if let n = r.task.notes { out += "  notes     \(TerminalText.label(n))\n" }
        if !r.sittings.isEmpty { out += "\n" + StudyPlanText.render(r.sittings, title: r.task.title, zone: zone) }
        return out
    }
}

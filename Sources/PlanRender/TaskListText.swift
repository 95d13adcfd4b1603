import PlanCore

/// `plan tasks` and `plan task show` in words.
package enum TaskListText {
    /// A table, one task a line, the one due first first: id, title, project, state,
    /// progress, next sitting, how its sittings spread over the days from the next one on,
    /// slack (in days and hours) and due, under a header, in aligned columns; overdue and
    /// unscheduled tasks in red.
    package static func list(_ rows: [TaskRow], zone: some UTCOffsetProvider, style: TextStyle) -> String {
        if rows.isEmpty { return "No tasks yet. Add one with `plan add-task`.\n" }
        let sorted = rows.sorted { ($0.due, $0.task.id) < ($1.due, $1.task.id) }
        let header = ["TASK", "TITLE", "PROJECT", "STATE", "DONE", "NEXT", "SPREAD", "SLACK", "DUE"]
        let cells: [[String]] = sorted.map { r in
            let spread = r.next.flatMap { n in Self.spread(r.sittings.filter { $0.range.start >= n.range.start }, zone: zone) }
            return [TerminalText.label(r.task.id), TextTable.cut(TerminalText.label(r.task.title), maxTitle),
                    r.task.project.map(TerminalText.label) ?? "-", state(r),
                    "\(ISODuration.humanString(r.done))/\(ISODuration.humanString(r.estimate))",
                    r.next.map { TimeText.dayAndTime($0.range.start, zone) } ?? "-", spread ?? "-",
                    r.slack.map(TimeText.stretch) ?? "-", TimeText.due(r.due, zone)]
        }
        return TextTable.render(header, cells, red: sorted.map { $0.state == .overdue || $0.state == .unscheduled || $0.owed > 0 },
                                style: style)
    }

    /// The state, with the work owed when a sitting passed with nothing recorded: `scheduled, 45m owed`.
    static func state(_ r: TaskRow) -> String {
        r.owed > 0 && r.state == .scheduled ? "\(r.state.rawValue), \(ISODuration.humanString(r.owed)) owed" : r.state.rawValue
    }

    /// The widest a title is shown in the table (cut with an ellipsis): `plan task show` has it whole.
    static let maxTitle = 32

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
        out += "  state     \(state(r))\n"
        let h = ISODuration.humanString
        var progress = "\(h(r.done)) recorded of \(h(r.estimate))"
        if let p = r.task.planned { progress += " (planned \(h(p)))" }
        let left = r.task.left ?? max(0, (r.task.planned ?? r.estimate) - r.done)
        if r.task.finished { progress += ", finished" } else if r.state != .done { progress += ", \(h(left)) left" }
        out += "  progress  \(progress)\n"
        if r.owed > 0 && r.state == .scheduled {
            out += "  owed      \(h(r.owed)): no sitting ahead holds it (missed); the next `plan replan` re-fits it, "
                + "or `plan done \(TerminalText.label(r.task.id)) --spent \(h(r.owed))` if you did it\n"
        }
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

import PlanCore

/// Repeating tasks in words: what `add-task --every` prints, `plan task show SERIES`, and
/// a series' line in `plan tasks`.
package enum SeriesText {
    /// One occurrence in a short line: `  math-221-problem-set-2026-12-04  due Fri 2026-12-04 23:59  3h in 2 sittings, done by Wed 16:00`.
    static func occurrenceLine(_ task: TaskDefinition, sittings: [Sitting], fits: Bool, zone: some UTCOffsetProvider) -> String {
        var line = "  \(TerminalText.label(task.id))  due \(TimeText.due(task.due.instant(in: zone, endOfDay: true), zone))"
        if !fits { return line + "  does not fit" }
        let total = sittings.reduce(Int64(0)) { $0 + $1.range.duration }
        line += "  \(ISODuration.humanString(total)) in \(sittings.count) sitting\(TimeText.plural(sittings.count))"
        if let last = sittings.map(\.range.end).max() { line += ", done by \(TimeText.dayAndTime(last, zone))" }
        return line
    }

    /// What `add-task` made, in a line: `Added "…" (id), every week, due 23:59: 4 occurrences through 2026-12-27.`
    package static func addedHead(_ a: SeriesAdded) -> String {
        let s = a.series, n = a.occurrences.count
        var out = "\(a.saved ? "Added" : "Would add") \"\(TerminalText.label(s.template.title))\" (\(TerminalText.label(s.id))), \(s.words): "
        out += n == 0 ? "no occurrence due through \(a.horizon) yet" : "\(n) occurrence\(TimeText.plural(n)) through \(a.horizon)"
        return out + "."
    }

    /// Each occurrence made, with its sittings (a line each).
    package static func addedLines(_ a: SeriesAdded, zone: some UTCOffsetProvider) -> String {
        var out = ""
        let unfit = Set(a.unfit.map(\.taskId))
        let byTask = Dictionary(grouping: a.sittings, by: \.taskId)
        for o in a.occurrences {
            out += occurrenceLine(o, sittings: byTask[o.id] ?? [], fits: !unfit.contains(o.id), zone: zone) + "\n"
        }
        return out
    }

    /// `plan task show SERIES`: the rule, every occurrence with its state, the skipped ones.
    package static func detail(_ r: SeriesRow, zone: some UTCOffsetProvider) -> String {
        let s = r.series
        var out = "\(TerminalText.label(s.template.title)) (\(TerminalText.label(s.id)))\(s.template.project.map { " — \(TerminalText.label($0))" } ?? "")\n"
        out += "  repeats   \(s.words)\n"
        out += "  each      \(ISODuration.humanString(s.template.estimate))\n"
        out += "  made      through \(r.horizon) (later ones come as time passes)\n"
        if let h = s.template.prefer { out += "  prefers   \(h.phrase)\n" }
        out += "\n"
        if r.occurrences.isEmpty { out += "  No occurrence yet.\n" }
        for o in r.occurrences {
            var line = "  \(TerminalText.label(o.task.id))  due \(TimeText.due(o.due, zone))  \(o.state.rawValue)"
            line += "  \(ISODuration.humanString(o.done))/\(ISODuration.humanString(o.estimate))"
            if let n = o.next { line += "  next \(TimeText.dayAndTime(n.range.start, zone))" }
            out += line + "\n"
        }
        for skip in r.skipped { out += "  \(TerminalText.label(skip.taskId))  skipped\n" }
        return out
    }

    /// The repeating tasks in `plan tasks`: a table, a series a line — its id, title,
    /// project, rule, its next occurrence (id, state, progress, due) and how many of its
    /// occurrences are done (and skipped); a series with an occurrence unscheduled or
    /// overdue in red.
    package static func table(_ rows: [SeriesRow], zone: some UTCOffsetProvider, style: TextStyle) -> String {
        let header = ["SERIES", "TITLE", "PROJECT", "REPEATS", "NEXT", "STATE", "DONE", "DUE", "FINISHED"]
        let cells: [[String]] = rows.map { r in
            let s = r.series
            let finished = r.occurrences.filter { $0.state == .done }.count
            let next = r.occurrences.first { $0.state != .done && $0.state != .overdue }
            var count = "\(finished) of \(r.occurrences.count)"
            if !r.skipped.isEmpty { count += ", \(r.skipped.count) skipped" }
            return [TerminalText.label(s.id), TextTable.cut(TerminalText.label(s.template.title), TaskListText.maxTitle),
                    s.template.project.map(TerminalText.label) ?? "-", s.words,
                    next.map { TerminalText.label($0.task.id) } ?? "-", next?.state.rawValue ?? "-",
                    next.map { "\(ISODuration.humanString($0.done))/\(ISODuration.humanString($0.estimate))" } ?? "-",
                    next.map { TimeText.due($0.due, zone) } ?? "-", count]
        }
        let red = rows.map { r in r.occurrences.contains { $0.state == .unscheduled || $0.state == .overdue } }
        return TextTable.render(header, cells, red: red, style: style)
    }
}

import PlanCore

extension Plan {
    /// The plan for people, day by day, on the wall clock of `zone`:
    ///
    ///     Tue 2026-11-24  3h
    ///       09:00–10:30  History essay (1/4)
    ///
    /// then one line per task with its totals, then, for each task that does
    /// not fit, what it needs, what limits it and the changes that would make
    /// it fit, in plain English (``Diagnostic/text(title:due:zone:)``).
    /// Deterministic: same plan, same text.
    package func text(zone: some UTCOffsetProvider) -> String {
        var out = daysText(zone: zone)
        out += "\nTasks\n" + tasksText(zone: zone)
        for d in diagnostics {
            let outcome = tasks.first { $0.id == d.taskId }
            out += "\n" + d.text(title: outcome?.title ?? d.taskId, due: outcome?.due, zone: zone)
        }
        return out
    }

    /// The sittings under a heading per local day, with the day's total.
    private func daysText(zone: some UTCOffsetProvider) -> String {
        let titles = Dictionary(tasks.map { ($0.id, TerminalText.label($0.title)) }, uniquingKeysWith: { a, _ in a })
        var out = ""
        var currentDay: LocalDate?
        var dayLines: [String] = []
        var dayTotal: Int64 = 0
        func flushDay() {
            guard let d = currentDay else { return }
            if !out.isEmpty { out += "\n" }
            out += "\(TimeText.day(d))  \(ISODuration.humanString(dayTotal))\n"
            out += dayLines.joined()
            dayLines = []
            dayTotal = 0
        }
        for s in sittings {
            let start = zone.local(s.range.start), end = zone.local(s.range.end)
            if start.date != currentDay {
                flushDay()
                currentDay = start.date
            }
            // A sitting ends inside its own day; midnight reads as 24:00.
            let endText = end.date != start.date ? "24:00" : end.hhmm
            let title = titles[s.taskId] ?? TerminalText.label(s.taskId)
            dayLines.append("  \(start.hhmm)–\(endText)  \(title) (\(s.index)/\(s.count))\n")
            dayTotal += s.range.duration
        }
        flushDay()
        if sittings.isEmpty { out += "No sittings.\n" }
        return out
    }

    /// One line per task, titles padded to one column (in terminal cells), then the totals.
    private func tasksText(zone: some UTCOffsetProvider) -> String {
        var out = ""
        let titles = tasks.map { TerminalText.label($0.title) }
        let width = min(32, titles.map { TerminalCells.width($0) }.max() ?? 0)
        for (t, title) in zip(tasks, titles) {
            let name = TerminalCells.pad(title, width)
            switch t.status {
            case .scheduled:
                let n = sittings.lazy.filter { $0.taskId == t.id }.count
                var line = "  \(name)  \(ISODuration.humanString(t.scheduled)) in \(n) sitting\(TimeText.plural(n))"
                if let last = t.lastEnd { line += ", done by \(TimeText.dayAndTime(last, zone))" }
                if let slack = t.slack { line += ", \(TimeText.stretch(slack)) before due" }
                out += line + "\n"
            case .done:
                out += "  \(name)  already done\n"
            case .unschedulable:
                out += "  \(name)  does not fit (\(ISODuration.humanString(t.needed)) needed)\n"
            }
        }
        let scheduled = tasks.filter { $0.status == .scheduled }
        let total = scheduled.reduce(Int64(0)) { $0 + $1.scheduled }
        let unschedulable = tasks.count { $0.status == .unschedulable }
        let done = tasks.count { $0.status == .done }
        out += "  Total: \(ISODuration.humanString(total)) in \(sittings.count) sitting\(TimeText.plural(sittings.count))"
        out += "; \(scheduled.count) scheduled, \(unschedulable) not fitting, \(done) done\n"
        return out
    }
}

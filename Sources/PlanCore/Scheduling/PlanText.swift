extension Plan {
    /// The plan for people, day by day, on the wall clock of `zone`:
    ///
    ///     Tue 2026-11-24  3h
    ///       09:00–10:30  History essay (1/4)
    ///
    /// then one line per task with its totals, then, for each task that does
    /// not fit, what it needs, what limits it and the changes that would make
    /// it fit, in plain English. Deterministic: same plan, same text.
    public func text(zone: some UTCOffsetProvider) -> String {
        let titles = Dictionary(tasks.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })
        var out = ""
        var currentDay: LocalDate?
        var dayLines: [String] = []
        var dayTotal: Int64 = 0
        func flushDay() {
            guard let d = currentDay else { return }
            if !out.isEmpty { out += "\n" }
            out += "\(Weekday(d).shortName) \(d.isoString)  \(ISODuration.humanString(dayTotal))\n"
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
            let endText = end.date != start.date ? "24:00" : hhmm(end)
            let title = titles[s.taskId] ?? s.taskId
            dayLines.append("  \(hhmm(start))–\(endText)  \(title) (\(s.index)/\(s.count))\n")
            dayTotal += s.range.duration
        }
        flushDay()
        if sittings.isEmpty { out += "No sittings.\n" }

        out += "\nTasks\n"
        let width = min(32, tasks.map { $0.title.count }.max() ?? 0)
        for t in tasks {
            let name = t.title.count < width ? t.title + String(repeating: " ", count: width - t.title.count) : t.title
            switch t.status {
            case .scheduled:
                let n = sittings.lazy.filter { $0.taskId == t.id }.count
                var line = "  \(name)  \(ISODuration.humanString(t.scheduled)) in \(n) sitting\(n == 1 ? "" : "s")"
                if let last = t.lastEnd { line += ", done by \(dayAndTime(last, zone))" }
                if let slack = t.slack { line += ", \(ISODuration.humanString(slack)) before due" }
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
        out += "  Total: \(ISODuration.humanString(total)) in \(sittings.count) sitting\(sittings.count == 1 ? "" : "s")"
        out += "; \(scheduled.count) scheduled, \(unschedulable) not fitting, \(done) done\n"

        for d in diagnostics {
            let outcome = tasks.first { $0.id == d.taskId }
            let title = outcome?.title ?? d.taskId
            out += "\nDoes not fit: \(title) (\(d.taskId))\n"
            var line = "  Needs \(ISODuration.humanString(d.needed))"
            if d.available == 0 {
                line += ", but none of it fits"
            } else {
                line += ", but only \(ISODuration.humanString(d.available)) fits"
            }
            if let due = outcome?.due { line += " by \(dayAndTime(due, zone))" }
            line += " (short by \(ISODuration.humanString(d.shortBy))).\n"
            out += line
            if !d.binding.isEmpty {
                out += "  Limited by: " + d.binding.map(\.phrase).joined(separator: ", ") + ".\n"
            }
            if d.fixes.isEmpty {
                out += "  No single change to the task alone makes it fit.\n"
            } else {
                out += "  Any one of these changes would make it fit:\n"
                for f in d.fixes { out += "    - \(f.phrase(zone))\n" }
            }
        }
        return out
    }
}

private func hhmm(_ l: LocalDateTime) -> String { "\(pad2(l.hour)):\(pad2(l.minute))" }

private func dayAndTime(_ t: Instant, _ zone: some UTCOffsetProvider) -> String {
    let l = zone.local(t)
    return "\(Weekday(l.date).shortName) \(l.date.isoString) \(hhmm(l))"
}

extension Limit {
    /// How the text rendering names it.
    public var phrase: String {
        switch self {
        case .window: "the daily window"
        case .workingDays: "the working days"
        case .span: "the longest sitting (span)"
        case .minSitting: "the shortest sitting (minSitting)"
        case .busy: "calendar events"
        case .otherTasks: "tasks planned before it"
        case .after: "the tasks it comes after"
        case .maxPerDay: "the daily maximum (maxPerDay)"
        case .due: "the due date"
        case .start: "its start date"
        }
    }
}

extension Fix {
    /// The change in words, e.g. `move due to Sat 2026-12-12 17:00`.
    public func phrase(_ zone: some UTCOffsetProvider) -> String {
        switch self {
        case .due(let t): "move due to \(dayAndTime(t, zone))"
        case .start(let t): "let it start from \(dayAndTime(t, zone))"
        case .earliest(let t): "set earliest to \(t.hhmm)"
        case .latest(let t): "set latest to \(t.hhmm)"
        case .span(let d): "allow sittings up to \(ISODuration.humanString(d)) (span)"
        case .minSitting(let d): "allow sittings as short as \(ISODuration.humanString(d)) (minSitting)"
        }
    }
}

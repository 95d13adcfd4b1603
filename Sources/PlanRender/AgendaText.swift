import PlanCore

/// `plan agenda` as text: classes and planned work, merged, day by day.
package enum AgendaText {
    /// Every local day of `range` under a heading, `free` when it has
    /// nothing, its events, sittings (`▸ HIST200: History essay (1/4)`) and
    /// study sessions (`◆ CS201: Midterm review (study group) · Library`)
    /// in the order given, then the work planned that day.
    package static func render(_ items: [(range: TimeRange, item: AgendaItem)], range: TimeRange, zone: SystemZone,
                              style: TextStyle = .plain) -> String {
        var out = ""
        var day = zone.local(range.start).date
        let last = zone.local(range.end - 1).date
        while day <= last {
            let dayRange = TimeRange(start: zone.resolve(LocalDateTime(date: day)), end: zone.resolve(LocalDateTime(date: day.adding(days: 1))))
            let todays = items.filter { $0.range.overlaps(dayRange) }
            out += style.bold(TimeText.day(day)) + "\n"
            if todays.isEmpty { out += style.dim("  free") + "\n" }
            var work: Int64 = 0, missedWork: Int64 = 0
            for (range, item) in todays {
                switch item {
                case .event(let o):
                    let start = EventWords.edge(range.start, beyondDay: range.start < dayRange.start, zone)
                    let end = EventWords.edge(range.end, beyondDay: range.end > dayRange.end, zone)
                    let when = o.isAllDay ? EventWords.allDay : "\(start)–\(end)"
                    let marks = EventWords.marks(o).map { " " + $0 }.joined()
                    out += "  \(when)  \(EventWords.title(o))\(marks)\n"
                case .sitting(let s, let title, let project, let missed):
                    let name = (project.map { "\(TerminalText.label($0)): " } ?? "") + "\(TerminalText.label(title)) (\(s.index)/\(s.count))"
                    let clocks = "\(TimeText.clock(range.start, zone))–\(TimeText.clock(range.end, zone))"
                    if missed {
                        missedWork += s.range.duration
                        out += style.red("  \(clocks)  ✗ \(name) — missed, nothing recorded") + "\n"
                    } else {
                        work += s.range.duration
                        out += style.green("  \(clocks)  ▸ \(name)") + "\n"
                    }
                case .session(let s):
                    let start = EventWords.edge(range.start, beyondDay: range.start < dayRange.start, zone)
                    let end = EventWords.edge(range.end, beyondDay: range.end > dayRange.end, zone)
                    let name = (s.course.map { "\(TerminalText.label($0)): " } ?? "") + TerminalText.label(s.title)
                    let place = s.location.map { " · " + TerminalText.label($0) } ?? ""
                    out += style.bold("  \(start)–\(end)  ◆ \(name) (study group)\(place)") + "\n"
                }
            }
            if work > 0 { out += style.dim("  work planned: \(ISODuration.humanString(work))") + "\n" }
            if missedWork > 0 {
                // True before and after its work is re-fitted: what is still owed is `plan tasks`' to say.
                out += style.dim("  missed: \(ISODuration.humanString(missedWork)) with nothing recorded (`plan tasks` shows "
                                 + "what is still owed; `plan done TASK --spent …` if you did it)") + "\n"
            }
            day = day.adding(days: 1)
        }
        return out
    }
}

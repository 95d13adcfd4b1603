extension TaskSeries {
    /// How the series repeats: `every week, due Fri 23:59`, `each week`,
    /// `before each "CHEM 110 Lecture"`, `after each "CHEM 110 Lab", due within 2d`.
    package var words: String {
        let s = self
        var out: String
        switch s.kind {
        case .every(let rule, let first, let wholeDay):
            let every = s.ruleText.lowercased().hasPrefix("every") ? s.ruleText : "every " + s.ruleText
            // A weekly rule on no listed days repeats on the first due's weekday: say which.
            let day = rule.unit == .week && rule.weekdays.isEmpty ? Weekday(first.date).shortName + " " : ""
            out = every + ", due " + day + (wholeDay ? "by the end of the day" : first.hhmm)
            if let b = s.startBefore { out += ", begun \(Self.span(b)) before" }
        case .each(let unit):
            out = "each \(unit.rawValue), its hours within it"
        case .beforeClass(let name):
            out = "before each \"\(TerminalText.label(name))\""
            if let b = s.startBefore { out += ", begun \(Self.span(b)) before" }
        case .afterClass(let name, let within):
            out = "after each \"\(TerminalText.label(name))\", due within \(Self.span(within))"
        }
        if let from = s.from { out += ", from \(from)" }
        if let until = s.until { out += ", until \(until)" }
        if let count = s.count { out += ", \(count) time\(TimeText.plural(count))" }
        return out
    }

    /// What tells one occurrence from the others, after its title: `for Tue 02-10` (its due day;
    /// for a class, the meeting's), `week of Mon 11-02` and `for November` for a habit's period.
    package func occurrenceLabel(due: LocalDate) -> String {
        func md(_ d: LocalDate) -> String { String(d.isoString.dropFirst(5)) }
        switch kind {
        case .each(let unit) where unit == .week:
            let (first, _) = Self.period(.week, containing: due)
            return "week of \(Weekday(first).shortName) \(md(first))"
        case .each(let unit) where unit == .month:
            return "for " + Self.monthNames[due.month - 1]
        case .every, .each, .beforeClass, .afterClass:
            return "for \(Weekday(due).shortName) \(md(due))"
        }
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                             "October", "November", "December"]

    /// `5d` for whole days, else as ``ISODuration/humanString(_:)`` writes it (`36h`).
    static func span(_ seconds: Int64) -> String {
        seconds > 0 && seconds % 86_400 == 0 ? "\(seconds / 86_400)d" : ISODuration.humanString(seconds)
    }
}

import PlanCore

extension Diagnostic {
    /// Why a task does not fit, in plain English:
    ///
    ///     Does not fit: Lab report (lab)
    ///       Needs 30h, but only 7h35m fits by Fri 2026-11-27 17:00 (short by 22h25m).
    ///       Limited by: the daily window, calendar events.
    ///       Any one of these changes would make it fit:
    ///         - move due to Fri 2026-12-04 11:40
    ///
    /// `title` names the task; `due`, when known, says by when (an end of day as
    /// `24:00`, as `plan tasks` shows it); with `now`, a due already past says so.
    package func text(title: String, due: Instant?, now: Instant? = nil, zone: some UTCOffsetProvider) -> String {
        var out = "Does not fit: \(TerminalText.label(title)) (\(TerminalText.label(taskId)))\n"
        var line = "  Needs \(ISODuration.humanString(needed))"
        if let due, let now, due <= now {
            line += ", but its due date, \(TimeText.due(due, zone)), is past (it is \(TimeText.dayAndTime(now, zone)) now).\n"
        } else {
            line += available == 0 ? ", but none of it fits" : ", but only \(ISODuration.humanString(available)) fits"
            if let due { line += " by \(TimeText.due(due, zone))" }
            line += " (short by \(ISODuration.humanString(shortBy))).\n"
        }
        out += line
        if !binding.isEmpty {
            out += "  Limited by: " + binding.map(\.phrase).joined(separator: ", ") + ".\n"
        }
        if let id = prerequisiteId, let end = prerequisiteEnd {
            out += "  It comes after \(TerminalText.label(id)), which runs until \(TimeText.dayAndTime(end, zone)).\n"
        }
        if fixes.isEmpty {
            out += "  No single change to the task alone makes it fit.\n"
        } else {
            out += "  Any one of these changes would make it fit:\n"
            for f in phrases(zone) { out += "    - \(f)\n" }
        }
        return out
    }

    /// The changes alone, for an edit that was refused (`plan task edit`):
    ///
    ///     Any one of these would make it fit:
    ///       - move due to Fri 2026-12-04 11:40
    ///
    /// No newline at the end.
    package func changesText(zone: some UTCOffsetProvider) -> String {
        guard !fixes.isEmpty else { return "No single change to the task alone makes it fit." }
        return "Any one of these would make it fit:\n" + phrases(zone).map { "  - " + $0 }.joined(separator: "\n")
    }

    /// Each fix in words; a due fix with a margin-keeping due is two:
    /// `move due to Sat … (keeps the --finish-early margin)`, then the
    /// tightest, `or, at the tightest, move due to Fri … (finishing just in time)`.
    func phrases(_ zone: some UTCOffsetProvider) -> [String] {
        fixes.flatMap { f -> [String] in
            guard case .due = f, let m = marginDue else { return [f.phrase(zone) + dayWords(f)] }
            return [Fix.due(m).phrase(zone) + " (keeps the --finish-early margin)" + dayWords(.due(m)),
                    "or, at the tightest, " + f.phrase(zone) + " (finishing just in time)"]
        }
    }

    /// `; but that makes a day of 8h50m (Sat 2026-11-07): with --replan the busiest is 4h` when following
    /// `fix` crowds a day past what a re-made plan would hold; nothing otherwise.
    func dayWords(_ fix: Fix) -> String {
        guard let d = fixDays[fix], d.crowded else { return "" }
        let h = ISODuration.humanString
        return "; but that makes a day of \(h(d.work)) (\(TimeText.day(d.day))): with --replan the busiest is \(h(d.least))"
    }
}

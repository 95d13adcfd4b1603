import PlanCore

/// Owed work re-fitted by a planning command, in one line:
/// `missed 45m of Problem set 9 (Tue 2026-12-01 14:00–14:45): now Thu 2026-12-03 10:00–10:45;
/// if you did it, \`plan done problem-set-9 --spent 45m\``.
package enum OwedText {
    package static func line(_ note: OwedRefit, zone: some UTCOffsetProvider) -> String {
        let owed = ISODuration.humanString(note.owed)
        let title = TerminalText.label(note.title), id = TerminalText.label(note.taskId)
        let missed = note.missed.isEmpty ? "" : " (" + note.missed.map { range($0, zone) }.joined(separator: ", ") + ")"
        let went = note.sittings.isEmpty
            ? "it no longer fits before its due (see `plan task show \(id)`)"
            : "now " + note.sittings.prefix(3).map { range($0, zone) }.joined(separator: ", ")
                + (note.sittings.count > 3 ? " and \(note.sittings.count - 3) more" : "")
        return "missed \(owed) of \(title)\(missed): \(went); if you did it, `plan done \(id) --spent \(owed)`"
    }

    private static func range(_ r: TimeRange, _ zone: some UTCOffsetProvider) -> String {
        "\(TimeText.dayAndTime(r.start, zone))–\(TimeText.clock(r.end, zone))"
    }
}

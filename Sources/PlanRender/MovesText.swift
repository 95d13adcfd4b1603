import PlanCore

/// The other tasks a re-made plan moves, as `add-task` lists them: the largest moves first (how
/// far the first sitting goes, either way), at most ``shown``, then how many more.
package enum MovesText {
    package static let shown = 8

    /// Lines `  ID: first sitting Mon 2026-11-02 15:10 → Wed 2026-11-04 17:00`, and `  … and 36 more
    /// (--json lists every one)` when there are more than ``shown``.
    package static func lines(_ moves: [Move], zone: some UTCOffsetProvider) -> [String] {
        func shift(_ m: Move) -> Int64 {
            guard let a = m.before.first?.start, let b = m.after.first?.start else { return .max }
            return abs(b - a)
        }
        let ranked = moves.sorted { (shift($0), $1.taskId) > (shift($1), $0.taskId) }
        var out = ranked.prefix(shown).map { m in
            let from = m.before.first.map { TimeText.dayAndTime($0.start, zone) } ?? "—"
            let to = m.after.first.map { TimeText.dayAndTime($0.start, zone) } ?? "—"
            return "  \(TerminalText.label(m.taskId)): first sitting \(from) → \(to)"
        }
        if ranked.count > shown { out.append("  … and \(ranked.count - shown) more (--json lists every one)") }
        return out
    }
}

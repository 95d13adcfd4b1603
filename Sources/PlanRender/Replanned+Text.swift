import PlanCore

extension Replanned {
    /// What `plan replan` did, in words: what moved and why, how many sittings
    /// stayed, and what does not fit (and whether `--compact` would fit it).
    package func text(zone: some UTCOffsetProvider, style: TextStyle) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let stayed = "\(count(kept, "sitting")) stayed in place"
        var head = moves.isEmpty ? "nothing moved; \(stayed)" : "\(count(moves.count, "task")) moved, \(stayed)"
        head = compact ? "Re-fitted everything from now (--compact): " + head : head.prefix(1).uppercased() + head.dropFirst()
        var out = head + (saved ? "" : " (dry run: nothing saved)") + (moves.isEmpty ? ".\n" : ":\n")
        let done = Set(plan.tasks.filter { $0.status == .done }.map(\.id))
        for m in moves {
            let from = m.before.first.map { TimeText.dayAndTime($0.start, zone) } ?? "—"
            let to = m.after.first.map { TimeText.dayAndTime($0.start, zone) } ?? (done.contains(m.taskId) ? "done" : "unscheduled")
            let change = "\(m.before.count) → \(count(m.after.count, "sitting")), first \(from) → \(to)"
            if let reason = m.reason, reason != .compact {
                out += "  \(TerminalText.label(m.taskId)): \(reason.phrase(zone))\n    \(change)\n"
            } else {
                out += "  \(TerminalText.label(m.taskId)): \(change)\n"
            }
        }
        let compactFits = Set(fitWithCompact)
        for d in plan.diagnostics {
            let short = ISODuration.humanString(d.shortBy), id = TerminalText.label(d.taskId)
            out += style.red(compactFits.contains(d.taskId)
                ? "  \(id) does not fit around the sittings that stayed (\(short) short), but fits when everything is re-fitted: run `plan replan --compact`."
                : "  \(id) does not fit: \(short) short") + "\n"
        }
        return out
    }
}

import PlanCore

/// Estimates planned by what finished work took, one line per project or series and estimate:
/// `CS201 tasks took 1.3× their estimates (5 finished): planned 3h54m for your 3h;
/// --as-estimated plans 3h` (for occurrences of a series: `… for each of 4 occurrences`).
package enum LearnedText {
    package static func lines(_ notes: [LearnedEstimate]) -> [String] {
        var groups: [(note: LearnedEstimate, count: Int)] = []
        for n in notes {
            if let k = groups.firstIndex(where: { $0.note.kind == n.kind && $0.note.name == n.name
                && $0.note.estimate == n.estimate && $0.note.planned == n.planned }) {
                groups[k].count += 1
            } else {
                groups.append((n, 1))
            }
        }
        let h = ISODuration.humanString
        return groups.map { g in
            let n = g.note
            let whose = n.kind == .project ? "\(TerminalText.label(n.name)) tasks" : "\"\(TerminalText.label(n.name))\" occurrences"
            let each = g.count > 1 ? " for each of \(g.count)" : ""
            let off = n.kind == .series || g.count > 1
                ? "`plan policy set --learn off` plans estimates as typed"
                : "--as-estimated plans \(h(n.estimate))"
            return "\(whose) took \(n.ratio.text) their estimates (\(n.ratio.finished) finished): "
                + "planned \(h(n.planned)) for your \(h(n.estimate))\(each); \(off)"
        }
    }
}

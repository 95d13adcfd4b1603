import PlanCore
import PlanRender
import Testing

/// `plan replan`'s words, from values built here.
@Suite struct ReplanTextTests {
    /// Nothing moved: one sentence with the count of sittings that stayed.
    @Test func nothingMovedCountsWhatStayed() {
        let text = Replanned(moves: [], plan: Plan(sittings: [], tasks: [], diagnostics: []), kept: 24,
                             fitWithCompact: [], compact: false, saved: true)
        #expect(text.text(zone: Values.zone, style: .plain) == "Nothing moved; 24 sittings stayed in place.\n")
    }

    /// A move with its reason on its own line, then the change; a task
    /// that fits only with --compact says so; a dry run says nothing was saved.
    @Test func movesWithReasonsAndWhatDoesNotFit() {
        let moved = Move(taskId: "essay", before: [Values.range(24, (9, 0), (10, 0))],
                         after: [Values.range(25, (14, 0), (15, 0)), Values.range(26, (9, 0), (10, 0))], reason: .noSittings)
        let diagnostic = Diagnostic(taskId: "lab", needed: 7200, available: 3600, binding: [], fixes: [])
        let text = Replanned(moves: [moved], plan: Plan(sittings: [], tasks: [], diagnostics: [diagnostic]), kept: 1,
                             fitWithCompact: ["lab"], compact: false, saved: false)
        let lines = text.text(zone: Values.zone, style: .plain).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == "1 task moved, 1 sitting stayed in place (dry run: nothing saved):")
        #expect(lines[1].hasPrefix("  essay: "))
        #expect(lines[2] == "    1 → 2 sittings, first Tue 2026-11-24 09:00 → Wed 2026-11-25 14:00")
        #expect(lines[3] == "  lab does not fit around the sittings that stayed (1h short), but fits when everything is re-fitted: run `plan replan --compact`.")
    }

    /// --compact heads the summary, and a compact move carries no reason line.
    @Test func compactSaysSo() {
        let moved = Move(taskId: "essay", before: [], after: [Values.range(25, (14, 0), (15, 0))], reason: .compact)
        let text = Replanned(moves: [moved], plan: Plan(sittings: [], tasks: [], diagnostics: []), kept: 0,
                             fitWithCompact: [], compact: true, saved: true).text(zone: Values.zone, style: .plain)
        #expect(text == "Re-fitted everything from now (--compact): 1 task moved, 0 sittings stayed in place:\n"
            + "  essay: 0 → 1 sitting, first — → Wed 2026-11-25 14:00\n")
    }
}

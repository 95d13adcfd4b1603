import Testing
@testable import PlanCore

/// The repair pass changes nothing when everything fits, never unschedules
/// a task the greedy pass scheduled, and only ever adds scheduled tasks.
@Suite struct RepairTests {
    @Test func repairOnlyAddsAndLeavesFittingRequestsAlone() {
        var identical = 0
        for k in 0..<300 {
            let seed = UInt64(90_000 + k)
            var gen = InstanceGenerator(seed: seed)
            var inst = gen.instance(.medium)
            let repaired = inst.plan()
            inst.repairs = false
            let greedy = inst.plan()
            if !greedy.tasks.contains(where: { $0.status == .unschedulable }) {
                // A request in which everything fits: byte for byte the greedy plan.
                #expect(repaired == greedy, "seed \(seed)\n\(inst)")
                identical += 1
                continue
            }
            for (g, r) in zip(greedy.tasks, repaired.tasks) {
                #expect(g.status != .scheduled || r.status == .scheduled,
                        "seed \(seed): \(g.id) was scheduled and is not after the repair\n\(inst)")
            }
            // Every rescued task ends by its due like any other (rule 2).
            for s in repaired.sittings {
                let due = inst.tasks.first { $0.id == s.taskId }!.due
                #expect(s.range.end <= due, "seed \(seed): \(s.taskId) ends after its due")
            }
        }
        #expect(identical > 5)
    }

    /// Over many requests the repair pass does rescue tasks (it is not idle).
    @Test func repairRescuesSomeTasks() {
        var rescued = 0
        for k in 0..<200 {
            var gen = InstanceGenerator(seed: UInt64(91_000 + k))
            var inst = gen.instance(.medium)
            let repaired = inst.plan()
            inst.repairs = false
            let greedy = inst.plan()
            rescued += zip(greedy.tasks, repaired.tasks).count { $0.status == .unschedulable && $1.status == .scheduled }
        }
        #expect(rescued > 0)
    }
}

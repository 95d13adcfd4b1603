import Testing
@testable import PlanCore

/// The repair pass changes nothing when everything fits, never unschedules
/// a task the greedy pass scheduled, and only ever adds scheduled tasks.
@Suite struct RepairTests {
    /// The plan of each seed's medium instance with the repair pass and
    /// with the greedy pass alone.
    static func bothWays(seeds: Range<UInt64>) -> [(seed: UInt64, inst: Instance, repaired: Plan, greedy: Plan)] {
        InstanceGenerator.instances(.medium, seeds: seeds).map { seed, inst in
            var greedyOnly = inst
            greedyOnly.repairs = false
            return (seed, inst, inst.plan(), greedyOnly.plan())
        }
    }

    @Test func repairOnlyAddsAndLeavesFittingRequestsAlone() {
        var identical = 0
        for (seed, inst, repaired, greedy) in Self.bothWays(seeds: 90_000..<90_300) {
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
        let rescued = Self.bothWays(seeds: 91_000..<91_200).reduce(0) { sum, run in
            sum + zip(run.greedy.tasks, run.repaired.tasks).count { $0.status == .unschedulable && $1.status == .scheduled }
        }
        #expect(rescued > 0)
    }
}

import Testing
@testable import PlanCore

/// The due fix that keeps balanced placement's margin: each one offered is
/// checked here by planning the whole request again with it, and where none
/// is offered, none of the dates looked at keeps the margin.
@Suite struct MarginDueTests {
    @Test(arguments: 0..<2)
    func offeredDatesKeepTheMargin(batch: Int) {
        var offered = 0, looked = 0
        for k in 0..<12 {
            let seed = UInt64(50_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            var inst = gen.instance(.medium)
            inst.policy.placement = .balanced
            inst.policy.finishEarly = [86_400, 6 * 3600][k % 2]
            let plan = inst.plan()
            var looks = 0
            for d in plan.diagnostics {
                guard let i = inst.tasks.firstIndex(where: { $0.id == d.taskId }),
                      let tight = d.fixes.compactMap({ f -> Instant? in if case .due(let t) = f { t } else { nil } }).first,
                      looks < TaskScheduler.marginDueLooks else { continue }
                looks += 1
                looked += 1
                let margin = inst.policy.finishEarly
                func keeps(_ due: Instant) -> Bool {
                    var changed = inst
                    changed.tasks[i].due = due
                    let o = changed.plan().tasks[i]
                    return o.status == .scheduled && (o.slack ?? 0) >= margin
                }
                if let m = d.marginDue {
                    offered += 1
                    #expect(keeps(m), "seed \(seed) \(d.taskId)")
                    #expect((m - tight) % margin == 0 && m > tight, "seed \(seed)")
                } else {
                    #expect(!(1...3).contains { keeps(tight + Int64($0) * margin) }, "seed \(seed) \(d.taskId)")
                }
            }
        }
        #expect(looked >= 5 && offered >= 2, "\(offered) of \(looked)")
    }

    /// Early placement has no margin to keep: no such date.
    @Test func noneUnderEarlyPlacement() {
        for seed in UInt64(50_500)..<50_520 {
            var gen = InstanceGenerator(seed: seed)
            var inst = gen.instance(.medium)
            inst.policy.placement = .early
            inst.policy.finishEarly = 86_400
            #expect(inst.plan().diagnostics.allSatisfy { $0.marginDue == nil }, "seed \(seed)")
        }
    }
}

import Testing
@testable import PlanCore

/// Every fix a diagnostic proposes, applied alone to the request and the
/// whole request planned again (every task, the same order rules, the
/// repair pass), schedules the task; one unit tighter does not, unless that
/// value is outside the field's range (not looser than the task's own).
@Suite struct FixTests {
    /// What applying one fix to the request means, and its value one unit tighter.
    static func applying(_ fix: Fix, tighter: Bool, by unit: Int64, to t: inout PlanTask) {
        let d = tighter ? unit : 0
        switch fix {
        case .due(let x): t.due = x - d
        case .start(let x): t.start = x + d
        case .earliest(let x): t.earliest = TimeOfDay(minutes: x.minutes + Int(d / 60))
        case .latest(let x): t.latest = TimeOfDay(minutes: x.minutes - Int(d / 60))
        case .span(let x): t.span = x - d
        case .minSitting(let x): t.minSitting = x + d
        }
    }

    /// Whether the value one unit tighter than `fix` is still looser than the task's own.
    static func tighterInRange(_ fix: Fix, by unit: Int64, _ t: PlanTask, _ grid: GridValues) -> Bool {
        switch fix {
        case .due(let x): x - unit > t.due
        case .start(let x): x + unit < t.start!
        case .earliest(let x): x.minutes + Int(unit / 60) < t.earliest!.minutes
        case .latest(let x): x.minutes - Int(unit / 60) > t.latest!.minutes
        case .span(let x): x - unit > grid.span
        case .minSitting(let x): x + unit < grid.minSitting
        }
    }

    /// Checks every fix of every diagnostic of `inst`'s plan by re-planning;
    /// returns how many fixes were checked.
    @discardableResult
    static func checkEveryFix(_ inst: Instance, context: String) -> Int {
        let plan = inst.plan()
        var checked = 0
        for d in plan.diagnostics {
            guard let i = inst.tasks.firstIndex(where: { $0.id == d.taskId }) else { continue }
            let task = inst.tasks[i]
            let grid = GridValues(task, grid: inst.policy.granularity)
            for fix in d.fixes {
                func status(tighter: Bool, unit: Int64) -> TaskStatus {
                    var changed = inst
                    applying(fix, tighter: tighter, by: unit, to: &changed.tasks[i])
                    return changed.plan().tasks[i].status
                }
                #expect(status(tighter: false, unit: 0) == .scheduled,
                        "\(context)\n\(task.id): fix \(fix) re-planned is not scheduled\n\(inst)")
                // One grid step tighter, and for the times of day one minute.
                var units = [inst.policy.granularity]
                if case .earliest = fix { units.append(60) }
                if case .latest = fix { units.append(60) }
                for unit in units where tighterInRange(fix, by: unit, task, grid) {
                    #expect(status(tighter: true, unit: unit) != .scheduled,
                            "\(context)\n\(task.id): fix \(fix) is not the tightest (\(unit / 60)m tighter fits)\n\(inst)")
                }
                checked += 1
            }
        }
        return checked
    }

    /// Random week-long requests of 3–15 tasks with dependencies,
    /// `maxPerDay`, priorities, shared dues and dues that reorder.
    @Test(arguments: 0..<8)
    func everyFixFitsWhenApplied(batch: Int) {
        var checked = 0
        let first = UInt64(70_000 + batch * 100)
        for (seed, inst) in InstanceGenerator.instances(.medium, seeds: first..<(first + 40)) {
            checked += Self.checkEveryFix(inst, context: "seed \(seed)")
        }
        #expect(checked > 40)
    }

    /// Small requests, with and without the repair pass: the fixes are right
    /// for the greedy pass alone too.
    @Test(arguments: 0..<4)
    func everyFixFitsOnSmallRequests(batch: Int) {
        var checked = 0
        let first = UInt64(80_000 + batch * 100)
        for (seed, generated) in InstanceGenerator.instances(.small, seeds: first..<(first + 60)) {
            var inst = generated
            inst.fixSearchDays = 3
            inst.repairs = seed % 2 == 0
            checked += Self.checkEveryFix(inst, context: "seed \(seed) repairs \(inst.repairs)")
        }
        #expect(checked > 20)
    }

    /// The case of the issue: moving the due as the old diagnosis said put
    /// the task behind another that took the time it needed. The fix must
    /// account for the new order.
    @Test func dueFixThatReordersStillFits() {
        let zone = SystemZone.utc
        let monday = LocalDate(year: 2027, month: 3, day: 8)
        func at(_ day: Int, _ h: Int, _ m: Int = 0) -> Instant {
            zone.resolve(LocalDateTime(date: monday.adding(days: day), hour: h, minute: m))
        }
        var policy = Policy(zone: zone)
        policy.dayStart = TimeOfDay(hour: 9)
        policy.dayEnd = TimeOfDay(hour: 12)
        let essay = PlanTask(id: "essay", title: "Essay", estimate: 2 * 3600, due: at(0, 10),
                             span: 2 * 3600, minSitting: 30 * 60, sequence: 0)
        let lab = PlanTask(id: "lab", title: "Lab", estimate: 90 * 60, due: at(0, 10, 30),
                           span: 90 * 60, minSitting: 90 * 60, sequence: 1)
        let inst = Instance(policy: policy, now: at(0, 9), tasks: [essay, lab], busy: [])
        let plan = inst.plan()
        #expect(plan.tasks.map(\.status) == [.unschedulable, .scheduled])
        let fix = plan.diagnostics.first?.fixes.first { $0.field == "due" }
        // At its own turn, before the lab, 09:00–11:00 would do; but a due
        // of 11:00 puts the essay after the lab (due 10:30), which takes
        // 09:00–10:30. The essay then needs 10:30–12:00 and 30 minutes on
        // Tuesday: its first due that fits is Tuesday 09:30.
        #expect(fix == .due(at(1, 9, 30)))
        var naive = inst
        naive.tasks[0].due = at(0, 11)
        #expect(naive.plan().tasks[0].status == .unschedulable)
        FixTests.checkEveryFix(inst, context: "reorder")
    }
}

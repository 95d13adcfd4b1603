import Testing
@testable import PlanCore

/// Compares the scheduler, task by task, with an exhaustive search over the
/// grid given the sittings of the tasks placed before it (``BruteForce``).
@Suite struct ExhaustiveCheckTests {
    /// For each task of a random small instance:
    /// - scheduled ⇒ its sittings are exactly the lexicographically first
    ///   placement the exhaustive search finds (so they are valid, and rule 8's
    ///   "as early, then as long" holds);
    /// - unschedulable ⇒ no placement exists, `available` equals the search's
    ///   maximum, each limit is in `binding` exactly when lifting it raises
    ///   that maximum, every fix makes the task fit and the next smaller change
    ///   does not, and each field left out has no fixing value.
    @Test(arguments: 0..<12)
    func singleTaskPlacementIsExact(batch: Int) {
        var checked = (scheduled: 0, unschedulable: 0)
        for k in 0..<40 {
            let seed = UInt64(batch * 1000 + k)
            var gen = InstanceGenerator(seed: seed)
            var inst = gen.instance(.small)
            inst.repairs = false
            let plan = inst.plan()
            #expect(ruleViolations(inst, plan) == [], "seed \(seed)\n\(inst)")
            for task in inst.tasks {
                let c = check(task, inst, plan, seed: seed)
                checked.scheduled += c.scheduled
                checked.unschedulable += c.unschedulable
            }
        }
        // The generator must exercise both outcomes.
        #expect(checked.scheduled > 10)
        #expect(checked.unschedulable > 5)
    }

    /// One task among fragmented free time (``InstanceGenerator/fragments()``)
    /// with every total the exhaustive search can reach as its estimate, and
    /// a few it cannot: the cases where choosing sitting lengths without
    /// looking ahead fails (about one in ten here), so the exact greedy must
    /// match the first placement and the diagnosis must be right in the holes.
    @Test(arguments: 0..<8)
    func everyReachableTotalIsPlacedExactly(batch: Int) {
        var totalsChecked = 0, holesChecked = 0
        for k in 0..<5 {
            let seed = UInt64(50_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            var inst = gen.fragments()
            let probe = SingleTaskProblem(inst, inst.plan(), task: inst.tasks[0])
            let totals = BruteForce(probe).reachableTotals.filter { $0 > 0 }
            let g = inst.policy.granularity
            // One exhaustive table per capped span answers every total.
            var tables: [Int64: BruteForce] = [:]
            for r in totals {
                inst.tasks[0].estimate = r
                let plan = inst.plan()
                let mine = plan.sittings.map(\.range)
                let problem = SingleTaskProblem(inst, plan, task: inst.tasks[0])
                if tables[problem.span] == nil {
                    var big = problem
                    big.remaining = totals.last!
                    tables[problem.span] = BruteForce(big)
                }
                let expected = tables[problem.span]!.firstPlacement(total: r)
                #expect(mine == expected, "seed \(seed) total \(r / 60)m\n\(inst)\nexpected \(expected ?? [])\ngot \(mine)")
                totalsChecked += 1
            }
            let holes = (1...((totals.last ?? 0) / g)).map { $0 * g }.filter { !totals.contains($0) }
            for _ in 0..<min(2, holes.count) {
                inst.tasks[0].estimate = gen.rng.pick(holes)
                let plan = inst.plan()
                #expect(ruleViolations(inst, plan) == [], "seed \(seed)\n\(inst)")
                holesChecked += check(inst.tasks[0], inst, plan, seed: seed).unschedulable
            }
        }
        #expect(totalsChecked >= 30)
        #expect(holesChecked > 0)
    }

    private func check(_ task: PlanTask, _ inst: Instance, _ plan: Plan, seed: UInt64)
        -> (scheduled: Int, unschedulable: Int) {
        let outcome = plan.tasks.first { $0.id == task.id }!
        let context = "seed \(seed) task \(task.id)\n\(inst)"
        let preUnschedulable = task.after.contains { id in plan.tasks.first { $0.id == id }?.status == .unschedulable }
        if outcome.status == .done { return (0, 0) }
        if preUnschedulable {
            let d = plan.diagnostics.first { $0.taskId == task.id }
            #expect(d?.available == 0 && d?.binding == [.after] && d?.fixes == [], "\(context)")
            return (0, 1)
        }
        let problem = SingleTaskProblem(inst, plan, task: task)
        let bf = BruteForce(problem)
        switch outcome.status {
        case .scheduled:
            let mine = plan.sittings.filter { $0.taskId == task.id }.map(\.range)
            #expect(bf.firstPlacement == mine, "\(context)\nexpected \(bf.firstPlacement ?? [])\ngot \(mine)")
            return (1, 0)
        case .unschedulable:
            #expect(!bf.feasible, "\(context)\nbrute force finds \(bf.firstPlacement ?? [])")
            guard let d = plan.diagnostics.first(where: { $0.taskId == task.id }) else {
                Issue.record("no diagnostic: \(context)")
                return (0, 1)
            }
            #expect(d.available == bf.available, "\(context)\navailable \(d.available / 60)m, brute force \(bf.available / 60)m")
            checkBinding(d, task, inst, problem, available: bf.available, context: context)
            checkFixes(d, task, inst, problem, context: context)
            return (0, 1)
        case .done:
            return (0, 0)
        }
    }

    private func checkBinding(_ d: Diagnostic, _ task: PlanTask, _ inst: Instance, _ base: SingleTaskProblem,
                              available: Int64, context: String) {
        let p = inst.policy
        let ownLower = max(inst.now, task.start ?? inst.now)
        for limit in Limit.allCases {
            var r = base
            var applicable = true
            switch limit {
            case .window:
                applicable = r.windowStart > .startOfDay || r.windowEnd < .endOfDay
                r.windowStart = .startOfDay
                r.windowEnd = .endOfDay
            case .workingDays:
                applicable = p.workingDays.count < 7
                r.allDays = true
            case .span:
                applicable = r.span < r.remaining
                r.span = r.remaining
            case .minSitting:
                applicable = r.minSitting > p.granularity
                r.minSitting = p.granularity
            case .busy:
                applicable = !inst.busy.filter { !$0.range.isEmpty }.isEmpty
                r.busy = []
            case .otherTasks:
                r.others = []
            case .after:
                applicable = base.prerequisiteEnd.map { $0 > ownLower } ?? false
                r.lower = ownLower
            case .maxPerDay:
                applicable = p.maxPerDay != nil
                r.useMaxPerDay = false
            case .due:
                r.due = r.due + Int64(inst.fixSearchDays) * 86_400
            case .start:
                applicable = (task.start ?? inst.now) > base.lowerWithoutStart
                r.lower = base.lowerWithoutStart
            }
            let raises = applicable && BruteForce(r).available > available
            #expect(d.binding.contains(limit) == raises,
                    "\(context)\nbinding \(limit): reported \(d.binding.contains(limit)), brute force \(raises)")
        }
    }

    private func checkFixes(_ d: Diagnostic, _ task: PlanTask, _ inst: Instance, _ base: SingleTaskProblem,
                            context: String) {
        let p = inst.policy, g = p.granularity
        func fits(_ change: (inout SingleTaskProblem) -> Void) -> Bool {
            var r = base
            change(&r)
            return BruteForce(r).feasible
        }
        let ownMinimum = max(g, (max(0, task.minSitting) + g - 1) / g * g)
        func fits(span s: Int64) -> Bool { fits { $0.span = s; $0.minSitting = min(ownMinimum, s) } }
        let withoutStart = base.lowerWithoutStart
        var fields = Set<String>()
        for fix in d.fixes {
            fields.insert(fix.field)
            switch fix {
            case .due:
                // A later due moves the task later in rule 8's order, so the
                // due fix is checked against whole re-plans (FixTests).
                break
            case .start(let t):
                #expect(t < task.start! && fits { $0.lower = max(withoutStart, t) }
                        && !fits { $0.lower = max(withoutStart, t + 1) }, "\(context)\nfix \(fix)")
            case .earliest(let t):
                let next = TimeOfDay(minutes: t.minutes + 1)
                #expect(fits { $0.windowStart = max(p.dayStart, t) } && !fits { $0.windowStart = max(p.dayStart, next) },
                        "\(context)\nfix \(fix)")
            case .latest(let t):
                let previous = TimeOfDay(minutes: t.minutes - 1)
                #expect(fits { $0.windowEnd = min(p.dayEnd, t) } && !fits { $0.windowEnd = min(p.dayEnd, previous) },
                        "\(context)\nfix \(fix)")
            case .span(let s):
                // A longer span also raises a minimum sitting it capped (rule 4).
                #expect(s > base.span && fits(span: s) && !fits(span: s - g), "\(context)\nfix \(fix)")
            case .minSitting(let m):
                #expect(m < base.minSitting && fits { $0.minSitting = m } && !fits { $0.minSitting = m + g },
                        "\(context)\nfix \(fix)")
            }
        }
        // A field left out has no fixing value in the searched range.
        if !fields.contains("start"), let s = task.start, s > withoutStart {
            #expect(!fits { $0.lower = withoutStart }, "\(context)\nmissing start fix")
        }
        if !fields.contains("earliest"), task.earliest != nil, base.windowStart > p.dayStart {
            #expect(!fits { $0.windowStart = p.dayStart }, "\(context)\nmissing earliest fix")
        }
        if !fields.contains("latest"), task.latest != nil, base.windowEnd < p.dayEnd {
            #expect(!fits { $0.windowEnd = p.dayEnd }, "\(context)\nmissing latest fix")
        }
        if !fields.contains("span"), base.span < base.remaining {
            for k in (base.span / g + 1)...(base.remaining / g) {
                #expect(!fits(span: k * g), "\(context)\nmissing span fix (\(k * g / 60)m fits)")
            }
        }
        if !fields.contains("minSitting"), base.minSitting > g {
            #expect(!fits { $0.minSitting = g }, "\(context)\nmissing minSitting fix")
        }
    }
}

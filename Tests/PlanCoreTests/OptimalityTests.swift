import Foundation
import Testing
@testable import PlanCore

/// How many tasks the scheduler fits, against the most that can be fitted
/// together (``ExactSolver``, an exact search over the grid written from rules
/// 2–7 alone), on tiny seeded instances (``TinyInstanceGenerator``).
@Suite struct OptimalityTests {
    /// One seeded instance, the scheduler's plan and the exact maximum.
    struct Case: Sendable {
        var seed: UInt64
        var inst: Instance
        var plan: Plan
        var exact: ExactSolver.Solution?
        /// The most that fit together with every task the plan scheduled.
        var keeping: ExactSolver.Solution?

        var planned: Int { plan.tasks.count { $0.status == .scheduled } }
    }

    static let seeds: Range<UInt64> = 0..<500

    /// Made once for the whole suite (the solver is the costly part).
    static let cases: [Case] = seeds.map { seed in
        var gen = TinyInstanceGenerator(seed: seed)
        let inst = gen.instance()
        let plan = inst.plan()
        let planned = plan.tasks.count { $0.status == .scheduled }
        let exact = ExactSolver.solve(inst)
        // plan ≤ keeping ≤ exact: only a plan short of the maximum needs the second search.
        let keeping = exact.flatMap { $0.scheduled == planned ? $0 : nil }
            ?? ExactSolver.solve(inst, keeping: Set(plan.tasks.filter { $0.status == .scheduled }.map(\.id)))
        return Case(seed: seed, inst: inst, plan: plan, exact: exact, keeping: keeping)
    }

    /// The solver answers every instance within its bounds, and its witness
    /// schedules as many tasks as it claims, each obeying rules 2–7 jointly
    /// as the rule checker (an independent computation) sees them.
    @Test func theExactWitnessObeysTheRules() {
        var scheduled = 0
        for c in Self.cases {
            guard let exact = c.exact else {
                Issue.record("seed \(c.seed): the exact solver hit a bound\n\(c.inst)")
                continue
            }
            let witness = exact.plan(for: c.inst)
            #expect(ruleViolationsIgnoringOrder(c.inst, witness) == [], "seed \(c.seed)\n\(c.inst)")
            #expect(witness.tasks.count { $0.status == .scheduled } == exact.scheduled, "seed \(c.seed)")
            scheduled += exact.scheduled
        }
        #expect(scheduled > 1000)
    }

    /// No plan schedules more tasks than the exact maximum (which would
    /// mean a bug in one or the other), and every plan obeys rules 1–7.
    @Test func theSchedulerNeverBeatsTheExactMaximum() {
        var belowOptimum = 0
        for c in Self.cases {
            #expect(ruleViolationsIgnoringOrder(c.inst, c.plan) == [], "seed \(c.seed)\n\(c.inst)")
            guard let exact = c.exact else { continue }
            #expect(c.planned <= exact.scheduled, "seed \(c.seed): plan \(c.planned) > exact \(exact.scheduled)\n\(c.inst)")
            if c.planned < exact.scheduled { belowOptimum += 1 }
        }
        // The instances must be hard enough to tell a greedy from the optimum.
        #expect(belowOptimum > 0)
        #expect(Self.cases.contains { c in c.exact.map { $0.scheduled < $0.live } ?? false })
    }

    /// sum(tasks the plan schedules) / sum(the exact maxima) over the seeds.
    ///
    /// On seeds 0..<500 (2296 tasks with work left) the exact solver fits
    /// 1436. The scheduler of cfc2d9b (strict rule 8 order) scheduled 1384
    /// (0.9638, short on 52 instances); with the repair pass of issue 11 part
    /// 3 (a44f141) it scheduled 1405 (0.9784), and with the repair's late and
    /// with-prerequisites moves (2026-11-26) 1406 (0.9791), the threshold.
    /// Keeping every task the plan schedules, at most 1409 fit (0.981 of the
    /// maximum; the three left are instances 61, 145 and 318, where 61 needs
    /// a prerequisite's dependent placed between the sittings of another
    /// task, neither earliest nor latest). The rest of the gap is where the
    /// maximum gives up a task the plan schedules for two or more others,
    /// which a repair that keeps every scheduled task cannot do.
    @Test func schedulesNearlyAsManyAsTheExactMaximum() {
        let threshold = 1406.0 / 1436.0
        var planned = 0, optimum = 0, keeping = 0
        var short: [(seed: UInt64, missing: Int)] = []
        for c in Self.cases {
            guard let exact = c.exact, let kept = c.keeping else {
                Issue.record("seed \(c.seed): the exact solver hit a bound, or the plan's tasks do not fit together")
                continue
            }
            #expect(kept.scheduled <= exact.scheduled && kept.scheduled >= c.planned, "seed \(c.seed)")
            planned += c.planned
            optimum += exact.scheduled
            keeping += kept.scheduled
            if c.planned < exact.scheduled { short.append((c.seed, exact.scheduled - c.planned)) }
        }
        let ratio = Double(planned) / Double(max(1, optimum))
        let worst = short.sorted { ($0.missing, $1.seed) > ($1.missing, $0.seed) }.prefix(10)
        print("OptimalityTests: plan schedules \(planned) of the \(optimum) tasks the exact solver fits "
              + "(ratio \(ratio)); keeping every task it schedules, at most \(keeping) fit; "
              + "short on seeds \(worst.map { "\($0.seed) (−\($0.missing))" }.joined(separator: ", "))")
        #expect(ratio >= threshold)
    }

    /// Each task alone: the solver finds a placement exactly when the
    /// single-task dynamic programme (``BruteForce``) does, and then the
    /// scheduler, exact for one task, schedules it too.
    @Test func oneTaskAloneAgreesWithTheBruteForce() {
        var fit = 0, unfit = 0
        for seed in UInt64(0)..<80 {
            var gen = TinyInstanceGenerator(seed: 5_000 + seed)
            let whole = gen.instance()
            for var task in whole.tasks {
                task.after = []
                let inst = Instance(policy: whole.policy, now: whole.now, tasks: [task], busy: whole.busy, fixSearchDays: 1)
                guard GridValues(task, grid: inst.policy.granularity).remaining > 0 else { continue }
                let plan = inst.plan()
                let dp = BruteForce(SingleTaskProblem(inst, plan, task: task))
                guard let exact = ExactSolver.solve(inst) else {
                    Issue.record("seed \(5_000 + seed): the exact solver hit a bound\n\(inst)")
                    continue
                }
                #expect((exact.scheduled == 1) == dp.feasible, "seed \(5_000 + seed) task \(task.id)\n\(inst)")
                #expect(plan.tasks[0].status == (dp.feasible ? .scheduled : .unschedulable), "seed \(5_000 + seed)")
                if dp.feasible { fit += 1 } else { unfit += 1 }
            }
        }
        #expect(fit > 50)
        #expect(unfit > 10)
    }

    /// With `PLAN_EXACT_EXPORT=DIR`, writes every case as a request and a
    /// calendar (`DIR/NNN.json`, `DIR/NNN.ics`) and both counts
    /// (`DIR/expected.json`), for the CP-SAT model of `Tools/exact-check`
    /// (`exact_check.py --replay DIR`), a second exact solver, to check.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["PLAN_EXACT_EXPORT"] != nil))
    func exportForTheCPSATCheck() throws {
        let dir = URL(fileURLWithPath: ProcessInfo.processInfo.environment["PLAN_EXACT_EXPORT"]!)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var expected: [String: [String: Int]] = [:]
        for c in Self.cases {
            let name = String(c.seed)
            try Data(c.inst.requestJSON.utf8).write(to: dir.appendingPathComponent(name + ".json"))
            try Data(c.inst.calendarICS.utf8).write(to: dir.appendingPathComponent(name + ".ics"))
            expected[name] = ["plan": c.planned, "exact": c.exact?.scheduled ?? -1]
        }
        let data = try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: dir.appendingPathComponent("expected.json"))
    }

    /// A low-priority reading due first takes two of Monday's three hours
    /// (`maxPerDay`) at 09:00; the lab, due later but free only on Monday
    /// afternoon (Tuesday's is taken by classes), then has one hour left.
    /// Both fit when the reading goes to Tuesday morning.
    static func budgetTrap() -> Instance {
        let zone = SystemZone.utc
        let monday = LocalDate(year: 2026, month: 11, day: 23)
        func at(_ day: Int, _ hour: Int) -> Instant { zone.resolve(LocalDateTime(date: monday.adding(days: day), hour: hour)) }
        var policy = Policy(zone: zone, dayStart: TimeOfDay(hour: 9), dayEnd: TimeOfDay(hour: 17), granularity: 3600)
        policy.maxPerDay = 3 * 3600
        let reading = PlanTask(id: "reading", title: "Reading", estimate: 2 * 3600, due: at(1, 17),
                               span: 2 * 3600, minSitting: 2 * 3600, priority: 4, sequence: 0)
        let lab = PlanTask(id: "lab", title: "Lab report", estimate: 2 * 3600, due: at(1, 22),
                           span: 2 * 3600, minSitting: 2 * 3600, earliest: TimeOfDay(hour: 13), priority: 1, sequence: 1)
        let classes = BusyBlock(range: TimeRange(start: at(1, 13), end: at(1, 17)), source: "classes")
        return Instance(policy: policy, now: at(0, 8), tasks: [reading, lab], busy: [classes])
    }

    @Test func theBudgetTrapHasRoomForBoth() throws {
        let inst = Self.budgetTrap()
        let exact = try #require(ExactSolver.solve(inst))
        #expect(exact.scheduled == 2)
        #expect(ruleViolationsIgnoringOrder(inst, exact.plan(for: inst)) == [])
    }

    /// Fixed by the repair pass of issue 11 part 3 (the greedy order alone
    /// places the reading first and refuses the lab).
    @Test func theBudgetTrapIsRepaired() {
        let inst = Self.budgetTrap()
        let plan = inst.plan()
        #expect(plan.tasks.allSatisfy { $0.status == .scheduled })
        #expect(ruleViolationsIgnoringOrder(inst, plan) == [])
    }
}

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

    /// Monday 09:00–17:00 with a class 11–12, everything due at 17:00.
    /// The practice (priority 1, not before 12:00) takes 12–13; the quiz
    /// (priority 2, not after 11:00) takes 9–10; the essay (priority 3, one
    /// two-hour sitting, not after 14:00) then has no room. Moved first and
    /// placed early, the essay takes 9–11 and the quiz fails; placed from
    /// its latest lower bound it takes 12–14, and the practice, placed late
    /// too, takes 16–17.
    static func lateRoom() -> Instance {
        let zone = SystemZone.utc
        let monday = LocalDate(year: 2026, month: 11, day: 23)
        func at(_ hour: Int) -> Instant { zone.resolve(LocalDateTime(date: monday, hour: hour)) }
        let policy = Policy(zone: zone, dayStart: TimeOfDay(hour: 9), dayEnd: TimeOfDay(hour: 17), granularity: 3600)
        let practice = PlanTask(id: "practice", title: "Practice", estimate: 3600, due: at(17),
                                span: 3600, minSitting: 3600, earliest: TimeOfDay(hour: 12), priority: 1, sequence: 0)
        let quiz = PlanTask(id: "quiz", title: "Quiz", estimate: 3600, due: at(17),
                            span: 3600, minSitting: 3600, latest: TimeOfDay(hour: 11), priority: 2, sequence: 1)
        let essay = PlanTask(id: "essay", title: "Essay", estimate: 7200, due: at(17), span: 7200,
                             minSitting: 7200, latest: TimeOfDay(hour: 14), priority: 3, sequence: 2)
        let classes = BusyBlock(range: TimeRange(start: at(11), end: at(12)), source: "classes")
        return Instance(policy: policy, now: at(8), tasks: [practice, quiz, essay], busy: [classes])
    }

    @Test func theLateMoveRescuesWhatAnEarlyOneCannot() {
        var inst = Self.lateRoom()
        inst.repairs = false
        #expect(inst.plan().tasks.first { $0.id == "essay" }?.status == .unschedulable)
        inst.repairs = true
        let plan = inst.plan()
        #expect(plan.tasks.allSatisfy { $0.status == .scheduled }, "\(plan)")
        #expect(ruleViolationsIgnoringOrder(inst, plan) == [])
        func hours(_ id: String) -> [Int] {
            plan.sittings.filter { $0.taskId == id }.map { inst.policy.zone.local($0.range.start).hour }
        }
        #expect(hours("essay") == [12])
        #expect(hours("practice") == [16])
        #expect(hours("quiz") == [9])
    }

    /// Tiny instance 438 of ``OptimalityTests``: Task 1 comes after Task 0,
    /// which the greedy pass finishes too late for it (its own due is
    /// later; low-priority work took the early room). Moving Task 0 ahead
    /// with it fits both, and everything scheduled stays scheduled.
    @Test func movingPrerequisitesAheadRescuesTheirDependent() {
        var gen = TinyInstanceGenerator(seed: 438)
        var inst = gen.instance()
        inst.repairs = false
        let greedy = inst.plan()
        inst.repairs = true
        let plan = inst.plan()
        #expect(plan.tasks.count { $0.status == .scheduled } == greedy.tasks.count { $0.status == .scheduled } + 1)
        for (g, r) in zip(greedy.tasks, plan.tasks) where g.status == .scheduled {
            #expect(r.status == .scheduled, "\(g.id)")
        }
        #expect(plan.tasks.first { $0.id == "t1" }?.status == .scheduled)
        #expect(ruleViolationsIgnoringOrder(inst, plan) == [])
    }
}

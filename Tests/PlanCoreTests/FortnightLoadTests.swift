import Testing
@testable import PlanCore

/// ``FortnightLoad``: the busiest day of the coming fortnight and the least possible, against a second
/// formula (the densest stretch of days) where that one is exact, and against the plans the scheduler makes.
@Suite struct FortnightLoadTests {
    static let h: Int64 = 3600
    static let zone = SystemZone.utc
    static let day0 = LocalDate(year: 2026, month: 11, day: 23)

    static func at(_ day: Int, _ hour: Int = 0) -> Instant {
        zone.resolve(LocalDateTime(date: day0.adding(days: day), hour: hour))
    }

    /// Worked by hand: 6h due in two days must take 3h on one of them; work due after the fortnight does
    /// not count toward the bound, but its sittings count toward the busiest day.
    @Test func aWorkedExample() {
        let scheduler = TaskScheduler(policy: PolicyDefinition.defaults(zone: Self.zone), now: Self.at(0, 8))
        var a = PlanTask(id: "a", title: "A", estimate: 6 * Self.h, due: Self.at(2))
        a.span = 6 * Self.h
        let b = PlanTask(id: "b", title: "B", estimate: 2 * Self.h, due: Self.at(20))
        let plan = scheduler.plan(tasks: [a, b], busy: [])
        #expect(plan.tasks.allSatisfy { $0.status == .scheduled })
        let load = FortnightLoad(sittings: plan.sittings, tasks: [a, b], scheduler: scheduler, busy: [])
        #expect(load.leastPossible == 3 * Self.h)
        var perDay: [LocalDate: Int64] = [:]
        for s in plan.sittings { perDay[Self.zone.local(s.range.start).date, default: 0] += s.range.duration }
        #expect(load.busiest == perDay.values.max())
        #expect(load.busiestDay == perDay.filter { $0.value == load.busiest }.keys.min())
        #expect(load.busiest >= 3 * Self.h)
        // Nothing due within the fortnight: no bound.
        let later = FortnightLoad(sittings: plan.sittings.filter { $0.taskId == "b" }, tasks: [b], scheduler: scheduler, busy: [])
        #expect(later.leastPossible == nil && later.busiest > 0)
    }

    /// Where no day is full and a task may put all its work on one day, the least level is the densest
    /// stretch of days: the most work of the tasks whose windows lie inside some stretch over its days,
    /// on the grid (a second formula, by brute force over every stretch).
    @Test(arguments: 0..<4)
    func theDensestStretch(batch: Int) {
        var rng = SeededRandom(seed: UInt64(47_000 + batch))
        var policy = PolicyDefinition.defaults(zone: Self.zone)
        policy.granularity = 15 * 60
        for _ in 0..<50 {
            var tasks: [PlanTask] = []
            for i in 0..<rng.int(2...8) {
                let first = rng.int(0...6), days = rng.int(1...5)
                var t = PlanTask(id: "t\(i)", title: "T\(i)", estimate: Int64(rng.int(1...8)) * 1800,
                                 due: Self.at(first + days))
                t.start = Self.at(first)
                t.span = t.estimate
                t.minSitting = policy.granularity
                tasks.append(t)
            }
            let scheduler = TaskScheduler(policy: policy, now: Self.at(0))
            let densest = Self.densest(tasks, grid: policy.granularity)
            // Days of 12h hold it whenever the densest stretch asks less.
            guard densest <= 12 * Self.h else { continue }
            let level = LevelBound(scheduler: scheduler, tasks: tasks, busy: [])?.solve().level
            #expect(level == densest, "\(tasks.map { "\($0.id) \($0.estimate / 60)m \($0.start!)–\($0.due)" })")
        }
    }

    /// The largest, over every stretch of whole days, of the work of the tasks whose windows lie inside it
    /// over its days, rounded up to the grid.
    static func densest(_ tasks: [PlanTask], grid: Int64) -> Int64 {
        let day = 86_400 as Int64
        let origin = at(0)
        var best: Int64 = 0
        for a in 0..<20 {
            for b in (a + 1)...21 {
                let lo = origin + Int64(a) * day, hi = origin + Int64(b) * day
                let work = tasks.filter { $0.start! >= lo && $0.due <= hi }.reduce(Int64(0)) { $0 + $1.estimate }
                best = max(best, (work + Int64(b - a) - 1) / Int64(b - a))
            }
        }
        return (best + grid - 1) / grid * grid
    }

    /// On random requests, balanced or early: the least possible is never above the plan's own busiest
    /// day of the fortnight, which is the most work of one day counted from the sittings here.
    @Test func neverAboveThePlansOwnBusiestDay() {
        var bounded = 0
        for (seed, inst) in InstanceGenerator.instances(.medium, seeds: 47_100..<47_160) {
            var inst = inst
            if seed % 2 == 0 { inst.policy.placement = .balanced }
            let plan = inst.plan()
            let scheduled = Set(plan.tasks.filter { $0.status == .scheduled }.map(\.id))
            let load = FortnightLoad(sittings: plan.sittings, tasks: inst.tasks.filter { scheduled.contains($0.id) },
                                     scheduler: inst.scheduler, busy: inst.busy)
            let zone = inst.policy.zone
            let end = zone.resolve(LocalDateTime(date: zone.local(inst.now).date.adding(days: 14)))
            var perDay: [LocalDate: Int64] = [:]
            for s in plan.sittings where s.range.end > inst.now && s.range.start < end {
                perDay[zone.local(max(s.range.start, inst.now)).date, default: 0] += min(s.range.end, end) - max(s.range.start, inst.now)
            }
            #expect(load.busiest == (perDay.values.max() ?? 0), "seed \(seed)")
            if let least = load.leastPossible {
                bounded += 1
                #expect(least <= load.busiest, "seed \(seed): least \(least / 60)m, busiest \(load.busiest / 60)m\n\(inst)")
            }
        }
        #expect(bounded >= 30)
    }
}

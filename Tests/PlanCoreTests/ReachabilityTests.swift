import Testing
@testable import PlanCore

/// The reachability analysis behind exact placement and `available`,
/// compared total by total with the exhaustive search.
@Suite struct ReachabilityTests {
    /// Every total the exhaustive search can reach, and no other, is
    /// reachable for the scheduler's analysis, on fragmented days where the
    /// break couples neighbouring gaps (also across midnight) and a daily
    /// maximum applies.
    @Test(arguments: 0..<6)
    func reachableTotalsMatchExhaustiveSearch(batch: Int) {
        for k in 0..<12 {
            let seed = UInt64(70_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            let inst = gen.fragments(coupled: k % 3 != 0)
            let task = inst.tasks[0]
            let board = Scoreboard(policy: inst.policy, busy: inst.busy, horizon: inst.scheduler.horizon(inst.tasks))
            let gv = GridValues(task, grid: inst.policy.granularity)
            let req = Requirement(lower: inst.now, due: task.due, windowStart: inst.policy.dayStart,
                                  windowEnd: inst.policy.dayEnd, remaining: gv.remaining, span: gv.span,
                                  minSitting: gv.minSitting)
            var placer = Placer(board: board, req: req)
            let g = inst.policy.granularity
            let limit = Int(gv.remaining / g)
            let set = placer.reachable(from: placer.initial, limit: limit)
            let mine = (0...limit).filter { set.contains($0) }.map { Int64($0) * g }
            let plan = Plan(sittings: [], tasks: [TaskOutcome(id: task.id, title: "", status: .unschedulable,
                                                              needed: 0, scheduled: 0, firstStart: nil, lastEnd: nil,
                                                              slack: nil, due: task.due, rank: 0)],
                            diagnostics: [])
            let expected = BruteForce(SingleTaskProblem(inst, plan, task: task)).reachableTotals
            #expect(mine == expected, "seed \(seed)\n\(inst)\nmissing \(expected.filter { !mine.contains($0) }.map { $0 / 60 })\nextra \(mine.filter { !expected.contains($0) }.map { $0 / 60 })")
        }
    }

    /// Two ways to reach 2 h at 05:00 on day 2: one used 2 h of day 2, the
    /// other 1 h (its first hour was on day 1, which the 3-hour break
    /// couples to day 2). Only the second may still use the 06:00 gap under a
    /// 2-hour daily maximum, so 3 h is reachable; a position that is as early
    /// but has used more of its day must not hide it.
    @Test func dailyMaximumAcrossMidnightKeepsTheLessUsedPosition() {
        let utc = SystemZone.utc
        func at(_ day: Int, _ hour: Int) -> Instant {
            utc.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: day), hour: hour))
        }
        var policy = Policy(zone: utc, dayStart: .startOfDay, dayEnd: .endOfDay,
                            breakBetweenSittings: 3 * 3600, granularity: 3600, maxPerDay: 2 * 3600)
        policy.busy = BusyRules()
        let busy = [(at(2, 0), at(2, 21)), (at(2, 22), at(3, 0)), (at(3, 2), at(3, 6)), (at(3, 7), at(4, 0))]
            .map { BusyBlock(range: TimeRange(start: $0.0, end: $0.1), source: "class") }
        let board = Scoreboard(policy: policy, busy: busy, horizon: TimeRange(start: at(1, 0), end: at(5, 0)))
        let req = Requirement(lower: at(2, 0), due: at(4, 0), windowStart: .startOfDay, windowEnd: .endOfDay,
                              remaining: 4 * 3600, span: 2 * 3600, minSitting: 3600)
        var placer = Placer(board: board, req: req)
        let set = placer.reachable(from: placer.initial, limit: 4)
        #expect(set.ranges == [0...3])

        // And the scheduler places a 3-hour task there.
        let task = PlanTask(id: "t", title: "T", estimate: 3 * 3600, due: at(4, 0), span: 2 * 3600, minSitting: 3600)
        let plan = TaskScheduler(policy: policy, now: at(2, 0)).plan(tasks: [task], busy: busy)
        #expect(plan.sittings.map(\.range) == [TimeRange(start: at(2, 21), end: at(2, 22)),
                                               TimeRange(start: at(3, 1), end: at(3, 2)),
                                               TimeRange(start: at(3, 6), end: at(3, 7))])
    }

    @Test func oneRangeClosedForm() {
        // 100 minutes of room, sittings of 30–40, 15-minute breaks, 5-minute steps:
        // one sitting 30–40, two 60–80 (room 85), three 90 (30+30+30 + 2·15 = 120 > 100: no).
        let set = RangeSet.oneRange(length: 20, minLength: 6, maxLength: 8, gap: 3, limit: 100)
        #expect(set.ranges == [0...0, 6...8, 12...16])
        // Truncation at the limit.
        #expect(RangeSet.oneRange(length: 20, minLength: 6, maxLength: 8, gap: 3, limit: 13).ranges == [0...0, 6...8, 12...13])
    }

    @Test func sumsAreMinkowskiSums() {
        let a = RangeSet(normalizing: [0...0, 6...8])
        let b = RangeSet(normalizing: [0...0, 7...7])
        #expect(a.sum(b, limit: 100).ranges == [0...0, 6...8, 13...15])
        #expect(a.sum(b, limit: 14).ranges == [0...0, 6...8, 13...14])
        #expect(RangeSet(normalizing: [3...5, 0...0, 6...6]).ranges == [0...0, 3...6])
    }

    /// The one-word sets the analysis uses below 64 steps agree with
    /// ``RangeSet`` on every operation, on random sets and limits.
    @Test func bitSetsAgreeWithRangeSets() {
        var g = SeededRandom(seed: 64)
        func randomSet() -> RangeSet {
            var raw: [ClosedRange<Int>] = [0...0]
            for _ in 0..<g.int(0...4) {
                let lo = g.int(1...60)
                raw.append(lo...min(63, lo + g.int(0...8)))
            }
            return RangeSet(normalizing: raw)
        }
        for _ in 0..<500 {
            let a = randomSet(), b = randomSet(), limit = g.int(0...63)
            let x = TotalBits(a), y = TotalBits(b)
            #expect(x.rangeSet == a)
            #expect(x.max == a.max)
            #expect((0...64).allSatisfy { x.contains($0) == a.contains($0) })
            #expect(x.sum(y, limit: limit).rangeSet == a.sum(b, limit: limit), "\(a.ranges) + \(b.ranges) ≤ \(limit)")
            let (length, minLength, gap) = (g.int(0...40), g.int(1...8), g.int(0...4))
            let maxLength = minLength + g.int(0...6)
            #expect(TotalBits.oneRange(length: length, minLength: minLength, maxLength: maxLength, gap: gap, limit: limit).rangeSet
                    == RangeSet.oneRange(length: length, minLength: minLength, maxLength: maxLength, gap: gap, limit: limit))
        }
    }
}

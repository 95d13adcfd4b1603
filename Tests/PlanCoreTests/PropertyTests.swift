import Foundation
import PlanProtocol
import PlanRender
import Testing
@testable import PlanCore

/// Random instances from seeds: week-long calendars in UTC, New York,
/// Berlin and Kolkata, many of them across a DST change.
@Suite struct PropertyTests {
    /// Every sitting obeys rules 1–7, tasks come in rule 8's order, an
    /// unschedulable task has no sittings and exactly one diagnostic.
    @Test(arguments: 0..<10)
    func everyPlanObeysTheRules(batch: Int) {
        var statuses: [TaskStatus: Int] = [:]
        for k in 0..<30 {
            let seed = UInt64(10_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            let inst = gen.instance(.medium)
            let plan = inst.plan()
            #expect(ruleViolations(inst, plan) == [], "seed \(seed)\n\(inst)")
            for t in plan.tasks { statuses[t.status, default: 0] += 1 }
        }
        #expect(statuses[.scheduled, default: 0] > 30)
        #expect(statuses[.unschedulable, default: 0] > 5)
    }

    /// A quarter-year with 2,000 events and 150 tasks, where days fill up and
    /// the scheduler skips full ones: still every rule holds.
    @Test func aCrowdedQuarterObeysTheRules() {
        var rng = SeededRandom(seed: 99)
        let zone = SystemZone(identifier: "Europe/Berlin")!
        let now = zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 9, day: 1), hour: 8))
        let days = 91
        let busy = (0..<2_000).map { k -> BusyBlock in
            let start = now + Int64(rng.int(0...(days * 1440))) * 60
            return BusyBlock(range: TimeRange(start: start, end: start + Int64(rng.int(15...90)) * 60), source: "c\(k % 3)")
        }
        var policy = Policy(zone: zone, buffer: 300, maxPerDay: rng.chance(0.5) ? 4 * 3600 : nil)
        policy.workingDays = [.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]
        let tasks = (0..<150).map { i -> PlanTask in
            var t = PlanTask(id: "t\(i)", title: "Task \(i)", estimate: Int64(rng.int(2...24)) * 900,
                             due: now + Int64(rng.int(1...days)) * 86_400 - Int64(rng.int(0...600)) * 60,
                             span: Int64(rng.int(3...8)) * 900, minSitting: Int64(rng.pick([15, 30, 45])) * 60,
                             priority: rng.int(1...4), sequence: i)
            if rng.chance(0.2) { t.earliest = TimeOfDay(hour: 9) }
            if rng.chance(0.2) { t.latest = TimeOfDay(hour: 17, minute: 30) }
            if i > 0 && rng.chance(0.1) { t.after = ["t\(rng.int(0...(i - 1)))"] }
            return t
        }
        let inst = Instance(policy: policy, now: now, tasks: tasks, busy: busy)
        let plan = inst.plan()
        #expect(ruleViolations(inst, plan) == [])
        #expect(plan.tasks.count { $0.status == .scheduled } > 50)
        #expect(plan.tasks.count { $0.status == .unschedulable } > 5)
    }

    /// The same input gives byte-identical JSON and text, run after run.
    @Test(arguments: 0..<4)
    func sameInputSameBytes(batch: Int) {
        for k in 0..<10 {
            let seed = UInt64(20_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            let inst = gen.instance(.medium)
            let first = inst.plan(), second = inst.plan()
            let zone = inst.policy.zone
            #expect(first.jsonData(zone: zone) == second.jsonData(zone: zone), "seed \(seed)")
            #expect(first.text(zone: zone) == second.text(zone: zone), "seed \(seed)")
            // Busy blocks given in another order change nothing.
            let shuffled = Instance(policy: inst.policy, now: inst.now, tasks: inst.tasks,
                                    busy: inst.busy.reversed(), fixSearchDays: inst.fixSearchDays)
            #expect(shuffled.plan().jsonData(zone: zone) == first.jsonData(zone: zone), "seed \(seed)")
        }
    }

    /// Sittings only ever touch time that is free under rule 1: every busy
    /// instant, widened by the buffer, stays free, and a sitting may end
    /// exactly where a busy block (with its buffer) starts.
    @Test func sittingsMayTouchButNeverEnterBusyTime() {
        let zone = SystemZone(identifier: "Europe/Berlin")!
        let day = LocalDate(year: 2026, month: 10, day: 26)
        func at(_ h: Int, _ m: Int = 0) -> Instant { zone.resolve(LocalDateTime(date: day, hour: h, minute: m)) }
        var policy = Policy(zone: zone, dayStart: TimeOfDay(hour: 9), dayEnd: TimeOfDay(hour: 12))
        policy.buffer = 10 * 60
        let occurrences = [Occurrence(uid: "a", recurrenceId: nil, start: .utc(at(10)), end: .utc(at(10, 50)),
                                      summary: "Lecture", status: nil, transparent: false, tzid: nil, source: "uni.ics")]
        let busy = policy.busyBlocks(from: occurrences)
        #expect(busy.map(\.range) == [TimeRange(start: at(9, 50), end: at(11))])
        let task = PlanTask(id: "t", title: "T", estimate: 110 * 60, due: at(12), span: 60 * 60, minSitting: 50 * 60)
        let plan = TaskScheduler(policy: policy, now: at(8)).plan(tasks: [task], busy: busy)
        #expect(plan.sittings.map(\.range) == [TimeRange(start: at(9), end: at(9, 50)),
                                               TimeRange(start: at(11), end: at(12))])
    }
}

/// The board's free-time trees only let the scheduler skip work that cannot
/// succeed: with them and without them, plans and diagnoses are identical.
@Suite struct BoardBoundTests {
    static func bothWays(_ inst: Instance) -> (with: Plan, without: Plan) {
        var slow = inst.scheduler
        slow.usesBoardBounds = false
        return (inst.plan(), slow.plan(tasks: inst.tasks, busy: inst.busy))
    }

    /// The first difference between two plans, or nil.
    static func difference(_ a: Plan, _ b: Plan) -> String? {
        func first<T: Equatable>(_ x: [T], _ y: [T]) -> String? {
            guard let i = (0..<min(x.count, y.count)).first(where: { x[$0] != y[$0] }) else { return nil }
            return "\(x[i])\nvs \(y[i])"
        }
        return first(a.tasks, b.tasks) ?? first(a.diagnostics, b.diagnostics) ?? first(a.sittings, b.sittings)
            ?? (a == b ? nil : "the plans differ in length")
    }

    @Test(arguments: 0..<6)
    func randomWeeksPlanTheSame(batch: Int) {
        var unschedulable = 0
        for k in 0..<30 {
            let seed = UInt64(70_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            let inst = gen.instance(k % 3 == 0 ? .small : .medium)
            let (a, b) = Self.bothWays(inst)
            #expect(Self.difference(a, b) == nil, "seed \(seed)\n\(inst)")
            unschedulable += a.diagnostics.count
        }
        #expect(unschedulable > 10)
    }

    @Test(arguments: 0..<4)
    func fragmentedGapsPlanTheSame(batch: Int) {
        for k in 0..<20 {
            let seed = UInt64(80_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            var inst = gen.fragments(coupled: k % 2 == 1)
            // Totals around what the gaps hold, so some fit and some do not.
            inst.tasks[0].estimate = Int64(gen.rng.int(2...40)) * inst.policy.granularity
            let (a, b) = Self.bothWays(inst)
            #expect(Self.difference(a, b) == nil, "seed \(seed)\n\(inst)")
        }
    }

    /// An overbooked month (more work than free time, gaps of a few similar
    /// lengths): most tasks are diagnosed, which is where the trees cut work.
    @Test(arguments: 0..<3)
    func overbookedMonthPlansTheSame(batch: Int) {
        let inst = Self.overbookedMonth(batch: batch, tasks: 200)
        let (a, b) = Self.bothWays(inst)
        #expect(Self.difference(a, b) == nil)
        #expect(a.diagnostics.count > 20, "the month must be overbooked")
        #expect(ruleViolations(inst, a) == [])
    }

    /// Diagnoses left to the end of the plan and made on boards rebuilt from
    /// the bookings, split over several threads or not, equal the ones made
    /// at each task's turn on the plan's own board.
    @Test(arguments: 0..<3)
    func diagnosesOnReplayedBoardsAreTheSame(batch: Int) {
        let inst = Self.overbookedMonth(batch: batch, tasks: 500)
        var atTheirTurn = inst.scheduler
        atTheirTurn.diagnosesInline = .max
        let reference = atTheirTurn.plan(tasks: inst.tasks, busy: inst.busy)
        #expect(reference.diagnostics.count >= 128, "enough diagnoses for several runs")
        for (inline, threads) in [(0, 1), (0, 3), (7, 2), (32, 4)] {
            var later = inst.scheduler
            later.diagnosesInline = inline
            later.diagnosisThreads = threads
            let plan = later.plan(tasks: inst.tasks, busy: inst.busy)
            #expect(Self.difference(reference, plan) == nil, "inline \(inline), threads \(threads)")
        }
    }

    /// A month with more work than free time and gaps of a few similar lengths.
    static func overbookedMonth(batch: Int, tasks count: Int) -> Instance {
        var rng = SeededRandom(seed: UInt64(90_000 + batch))
        let zone = SystemZone(identifier: rng.pick(["America/New_York", "Europe/Berlin"]))!
        let now = zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 10, day: 12), hour: 8))
        let days = 30
        let busy = (0..<600).map { k -> BusyBlock in
            let start = now + Int64(rng.int(0...(days * 96))) * 900
            return BusyBlock(range: TimeRange(start: start, end: start + Int64(rng.int(1...4)) * 900), source: "c\(k % 2)")
        }
        var policy = Policy(zone: zone, buffer: 300, maxPerDay: batch == 1 ? 5 * 3600 : nil)
        if batch == 2 { policy.workingDays = [.monday, .tuesday, .wednesday, .thursday, .friday] }
        let tasks = (0..<count).map { i -> PlanTask in
            var t = PlanTask(id: "t\(i)", title: "Task \(i)", estimate: Int64(rng.int(2...12)) * 900,
                             due: now + Int64(rng.int(1...days)) * 86_400 - Int64(rng.int(0...600)) * 60,
                             span: Int64(rng.int(2...8)) * 900, minSitting: Int64(rng.pick([20, 25, 30, 45])) * 60,
                             priority: rng.int(1...4), sequence: i)
            if rng.chance(0.2) { t.earliest = TimeOfDay(hour: 9) }
            if rng.chance(0.2) { t.latest = TimeOfDay(hour: 18) }
            if rng.chance(0.3) { t.start = t.due - Int64(rng.int(1...10)) * 86_400 }
            if i > 0 && rng.chance(0.1) { t.after = ["t\(rng.int(0...(i - 1)))"] }
            return t
        }
        return Instance(policy: policy, now: now, tasks: tasks, busy: busy)
    }
}

import Testing
@testable import PlanCore

/// Preferred hours (`--prefer`): how they are read, and what balanced
/// placement does with them, against a search over every start written here.
@Suite struct PreferredHoursTests {
    @Test(arguments: [
        ("morning", "08:00", "12:00", "morning"), ("Afternoon", "12:00", "17:00", "afternoon"),
        (" EVENING ", "17:00", "22:00", "evening"), ("any", "00:00", "24:00", "any"),
        ("14:00-18:30", "14:00", "18:30", "14:00-18:30"), ("9:30–11:00", "09:30", "11:00", "09:30-11:00"),
        ("20:00-24:00", "20:00", "24:00", "20:00-24:00"), ("17:00-22:00", "17:00", "22:00", "evening"),
    ])
    func reads(_ text: String, _ start: String, _ end: String, _ canonical: String) throws {
        let h = try #require(PreferredHours(text: text))
        #expect(h.start.hhmm == start && h.end.hhmm == end)
        #expect(h.text == canonical)
        #expect(PreferredHours(text: h.text) == h)
    }

    @Test(arguments: ["", "noon", "18:00-17:00", "12:00-12:00", "24:00-24:00", "25:00-26:00", "9-12", "08:00-", "08:00-10:00-12:00"])
    func refuses(_ text: String) {
        #expect(PreferredHours(text: text) == nil)
    }

    /// On random requests, balanced with no margin and preferred hours (the
    /// policy's, and now and then a task's own): the same tasks scheduled as
    /// without them, every rule, the same plan twice; and no sitting of a
    /// laid-out task could start elsewhere on its day — every rule kept
    /// against the rest of the final plan — with more of it inside its
    /// preferred hours.
    @Test(arguments: 0..<4)
    func softAndLocallyBest(batch: Int) throws {
        let wishes = ["morning", "afternoon", "evening", "13:30-16:00", "19:00-24:00"].compactMap(PreferredHours.init(text:))
        var moved = 0
        for k in 0..<25 {
            let seed = UInt64(40_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            var plain = gen.instance(.medium)
            plain.policy.placement = .balanced
            plain.policy.finishEarly = 0
            var inst = plain
            inst.policy.prefer = wishes[k % wishes.count]
            for i in inst.tasks.indices where i % 3 == 1 { inst.tasks[i].prefer = wishes[(k + i) % wishes.count] }
            let a = plain.plan(), b = inst.plan()
            #expect(a.tasks.map(\.status) == b.tasks.map(\.status), "seed \(seed)")
            #expect(ruleViolations(inst, b) == [], "seed \(seed)\n\(inst)")
            #expect(b == inst.plan(), "seed \(seed)")
            if a.sittings != b.sittings { moved += 1 }
        }
        #expect(moved >= 10)
    }

    /// On random weeks with room (so that every task is laid out, none
    /// placed early against the others), no sitting could start elsewhere on
    /// its day — every rule kept against the rest of the final plan — with
    /// more of it inside its preferred hours.
    @Test(arguments: 0..<4)
    func noBetterStartOnTheDay(batch: Int) {
        var inWish: Int64 = 0, total: Int64 = 0
        for k in 0..<25 {
            let seed = UInt64(41_000 + batch * 100 + k)
            let inst = Self.roomyWeek(seed: seed)
            let plan = inst.plan()
            #expect(plan.tasks.allSatisfy { $0.status == .scheduled }, "seed \(seed)\n\(inst)")
            #expect(ruleViolations(inst, plan) == [], "seed \(seed)\n\(inst)")
            #expect(betterStarts(inst, plan) == [], "seed \(seed)\n\(inst)")
            for s in plan.sittings {
                let t = inst.tasks.first { $0.id == s.taskId }!
                let date = inst.policy.zone.local(s.range.start).date
                let h = t.prefer ?? inst.policy.prefer!
                let wish = inst.policy.windowBounds(date: date, start: h.start, end: h.end)
                inWish += max(0, min(s.range.end, wish.end) - max(s.range.start, wish.start))
                total += s.range.duration
            }
        }
        // Most of the work is where it was wished (the rest: busy hours, or a wish outside the day).
        #expect(inWish * 10 >= total * 6, "\(inWish / 60)m of \(total / 60)m inside the wish")
    }

    /// A week from 2026-11-23 (New York, across no clock change, or UTC) with
    /// classes on weekdays and 2–5 tasks of 1–6 hours due in 3–7 days: far
    /// less work than free time. The policy prefers one part of the day and
    /// some tasks another.
    static func roomyWeek(seed: UInt64) -> Instance {
        var rng = SeededRandom(seed: seed)
        let zone = SystemZone(identifier: rng.pick(["UTC", "America/New_York"]))!
        let first = LocalDate(year: 2026, month: 11, day: 23)
        var policy = PolicyDefinition.defaults(zone: zone)
        policy.finishEarly = 0
        policy.granularity = Int64(rng.pick([5, 15, 30])) * 60
        policy.dayStart = TimeOfDay(hour: rng.int(7...9))
        policy.dayEnd = TimeOfDay(hour: rng.int(20...23))
        let wishes = ["morning", "afternoon", "evening", "13:30-16:00", "19:00-24:00", "10:00-11:00"].compactMap(PreferredHours.init(text:))
        policy.prefer = rng.pick(wishes)
        var busy: [BusyBlock] = []
        for d in 0..<7 where d % 7 < 5 {
            for _ in 0..<rng.int(0...3) {
                let start = TimeOfDay(hour: rng.int(8...19), minute: rng.pick([0, 10, 30, 45]))
                let end = TimeOfDay(minutes: start.minutes + rng.pick([50, 75, 90, 120]))
                busy.append(BusyBlock(range: policy.windowBounds(date: first.adding(days: d), start: start, end: end), source: "class"))
            }
        }
        let now = zone.resolve(LocalDateTime(date: first, hour: 7))
        var tasks: [PlanTask] = []
        for i in 0..<rng.int(2...5) {
            let due = zone.resolve(LocalDateTime(date: first.adding(days: rng.int(3...7))))
            var t = PlanTask(id: "t\(i)", title: "Task \(i)", estimate: Int64(rng.int(2...12)) * 1800, due: due, sequence: i)
            t.span = Int64(rng.pick([60, 90, 120])) * 60
            if rng.chance(0.4) { t.prefer = rng.pick(wishes) }
            if rng.chance(0.2) { t.earliest = TimeOfDay(hour: rng.int(9...12)) }
            tasks.append(t)
        }
        return Instance(policy: policy, now: now, tasks: tasks, busy: busy)
    }

    /// Sittings that could start elsewhere on their day, every rule kept
    /// against the rest of `plan`, with more of them inside the preferred hours.
    func betterStarts(_ inst: Instance, _ plan: Plan) -> [String] {
        let p = inst.policy, zone = p.zone, g = p.granularity
        let byId = Dictionary(uniqueKeysWithValues: inst.tasks.map { ($0.id, $0) })
        var v: [String] = []
        for s in plan.sittings {
            let t = byId[s.taskId]!
            guard let wishHours = t.prefer ?? p.prefer else { continue }
            let date = zone.local(s.range.start).date
            let wish = p.windowBounds(date: date, start: wishHours.start, end: wishHours.end)
            func inside(_ r: TimeRange) -> Int64 { max(0, min(r.end, wish.end) - max(r.start, wish.start)) }
            let window = p.windowBounds(date: date, earliest: t.earliest, latest: t.latest)
            let after: Instant? = t.after.compactMap { id in plan.sittings.last { $0.taskId == id }?.range.end }.max()
            let before: Instant? = plan.sittings.filter { byId[$0.taskId]!.after.contains(t.id) }.map(\.range.start).min()
            let others = plan.sittings.filter { $0 != s }.map(\.range)
            let length = s.range.duration
            var start = window.start
            while start + length <= window.end {
                defer { start = start + g }
                let r = TimeRange(start: start, end: start + length)
                guard p.onGrid(start), inside(r) > inside(s.range),
                      r.start >= max(inst.now, t.start ?? inst.now, after ?? inst.now), r.end <= min(t.due, before ?? t.due),
                      !inst.busy.contains(where: { $0.range.overlaps(r) && !$0.range.isEmpty }),
                      !others.contains(where: { $0.start - r.end < p.breakBetweenSittings && r.start - $0.end < p.breakBetweenSittings })
                else { continue }
                v.append("\(t.id) \(zone.local(s.range.start)): \(zone.local(r.start)) has more of \(wishHours)")
                break
            }
        }
        return v
    }

    /// The student's wish, on a free week: evening sittings for the task that
    /// asks, the earliest hours for the one that does not; and where the
    /// evening is taken, the work still fits (never a refusal).
    @Test func eveningWhenFreeAndElsewhereWhenNot() throws {
        let zone = SystemZone(identifier: "America/New_York")!
        var policy = PolicyDefinition.defaults(zone: zone)
        policy.finishEarly = 0
        let now = zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: 23), hour: 8))
        let day = { (d: Int) in LocalDate(year: 2026, month: 11, day: 23).adding(days: d) }
        var essay = PlanTask(id: "essay", title: "Essay", estimate: 6 * 3600, due: zone.resolve(LocalDateTime(date: day(5))))
        essay.prefer = PreferredHours(text: "evening")
        let reading = PlanTask(id: "reading", title: "Reading", estimate: 2 * 3600, due: zone.resolve(LocalDateTime(date: day(5))), sequence: 1)
        // Every evening but one taken.
        let busy = (0..<5).filter { $0 != 2 }.map { d in
            BusyBlock(range: policy.windowBounds(date: day(d), start: TimeOfDay(hour: 17), end: TimeOfDay(hour: 21)), source: "job")
        }
        let plan = Instance(policy: policy, now: now, tasks: [essay, reading], busy: busy).plan()
        #expect(plan.tasks.allSatisfy { $0.status == .scheduled })
        let essays = plan.sittings.filter { $0.taskId == "essay" }
        let evening = essays.filter { zone.local($0.range.start).hour >= 17 }
        #expect(evening.count == 1 && zone.local(evening[0].range.start).date == day(2), "\(essays.map { zone.local($0.range.start) })")
        #expect(essays.count == 3)
        for s in plan.sittings where s.taskId == "reading" { #expect(zone.local(s.range.start).hour < 17) }
    }
}

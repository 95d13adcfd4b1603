@testable import PlanCore

/// Random scheduling problems from a seed: calendars, tasks and policies in
/// UTC, New York, Berlin and Kolkata, often in a week with a DST change.
struct InstanceGenerator {
    enum Size {
        /// Two or three days, coarse grid: small enough for ``BruteForce``.
        case small
        /// A week, any grid, more tasks and events.
        case medium
    }

    var rng: SeededRandom

    init(seed: UInt64) { rng = SeededRandom(seed: seed) }

    /// One instance of `size` per seed, with its seed.
    static func instances(_ size: Size, seeds: Range<UInt64>) -> [(seed: UInt64, instance: Instance)] {
        seeds.map { seed in
            var gen = InstanceGenerator(seed: seed)
            return (seed, gen.instance(size))
        }
    }

    /// Days on which a zone changes its clock in 2026, and ordinary ones.
    static let dates: [String: [LocalDate]] = [
        "UTC": [LocalDate(year: 2026, month: 11, day: 23)],
        "America/New_York": [LocalDate(year: 2026, month: 3, day: 8), LocalDate(year: 2026, month: 11, day: 1),
                             LocalDate(year: 2026, month: 11, day: 23)],
        "Europe/Berlin": [LocalDate(year: 2026, month: 3, day: 29), LocalDate(year: 2026, month: 10, day: 25)],
        "Asia/Kolkata": [LocalDate(year: 2026, month: 6, day: 1)],
    ]

    /// One task among free gaps a little longer than its shortest sitting,
    /// with a span under two minimum sittings, in UTC or New York across a
    /// DST change: the remainder rule makes most totals hard to hit. When
    /// `coupled`, the break is longer than the gaps and a daily maximum is set,
    /// so sittings interact across gaps and across midnight.
    mutating func fragments(coupled: Bool = false) -> Instance {
        let zone = SystemZone(identifier: rng.pick(["UTC", "America/New_York"]))!
        let date = LocalDate(year: 2026, month: 11, day: 1).adding(days: -rng.int(0...1))
        let now = zone.resolve(LocalDateTime(date: date))
        var policy = Policy(zone: zone)
        policy.granularity = Int64(rng.pick([15, 15, 30])) * 60
        policy.dayStart = .startOfDay
        policy.dayEnd = .endOfDay
        policy.breakBetweenSittings = Int64(rng.pick(coupled ? [45, 60, 90, 120, 180] : [0, 0, 15, 30, 45])) * 60
        if coupled || rng.chance(0.4) { policy.maxPerDay = Int64(rng.pick([60, 120, 180, 240, 300])) * 60 }
        let g = policy.granularity
        let minSitting = Int64(rng.pick([2, 3, 4])) * g
        let span = minSitting + Int64(rng.int(0...Int(minSitting / g) - 1)) * g
        var busy: [BusyBlock] = []
        var t = now + Int64(rng.int(0...4)) * g
        let end = now + 2 * 86_400
        while t < end {
            let gap = minSitting + Int64(rng.int(-1...Int(minSitting / g) + 1)) * g
            let block = Int64(rng.pick(coupled ? [1, 1, 2, 3] : [1, 1, 2, 4, 8])) * g
            busy.append(BusyBlock(range: TimeRange(start: t + gap, end: t + gap + block), source: "frag"))
            t = t + gap + block
        }
        var task = PlanTask(id: "t0", title: "Task", estimate: 10 * 3600, due: end - Int64(rng.int(0...20)) * g)
        task.span = span
        task.minSitting = minSitting
        return Instance(policy: policy, now: now, tasks: [task], busy: busy, fixSearchDays: 1)
    }

    mutating func instance(_ size: Size) -> Instance {
        let small = size == .small
        let zoneName = rng.pick(["UTC", "America/New_York", "America/New_York", "Europe/Berlin", "Europe/Berlin", "Asia/Kolkata"])
        let zone = SystemZone(identifier: zoneName)!
        let pivot = rng.pick(Self.dates[zoneName]!)
        let firstDate = pivot.adding(days: -rng.int(0...(small ? 1 : 3)))
        let days = small ? rng.int(2...3) : 7
        let now = zone.resolve(LocalDateTime(date: firstDate, hour: rng.int(0...9), minute: rng.pick([0, 0, 7, 30, 45])))
        let horizonEnd = zone.resolve(LocalDateTime(date: firstDate.adding(days: days)))

        var policy = Policy(zone: zone)
        policy.granularity = Int64(rng.pick(small ? [15, 30, 30, 60] : [5, 10, 15, 15, 30, 60])) * 60
        // Windows that often reach into the small hours, where clocks change.
        if rng.chance(0.4) {
            policy.dayStart = TimeOfDay(hour: 0)
            policy.dayEnd = rng.chance(0.5) ? .endOfDay : TimeOfDay(hour: rng.int(4...23))
        } else {
            policy.dayStart = TimeOfDay(hour: rng.int(0...9), minute: rng.pick([0, 0, 30]))
            policy.dayEnd = rng.chance(0.3) ? .endOfDay : TimeOfDay(hour: rng.int(max(12, policy.dayStart.minutes / 60 + 3)...23))
        }
        if small && rng.chance(0.5) {
            // Short windows keep the brute force small and the tasks tight.
            policy.dayStart = TimeOfDay(hour: rng.int(0...14))
            policy.dayEnd = TimeOfDay(hour: policy.dayStart.minutes / 60 + rng.int(2...8))
        }
        policy.breakBetweenSittings = Int64(rng.pick([0, 10, 15, 15, 30, 60, 120])) * 60
        policy.buffer = Int64(rng.pick([0, 0, 5, 10, 15])) * 60
        if rng.chance(0.35) { policy.maxPerDay = Int64(rng.pick([60, 90, 120, 180, 240, 360])) * 60 }
        if rng.chance(0.25) {
            var set = Set<Weekday>()
            for d in Weekday.allCases where rng.chance(0.6) { set.insert(d) }
            if set.isEmpty { set.insert(.monday) }
            policy.workingDays = set
        }

        var busy: [BusyBlock] = []
        let blockCount = small ? rng.int(0...10) : rng.int(5...40)
        let span = horizonEnd - now
        for k in 0..<blockCount {
            let start = now + rng.int64(-3600...span) / 60 * 60 + Int64(rng.pick([0, 0, 0, 7, 13])) * 60
            let length = Int64(rng.int(small ? 10...90 : 10...240)) * 60
            let widened = TimeRange(start: start - policy.buffer, end: start + length + policy.buffer)
            busy.append(BusyBlock(range: widened, source: "cal\(k % 2)"))
        }

        if small && rng.chance(0.35) {
            // A comb of classes: free gaps of a few similar sizes.
            let period = Int64(rng.pick([60, 75, 90, 105, 120])) * 60
            let length = Int64(rng.pick([15, 20, 30, 45])) * 60
            var t = now + Int64(rng.int(0...60)) * 60
            while t < horizonEnd {
                busy.append(BusyBlock(range: TimeRange(start: t, end: t + length), source: "comb"))
                t = t + period + Int64(rng.pick([0, 0, 15, 30, -15])) * 60
            }
        }

        var tasks: [PlanTask] = []
        let taskCount = small ? rng.int(1...4) : rng.int(3...15)
        // Shared deadlines make priority and request order decide.
        let sharedDues = (0..<2).map { _ in now + Int64(rng.int(60...Int(span / 60))) * 60 }
        for i in 0..<taskCount {
            let estimate = Int64(rng.int(small ? 10...300 : 20...600)) * 60
            let due = rng.chance(0.4) ? rng.pick(sharedDues) : now + Int64(rng.int(60...Int(span / 60))) * 60
            var t = PlanTask(id: "t\(i)", title: "Task \(i)", estimate: estimate, due: due, sequence: i)
            t.span = Int64(rng.pick(small ? [30, 45, 60, 60, 90, 120] : [30, 45, 60, 90, 120, 180])) * 60
            t.minSitting = Int64(rng.pick([0, 15, 20, 30, 30, 45, 60])) * 60
            // Sittings of (nearly) one length make the remainder rule bite.
            if rng.chance(0.3) { t.minSitting = t.span - Int64(rng.pick([0, 0, 15, 30])) * 60 }
            if rng.chance(0.3) { t.earliest = TimeOfDay(hour: rng.int(0...14), minute: rng.pick([0, 0, 30, 10])) }
            if rng.chance(0.3) {
                let lo = (t.earliest?.minutes ?? 0) / 60 + 1
                t.latest = rng.chance(0.2) ? .endOfDay : TimeOfDay(hour: rng.int(min(lo, 23)...23), minute: rng.pick([0, 0, 30]))
            }
            if rng.chance(0.3) {
                let s = now + Int64(rng.int(-1440...Int(span / 60 / 2))) * 60
                if s <= due { t.start = s }
            }
            t.priority = rng.int(1...4)
            if i > 0 && rng.chance(0.3) { t.after = ["t\(rng.int(0...(i - 1)))"] }
            if rng.chance(0.15) { t.done = Int64(rng.int(0...Int(estimate / 60 + 30))) * 60 }
            tasks.append(t)
        }
        // Request order differs from creation order now and then.
        if rng.chance(0.3) {
            for i in tasks.indices { tasks[i].sequence = rng.int(0...3) }
        }
        return Instance(policy: policy, now: now, tasks: tasks, busy: busy, fixSearchDays: small ? 1 : 28)
    }
}

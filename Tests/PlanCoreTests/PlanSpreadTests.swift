import Testing
@testable import PlanCore

/// ``PlanSpread`` against a count written apart from it: every figure found
/// by walking time in 15-second ticks (every instant in these instances is
/// a whole minute, so every boundary, a first quarter's end included, falls
/// on a tick), on random sittings and on real plans.
@Suite struct PlanSpreadTests {
    /// Random sittings (overlapping, before `now`, past every due, of tasks
    /// not asked about) around the clock changes of New York and Berlin.
    @Test(arguments: 0..<8)
    func randomSittingsAreCountedTickByTick(batch: Int) {
        for k in 0..<10 {
            let seed = UInt64(30_000 + batch * 100 + k)
            let (sittings, tasks, policy, busy, now) = Self.randomCase(seed: seed)
            let spread = PlanSpread(sittings: sittings, tasks: tasks, policy: policy, busy: busy, now: now)
            #expect(Figures(spread) == Figures(brute: sittings, tasks, policy, busy, now), "seed \(seed)")
        }
    }

    /// Real plans of the generated instances (days across DST changes, in four zones).
    @Test(arguments: 0..<4)
    func plansAreCountedTickByTick(batch: Int) {
        for k in 0..<8 {
            let seed = UInt64(31_000 + batch * 100 + k)
            var gen = InstanceGenerator(seed: seed)
            let inst = gen.instance(.medium)
            let plan = inst.plan()
            let spread = PlanSpread(sittings: plan.sittings, tasks: inst.tasks, policy: inst.policy, busy: inst.busy,
                                    now: inst.now)
            #expect(Figures(spread) == Figures(brute: plan.sittings, inst.tasks, inst.policy, inst.busy, inst.now),
                    "seed \(seed)")
        }
    }

    /// A small case by hand: two tasks on two days, one short sitting.
    @Test func aSmallCaseByHand() {
        let zone = SystemZone(identifier: "America/New_York")!
        let monday = LocalDate(year: 2026, month: 11, day: 2)
        func at(_ day: Int, _ h: Int, _ m: Int = 0) -> Instant {
            zone.resolve(LocalDateTime(date: monday.adding(days: day), hour: h, minute: m))
        }
        let policy = Policy(zone: zone, dayStart: TimeOfDay(hour: 8), dayEnd: TimeOfDay(hour: 22))
        let tasks = [PlanTask(id: "a", title: "A", estimate: 5 * 3600, due: at(4, 0)),
                     PlanTask(id: "b", title: "B", estimate: 1800, due: at(2, 12))]
        func sitting(_ id: String, _ from: Instant, _ to: Instant, _ index: Int, of count: Int) -> Sitting {
            Sitting(taskId: id, range: TimeRange(start: from, end: to), index: index, count: count)
        }
        let sittings = [sitting("a", at(0, 8), at(0, 10), 1, of: 2),
                        sitting("a", at(0, 10, 15), at(0, 13, 15), 2, of: 2),
                        sitting("b", at(1, 9), at(1, 9, 30), 1, of: 1)]
        // Wednesday is all classes: only three of the four days have usable time.
        let busy = [BusyBlock(range: TimeRange(start: at(2, 7), end: at(2, 23)), source: "classes")]
        let s = PlanSpread(sittings: sittings, tasks: tasks, policy: policy, busy: busy, now: at(0, 8))
        #expect(s.days == (0..<4).map { monday.adding(days: $0) })
        #expect(s.dayWork == [5 * 3600, 1800, 0, 0])
        #expect(s.busiest == 5 * 3600 && s.busiestDay == monday)
        #expect(s.daysOverLongDay == 1 && s.emptyDays == 2 && s.shortSittings == 1)
        // a's window is Mon 08:00 … Fri 00:00 (88 h): its first quarter ends Tue 06:00;
        // b's is Mon 08:00 … Wed 12:00 (52 h): its first quarter ends Mon 21:00.
        #expect(s.tasks.map(\.firstQuarterWork) == [5 * 3600, 0])
        #expect(s.firstQuarterShare == Double(5 * 3600) / Double(5 * 3600 + 1800))
        #expect(s.leastSlack?.id == "b" && s.leastSlack?.slack == at(2, 12) - at(1, 9, 30))
        #expect(s.usableDays == 3)
        // 5 h 30 m over 3 days is 1 h 50 m a day.
        #expect(s.lowerBound == Int64(110 * 60))
    }

    // MARK: The count written apart

    /// The figures compared, as plain values.
    struct Figures: Equatable, CustomStringConvertible {
        var days: [LocalDate]
        var dayWork: [Int64]
        var tasks: [String]
        var short: Int
        var usable: Int
        var lowerBound: Int64?
        var busiest: Int64
        var busiestDay: LocalDate?
        var empty: Int
        var over: Int
        var leastSlack: String?

        init(_ s: PlanSpread) {
            days = s.days
            dayWork = s.dayWork
            tasks = s.tasks.map { "\($0.id) \($0.work) \($0.firstQuarterWork) \($0.slack.map(String.init) ?? "-")" }
            short = s.shortSittings
            usable = s.usableDays
            lowerBound = s.lowerBound
            busiest = s.busiest
            busiestDay = s.busiestDay
            empty = s.emptyDays
            over = s.daysOverLongDay
            leastSlack = s.leastSlack.map { "\($0.id) \($0.slack)" }
        }

        init(brute sittings: [Sitting], _ tasks: [PlanTask], _ policy: Policy, _ busy: [BusyBlock], _ now: Instant) {
            let tick: Int64 = 15
            let zone = policy.zone
            let latestDue = tasks.map(\.due).max() ?? now
            // The days: the local date of every tick from now to the latest due.
            days = [zone.local(now).date]
            var x = now
            while x < latestDue {
                let d = zone.local(x).date
                if d != days.last { days.append(d) }
                x = x + tick
            }
            var work: [LocalDate: Int64] = [:]
            let ids = Set(tasks.map(\.id))
            let mine = sittings.filter { ids.contains($0.taskId) }
            for s in mine {
                var x = s.range.start
                while x < s.range.end {
                    work[zone.local(x).date, default: 0] += tick
                    x = x + tick
                }
            }
            dayWork = days.map { work[$0] ?? 0 }
            var figures: [String] = []
            var total: Int64 = 0
            var least: (String, Int64)?
            for t in tasks {
                let ranges = mine.filter { $0.taskId == t.id }.map(\.range)
                if ranges.isEmpty { continue }
                let from = max(now, t.start ?? now)
                let quarterEnd = from + (t.due - from) / 4
                var w: Int64 = 0, early: Int64 = 0, lastEnd = ranges[0].end
                for r in ranges {
                    var x = r.start
                    while x < r.end {
                        w += tick
                        if from <= x && x < quarterEnd { early += tick }
                        x = x + tick
                    }
                    lastEnd = max(lastEnd, r.end)
                }
                total += w
                figures.append("\(t.id) \(w) \(early) \(t.due - lastEnd)")
                if least == nil || t.due - lastEnd < least!.1 { least = (t.id, t.due - lastEnd) }
            }
            self.tasks = figures
            leastSlack = least.map { "\($0.0) \($0.1)" }
            short = mine.count { $0.range.duration < 45 * 60 }
            let top = dayWork.max() ?? 0, perDay = dayWork, span = days
            busiest = top
            busiestDay = span.indices.first { perDay[$0] == top }.map { span[$0] }
            empty = dayWork.count { $0 == 0 }
            over = dayWork.count { $0 > 4 * 3600 }

            // Usable days: a grid instant from which one whole step of ticks is free
            // (a working day, inside that date's window, clear of busy time, before the latest due).
            let n = max(0, Int((latestDue - now) / tick))
            let dates = (0..<n).map { zone.local(now + Int64($0) * tick).date }
            var free = [Bool](repeating: true, count: n)
            for i in 0..<n {
                let d = dates[i], x = now + Int64(i) * tick
                let open = zone.resolve(LocalDateTime(date: d).adding(seconds: Int64(policy.dayStart.secondOfDay)))
                let close = zone.resolve(LocalDateTime(date: d).adding(seconds: Int64(policy.dayEnd.secondOfDay)))
                free[i] = policy.workingDays.contains(Weekday(d)) && open <= x && x < close
            }
            for b in busy {
                for i in 0..<n where free[i] {
                    let x = now + Int64(i) * tick
                    if b.range.start < x + tick && x < b.range.end { free[i] = false }
                }
            }
            let run = Int(policy.granularity / tick)
            var usableDates: Set<LocalDate> = []
            for i in 0..<n {
                let x = now + Int64(i) * tick
                guard (x.seconds + Int64(zone.offset(at: x))) % policy.granularity == 0, i + run <= n else { continue }
                if (i..<(i + run)).allSatisfy({ free[$0] && dates[$0] == dates[i] }) { usableDates.insert(dates[i]) }
            }
            let usableCount = Int64(usableDates.count)
            usable = usableDates.count
            if usableCount == 0 {
                lowerBound = nil
            } else {
                var bound: Int64 = 0
                while bound * usableCount < total { bound += policy.granularity }
                lowerBound = bound
            }
        }

        var description: String {
            "days \(days) work \(dayWork) tasks \(tasks) short \(short) usable \(usable) "
                + "bound \(lowerBound.map(String.init) ?? "-")"
        }
    }

    /// A random case on whole minutes: 1–5 tasks with windows a multiple of
    /// four minutes long, 0–4 sittings each plus strays, 0–12 busy blocks.
    static func randomCase(seed: UInt64) -> ([Sitting], [PlanTask], Policy, [BusyBlock], Instant) {
        var rng = SeededRandom(seed: seed)
        let zone = SystemZone(identifier: rng.pick(["America/New_York", "Europe/Berlin", "UTC", "Asia/Kolkata"]))!
        let first = LocalDate(year: 2026, month: 10, day: 23).adding(days: rng.int(0...12))
        let now = zone.resolve(LocalDateTime(date: first, hour: rng.int(0...23), minute: rng.int(0...11) * 5))
        var policy = Policy(zone: zone, dayStart: TimeOfDay(hour: rng.int(0...10), minute: rng.pick([0, 30])),
                            dayEnd: rng.chance(0.3) ? .endOfDay : TimeOfDay(hour: rng.int(14...23)),
                            granularity: Int64(rng.pick([5, 10, 15, 30, 60])) * 60)
        policy.workingDays = Set(Weekday.allCases.filter { _ in rng.chance(0.8) })
        let tasks = (0..<rng.int(1...5)).map { i -> PlanTask in
            let start: Instant? = rng.chance(0.4) ? now + Int64(rng.int(-600...3000)) * 60 : nil
            let from = max(now, start ?? now)
            let due = from + Int64(rng.int(1...1500)) * 240
            return PlanTask(id: "t\(i)", title: "T\(i)", estimate: 3600, due: due, start: start)
        }
        let latest = tasks.map(\.due).max()!
        let reach = Int((latest - now) / 60)
        var sittings: [Sitting] = []
        for id in tasks.map(\.id) + ["stray"] {
            for k in 0..<rng.int(0...4) {
                let start = now + Int64(rng.int(-360...(reach + 360))) * 60
                let range = TimeRange(start: start, end: start + Int64(rng.int(1...36)) * 300)
                sittings.append(Sitting(taskId: id, range: range, index: k + 1, count: 4))
            }
        }
        let busy = (0..<rng.int(0...12)).map { _ -> BusyBlock in
            let start = now + Int64(rng.int(-120...reach)) * 60
            return BusyBlock(range: TimeRange(start: start, end: start + Int64(rng.int(10...600)) * 60), source: "c")
        }
        return (sittings, tasks, policy, busy, now)
    }
}

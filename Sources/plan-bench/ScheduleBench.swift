import Foundation
import PlanCore

/// Section 2: TaskScheduler on seeded synthetic years, in this process.
///
/// The calendar is 10,000 busy blocks (15–60 minutes, at any hour) over 2027
/// in New York, so days are fragmented and DST changes twice. Tasks take 30
/// minutes to 3 hours, are due anywhere in the year, some start later, some
/// follow another task, some keep to 09:00–18:00. Each size is timed several
/// times, with early placement and with balanced (a day's margin); the table shows the median wall time and the growth exponent
/// log(t₂/t₁) / log(n₂/n₁) between consecutive sizes (1 means linear).
struct ScheduleBench {
    struct Row {
        var placement: Placement
        var tasks: Int
        var seconds: Double
        var runs: Int
        var scheduled: Int
        var unschedulable: Int
        var sittings: Int
        var growth: Double?
    }

    let options: Options
    let zone = SystemZone(identifier: "America/New_York")!
    var rows: [Row] = []
    var busyCount: Int { options.quick ? 1_000 : 10_000 }

    init(options: Options) { self.options = options }

    var now: Instant { zone.resolve(LocalDateTime(date: LocalDate(year: 2027, month: 1, day: 1), hour: 8)) }
    var yearEnd: Instant { zone.resolve(LocalDateTime(date: LocalDate(year: 2028, month: 1, day: 1))) }

    func makeBusy(_ count: Int, seed: UInt64) -> [BusyBlock] {
        var g = SeededRandom(seed: seed)
        let minutes = Int((yearEnd - now) / 60)
        return (0..<count).map { k in
            let start = now + Int64(g.int(0...minutes)) * 60
            let length = Int64(g.int(15...60)) * 60
            return BusyBlock(range: TimeRange(start: start, end: start + length), source: "cal\(k % 3)")
        }
    }

    func makeTasks(_ count: Int, seed: UInt64) -> [PlanTask] {
        var g = SeededRandom(seed: seed &* 31 &+ 7)
        let minutes = Int((yearEnd - now) / 60)
        var tasks: [PlanTask] = []
        tasks.reserveCapacity(count)
        for i in 0..<count {
            let due = now + Int64(g.int(1440...minutes)) * 60
            var t = PlanTask(id: "task\(i)", title: "Task \(i)", estimate: Int64(g.int(2...12)) * 900, due: due,
                             span: Int64(g.int(4...8)) * 900, minSitting: 1800, sequence: i)
            t.priority = g.int(1...4)
            if g.chance(30) { t.start = due - Int64(g.int(1...30)) * 86_400 }
            if g.chance(20) {
                t.earliest = TimeOfDay(hour: 9)
                t.latest = TimeOfDay(hour: 18)
            }
            if i > 0 && g.chance(10) { t.after = ["task\(g.int(0...(i - 1)))"] }
            if g.chance(10) { t.done = Int64(g.int(0...4)) * 900 }
            tasks.append(t)
        }
        return tasks
    }

    mutating func run() {
        let sizes = options.sizes ?? (options.quick ? [10, 100, 300] : [10, 100, 1_000, 10_000])
        print("2. Scheduling: \(Format.count(busyCount)) busy blocks over 2027 in \(zone.identifier), seed \(options.seed)")
        let busy = makeBusy(busyCount, seed: options.seed)
        for placement in [Placement.early, .balanced] { measure(placement, sizes: sizes, busy: busy) }
    }

    /// One row per size for `placement` (balanced with a day's margin, the defaults).
    mutating func measure(_ placement: Placement, sizes: [Int], busy: [BusyBlock]) {
        var policy = Policy(zone: zone, buffer: 5 * 60)
        policy.placement = placement
        policy.finishEarly = 86_400
        let scheduler = TaskScheduler(policy: policy, now: now)
        let clock = ContinuousClock()
        var previous: Row?
        for n in sizes {
            let tasks = makeTasks(n, seed: options.seed)
            let runs = options.quick ? 3 : (n <= 100 ? 21 : (n <= 1_000 ? 7 : 5))
            var times: [Double] = []
            var plan: Plan?
            for _ in 0..<runs {
                let d = clock.measure { plan = scheduler.plan(tasks: tasks, busy: busy) }
                times.append(Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
            }
            let p = plan!
            var row = Row(placement: placement, tasks: n, seconds: medianOf(times), runs: runs,
                          scheduled: p.tasks.count { $0.status == .scheduled },
                          unschedulable: p.tasks.count { $0.status == .unschedulable },
                          sittings: p.sittings.count, growth: nil)
            if let last = previous { row.growth = growth(last.tasks, last.seconds, row.tasks, row.seconds) }
            previous = row
            rows.append(row)
            print("   \(placement.rawValue), \(Format.count(n)) tasks: \(Format.ms(row.seconds))")
        }
    }

    func table() -> String {
        Format.table(["placement", "tasks", "busy blocks", "median", "runs", "scheduled", "unschedulable", "sittings", "growth"], rows.map { r in
            [r.placement.rawValue, Format.count(r.tasks), Format.count(busyCount), Format.ms(r.seconds), String(r.runs), Format.count(r.scheduled),
             Format.count(r.unschedulable), Format.count(r.sittings), r.growth.map { String(format: "%.2f", $0) } ?? "-"]
        })
    }

    var json: JSON {
        .object([
            ("busyBlocks", .int(busyCount)),
            ("rows", .array(rows.map { r in
                .object([("placement", .string(r.placement.rawValue)), ("tasks", .int(r.tasks)), ("medianSeconds", .num(r.seconds, 5)), ("runs", .int(r.runs)),
                         ("scheduled", .int(r.scheduled)), ("unschedulable", .int(r.unschedulable)),
                         ("sittings", .int(r.sittings)), ("growth", .num(r.growth))])
            })),
        ])
    }
}

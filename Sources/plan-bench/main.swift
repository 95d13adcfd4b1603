// plan-bench: times TaskScheduler on seeded synthetic years.
//
//   swift run -c release plan-bench            10, 100, 1,000, 10,000 tasks
//   swift run -c release plan-bench --quick    small sizes, for CI
//   swift run -c release plan-bench --json out.json
//   swift run -c release plan-bench --sizes 1000 --seed 2
//
// The calendar is 10,000 busy blocks (15–60 minutes, at any hour) over 2027
// in New York, so days are fragmented and DST changes twice. Tasks take
// 30 minutes to 3 hours, are due anywhere in the year, some start later,
// some follow another task, some keep to 09:00–18:00. The same seed gives
// the same input. Each size is timed several times; the table shows the
// median wall time and the growth exponent log(t₂/t₁) / log(n₂/n₁) between
// consecutive sizes (1 means linear).

import Foundation
import PlanCore

/// SplitMix64: the same seed, the same data.
struct Generator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func int(_ r: ClosedRange<Int>) -> Int { r.lowerBound + Int(next() % UInt64(r.count)) }
    mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }
}

struct Options {
    var quick = false
    var jsonPath: String?
    var seed: UInt64 = 1
    var sizes: [Int]?

    init(_ args: [String]) {
        var i = 0
        while i < args.count {
            switch args[i] {
            case "--quick": quick = true
            case "--json" where i + 1 < args.count:
                jsonPath = args[i + 1]
                i += 1
            case "--sizes" where i + 1 < args.count:
                sizes = args[i + 1].split(separator: ",").compactMap { Int($0) }
                i += 1
            case "--seed" where i + 1 < args.count:
                seed = UInt64(args[i + 1]) ?? 1
                i += 1
            case "-h", "--help":
                print("usage: plan-bench [--quick] [--json FILE] [--seed N] [--sizes N,N,...]")
                exit(0)
            default:
                FileHandle.standardError.write(Data("plan-bench: unknown argument \(args[i])\n".utf8))
                exit(64)
            }
            i += 1
        }
    }
}

let options = Options(Array(CommandLine.arguments.dropFirst()))
let zone = SystemZone(identifier: "America/New_York")!
let year = LocalDate(year: 2027, month: 1, day: 1)
let now = zone.resolve(LocalDateTime(date: year, hour: 8))
let yearEnd = zone.resolve(LocalDateTime(date: LocalDate(year: 2028, month: 1, day: 1)))
let busyCount = options.quick ? 1_000 : 10_000
let sizes = options.sizes ?? (options.quick ? [10, 100, 300] : [10, 100, 1_000, 10_000])

func makeBusy(_ count: Int, seed: UInt64) -> [BusyBlock] {
    var g = Generator(state: seed)
    let minutes = Int((yearEnd - now) / 60)
    return (0..<count).map { k in
        let start = now + Int64(g.int(0...minutes)) * 60
        let length = Int64(g.int(15...60)) * 60
        return BusyBlock(range: TimeRange(start: start, end: start + length), source: "cal\(k % 3)")
    }
}

func makeTasks(_ count: Int, seed: UInt64) -> [PlanTask] {
    var g = Generator(state: seed &* 31 &+ 7)
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

struct Row {
    var tasks: Int
    var milliseconds: Double
    var runs: Int
    var scheduled: Int
    var unschedulable: Int
    var sittings: Int
    var growth: Double?
}

let policy = Policy(zone: zone, buffer: 5 * 60)
let scheduler = TaskScheduler(policy: policy, now: now)
let busy = makeBusy(busyCount, seed: options.seed)
var rows: [Row] = []
let clock = ContinuousClock()

#if DEBUG
print("plan-bench: debug build; use `swift run -c release plan-bench` for real figures")
#endif
print("plan-bench: \(busyCount) busy blocks over 2027 in \(zone.identifier), seed \(options.seed)")
print("")
print("   tasks   median ms   runs   scheduled   unschedulable   sittings   growth")
for n in sizes {
    let tasks = makeTasks(n, seed: options.seed)
    let runs = n <= 100 ? 21 : (n <= 1_000 ? 7 : 3)
    var times: [Double] = []
    var plan: Plan?
    for _ in 0..<runs {
        let d = clock.measure { plan = scheduler.plan(tasks: tasks, busy: busy) }
        times.append(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
    }
    times.sort()
    let median = times[times.count / 2]
    let p = plan!
    var row = Row(tasks: n, milliseconds: median, runs: runs,
                  scheduled: p.tasks.count { $0.status == .scheduled },
                  unschedulable: p.tasks.count { $0.status == .unschedulable },
                  sittings: p.sittings.count, growth: nil)
    if let last = rows.last {
        row.growth = log(row.milliseconds / last.milliseconds) / log(Double(row.tasks) / Double(last.tasks))
    }
    rows.append(row)
    let growth = row.growth.map { String(format: "%6.2f", $0) } ?? "     -"
    print(String(format: "%8d  %10.2f  %5d  %10d  %14d  %9d   ", row.tasks, row.milliseconds, row.runs,
                 row.scheduled, row.unschedulable, row.sittings) + growth)
}

if let path = options.jsonPath {
    var text = "{\n  \"busyBlocks\": \(busyCount),\n  \"seed\": \(options.seed),\n"
    #if DEBUG
    text += "  \"build\": \"debug\",\n"
    #else
    text += "  \"build\": \"release\",\n"
    #endif
    text += "  \"rows\": [\n"
    text += rows.map { r in
        let growth = r.growth.map { String(format: "%.3f", $0) } ?? "null"
        return String(format: "    {\"tasks\": %d, \"medianMilliseconds\": %.3f, \"runs\": %d, \"scheduled\": %d, \"unschedulable\": %d, \"sittings\": %d, \"growth\": ",
                      r.tasks, r.milliseconds, r.runs, r.scheduled, r.unschedulable, r.sittings) + growth + "}"
    }.joined(separator: ",\n")
    text += "\n  ]\n}\n"
    do {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        FileHandle.standardError.write(Data("plan-bench: cannot write \(path): \(error.localizedDescription)\n".utf8))
        exit(73)
    }
}

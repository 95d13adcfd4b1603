// plan-bench: how fast plan is, side by side with its peers, and how cost grows.
//
//   swift run -c release plan-bench                 the full run (about 1.5 minutes; Python up to 10k)
//   swift run -c release plan-bench --python-all    Python at 100,000 VEVENTs too (about 6 minutes)
//   swift run -c release plan-bench --quick         small sizes, no Python (CI runs it on the debug build as a smoke run)
//   swift run -c release plan-bench --json out.json the same figures as JSON
//
// Sections (all inputs are generated from --seed, so a run is repeatable):
//   1. import:   semester calendars of 1,000, 10,000 and 100,000 VEVENTs
//                over a year: `plan events --json`, the importer alone, a bare
//                libical loop (the floor) and Python icalendar +
//                recurring-ical-events, each as a child process (wall time,
//                CPU time and peak RSS from wait4, occurrences/s).
//   2. schedule: 10 … 10,000 tasks against 10,000 busy blocks (in process).
//   3. e2e:      `plan add-task` on a store with 200 tasks and a 2,000-VEVENT
//                calendar, and `plan rpc` task.add / plan.agenda latency.
//   4. timetable: TimetableBuilder top 10 for 5, 8 and 10 courses of 10–40
//                sections (and 8 × 30, 10 × 40), scored and all tied, against
//                a naive enumeration where the product is small enough.
//   5. week:     the `plan week` grid (layout + terminal text) for 10,000 events in one week.
//   6. group:    `plan group find` for 10 members × a semester of classes, one week searched.
//   7. sync:     `plan sync` of 500 sittings to a local Radicale, then a sync with
//                nothing changed (skipped, saying so, without radicale).
//   8. soak:     one `plan rpc` session answering 100,000 mixed requests (2,000
//                with --quick): p50/p99/max latency, resident memory after
//                warm-up and at the end (flat: within 10 %).
//   9. spread:   Examples/fortnight.sh (11 tasks, 46 h, the bundled fall classes)
//                added through `plan-bench plan`, then how the plan spreads the
//                work over the days (PlanSpread through the service): no timing.
//  10. term, 11. weekly: see BenchArguments.
//  12. lived:    a 15-week term lived day by day (morning replan, evening done, work
//                taking 1.3× its estimate), learning on and off: tasks finished by their
//                due, busiest day per week against a fresh plan, occurrences made; then
//                replan, done, tasks and review timed on the lived store.
//  13. readers:  each reader of outside input (JSON objects, a mail's long line, multistatus
//                answers with a long property or many responses, ratings CSV) at 1× and 10× its
//                input: the 10× time at most 12× the 1× (linear).
//
// `plan` is this executable's `plan` mode (`plan-bench plan …` runs the same
// code as `.build/release/plan`); `--plan PATH` measures another binary.
// `plan-bench spread` prints the spread of the store `$PLAN_STORE` at `$PLAN_NOW`.

import Foundation
import PlanCLI

struct Options {
    var quick = false
    var jsonPath: String?
    var seed: UInt64 = 1
    var sizes: [Int]?
    var importSizes: [Int]?
    var sections: Set<String> = Set(BenchArguments.sectionNames)
    var python = true
    var pythonAll = false
    var planPath: String?
    var workdir = ""
    var keep = false

    /// The options of one run, from the command line.
    init(_ parsed: BenchArguments) {
        quick = parsed.quick
        jsonPath = parsed.jsonPath
        seed = parsed.seed
        sizes = parsed.sizes
        importSizes = parsed.importSizes
        sections = parsed.only ?? Set(BenchArguments.sectionNames)
        python = !parsed.noPython && !parsed.quick
        pythonAll = parsed.pythonAll
        planPath = parsed.planPath
        workdir = parsed.workdir ?? ""
        keep = parsed.workdir != nil
    }
}

extension Options {
    /// `workdir/name`, emptied (a kept workdir may hold an earlier run's files).
    func freshFolder(_ name: String) -> String {
        let dir = workdir + "/" + name
        try? FileManager.default.removeItem(atPath: dir)
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }
}

extension Child {
    /// This executable, to run its child modes.
    static var selfArgv: [String] { [selfPath] }
}

let arguments = Array(CommandLine.arguments.dropFirst())

// Child modes: `plan-bench plan …` is plan itself; `--child` runs one import.
if arguments.first == "plan" {
    PlanCommand.main(Array(arguments.dropFirst()))
    exit(0)
}
if arguments.first == "--child" {
    exit(ImportBench.child(Array(arguments.dropFirst())))
}
if arguments == ["spread"] {
    exit(SpreadBench.child())
}

// A child that exits early (no `plan rpc`, say) must not take the benchmark with it.
signal(SIGPIPE, SIG_IGN)

var options = Options(BenchArguments.parseOrExit(arguments))
// A run takes minutes: find out now, not at the end, that its figures could not be kept.
if let path = options.jsonPath {
    let existed = FileManager.default.fileExists(atPath: path)
    let fd = open(path, O_WRONLY | O_CREAT, 0o644)  // not truncated: an old report stays until the new one is written
    guard fd >= 0 else {
        note("cannot write \(path) (--json): \(String(cString: strerror(errno))); nothing was run")
        exit(73)
    }
    close(fd)
    if !existed { unlink(path) }
}
if options.workdir.isEmpty {
    options.workdir = NSTemporaryDirectory() + "plan-bench-\(getpid())"
}
try? FileManager.default.createDirectory(atPath: options.workdir, withIntermediateDirectories: true)
let plan = options.planPath.map { [$0] } ?? [Child.selfPath, "plan"]

#if DEBUG
print("plan-bench: debug build; use `swift run -c release plan-bench` for real figures\n")
let build = "debug"
#else
let build = "release"
#endif
let machine = "\(ProcessInfo.processInfo.activeProcessorCount) cores, \(ProcessInfo.processInfo.physicalMemory / 1_073_741_824) GB"
let loadBefore = Child.loadAverage
print("plan-bench (\(build) build, \(machine), load average \(loadBefore.map { String(format: "%.2f", $0) } ?? "?")), seed \(options.seed)\(options.quick ? ", quick" : "")\n")
let started = Child.monotonicSeconds()

/// Runs the section `name` when it was asked for, and keeps it for the tables.
@MainActor
func runSection<Bench>(_ name: String, _ make: () -> Bench, _ run: (inout Bench) -> Void) -> Bench? {
    guard options.sections.contains(name) else { return nil }
    var bench = make()
    run(&bench)
    print("")
    return bench
}

let importBench = runSection("import", {
    ImportBench(options: options, plan: plan, python: options.python ? PythonPeer.find(workdir: options.workdir) : nil)
}) { $0.run() }
let scheduleBench = runSection("schedule", { ScheduleBench(options: options) }) { $0.run() }
let endToEnd = runSection("e2e", { EndToEndBench(options: options, plan: plan) }) { $0.run() }
let timetableBench = runSection("timetable", { TimetableBench(options: options) }) { $0.run() }
let weekBench = runSection("week", { WeekBench(options: options) }) { $0.run() }
let groupBench = runSection("group", { GroupBench(options: options, plan: plan) }) { $0.run() }
let syncBench = runSection("sync", { SyncBench(options: options, plan: plan, churn: ChurnBench(plan: plan)) }) { $0.run() }
let soakBench = runSection("soak", { SoakBench(options: options, plan: plan) }) { $0.run() }
let spreadBench = runSection("spread", { SpreadBench(options: options) }) { $0.run() }
let termBench = runSection("term", { TermCatalogBench(options: options, plan: plan) }) { $0.run() }
let weeklyBench = runSection("weekly", { WeeklyBench(options: options, plan: plan) }) { $0.run() }
let livedBench = runSection("lived", { LivedBench(options: options, plan: plan) }) { $0.run() }
let readersBench = runSection("readers", { ReadersBench(options: options) }) { $0.run() }

// The tables, together.
if let b = importBench {
    print("Import (\(ImportBench.from) … \(ImportBench.to), \(ImportBench.zone); wall time is the median over runs, including process start)")
    print(b.table())
}
if let b = scheduleBench {
    print("Scheduling (TaskScheduler in process, \(Format.count(b.busyCount)) busy blocks)")
    print(b.table())
}
if let b = endToEnd {
    print("End to end (each plan add-task a new process; plan rpc one server, requests one at a time)")
    print(b.table())
}
if let b = timetableBench {
    print("Timetables (TimetableBuilder.build in process, top \(b.top); median over runs; naive: every combination checked)")
    print(b.table())
}
if let b = weekBench {
    print("Week grid (WeekLayout + WeekText in process; median over runs)")
    print(b.table())
}
if let b = groupBench {
    print("Group find (the finder in process, median over runs; the command as a process)")
    print(b.table())
}
if let b = syncBench {
    print("Sync (each plan sync a new process; Radicale on 127.0.0.1 with htpasswd)")
    print(b.table())
}
if let b = soakBench {
    print("Soak (one plan rpc session, requests one at a time; resident memory from /proc/PID/status every \(Format.count(SoakBench.sampleEvery)))")
    print(b.table())
}
if let b = spreadBench {
    print("Spread of the fortnight (Examples/fortnight.sh through `plan-bench plan`; PlanSpread through the service; no timing)")
    print(b.table())
}
if let b = termBench {
    print("A term's catalog (each step a new plan process; 4,000 courses, 7,000 sections, a ratings export joined by name)")
    print(b.table())
}
if let b = weeklyBench {
    print("A term of weekly work (the bundled fall classes; each step a new plan process; target: each under 100 ms)")
    print(b.table())
}
if let b = livedBench {
    print("A term lived (through the service, day by day; work takes \(LivedBench.overrun)× its estimate; the routine as plan processes, target under 100 ms)")
    print(b.table())
}
if let b = readersBench {
    print("Readers of outside input (in process; the least processor time of five or more runs at 1× and 10× the input)")
    print(b.table())
}
let elapsed = Child.monotonicSeconds() - started
print(String(format: "plan-bench: done in %.1f s", elapsed) + " (load average \(Child.loadAverage.map { String(format: "%.2f", $0) } ?? "?") at the end)")

if let path = options.jsonPath {
    let spreadJSON: JSON = spreadBench?.json ?? .null
    let report = JSON.object([
        ("build", .string(build)), ("machine", .string(machine)), ("loadAverageAtStart", .num(loadBefore, 2)),
        ("loadAverageAtEnd", .num(Child.loadAverage, 2)), ("seed", .int(Int(options.seed))), ("quick", .bool(options.quick)),
        ("plan", .string(plan.joined(separator: " "))),
        ("import", importBench?.json ?? .null), ("scheduling", scheduleBench?.json ?? .null), ("endToEnd", endToEnd?.json ?? .null),
        ("timetable", timetableBench?.json ?? .null), ("week", weekBench?.json ?? .null),
        ("group", groupBench?.json ?? .null), ("sync", syncBench?.json ?? .null), ("soak", soakBench?.json ?? .null),
        ("spread", spreadJSON), ("term", termBench?.json ?? .null), ("weekly", weeklyBench?.json ?? .null), ("lived", livedBench?.json ?? .null),
        ("readers", readersBench?.json ?? .null),
        ("seconds", .num(elapsed, 1)),
    ])
    do {
        try Data((report.render() + "\n").utf8).write(to: URL(fileURLWithPath: path))
    } catch {
        note("cannot write \(path): \(error.localizedDescription)")
        exit(73)
    }
}
if !options.keep { try? FileManager.default.removeItem(atPath: options.workdir) }

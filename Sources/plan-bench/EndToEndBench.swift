import Foundation
import PlanCore
import PlanService
import PlanStore

/// Section 3: the commands a student runs, end to end, as processes.
///
/// A store with `tasks` tasks and one registered calendar of `events`
/// VEVENTs (a student's calendar: this year's classes, the rest one-off
/// events since 2020). `plan add-task` is timed as a fresh process each run,
/// with the clock (`PLAN_NOW`) a minute later each time, as in real use; the
/// calendar file is unchanged, so its busy time comes from the store's cache.
/// Then one long-running `plan rpc` is fed `task.add` and `plan.agenda`
/// requests one at a time and each answer is timed.
struct EndToEndBench {
    struct Timing {
        var label: String
        var samples: [Double]
        var failures: Int
        /// CPU time of each run (processes only).
        var cpu: [Double] = []
        var median: Double? { samples.isEmpty ? nil : medianOf(samples) }
        var medianCPU: Double? { cpu.isEmpty ? nil : medianOf(cpu) }
        var json: JSON {
            .object([("medianSeconds", .num(median, 5)), ("medianCPUSeconds", .num(medianCPU, 5)), ("runs", .int(samples.count)),
                     ("failures", .int(failures)), ("minSeconds", .num(samples.min(), 5)), ("maxSeconds", .num(samples.max(), 5))])
        }
    }

    let options: Options
    let plan: [String]
    var events: Int { options.quick ? 500 : 2_000 }
    var taskCount: Int { options.quick ? 40 : 200 }
    var runs: Int { options.quick ? 5 : 21 }
    var addTask: Timing?
    var addTaskChanged: Timing?
    var rpcAdd: Timing?
    var rpcAgenda: Timing?
    var rpcNote: String?
    var setupNote: String?

    static let zone = "America/New_York"
    /// Monday of the second week of the spring term, 08:00.
    static let start = LocalDateTime(date: LocalDate(year: SemesterCalendar.year, month: 1, day: 25), hour: 8)

    /// `PLAN_NOW` `minutes` after the start.
    static func nowText(_ minutes: Int) -> String {
        let l = start.adding(seconds: Int64(minutes) * 60)
        return l.isoString + "-05:00"
    }

    mutating func run() {
        print("3. End to end: \(Format.count(taskCount)) tasks, a \(Format.count(events))-VEVENT calendar, seed \(options.seed)")
        let dir = options.freshFolder("e2e")
        let calendar = dir + "/student.ics"
        let store = dir + "/plan.sqlite"
        let bytes = SemesterCalendar.personal(events: events, seed: options.seed)
        writeFile(calendar, bytes)
        do {
            try populate(store: store, calendar: calendar)
        } catch {
            setupNote = "could not set up the store: \(error)"
            note(setupNote!)
            return
        }
        var env = ProcessInfo.processInfo.environment
        env["PLAN_STORE"] = store
        env["TZ"] = Self.zone
        env["NO_COLOR"] = "1"

        // add-task, calendar unchanged. One warm-up run first (it fills the
        // cache for this window, as the previous command of the day would have).
        var minute = 1
        func addTaskRun(_ k: Int) -> ChildRun {
            env["PLAN_NOW"] = Self.nowText(minute)
            minute += 1
            let day = 1 + k % 28
            return Child.run(plan + ["add-task", "Bench task \(k)", "--estimate", "2h", "--span", "1h",
                                     "--due", "\(SemesterCalendar.year)-04-\(day < 10 ? "0" : "")\(day)"], environment: env)
        }
        _ = addTaskRun(0)
        var timing = Timing(label: "add-task", samples: [], failures: 0)
        for k in 1...runs {
            let r = addTaskRun(k)
            if r.status == 0 {
                timing.samples.append(r.seconds)
                timing.cpu.append(r.cpuSeconds)
            } else {
                timing.failures += 1
                if timing.failures == 1 { note("add-task failed (status \(r.status)): \(r.stderr.suffix(300))") }
            }
        }
        addTask = timing
        print("   add-task, calendar unchanged: \(Format.ms(timing.median))")

        // add-task after the calendar changed (cache miss): a few runs.
        var changed = Timing(label: "add-task, calendar changed", samples: [], failures: 0)
        for k in 0..<(options.quick ? 2 : 5) {
            var edited = bytes
            let extra = "BEGIN:VEVENT\r\nUID:edit-\(k)@personal.example\r\nDTSTART:20190101T120000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            edited.removeLast("END:VCALENDAR\r\n".utf8.count)
            edited += Array(extra.utf8)
            writeFile(calendar, edited)
            let r = addTaskRun(1_000 + k)
            if r.status == 0 {
                changed.samples.append(r.seconds)
                changed.cpu.append(r.cpuSeconds)
            } else {
                changed.failures += 1
            }
        }
        writeFile(calendar, bytes)
        addTaskChanged = changed
        print("   add-task, calendar changed: \(Format.ms(changed.median))")

        runRPC(env: env, minute: minute)
    }

    /// The store: zone, calendar, then `taskCount` tasks added through the
    /// service (the code `plan add-task` runs), due over the spring term.
    func populate(store path: String, calendar: String) throws {
        let service = PlanService(store: try PlanStore(path: path), now: SystemZone(identifier: Self.zone)!.resolve(Self.start))
        _ = try service.updateSettings { $0.timeZone = Self.zone }
        _ = try service.addCalendar(path: calendar, name: "student")
        var g = SeededRandom(seed: options.seed &+ 200)
        let projects = SemesterCalendar.courses.prefix(5).map { "\($0) 1\(g.int(0...9))0" }
        var unplaced = 0
        for k in 0..<taskCount {
            let due = LocalDate(year: SemesterCalendar.year, month: 2, day: 1).adding(days: k * 90 / taskCount + g.int(0...6))
            var spec = TaskDefinition(id: "task-\(k)", title: "Task \(k)", estimate: Int64(g.int(1...4) * 3600 + g.pick([0, 30]) * 60),
                                      due: .date(due))
            spec.project = g.pick(projects)
            spec.span = g.pick([3600, 5400, 7200])
            if g.chance(20) { spec.earliest = TimeOfDay(hour: 9); spec.latest = TimeOfDay(hour: 18) }
            if g.chance(30) { spec.priority = g.int(1...4) }
            if k > 0 && g.chance(10) { spec.after = ["task-\(g.int(0...(k - 1)))"] }
            let (outcome, _) = try service.addTask(spec, dryRun: false, replan: false)
            if case .placed = outcome {} else { unplaced += 1 }
        }
        if unplaced > 0 { note("\(unplaced) of \(taskCount) set-up tasks did not fit (they are not stored)") }
    }

    mutating func runRPC(env base: [String: String], minute: Int) {
        var env = base
        env["PLAN_NOW"] = Self.nowText(minute)
        let argv = plan + ["rpc"]
        let executable = argv[0]
        guard let server = LineServer([executable] + argv.dropFirst(), environment: env) else {
            rpcNote = "rpc: not available (cannot start \(argv.joined(separator: " ")))"
            print("   " + rpcNote!)
            return
        }
        let hello = server.request(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}"#)
        guard let hello, hello.contains("\"result\"") else {
            _ = server.finish()
            rpcNote = "rpc: not available" + (hello.map { " (initialize answered: \($0.prefix(120)))" } ?? " (no answer to initialize)")
            print("   " + rpcNote!)
            return
        }
        func timed(_ label: String, _ make: (Int) -> String) -> Timing {
            var t = Timing(label: label, samples: [], failures: 0)
            for k in 0...runs {
                let started = Child.monotonicSeconds()
                let answer = server.request(make(k))
                let seconds = Child.monotonicSeconds() - started
                guard let answer, answer.contains("\"result\"") else {
                    t.failures += 1
                    if t.failures == 1 { note("rpc \(label) failed: \(answer?.prefix(300) ?? "no answer")") }
                    if answer == nil { break }
                    continue
                }
                // The first request of each kind warms the server up; it is not counted.
                if k > 0 { t.samples.append(seconds) }
            }
            return t
        }
        rpcAdd = timed("task.add") { k in
            let day = 1 + k % 28
            return #"{"jsonrpc":"2.0","id":\#(k + 1),"method":"task.add","params":{"title":"RPC task \#(k)","estimate":"90m","span":"1h","due":"\#(SemesterCalendar.year)-04-\#(day < 10 ? "0" : "")\#(day)"}}"#
        }
        rpcAgenda = timed("plan.agenda") { k in
            #"{"jsonrpc":"2.0","id":\#(1_000 + k),"method":"plan.agenda","params":{"from":"\#(SemesterCalendar.year)-02-01","days":7}}"#
        }
        let status = server.finish()
        if status != 0 { note("plan rpc exited with status \(status)") }
        print("   rpc task.add: \(Format.ms(rpcAdd?.median)), plan.agenda: \(Format.ms(rpcAgenda?.median))")
    }

    func table() -> String {
        var rows: [[String]] = []
        func add(_ what: String, _ t: Timing?, _ fallback: String = "-") {
            guard let t else { rows.append([what, fallback, "", "", ""]); return }
            rows.append([what, Format.ms(t.median), Format.ms(t.medianCPU), String(t.samples.count), t.failures > 0 ? "\(t.failures) failed" : ""])
        }
        add("plan add-task, calendar unchanged (busy cache hit)", addTask, setupNote ?? "-")
        add("plan add-task, calendar changed (cache miss)", addTaskChanged)
        add("plan rpc task.add", rpcAdd, rpcNote ?? "-")
        add("plan rpc plan.agenda (7 days)", rpcAgenda, rpcNote ?? "-")
        return Format.table(["command (\(Format.count(taskCount)) tasks, \(Format.count(events)) VEVENTs)", "median", "CPU", "runs", ""], rows)
    }

    var json: JSON {
        .object([
            ("tasks", .int(taskCount)), ("vevents", .int(events)),
            ("addTask", addTask?.json ?? .null), ("addTaskCalendarChanged", addTaskChanged?.json ?? .null),
            ("rpcTaskAdd", rpcAdd?.json ?? .null), ("rpcPlanAgenda", rpcAgenda?.json ?? .null),
            ("rpcNote", .str(rpcNote)), ("setupNote", .str(setupNote)),
        ])
    }
}

import Foundation
import PlanCore
import PlanService
import PlanStore

/// Section "lived": a 15-week term lived day by day through the service (the code `plan` runs),
/// by a simulated student who works every planned sitting while work takes 1.3× its estimate:
/// each morning `replan`, each evening `done --spent` for the day's sittings (`--left` when the
/// plan thinks a task is done and it is not, `--finished` when it is). Run with learning on and
/// off: the share of tasks finished by their due, the busiest day of each week against a fresh
/// plan of the same remaining work, occurrences made against expected. Then the day's routine
/// (`replan`, `done`, `tasks`, `review`) timed as `plan` processes on the lived store.
struct LivedBench {
    let options: Options
    let plan: [String]

    /// One term lived: its figures.
    struct Term {
        var learn: Bool
        var tasks = 0
        var finishedByDue = 0
        var occurrences = 0
        var expectedOccurrences = 0
        /// Per week: the busiest day planned after Monday's replan, and a fresh plan's (seconds).
        var weeks: [(lived: Int64, fresh: Int64)] = []
        var seconds = 0.0
        var note: String?
        var share: Double { tasks == 0 ? 0 : Double(finishedByDue) / Double(tasks) }
    }

    var terms: [Term] = []
    var steps: [BenchStep] = []

    init(options: Options, plan: [String]) {
        self.options = options
        self.plan = plan
    }

    static let first = LocalDate(year: 2026, month: 8, day: 31)
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path
    /// How much longer work takes than its estimate.
    static let overrun = 1.3

    var weeks: Int { options.quick ? 2 : 15 }

    mutating func run() {
        print("12. A term lived: \(weeks) weeks day by day (morning replan, evening done), work taking \(Self.overrun)× its estimate")
        for learn in [true, false] {
            let term = live(learn: learn)
            terms.append(term)
            let worst = term.weeks.map { $0.fresh == 0 ? 1 : Double($0.lived) / Double($0.fresh) }.max() ?? 0
            print("   learn \(learn ? "on" : "off"): \(term.finishedByDue)/\(term.tasks) finished by their due "
                  + String(format: "(%.1f %%)", term.share * 100) + ", occurrences \(term.occurrences)/\(term.expectedOccurrences), "
                  + String(format: "busiest day at most %.2f× a fresh plan's, %.1f s", worst, term.seconds)
                  + (term.note.map { "; \($0)" } ?? ""))
        }
        routine()
    }

    /// The store of the term lived with learning on, for the routine's timings.
    var storePath: String { options.workdir + "/lived-on/plan.sqlite" }

    func live(learn: Bool) -> Term {
        var term = Term(learn: learn)
        let dir = options.freshFolder("lived-\(learn ? "on" : "off")")
        let started = Child.monotonicSeconds()
        do {
            let store = try PlanStore(path: dir + "/plan.sqlite")
            let zone = SystemZone(identifier: "America/New_York")!
            func at(_ day: LocalDate, _ hour: Int, _ minute: Int = 0) -> Instant {
                zone.resolve(LocalDateTime(date: day, hour: hour, minute: minute))
            }
            func service(_ now: Instant) -> PlanService { PlanService(store: store, now: now, environment: ["TZ": "America/New_York"]) }
            let start = service(at(Self.first, 8))
            var policy = PolicyInput()
            policy.timeZone = "America/New_York"
            policy.horizon = "3w"
            policy.learn = learn ? "on" : "off"
            policy.policy.dayStart = "08:00"
            policy.policy.dayEnd = "22:00"
            policy.policy.maxPerDay = "6h"
            _ = try start.updateSettings(policy)
            _ = try start.addCalendar(path: Self.repository + "/Examples/fall-2026-classes.ics", name: nil)
            for args in Self.series(weeks: weeks) { _ = try start.addSeries(args, dryRun: false, replan: true) }
            // What each task truly takes, and what the student has put in.
            var truth: [String: Int64] = [:], put: [String: Int64] = [:], finishedAt: [String: Instant] = [:]
            var oneOffs = Self.oneOffs(weeks: weeks)
            for dayIndex in 0..<(weeks * 7) {
                let day = Self.first.adding(days: dayIndex)
                let morning = service(at(day, 8))
                // Work that comes up: the one-offs whose day it is.
                while let next = oneOffs.first, next.added <= day {
                    oneOffs.removeFirst()
                    _ = try morning.addTask(next.input, dryRun: false, replan: true)
                }
                _ = try morning.replan()
                if day.isoWeekday == 1 {
                    let lived = try Self.busiest(morning.tasks(), from: at(day, 0), to: at(day.adding(days: 7), 0), zone: zone)
                    let fresh = try morning.replan(dryRun: true, compact: true).0.plan.sittings
                    term.weeks.append((lived, Self.busiest(fresh, from: at(day, 0), to: at(day.adding(days: 7), 0), zone: zone)))
                }
                // Evening: each of the day's sittings worked, as long as it was planned.
                let evening = service(at(day, 22))
                for row in try evening.tasks() where row.state != .done && finishedAt[row.task.id] == nil {
                    let today = row.sittings.filter { zone.local($0.range.start).date == day }
                    guard !today.isEmpty else { continue }
                    let id = row.task.id
                    if truth[id] == nil { truth[id] = Int64(Double(row.task.estimate) * Self.overrun / 60) * 60 }
                    let worked = today.reduce(Int64(0)) { $0 + $1.range.duration }
                    let rest = truth[id]! - put[id, default: 0]
                    if worked >= rest {
                        put[id, default: 0] += rest
                        finishedAt[id] = today.map(\.range.end).max()!
                        _ = try evening.done(id, DoneInput(spent: "\(max(1, rest / 60))m", finished: true))
                    } else {
                        put[id, default: 0] += worked
                        let after = try evening.done(id, DoneInput(spent: "\(worked / 60)m"))
                        // The plan thinks it is done, and it is not: the student says what is left.
                        if after.task.remaining == 0 {
                            _ = try evening.done(id, DoneInput(left: "\(max(1, (truth[id]! - put[id]!) / 60))m"))
                        }
                    }
                }
            }
            let end = at(Self.first.adding(days: weeks * 7), 0)
            let rows = try service(end).tasks()
            let dueInTerm = rows.filter { $0.due <= end }
            term.tasks = dueInTerm.count
            term.finishedByDue = dueInTerm.count { r in finishedAt[r.task.id].map { $0 <= r.due } ?? false }
            term.occurrences = rows.count { $0.series != nil }
            term.expectedOccurrences = Self.expected(weeks: weeks)
        } catch {
            term.note = "failed: \(error)"
        }
        term.seconds = Child.monotonicSeconds() - started
        return term
    }

    /// The repeating work of the term: three weekly problem sets, a weekly lab report, a habit.
    static func series(weeks: Int) -> [SeriesInput] {
        let until = first.adding(days: weeks * 7 - 1).isoString
        func make(_ title: String, _ project: String?, _ estimate: String, every: String?, each: String?, due: String?) -> SeriesInput {
            var s = SeriesInput()
            s.task.title = title
            s.task.project = project
            s.task.estimate = estimate
            s.task.due = due
            s.every = every
            s.each = each
            s.until = until
            return s
        }
        return [
            make("MATH 221 problem set", "MATH221", "3h", every: "week", each: nil, due: "2026-09-04T23:59"),
            make("CS 201 assignment", "CS201", "4h", every: "week", each: nil, due: "2026-09-06T23:59"),
            make("CHEM 110 problem set", "CHEM110", "2h", every: "week", each: nil, due: "2026-09-03T17:00"),
            make("CHEM 110 lab report", "CHEM110", "2h", every: "week", each: nil, due: "2026-09-07T23:59"),
            make("Gym", nil, "3h", every: nil, each: "week", due: nil),
        ]
    }

    /// One-off work: a project, an essay, two reviews, a paper, and a surprise every third week.
    static func oneOffs(weeks: Int) -> [(added: LocalDate, input: TaskInput)] {
        func task(_ title: String, _ project: String, _ estimate: String, addedWeek: Int, dueDay: Int, span: String? = nil) -> (LocalDate, TaskInput) {
            var t = TaskInput()
            t.title = title
            t.project = project
            t.estimate = estimate
            t.span = span
            t.due = first.adding(days: dueDay).isoString
            return (first.adding(days: addedWeek * 7), t)
        }
        var out = [task("CS 201 project", "CS201", "10h", addedWeek: 0, dueDay: 7 * 5 + 4),
                   task("HIST 200 essay", "HIST200", "6h", addedWeek: 1, dueDay: 7 * 6 + 4, span: "90m"),
                   task("CHEM 110 midterm review", "CHEM110", "5h", addedWeek: 4, dueDay: 7 * 7 + 1, span: "1h"),
                   task("HIST 200 paper", "HIST200", "8h", addedWeek: 8, dueDay: 7 * 12 + 4, span: "2h"),
                   task("MATH 221 final review", "MATH221", "6h", addedWeek: 11, dueDay: 7 * 14 + 2, span: "1h")]
        for w in stride(from: 2, to: 15, by: 3) {
            out.append(task("Surprise quiz prep \(w)", "MATH221", "2h", addedWeek: w, dueDay: w * 7 + 4))
        }
        return out.filter { $0.1.due.flatMap(LocalDate.init(iso:)).map { $0 < first.adding(days: weeks * 7) } ?? false }
            .sorted { $0.0 < $1.0 }
    }

    /// Occurrences the series should have made, counted here from their rules (not from the
    /// store): a weekly due from its first through the term's last day, and a habit's every week.
    static func expected(weeks: Int) -> Int {
        let until = first.adding(days: weeks * 7 - 1)
        return series(weeks: weeks).reduce(0) { n, s in
            guard let due = s.task.due, let firstDue = LocalDate(iso: String(due.prefix(10))) else { return n + weeks }
            return n + (firstDue > until ? 0 : Int((until.daysSinceEpoch - firstDue.daysSinceEpoch) / 7) + 1)
        }
    }

    /// The busiest local day's total of `sittings` within [from, to).
    static func busiest(_ sittings: [Sitting], from: Instant, to: Instant, zone: SystemZone) -> Int64 {
        var perDay: [LocalDate: Int64] = [:]
        for s in sittings where s.range.start >= from && s.range.start < to { perDay[zone.local(s.range.start).date, default: 0] += s.range.duration }
        return perDay.values.max() ?? 0
    }

    static func busiest(_ rows: [TaskRow], from: Instant, to: Instant, zone: SystemZone) -> Int64 {
        busiest(rows.flatMap(\.sittings), from: from, to: to, zone: zone)
    }

    /// The day's routine on the lived store, each a `plan` process, the median of five runs.
    mutating func routine() {
        let last = Self.first.adding(days: weeks * 7 - 3)
        let now = "\(last.isoString)T21:00:00-05:00"
        var env = ProcessInfo.processInfo.environment
        env["PLAN_STORE"] = storePath
        env["PLAN_NOW"] = now
        env["TZ"] = "America/New_York"
        // Work the term's end still holds, for `done` to record on.
        var final = TaskInput()
        (final.title, final.id, final.estimate, final.due) = ("Final project", "final-project", "6h", last.adding(days: 10).isoString)
        let instant = (try? PlanClock.fixedNow(environment: ["PLAN_NOW": now])) ?? nil
        let task = instant.flatMap { i in
            (try? PlanService(store: PlanStore(path: storePath), now: i).addTask(final, dryRun: false, replan: true)).map { _ in "final-project" }
        }
        let done: [(String, [String])] = task.map { [("done --spent 30m", ["done", $0, "--spent", "30m"])] } ?? []
        for (label, args) in [("replan", ["replan"])] + done + [("tasks", ["tasks"]), ("review", ["review"])] {
            var runs: [ChildRun] = []
            for _ in 0..<(options.quick ? 1 : 5) { runs.append(Child.run(plan + args, environment: env, capture: true)) }
            let median = runs.sorted { $0.seconds < $1.seconds }[runs.count / 2]
            let note = median.status == 0 ? "" : "exit \(median.status): \(median.stderr.prefix(100))"
            steps.append(BenchStep(label: label, run: median, note: note))
            print("   \(label): \(Format.ms(median.seconds)), peak \(Format.mb(median.peakRSS)) \(note)")
        }
    }

    func table() -> String {
        var rows: [[String]] = terms.map { t in
            let ratios = t.weeks.map { $0.fresh == 0 ? 1 : Double($0.lived) / Double($0.fresh) }
            let worst = ratios.max() ?? 0
            let busiest = t.weeks.map(\.lived).max() ?? 0
            let within = t.weeks.count { BusiestBound.holds($0.lived, least: $0.fresh) }
            return ["learn \(t.learn ? "on" : "off")", "\(t.finishedByDue)/\(t.tasks) " + String(format: "(%.1f %%)", t.share * 100),
                    "\(t.occurrences)/\(t.expectedOccurrences)", ISODuration.humanString(busiest), String(format: "%.2f×", worst),
                    "\(within)/\(t.weeks.count)", String(format: "%.1f s", t.seconds)]
        }
        var out = Format.table(["term", "finished by due", "occurrences", "busiest day", "worst week vs fresh",
                                "weeks within 1.25× + 15m", "simulated in"], rows)
        rows = steps.map { [$0.label, Format.ms($0.run.seconds), Format.mb($0.run.peakRSS), $0.note] }
        out += "\n" + Format.table(["the day's routine on the lived store", "wall (median)", "peak memory", "note"], rows)
        return out
    }

    var json: JSON {
        .object([
            ("terms", .array(terms.map { t in
                .object([("learn", .bool(t.learn)), ("tasks", .int(t.tasks)), ("finishedByDue", .int(t.finishedByDue)),
                         ("occurrences", .int(t.occurrences)), ("expectedOccurrences", .int(t.expectedOccurrences)),
                         ("weeks", .array(t.weeks.map { .object([("busiest", .int(Int($0.lived))), ("fresh", .int(Int($0.fresh)))]) })),
                         ("seconds", .num(t.seconds, 1))])
            })),
            ("routine", .array(steps.map(\.json))),
        ])
    }
}

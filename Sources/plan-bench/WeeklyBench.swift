import Foundation

/// Section "weekly": a term of repeating work through the real `plan` binary, each step a
/// new process — the bundled fall classes registered, a 15-week horizon, then 10 weekly
/// series (6 problem sets `--every week`, 2 readings `--before` a lecture, 2 write-ups
/// `--after-class`) and 2 habits (`--each week`) added one by one, each planned around
/// the rest; then `plan replan` a week later (the horizon extended, what was planned kept)
/// `plan replan --compact` (every occurrence of the term planned afresh) and `plan tasks`.
/// Target: each step under 100 ms.
struct WeeklyBench {
    let options: Options
    let plan: [String]
    var steps: [BenchStep] = []

    init(options: Options, plan: [String]) {
        self.options = options
        self.plan = plan
    }

    /// The term's first Monday, 08:00 in New York (the classes start that day).
    static let now = "2026-08-31T08:00:00-04:00"
    static let aWeekLater = "2026-09-07T08:00:00-04:00"
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    /// The twelve repeating tasks, as `plan add-task` arguments.
    static let series: [[String]] = [
        ["MATH 221 problem set", "--estimate", "3h", "--every", "week", "--due", "2026-09-04T23:59", "--project", "MATH221"],
        ["CS 201 programming assignment", "--estimate", "4h", "--every", "week", "--due", "2026-09-06T23:59", "--project", "CS201"],
        ["CHEM 110 problem set", "--estimate", "2h", "--every", "week", "--due", "2026-09-03T17:00", "--project", "CHEM110"],
        ["HIST 200 response paper", "--estimate", "2h", "--every", "week", "--due", "2026-09-02T12:00", "--project", "HIST200"],
        ["MATH 221 quiz review", "--estimate", "1h", "--every", "week", "--due", "2026-09-01T09:00", "--project", "MATH221"],
        ["CS 201 reading quiz", "--estimate", "1h", "--every", "week", "--due", "2026-09-04T10:00", "--project", "CS201"],
        ["HIST 200 reading", "--estimate", "90m", "--before", "HIST 200 The Atlantic World", "--project", "HIST200"],
        ["CHEM 110 pre-lecture reading", "--estimate", "45m", "--min", "45m", "--before", "CHEM 110 General Chemistry", "--project", "CHEM110"],
        ["CHEM 110 lab report", "--estimate", "2h", "--after-class", "CHEM 110 Lab", "--within", "5d", "--project", "CHEM110"],
        ["CS 201 recitation exercises", "--estimate", "1h", "--after-class", "CS 201 Recitation", "--within", "3d", "--project", "CS201"],
        ["Revision", "--estimate", "4h", "--each", "week", "--prefer", "evening"],
        ["Spanish practice", "--estimate", "2h", "--each", "week", "--prefer", "morning"],
    ]

    mutating func run() {
        print("11. A term of weekly work: 10 weekly series + 2 habits over a 15-week horizon, each step a plan process")
        let dir = options.freshFolder("weekly")
        var env = ProcessInfo.processInfo.environment
        env["PLAN_STORE"] = dir + "/plan.sqlite"
        env["PLAN_NOW"] = Self.now
        env["TZ"] = "America/New_York"
        var jobs: [(String, [String], String)] = [
            ("setup", ["policy", "set", "--tz", "America/New_York", "--horizon", "15w"], Self.now),
            ("calendar", ["calendar", "add", Self.repository + "/Examples/fall-2026-classes.ics"], Self.now),
        ]
        for args in Self.series { jobs.append(("add " + args[0], ["add-task"] + args, Self.now)) }
        jobs.append(("replan a week later", ["replan"], Self.aWeekLater))
        jobs.append(("the whole term re-planned (replan --compact)", ["replan", "--compact"], Self.aWeekLater))
        jobs.append(("tasks", ["tasks"], Self.aWeekLater))
        for (label, args, now) in jobs {
            env["PLAN_NOW"] = now
            let r = Child.run(plan + args, environment: env, capture: true)
            let first = r.stdout.split(separator: "\n").first.map(String.init) ?? ""
            let note = r.status == 0 ? first : "exit \(r.status): " + (r.stderr.split(separator: "\n").first.map(String.init) ?? first)
            steps.append(BenchStep(label: label, run: r, note: note))
            print("   \(label): \(Format.ms(r.seconds)), peak \(Format.mb(r.peakRSS)); \(note.prefix(120))")
        }
    }

    /// The adds (the series' steps) only.
    var adds: [BenchStep] { steps.filter { $0.label.hasPrefix("add ") } }

    func table() -> String {
        let slowest = adds.max { $0.run.seconds < $1.run.seconds }
        let total = adds.reduce(0.0) { $0 + $1.run.seconds }
        var rows = [["12 add-task (each a series)", "\(Format.ms(total)) in all, slowest \(Format.ms(slowest?.run.seconds))",
                     Format.mb(adds.map(\.run.peakRSS).max()), slowest.map { String($0.label.dropFirst(4)) } ?? ""]]
        for s in steps where !s.label.hasPrefix("add ") && s.label != "setup" && s.label != "calendar" {
            rows.append([s.label, Format.ms(s.run.seconds), Format.mb(s.run.peakRSS), String(s.note.prefix(90))])
        }
        return Format.table(["step", "wall", "peak memory", "note"], rows)
    }

    var json: JSON {
        .object([
            ("steps", .array(steps.map(\.json))),
        ])
    }
}

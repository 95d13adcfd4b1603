import Foundation
import Testing

/// A term lived with plan, through the real binary, day by day: a morning `replan`, evening
/// `done` with work running over and under the estimate, missed sittings, a `--left`, a skip,
/// a surprise task — and after every command the rules a first plan keeps: no occurrence of a
/// repeating task twice, time held exactly as recorded, work planned ahead equal to the work
/// left after each planning command (nothing owed), at most one sitting of a task on a day
/// unless each is a full span; and after each morning replan, the busiest day ahead within the
/// bound of a fresh plan of the same work.
@Suite struct LivedTermTests {
    /// A throwaway store whose clock the test moves.
    final class Term {
        let dir: URL
        var now = ""
        /// Every command run and what it printed, for a failure's message.
        var log: [String] = []

        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-lived-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }

        deinit { try? FileManager.default.removeItem(at: dir) }

        @discardableResult
        func plan(_ args: [String], status: Int32 = 0, sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIRunner.Output {
            let out = try CLIRunner.run(args, environment: ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": now])
            if !args.contains("--json") {
                log.append("[\(now)] plan \(args.joined(separator: " ")) → \(out.status)\n\((out.stdout + out.stderr).prefix(800))")
            }
            #expect(out.status == status, "plan \(args.joined(separator: " ")) at \(now): \(out.stdout)\(out.stderr)",
                    sourceLocation: sourceLocation)
            return out
        }

        func json(_ args: [String]) throws -> Any {
            try JSONSerialization.jsonObject(with: Data(try plan(args + ["--json"]).stdout.utf8))
        }

        func tasks() throws -> [[String: Any]] { try #require(try json(["tasks"]) as? [[String: Any]]) }
    }

    /// Seconds of an ISO 8601 duration as plan writes them (`PT1H30M`, `P1DT2H`).
    static func seconds(_ iso: String) -> Int64 {
        var total: Int64 = 0, number: Int64 = 0, inTime = false
        for c in iso {
            if let d = c.wholeNumberValue { number = number * 10 + Int64(d); continue }
            switch c {
            case "T": inTime = true
            case "D": total += number * 86_400
            case "W": total += number * 7 * 86_400
            case "H": total += number * 3_600
            case "M": total += inTime ? number * 60 : 0
            case "S": total += number
            default: break
            }
            number = 0
        }
        return total
    }

    static func date(_ text: String) -> Date {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        return f.date(from: text)!
    }

    /// The local (New York) day of an instant's text.
    static func day(_ text: String) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        let c = calendar.dateComponents([.year, .month, .day], from: date(text))
        return String(format: "%04d-%02d-%02d", c.year!, c.month!, c.day!)
    }

    /// Days since 1970-01-01 of a `YYYY-MM-DD` text.
    static func dayNumber(_ text: String) -> Int? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var c = DateComponents()
        (c.year, c.month, c.day) = (parts[0], parts[1], parts[2])
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar.date(from: c).map { Int($0.timeIntervalSince1970 / 86_400) }
    }

    /// The checks after every command. `planning`: the command re-made the plan, so nothing
    /// with sittings ahead may owe work; `only`: a `done`, which re-fits that task alone (the
    /// others' missed work waits for the next planning command).
    static func check(_ term: Term, recorded: [String: Int64], planning: Bool, only: String? = nil, series: [String],
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rows = try term.tasks()
        let now = date(term.now)
        let context = { term.log.suffix(3).joined(separator: "\n") }
        for row in rows {
            let id = row["id"] as? String ?? ""
            // Time is held as it was recorded, never cut.
            #expect(seconds(row["done"] as? String ?? "PT0S") == (recorded[id] ?? 0), "\(id): done \(row["done"] ?? "")",
                    sourceLocation: sourceLocation)
            let state = row["state"] as? String ?? ""
            let sittings = (row["sittings"] as? [[String: Any]] ?? []).map { (date($0["start"] as! String), date($0["end"] as! String), $0["start"] as! String) }
            let ahead = sittings.filter { $0.1 > now }
            let planned = ahead.reduce(Int64(0)) { $0 + Int64($1.1.timeIntervalSince(max($1.0, now))) }
            let remaining = seconds(row["remaining"] as? String ?? "PT0S")
            if state == "scheduled" {
                // The owed work is exactly what the sittings ahead do not hold, and a planning command leaves none.
                #expect(seconds(row["owed"] as? String ?? "PT0S") == max(0, remaining - planned), "\(id) owed",
                        sourceLocation: sourceLocation)
                if planning && (only == nil || only == id) {
                    // Work left is planned on the grid (5 minutes): rounded up, never less.
                    #expect(planned >= remaining && planned < remaining + 300, "\(id): \(planned)s ahead for \(remaining)s left\n\(context())",
                            sourceLocation: sourceLocation)
                }
            }
            // Rule 9: at most one sitting of a task on a day unless each of that day's is a full span —
            // or, when the task cannot be laid out so, sittings of at least 45 minutes a break apart,
            // never packed back to back (the early pass's way).
            // (Work that cannot be cut into sittings of 45m … span — 1h05m of a task of 1h sittings — may be
            // placed early, as the contract says; the check is for work that can.)
            let span = min(seconds(row["span"] as? String ?? "PT2H"), max(remaining, 1))
            let grid = (remaining + 299) / 300 * 300
            // Nor for work that one full sitting a day cannot hold before its due (a take-home of 30h in
            // sittings of 3h over three days): its days are shared, a break apart, as the contract says.
            let dueDay = String((row["due"] as? String ?? "").prefix(10))
            let daysLeft = Int64(max(1, (LivedTermTests.dayNumber(dueDay) ?? 0) - (LivedTermTests.dayNumber(day(term.now)) ?? 0) + 1))
            let cuttable = (grid + span - 1) / span * 45 * 60 <= grid && grid <= daysLeft * span
            for (day, list) in Dictionary(grouping: ahead, by: { Self.day($0.2) }) where list.count > 1 && cuttable {
                let sorted = list.sorted { $0.0 < $1.0 }
                let full = sorted.allSatisfy { Int64($0.1.timeIntervalSince($0.0)) >= span }
                let apart = zip(sorted, sorted.dropFirst()).allSatisfy { $1.0.timeIntervalSince($0.1) >= 15 * 60 }
                    && sorted.allSatisfy { $0.1.timeIntervalSince($0.0) >= 45 * 60 }
                #expect(full || apart, "\(id) has \(list.count) sittings on \(day), packed\n\(context())",
                        sourceLocation: sourceLocation)
            }
        }
        // Each occurrence of a repeating task exists once: no two share a due.
        for s in series {
            let shown = try #require(try term.json(["task", "show", s]) as? [String: Any])
            let dues = (shown["occurrences"] as? [[String: Any]] ?? []).map { $0["due"] as? String ?? "" }
            #expect(Set(dues).count == dues.count, "\(s) has an occurrence twice: \(dues.sorted())", sourceLocation: sourceLocation)
        }
    }

    /// The busiest New York day's work over the 14 days from `now`, of sittings given as (start, end).
    static func busiest(_ sittings: [(Date, Date, String)], now: Date) -> Double {
        var perDay: [String: Double] = [:]
        for s in sittings where s.1 > now && s.0 < now.addingTimeInterval(14 * 86_400) {
            perDay[day(s.2), default: 0] += s.1.timeIntervalSince(max(s.0, now))
        }
        return perDay.values.max() ?? 0
    }

    /// After a morning replan: the busiest day ahead is within 1.25× (+15 min) of a fresh plan of
    /// the same work (`replan --compact --dry-run`: the moved tasks' sittings, the others' as they are).
    static func checkLevel(_ term: Term, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let now = date(term.now)
        var current: [String: [(Date, Date, String)]] = [:]
        for row in try term.tasks() {
            current[row["id"] as! String] = (row["sittings"] as? [[String: Any]] ?? [])
                .map { (date($0["start"] as! String), date($0["end"] as! String), $0["start"] as! String) }
        }
        let dry = try #require(try term.json(["replan", "--compact", "--dry-run"]) as? [String: Any])
        var fresh = current
        for m in dry["moves"] as? [[String: Any]] ?? [] {
            fresh[m["taskId"] as! String] = (m["after"] as? [[String: Any]] ?? [])
                .map { (date($0["start"] as! String), date($0["end"] as! String), $0["start"] as! String) }
        }
        let kept = busiest(current.values.flatMap { $0 }, now: now), least = busiest(fresh.values.flatMap { $0 }, now: now)
        #expect(kept <= least * 1.25 + 15 * 60, "busiest day ahead \(kept / 60)m, a fresh plan's \(least / 60)m\n\(term.log.suffix(2).joined(separator: "\n"))",
                sourceLocation: sourceLocation)
    }

    /// A deterministic stream of choices (a linear congruential generator).
    struct Choices {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
    }

    @Test(arguments: [UInt64(7), 45])
    func aFortnightLivedKeepsEveryRule(seed: UInt64) throws {
        let term = try Term()
        var choices = Choices(state: seed)
        var recorded: [String: Int64] = [:]
        let series = ["gym", "cs-201-problem-set"]
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00",
                       "--buffer", "10m", "--max-per-day", "6h", "--horizon", "3w"])
        try term.plan(["calendar", "add", CLIRunner.packageRoot.appendingPathComponent("Examples/fall-2026-classes.ics").path])
        try term.plan(["add-task", "Gym", "--estimate", "3h", "--span", "1h", "--each", "week"])
        try term.plan(["add-task", "CS 201 problem set", "--project", "CS201", "--estimate", "3h", "--every", "week",
                       "--due", "fri 23:59"])
        try term.plan(["add-task", "History essay", "--project", "HIST200", "--estimate", "8h", "--span", "90m",
                       "--due", "2026-11-13"])
        try term.plan(["add-task", "Lab report", "--project", "CHEM110", "--estimate", "4h", "--min", "45m",
                       "--due", "2026-11-10"])
        try term.plan(["add-task", "Midterm review", "--project", "CHEM110", "--estimate", "6h", "--span", "1h",
                       "--due", "2026-11-16", "--latest", "21:00"])
        try Self.check(term, recorded: recorded, planning: true, series: series)

        for day in 2...15 {
            let date = String(format: "2026-11-%02d", day)
            // Morning: the plan re-made for the day.
            term.now = "\(date)T08:00:00-05:00"
            if day != 2 {
                try term.plan(["replan"])
                try Self.check(term, recorded: recorded, planning: true, series: series)
                try Self.checkLevel(term)
            }
            if day == 5 {
                try term.plan(["add-task", "Surprise quiz prep", "--project", "CS201", "--estimate", "2h", "--due", "2026-11-09"])
                try Self.check(term, recorded: recorded, planning: true, series: series)
                // Work that does not fit by its due: the suggested due is taken, as a student would.
                let refused = try term.plan(["add-task", "Take-home exam", "--estimate", "30h", "--span", "3h",
                                             "--due", "2026-11-07", "--json"], status: 3)
                let object = try #require(try JSONSerialization.jsonObject(with: Data(refused.stdout.utf8)) as? [String: Any])
                let fixes = (object["diagnostic"] as? [String: Any])?["fixes"] as? [[String: Any]] ?? []
                let due = try #require(fixes.first(where: { $0["field"] as? String == "due" })?["value"] as? String, "\(refused.stdout)")
                try term.plan(["add-task", "Take-home exam", "--estimate", "30h", "--span", "3h", "--due", due])
                try Self.check(term, recorded: recorded, planning: true, series: series)
            }
            if day == 6 {
                // A week of the habit skipped (one with nothing recorded), and an estimate raised.
                let gym = try term.tasks().first { ($0["id"] as? String)?.hasPrefix("gym-") == true && recorded[$0["id"] as! String] == nil
                    && $0["state"] as? String == "scheduled" }
                if let id = gym?["id"] as? String {
                    try term.plan(["done", id, "--skip"])
                    try Self.check(term, recorded: recorded, planning: false, series: series)
                }
                try term.plan(["task", "edit", "history-essay", "--estimate", "9h"])
                try Self.check(term, recorded: recorded, planning: true, only: "history-essay", series: series)
            }
            // Evening: each of the day's sittings was worked (over or under), or missed.
            term.now = "\(date)T22:30:00-05:00"
            try Self.check(term, recorded: recorded, planning: false, series: series)
            for row in try term.tasks() where row["state"] as? String == "scheduled" {
                let id = row["id"] as? String ?? ""
                let today = (row["sittings"] as? [[String: Any]] ?? []).filter { Self.day($0["start"] as! String) == date }
                guard !today.isEmpty else { continue }
                let length = today.reduce(Int64(0)) { $0 + Int64(Self.date($1["end"] as! String).timeIntervalSince(Self.date($1["start"] as! String))) }
                switch choices.next(6) {
                case 0:
                    continue  // missed: nothing recorded
                case 1:
                    // Ran over, and the student says what is left.
                    let spent = length * 13 / 10 / 60
                    try term.plan(["done", id, "--spent", "\(spent)m", "--left", "1h"])
                    recorded[id, default: 0] += spent * 60
                case 2:
                    let spent = length * 8 / 10 / 60
                    try term.plan(["done", id, "--spent", "\(spent)m"])
                    recorded[id, default: 0] += spent * 60
                default:
                    let spent = length * 13 / 10 / 60
                    try term.plan(["done", id, "--spent", "\(spent)m"])
                    recorded[id, default: 0] += spent * 60
                }
                try Self.check(term, recorded: recorded, planning: true, only: id, series: series)
            }
        }
    }

    /// A habit added on a Monday and planned again on the days after: each week's occurrence once.
    @Test func aHabitIsMadeOncePerWeek() throws {
        let term = try Term()
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York", "--horizon", "4w"])
        try term.plan(["add-task", "Gym", "--estimate", "3h", "--span", "1h", "--each", "week"])
        let first = try #require(try term.json(["task", "show", "gym"]) as? [String: Any])
        let made = (first["occurrences"] as? [[String: Any]] ?? []).map { $0["due"] as? String ?? "" }
        for day in 3...12 {
            term.now = String(format: "2026-11-%02dT08:00:00-05:00", day)
            try term.plan(["replan"])
        }
        let later = try #require(try term.json(["task", "show", "gym"]) as? [String: Any])
        let dues = (later["occurrences"] as? [[String: Any]] ?? []).map { $0["due"] as? String ?? "" }
        #expect(Set(dues).count == dues.count, "\(dues)")
        // Every week from the first through the horizon of the last day, once each: Sundays.
        #expect(dues.sorted().first == made.sorted().first)
        #expect(dues.count == made.count + 1, "ten days later the horizon reached one week more: \(dues)")
    }
}

/// `plan doctor` names occurrences of a repeating task that exist more than once with time
/// recorded on each (the upgrade keeps those: progress is never lost).
@Suite struct DuplicateOccurrenceDoctorTests {
    @Test func doctorNamesCopiesThatBothHoldTime() throws {
        guard (try? CLIRunner.runTool(["python3", "-c", "import sqlite3"]))?.status == 0 else {
            print("DuplicateOccurrenceDoctorTests: skipped, python3 (for its sqlite3 module) is not installed")
            return
        }
        let term = try LivedTermTests.Term()
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York"])
        try term.plan(["add-task", "Gym", "--estimate", "3h", "--span", "1h", "--each", "week"])
        try term.plan(["done", "gym-2026-11-08", "--spent", "30m"])
        let clean = try term.plan(["doctor"])
        #expect(!clean.stdout.contains("made more than once"), "\(clean.stdout)")
        // A copy as the schema-13 plan made them (its own id, the same week's key), with time recorded too.
        let store = term.dir.appendingPathComponent("plan.sqlite").path
        let copy = try CLIRunner.runTool(["python3", "-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            cols = [r[1] for r in db.execute("PRAGMA table_info(tasks)") if r[1] not in ("id", "seq")]
            db.execute("INSERT INTO tasks(id, seq, %s) SELECT 'gym-2026-11-08-2', (SELECT MAX(seq) + 1 FROM tasks), %s FROM tasks WHERE id = 'gym-2026-11-08'" % (", ".join(cols), ", ".join(cols)))
            db.execute("INSERT INTO series_tasks(task_id, series_id, key) SELECT 'gym-2026-11-08-2', series_id, key FROM series_tasks WHERE task_id = 'gym-2026-11-08'")
            db.commit()
            """, store])
        try #require(copy.status == 0, "\(copy.stderr)")
        let doctor = try term.plan(["doctor"])
        #expect(doctor.stdout.contains("1 occurrence of repeating tasks made more than once, each copy with time recorded: gym 2026-11-08: gym-2026-11-08, gym-2026-11-08-2"),
                "\(doctor.stdout)")
        #expect(doctor.stdout.contains("`plan task remove`"), "\(doctor.stdout)")
    }
}

import Foundation

/// Part of section 6: how many writes `plan sync` sends for what really
/// changed, over a scripted fortnight on a collection of its own (the same
/// Radicale): a weekly class, six tasks, synced; then a task added, work
/// done (`done --spent`), a replan a day later, one class occurrence moved
/// (a RECURRENCE-ID override) and replanned, and `replan --compact`, each
/// followed by a sync. A real change is counted from the store, not from
/// what sync says: per task, the larger of the sittings that appeared and
/// those that went (a moved sitting is one change). Writes are the sync's
/// PUTs and DELETEs.
struct ChurnBench {
    struct Step {
        var name: String
        var real: Int
        var writes: Int
    }

    let plan: [String]
    var steps: [Step] = []
    var problem: String?

    var totalReal: Int { steps.reduce(0) { $0 + $1.real } }
    var totalWrites: Int { steps.reduce(0) { $0 + $1.writes } }

    /// A weekly class on Mondays, Wednesdays and Fridays, 10:00–11:00 New York time, for six weeks;
    /// `moved` adds an override moving Wednesday 2026-11-04's to 11:30–12:30 (onto work plan has put there).
    static func classes(moved: Bool) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan-bench//EN",
                     "BEGIN:VEVENT", "UID:cs201-lecture@bench", "DTSTAMP:20261001T000000Z",
                     "DTSTART;TZID=America/New_York:20261102T100000", "DTEND;TZID=America/New_York:20261102T110000",
                     "RRULE:FREQ=WEEKLY;BYDAY=MO,WE,FR;COUNT=18", "SUMMARY:CS 201 Lecture", "END:VEVENT"]
        if moved {
            lines += ["BEGIN:VEVENT", "UID:cs201-lecture@bench", "DTSTAMP:20261002T000000Z",
                      "RECURRENCE-ID;TZID=America/New_York:20261104T100000",
                      "DTSTART;TZID=America/New_York:20261104T113000", "DTEND;TZID=America/New_York:20261104T123000",
                      "SUMMARY:CS 201 Lecture (moved)", "END:VEVENT"]
        }
        return (lines + ["END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    mutating func run(collection: String, dir: String, environment base: [String: String]) {
        var env = base
        env["PLAN_STORE"] = dir + "/churn.sqlite"
        env["PLAN_NOW"] = "2026-11-02T08:00:00-05:00"
        let calendar = dir + "/churn-classes.ics"
        func write(moved: Bool) { _ = FileManager.default.createFile(atPath: calendar, contents: Data(Self.classes(moved: moved).utf8)) }
        func run(_ args: [String]) -> Bool {
            let r = Child.run(plan + args, environment: env, capture: true)
            if r.status != 0 { problem = "plan \(args.joined(separator: " ")) failed: \(r.stderr.suffix(200))" }
            return r.status == 0
        }
        write(moved: false)
        var ok = run(["policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00", "--buffer", "10m"])
            && run(["calendar", "add", calendar, "--name", "classes"])
        for (title, estimate, span, due) in [("Problem set 7", "4h", "2h", "2026-11-05"), ("Reading: Atlantic trade", "3h", "1h", "2026-11-06"),
                                             ("Lab report 5", "3h", "90m", "2026-11-09"), ("Quiz review", "2h", "1h", "2026-11-10"),
                                             ("Problem set 8", "4h", "2h", "2026-11-12"), ("History essay", "8h", "2h", "2026-11-16")] where ok {
            ok = run(["add-task", title, "--estimate", estimate, "--span", span, "--due", due])
        }
        guard ok, run(["calendar", "target", collection, "--create"]), sync(env) != nil else { return }

        let script = ["add a task", "done --spent 2h", "replan a day later", "a class occurrence moved, replan", "replan --compact"]
        for (k, name) in script.enumerated() {
            // A day later from the third step on: the sittings that ended meanwhile are neither changes nor writes.
            if k == 2 { env["PLAN_NOW"] = "2026-11-03T08:00:00-05:00" }
            let before = live(env)
            switch k {
            case 0: ok = run(["add-task", "Problem set 9", "--estimate", "3h", "--span", "90m", "--due", "2026-11-13"])
            case 1: ok = run(["done", "problem-set-7", "--spent", "2h"])
            case 2: ok = run(["replan"])
            case 3:
                write(moved: true)
                ok = run(["replan"])
            default: ok = run(["replan", "--compact"])
            }
            guard ok else { return }
            let after = live(env)
            guard let writes = sync(env) else { return }
            steps.append(Step(name: name, real: Self.changes(before, after), writes: writes))
        }
    }

    /// The sync's writes (PUT + DELETE); nil when it failed.
    private mutating func sync(_ env: [String: String]) -> Int? {
        let r = Child.run(plan + ["sync", "--json"], environment: env, capture: true)
        guard r.status == 0 else {
            problem = "sync failed: \(r.stderr.suffix(200))"
            return nil
        }
        return SyncBench.count("PUT", in: r.stdout) + SyncBench.count("DELETE", in: r.stdout)
    }

    /// The sittings that have not ended at the store's `PLAN_NOW`, as `task|start|end`, read with Python's sqlite3.
    private func live(_ env: [String: String]) -> [String] {
        let now = ISO8601DateFormatter().date(from: env["PLAN_NOW"] ?? "").map { Int($0.timeIntervalSince1970) } ?? 0
        let r = Child.run(["python3", "-c", """
            import sqlite3, sys
            for row in sqlite3.connect(sys.argv[1]).execute('SELECT task_id, start, end FROM sittings WHERE end > ?', (int(sys.argv[2]),)):
                print(f'{row[0]}|{row[1]}|{row[2]}')
            """, env["PLAN_STORE"] ?? "", String(now)], capture: true)
        return r.stdout.split(separator: "\n").map(String.init)
    }

    /// Per task, the larger of the sittings that appeared and those that went.
    static func changes(_ before: [String], _ after: [String]) -> Int {
        func byTask(_ rows: [String]) -> [String: Set<String>] {
            Dictionary(grouping: rows, by: { String($0.split(separator: "|")[0]) }).mapValues(Set.init)
        }
        let b = byTask(before), a = byTask(after)
        return Set(b.keys).union(a.keys).reduce(0) { n, task in
            let old = b[task] ?? [], new = a[task] ?? []
            return n + max(new.subtracting(old).count, old.subtracting(new).count)
        }
    }

    func table() -> String {
        if let problem, steps.isEmpty { return "| churn | \(problem) |\n|---|---|" }
        let rows = steps.map { "| \($0.name) | \($0.real) | \($0.writes) |" }
        return (["| scripted fortnight, each step then `plan sync` | real changes | writes (PUT + DELETE) |", "|---|---|---|"] + rows
                + ["| all | \(totalReal) | \(totalWrites) (\(totalReal == 0 ? "–" : String(format: "%.2f", Double(totalWrites) / Double(totalReal))) per change) |"])
            .joined(separator: "\n")
    }
}

import Foundation
import Testing

/// Issue 19's concurrency fault: 50 `plan` processes started at once on one
/// store (the example class calendar registered, the clock fixed): a fixed
/// mix of `add-task`, `task edit`, `done` (with and without `--spent`),
/// `replan` and `project add`. Each ends with 0, 75 (the store is busy: try
/// again) or its command's documented refusal (3 or 4: the task does not
/// fit), never 70 or a signal; every change acknowledged with 0 is in the
/// store and no refused one is; `PRAGMA integrity_check` says ok; no two
/// sittings overlap and none overlaps a class.
@Suite struct ConcurrentStoreTests {
    static let now = "2026-11-02T08:00:00-05:00"

    /// What one process changes, as the store must show it when it succeeded (and not when it did not).
    enum Change {
        /// A new task; `estimate` as `plan tasks --json` writes it.
        case add(id: String, estimate: String)
        /// A seeded task's notes and priority.
        case edit(id: String, notes: String, priority: Int)
        /// A seeded task made 300 h long: it cannot fit, so it is refused.
        case oversize(id: String)
        /// Progress on a seeded task: `spent` (as written in JSON), or all of it when nil.
        case done(id: String, spent: String?)
        case replan
        case project(String)
    }

    struct Job {
        var change: Change
        var args: [String]
        /// The exit statuses it may end with.
        var allowed: Set<Int32>
    }

    /// The 50 jobs, in the order they are started. Seeded tasks `s0`…`s9`
    /// are edited (eight), made too long (two) and completed (all ten, some
    /// in part): an edit and a `done` on the same task must both be kept.
    /// Twenty new tasks, one in five too long to fit; six replans; four
    /// projects. The order interleaves them by a fixed stride.
    static func jobs() -> [Job] {
        var jobs: [Job] = []
        for k in 0..<20 {
            let id = "a\(k)"
            if k % 5 == 4 {
                jobs.append(Job(change: .add(id: id, estimate: "PT60H"),
                                args: ["add-task", "Too long \(k)", "--id", id, "--estimate", "60h", "--due", "2026-11-04"], allowed: [3, 4, 75]))
            } else {
                let hours = k % 3 + 1
                var args = ["add-task", "Added \(k)", "--id", id, "--estimate", "\(hours)h", "--span", "1h", "--due", "2026-11-\(10 + k % 10)"]
                if k % 3 == 0 { args += ["--project", "Club"] }
                jobs.append(Job(change: .add(id: id, estimate: "PT\(hours)H"), args: args, allowed: [0, 3, 4, 75]))
            }
        }
        for k in 0..<8 {
            jobs.append(Job(change: .edit(id: "s\(k)", notes: "note \(k)", priority: k % 4 + 1),
                            args: ["task", "edit", "s\(k)", "--notes", "note \(k)", "--priority", "\(k % 4 + 1)"], allowed: [0, 3, 75]))
        }
        for k in 8..<10 {
            // s9 may be finished first (`done s9`): a finished task takes any estimate, having no work left.
            jobs.append(Job(change: .oversize(id: "s\(k)"), args: ["task", "edit", "s\(k)", "--estimate", "300h"],
                            allowed: k == 9 ? [0, 3, 75] : [3, 75]))
        }
        for k in 0..<10 {
            let spent: (text: String, json: String)? = k < 4 ? ("30m", "PT30M") : k == 8 ? ("45m", "PT45M") : nil
            jobs.append(Job(change: .done(id: "s\(k)", spent: spent?.json), args: ["done", "s\(k)"] + (spent.map { ["--spent", $0.text] } ?? []),
                            allowed: [0, 75]))
        }
        for _ in 0..<6 { jobs.append(Job(change: .replan, args: ["replan"], allowed: [0, 75])) }
        for k in 0..<4 { jobs.append(Job(change: .project("Society \(k)"), args: ["project", "add", "Society \(k)"], allowed: [0, 75])) }
        return (0..<jobs.count).map { jobs[($0 * 17) % jobs.count] }
    }

    static func json(_ out: CLIRunner.Output) throws -> Any {
        try #require(out.status == 0, "\(out.stderr)")
        return try JSONSerialization.jsonObject(with: Data(out.stdout.utf8))
    }

    /// `start`/`end` of a JSON object as a half-open range of instants.
    static func range(_ o: [String: Any]) -> Range<Date>? {
        let f = ISO8601DateFormatter()
        guard let a = (o["start"] as? String).flatMap(f.date), let b = (o["end"] as? String).flatMap(f.date), a < b else { return nil }
        return a..<b
    }

    @Test func fiftyProcessesAtOnceLoseNothingAndNeverOverlap() throws {
        guard SQLiteShell.available else {
            print("ConcurrentStoreTests: skipped: the sqlite3 shell is not installed (apt-get install sqlite3); it checks the store's integrity")
            return
        }
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("plan.sqlite").path
        let env = ["PLAN_NOW": Self.now, "PLAN_STORE": store]
        try #require(try CLIRunner.run(["calendar", "add", "Examples/fall-2026-classes.ics"], environment: env).status == 0)
        for k in 0..<10 {
            let seeded = try CLIRunner.run(["add-task", "Seed \(k)", "--id", "s\(k)", "--estimate", "2h", "--span", "1h", "--due", "2026-11-13"],
                                           environment: env)
            try #require(seeded.status == 0, "\(seeded.stderr)")
        }

        // All started before any is waited for.
        let jobs = Self.jobs()
        let running = try jobs.map { try CLIRunner.start($0.args, environment: env) }
        let outputs = try running.map { try $0.wait() }
        var status: [String: Int32] = [:]
        for (i, (job, out)) in zip(jobs, outputs).enumerated() {
            #expect(running[i].process.terminationReason == .exit, "plan \(job.args.joined(separator: " ")) was killed by signal \(out.status)")
            #expect(job.allowed.contains(out.status), "plan \(job.args.joined(separator: " ")) exited \(out.status): \(out.stderr)")
            if out.status == 75 { #expect(out.stderr.contains("is busy"), "\(out.stderr)") }
            status[job.args.joined(separator: " ")] = out.status
        }
        let counts = Dictionary(grouping: outputs.map(\.status), by: { $0 }).mapValues(\.count)
        print("ConcurrentStoreTests: 50 processes ended with \(counts.sorted { $0.key < $1.key }.map { "\($0.value)× \($0.key)" }.joined(separator: ", "))")

        #expect(try StoreSafetyTests.integrity(dir) == "ok")
        let rows = try #require(try Self.json(try CLIRunner.run(["tasks", "--json"], environment: env)) as? [[String: Any]])
        let tasks = Dictionary(rows.compactMap { r in (r["id"] as? String).map { ($0, r) } }, uniquingKeysWith: { a, _ in a })
        let projects = Set(try #require(try Self.json(try CLIRunner.run(["project", "list", "--json"], environment: env)) as? [[String: Any]])
            .compactMap { $0["name"] as? String })
        for k in 0..<10 { #expect(tasks["s\(k)"] != nil, "seeded task s\(k) is gone") }
        // Each change is in the store exactly when its process said it was made.
        var clubAdded = false
        for (job, out) in zip(jobs, outputs) {
            let made = out.status == 0
            let what = "plan \(job.args.joined(separator: " ")) exited \(out.status)"
            switch job.change {
            case .add(let id, let estimate):
                #expect((tasks[id] != nil) == made, "\(what), and the store \(tasks[id] == nil ? "does not hold" : "holds") the task")
                if made { #expect(tasks[id]?["estimate"] as? String == estimate, "\(what)") }
                if made && job.args.contains("Club") { clubAdded = true }
            case .edit(let id, let notes, let priority):
                #expect((tasks[id]?["notes"] as? String) == (made ? notes : nil), "\(what)")
                #expect((tasks[id]?["priority"] as? Int) == (made ? priority : nil), "\(what)")
            case .oversize(let id):
                #expect(tasks[id]?["estimate"] as? String == (made ? "PT300H" : "PT2H"), "\(what)")
            case .done(let id, let spent):
                // Time as recorded: finishing without --spent records none; finished either way when made without it.
                #expect(tasks[id]?["done"] as? String == (made ? spent ?? "PT0M" : "PT0M"), "\(what)")
                if made && spent == nil { #expect(tasks[id]?["finished"] as? Bool == true, "\(what)") }
            case .replan:
                break
            case .project(let name):
                #expect(projects.contains(name) == made, "\(what), and the project list is \(projects.sorted())")
            }
        }
        #expect(projects.contains("Club") == clubAdded)

        // No two sittings overlap, and none overlaps a class.
        let sittings = rows.flatMap { ($0["sittings"] as? [[String: Any]]) ?? [] }.compactMap(Self.range).sorted { $0.lowerBound < $1.lowerBound }
        #expect(sittings.count >= 20)
        for (a, b) in zip(sittings, sittings.dropFirst()) { #expect(!a.overlaps(b), "sittings overlap: \(a) and \(b)") }
        let agenda = try #require(try Self.json(try CLIRunner.run(["agenda", "--from", "2026-11-02", "--days", "28", "--json"], environment: env))
            as? [[String: Any]])
        // Classes: the events that are busy time (office hours are tentative, and free).
        let classes = agenda.filter {
            $0["kind"] as? String == "event" && $0["allDay"] as? Bool == false && $0["transparent"] as? Bool != true
                && ($0["status"] as? String ?? "CONFIRMED") == "CONFIRMED"
        }.compactMap(Self.range)
        #expect(classes.count > 20)
        for s in sittings {
            for c in classes where s.overlaps(c) { Issue.record("a sitting \(s) overlaps a class \(c)") }
        }
    }
}

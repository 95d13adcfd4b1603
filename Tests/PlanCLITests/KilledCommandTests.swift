import Foundation
import Testing

/// Issue 19's crash fault: `plan` killed (SIGKILL) at 200 moments spread over
/// four commands — `add-task`, `replan`, `sync` to a real Radicale, and the
/// upgrade of a schema-1 store. After each kill the store is exactly as it
/// was before the command or exactly as the whole command leaves it (its
/// every row, as `sqlite3 .dump` prints them), `PRAGMA integrity_check` says
/// ok, and the next command finishes what was cut short.
///
/// Each kill is on a fresh copy of a store made once; the moments are
/// spread evenly from 0 to the command's typical run (the median of five
/// whole runs, measured first) by a fixed golden-ratio sequence, so a
/// failure replays with the same moments.
@Suite(.serialized) struct KilledCommandTests {
    /// How many times each command is killed: 200 in all (fewer syncs, whose
    /// every kill needs a server's answers and a second sync to check).
    static let kills = (addTask: 55, replan: 55, upgrade: 55, sync: 35)
    static let now = "2026-11-02T08:00:00-05:00"

    /// Where kill `k` lands, as a fraction of the command's typical run: the
    /// golden-ratio sequence from `seed`, evenly spread over [0, 1).
    static func fraction(_ k: Int, seed: Double) -> Double {
        (seed + Double(k) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
    }

    /// A command ready to run on its own copy of a store.
    struct Launch {
        var store: String
        var args: [String]
        var env: [String: String]
    }

    /// How the kills fell: before the command changed anything, after it
    /// committed, or after it had ended by itself.
    struct Tally: CustomStringConvertible {
        var before = 0, after = 0, finished = 0
        /// Kills that found the store as before with pages written, not committed, in its log.
        var midWrite = 0
        var description: String {
            "\(before) before (\(midWrite) of them with uncommitted pages in the log), \(after) after, \(finished) ended before the kill"
        }
    }

    /// Whether the store at `path` has pages in its write-ahead log (committed or not).
    static func logged(_ path: String) -> Bool {
        ((try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0) > 0
    }

    static func median(_ xs: [Double]) -> Double { xs.sorted()[xs.count / 2] }

    /// How many whole runs measure a command's typical duration.
    static let wholeRuns = 5

    /// A fresh folder under `root` holding a copy of the store files of `template` (the store and any log beside it).
    static func copy(_ template: URL, to name: String, in root: URL) throws -> URL {
        let dir = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: template.path) where file.hasPrefix("plan.sqlite") {
            try FileManager.default.copyItem(at: template.appendingPathComponent(file), to: dir.appendingPathComponent(file))
        }
        return dir
    }

    /// Runs `launch` to its end: its output and how long it took (seconds).
    static func whole(_ launch: Launch) throws -> (CLIRunner.Output, Double) {
        let started = Date()
        let out = try CLIRunner.start(launch.args, environment: launch.env).wait()
        return (out, Date().timeIntervalSince(started))
    }

    /// Runs `launch` and kills it `delay` seconds after it started, unless it
    /// ended first: its output, and whether the signal ended it.
    static func kill(_ launch: Launch, after delay: Double) throws -> (CLIRunner.Output, killed: Bool) {
        let running = try CLIRunner.start(launch.args, environment: launch.env)
        usleep(UInt32(max(0, delay) * 1_000_000))
        if running.process.isRunning { running.kill() }
        let out = try running.wait()
        return (out, running.process.terminationReason == .uncaughtSignal)
    }

    static func skipWithoutSQLite() -> Bool {
        if SQLiteShell.available { return false }
        print("KilledCommandTests: skipped: the sqlite3 shell is not installed (apt-get install sqlite3); it reads the killed stores")
        return true
    }

    /// `command` killed `kills` times on copies of the store in `template`: each
    /// copy is then exactly the template (before) or exactly what the whole
    /// command makes of it (after, the same on every whole run and not the
    /// template), and whole.
    static func expectBeforeOrAfter(_ command: [String], template: URL, env: [String: String], root: URL, kills: Int, seed: Double,
                                    sourceLocation: SourceLocation = #_sourceLocation) throws {
        let label = command[0]
        let before = try SQLiteShell.state(template.appendingPathComponent("plan.sqlite").path)
        try #require(before.integrity == "ok", sourceLocation: sourceLocation)
        func launch(_ name: String) throws -> Launch {
            let store = try copy(template, to: name, in: root).appendingPathComponent("plan.sqlite").path
            return Launch(store: store, args: command, env: env.merging(["PLAN_STORE": store]) { $1 })
        }
        var durations: [Double] = []
        var afters: [SQLiteShell.State] = []
        for i in 0..<wholeRuns {
            let l = try launch("whole-\(i)")
            let (out, seconds) = try whole(l)
            try #require(out.status == 0, "plan \(label): \(out.stderr)", sourceLocation: sourceLocation)
            durations.append(seconds)
            afters.append(try SQLiteShell.state(l.store))
        }
        let after = afters[0]
        #expect(afters.allSatisfy { $0 == after }, "plan \(label) does not leave the same store each time", sourceLocation: sourceLocation)
        try #require(after.integrity == "ok" && after.dump != before.dump, "plan \(label) changed nothing", sourceLocation: sourceLocation)

        let typical = Self.median(durations)
        var tally = Tally()
        for k in 0..<kills {
            let l = try launch("kill-\(k)")
            let delay = typical * fraction(k, seed: seed)
            let (out, killed) = try kill(l, after: delay)
            let midWrite = logged(l.store)
            let state = try SQLiteShell.state(l.store)
            #expect(state.integrity == "ok", "kill \(k) of plan \(label) at \(Int(delay * 1000)) ms", sourceLocation: sourceLocation)
            if !killed {
                tally.finished += 1
                #expect(out.status == 0 && state == after, "plan \(label) ended by itself (\(out.status)) but its store is not the whole run's: \(out.stderr)",
                        sourceLocation: sourceLocation)
            } else if state.dump == before.dump {
                tally.before += 1
                if midWrite { tally.midWrite += 1 }
            } else if state.dump == after.dump {
                tally.after += 1
            } else {
                Issue.record("kill \(k) of plan \(label) at \(Int(delay * 1000)) ms left a store that is neither before nor after:\n\(state.dump)",
                             sourceLocation: sourceLocation)
            }
            try FileManager.default.removeItem(at: URL(fileURLWithPath: l.store).deletingLastPathComponent())
        }
        print("KilledCommandTests: plan \(label): \(kills) kills over 0–\(Int(typical * 1000)) ms: \(tally)")
        // The first moments come before plan has opened the store: that much is sure whatever the machine's load.
        #expect(tally.before > 0, sourceLocation: sourceLocation)
    }

    @Test func addTaskKilledAnywhereLeavesTheStoreBeforeOrAfter() throws {
        if Self.skipWithoutSQLite() { return }
        let root = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        let template = root.appendingPathComponent("template")
        let env = ["PLAN_NOW": Self.now, "PLAN_STORE": template.appendingPathComponent("plan.sqlite").path]
        try #require(try CLIRunner.run(["calendar", "add", "Examples/fall-2026-classes.ics"], environment: env).status == 0)
        for (title, estimate) in [("Essay", "4h"), ("Problem set", "3h"), ("Reading", "2h")] {
            try #require(try CLIRunner.run(["add-task", title, "--estimate", estimate, "--span", "1h", "--due", "2026-11-13"], environment: env).status == 0)
        }
        try Self.expectBeforeOrAfter(["add-task", "Lab report", "--estimate", "3h", "--span", "1h", "--due", "2026-11-12", "--project", "Chemistry"],
                                     template: template, env: ["PLAN_NOW": Self.now], root: root, kills: Self.kills.addTask, seed: 0.05)
    }

    /// A calendar file with one busy event from `start` to `end` (UTC, `yyyyMMddTHHmmssZ`).
    static func busyCalendar(_ start: String, _ end: String) -> String {
        ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan tests//EN", "BEGIN:VEVENT", "UID:trip@plan-tests", "DTSTAMP:20261001T000000Z",
         "DTSTART:\(start)", "DTEND:\(end)", "SUMMARY:Field trip", "END:VEVENT", "END:VCALENDAR", ""].joined(separator: "\r\n")
    }

    @Test func replanKilledAnywhereLeavesTheStoreBeforeOrAfter() throws {
        if Self.skipWithoutSQLite() { return }
        let root = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        let template = root.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        let env = ["PLAN_NOW": Self.now, "PLAN_STORE": template.appendingPathComponent("plan.sqlite").path]
        // A trip calendar, empty of anything near: the tasks are planned from Monday on.
        let trip = root.appendingPathComponent("trip.ics")
        try Self.busyCalendar("20261220T150000Z", "20261220T160000Z").write(to: trip, atomically: true, encoding: .utf8)
        try #require(try CLIRunner.run(["calendar", "add", "Examples/fall-2026-classes.ics"], environment: env).status == 0)
        try #require(try CLIRunner.run(["calendar", "add", trip.path, "--name", "trip"], environment: env).status == 0)
        for (title, estimate) in [("Essay", "4h"), ("Problem set", "3h"), ("Reading", "2h"), ("Lab report", "3h")] {
            try #require(try CLIRunner.run(["add-task", title, "--estimate", estimate, "--span", "1h", "--due", "2026-11-13"], environment: env).status == 0)
        }
        // Then the trip is set for Monday to Wednesday evening: the replan moves every sitting planned then.
        try Self.busyCalendar("20261102T130000Z", "20261105T030000Z").write(to: trip, atomically: true, encoding: .utf8)
        try Self.expectBeforeOrAfter(["replan"], template: template, env: ["PLAN_NOW": Self.now], root: root, kills: Self.kills.replan, seed: 0.35)
    }

    /// The files an upgrade may leave beside the store: its log, and the old file kept.
    static let upgradeFiles: Set<String> = ["plan.sqlite", "plan.sqlite-wal", "plan.sqlite-shm", "plan.sqlite.v1-backup"]

    @Test func anUpgradeKilledAnywhereLeavesTheOldFileOrTheUpgradedOne() throws {
        if Self.skipWithoutSQLite() { return }
        let root = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: root) }
        let fixture = MigratedStoreTests.fixtures.appendingPathComponent("plan.sqlite")
        let old = try Data(contentsOf: fixture)
        let template = root.appendingPathComponent("template")
        try FileManager.default.createDirectory(at: template, withIntermediateDirectories: true)
        try old.write(to: template.appendingPathComponent("plan.sqlite"))
        let before = try SQLiteShell.state(template.appendingPathComponent("plan.sqlite").path)
        try #require(before.version == 1 && before.integrity == "ok")
        // What the plan that wrote the fixture printed: the upgraded store must print it too.
        let expected = try MigratedStoreTests.expected("tasks.json.txt")
        func launch(_ name: String) throws -> Launch {
            let store = try Self.copy(template, to: name, in: root).appendingPathComponent("plan.sqlite").path
            return Launch(store: store, args: ["tasks", "--json"], env: ["PLAN_STORE": store, "PLAN_NOW": "2026-11-04T12:00:00-05:00"])
        }
        func backup(_ store: String) -> Data? { FileManager.default.contents(atPath: store + ".v1-backup") }

        var durations: [Double] = []
        var afters: [SQLiteShell.State] = []
        for i in 0..<Self.wholeRuns {
            let l = try launch("whole-\(i)")
            let (out, seconds) = try Self.whole(l)
            try #require(out.status == 0 && out.stdout == expected, "\(out.stderr)")
            durations.append(seconds)
            afters.append(try SQLiteShell.state(l.store))
            #expect(backup(l.store) == old)
        }
        let after = afters[0]
        #expect(afters.allSatisfy { $0 == after })
        try #require(after.version == StoreFaultTests.schema && after.integrity == "ok")

        let typical = Self.median(durations)
        var tally = Tally()
        for k in 0..<Self.kills.upgrade {
            let l = try launch("kill-\(k)")
            let delay = typical * Self.fraction(k, seed: 0.6)
            let (out, killed) = try Self.kill(l, after: delay)
            let moment = "kill \(k) of the upgrade at \(Int(delay * 1000)) ms"
            // The files as the kill left them, before anything opens the store again.
            let dir = URL(fileURLWithPath: l.store).deletingLastPathComponent()
            let file = try Data(contentsOf: URL(fileURLWithPath: l.store))
            let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir.path))
            let midWrite = Self.logged(l.store)
            let state = try SQLiteShell.state(l.store)
            #expect(state.integrity == "ok", "\(moment)")
            if !killed {
                tally.finished += 1
                #expect(out.status == 0 && out.stdout == expected && state == after, "\(moment): ended by itself: \(out.stderr)")
            } else if state.version == 1 {
                tally.before += 1
                if midWrite { tally.midWrite += 1 }
                // Untouched: every byte of the old file, and any copy of it made so far whole.
                #expect(state.dump == before.dump && file == old, "\(moment)")
                #expect(backup(l.store).map { $0 == old } ?? true, "\(moment): the kept copy of the old file is not whole")
                // A copy cut short is named as such (and written over by the next upgrade).
                #expect(files.isSubset(of: Self.upgradeFiles + ["plan.sqlite.v1-backup.partial"]), "\(moment) left \(files.sorted())")
                // The next plan upgrades it and reads the same tasks; nothing else is left beside the store.
                let again = try CLIRunner.run(l.args, environment: l.env)
                #expect(again.status == 0 && again.stdout == expected, "\(moment): the next run: \(again.stderr)")
                #expect(try SQLiteShell.state(l.store) == after, "\(moment): the next run's upgrade")
                #expect(backup(l.store) == old, "\(moment): after the next run")
                let kept = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
                #expect(kept == ["plan.sqlite", "plan.sqlite.v1-backup"], "\(moment): after the next run")
            } else {
                tally.after += 1
                // Upgraded all the way, the old file kept beside it.
                #expect(state == after, "\(moment): a store that is neither schema 1 nor the upgraded one:\n\(state.dump)")
                #expect(backup(l.store) == old, "\(moment): upgraded, but the old file is not kept whole")
                #expect(files.isSubset(of: Self.upgradeFiles), "\(moment) left \(files.sorted())")
            }
            try FileManager.default.removeItem(at: dir)
        }
        print("KilledCommandTests: the upgrade from schema 1: \(Self.kills.upgrade) kills over 0–\(Int(typical * 1000)) ms: \(tally)")
        #expect(tally.before > 0)
    }
}

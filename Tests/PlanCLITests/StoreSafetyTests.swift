import Foundation
import Testing

/// The store under stress: concurrent writers, a refused task, a killed process.
@Suite(.serialized) struct StoreSafetyTests {
    static let env = ["PLAN_NOW": "2026-11-02T08:00:00-05:00"]

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-safety-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// The store file and any WAL/SHM beside it, by name.
    static func snapshot(_ dir: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: dir.path) where name.hasPrefix("plan.sqlite") {
            out[name] = try Data(contentsOf: dir.appendingPathComponent(name))
        }
        return out
    }

    @Test func refusedAddTaskLeavesTheStoreByteForByte() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = Self.env
        env["PLAN_STORE"] = dir.appendingPathComponent("plan.sqlite").path
        let first = try CLIRunner.run(["add-task", "Essay", "--estimate", "4h", "--due", "2026-11-20",
                                       "--calendar", "Examples/fall-2026-classes.ics"], environment: env)
        #expect(first.status == 0)
        let before = try Self.snapshot(dir)
        for args in [["add-task", "Too much", "--estimate", "40h", "--due", "2026-11-03"],
                     ["add-task", "Too much", "--estimate", "40h", "--due", "2026-11-03", "--calendar", "Examples/fall-2026-classes.ics"],
                     ["add-task", "Dry", "--estimate", "1h", "--due", "2026-11-20", "--dry-run"]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == (args.contains("--dry-run") ? 0 : 3), "\(args): \(out.stderr)")
            #expect(try Self.snapshot(dir) == before, "plan \(args.joined(separator: " ")) changed the store")
        }
    }

    @Test func twentyConcurrentAddTasksLoseNothing() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = Self.env
        env["PLAN_STORE"] = dir.appendingPathComponent("plan.sqlite").path
        #expect(try CLIRunner.run(["calendar", "add", "Examples/fall-2026-classes.ics"], environment: env).status == 0)
        let results = LockedArray()
        let shared = env
        DispatchQueue.concurrentPerform(iterations: 20) { i in
            // Every fifth task cannot fit: it must be refused cleanly.
            let estimate = i % 5 == 4 ? "60h" : "2h"
            let out = try? CLIRunner.run(["add-task", "Task \(i)", "--id", "t\(i)", "--estimate", estimate, "--due", "2026-11-06"],
                                         environment: shared)
            results.append((i, out?.status ?? -1))
        }
        let statuses = results.values
        #expect(statuses.count == 20)
        for (i, status) in statuses {
            #expect(status == (i % 5 == 4 ? 3 : 0), "task \(i) exited \(status)")
        }
        let tasks = try CLIRunner.run(["tasks", "--json"], environment: env)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(tasks.stdout.utf8)) as? [[String: Any]])
        #expect(Set(rows.compactMap { $0["id"] as? String }) == Set((0..<20).filter { $0 % 5 != 4 }.map { "t\($0)" }))
        // No two saved sittings overlap: each add-task saw every earlier commit.
        let ranges = rows.flatMap { ($0["sittings"] as? [[String: Any]]) ?? [] }
            .compactMap { s -> (String, String)? in
                guard let a = s["start"] as? String, let b = s["end"] as? String else { return nil }
                return (a, b)
            }.sorted { $0.0 < $1.0 }
        for (a, b) in zip(ranges, ranges.dropFirst()) { #expect(a.1 <= b.0, "sittings overlap: \(a) and \(b)") }
        #expect(try Self.integrity(dir) == "ok")
    }

    @Test func killedMidWriteKeepsThePreviousState() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = Self.env
        env["PLAN_STORE"] = dir.appendingPathComponent("plan.sqlite").path
        #expect(try CLIRunner.run(["add-task", "Kept", "--estimate", "2h", "--due", "2026-11-06"], environment: env).status == 0)

        // A writer that pauses between writing and committing, killed there.
        let p = Process()
        p.executableURL = CLIRunner.binary
        p.arguments = ["add-task", "Lost", "--estimate", "2h", "--due", "2026-11-06"]
        p.currentDirectoryURL = CLIRunner.packageRoot
        var childEnv = env
        childEnv["PLAN_TEST_HOLD_COMMIT_MS"] = "5000"
        childEnv["PATH"] = "/usr/bin:/bin"
        p.environment = childEnv
        p.standardOutput = FileHandle.nullDevice
        let err = Pipe()
        p.standardError = err
        try p.run()
        // Wait until it says it holds the transaction (written, not committed), then SIGKILL it.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("holding the commit") {
            let chunk = err.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            said.append(chunk)
        }
        #expect(String(decoding: said, as: UTF8.self).contains("holding the commit"))
        kill(p.processIdentifier, SIGKILL)
        p.waitUntilExit()
        #expect(p.terminationReason == .uncaughtSignal)

        let tasks = try CLIRunner.run(["tasks", "--json"], environment: env)
        #expect(tasks.status == 0)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(tasks.stdout.utf8)) as? [[String: Any]])
        #expect(rows.compactMap { $0["id"] as? String } == ["kept"])
        #expect(try Self.integrity(dir) == "ok")
        // And it is writable again.
        #expect(try CLIRunner.run(["add-task", "After", "--estimate", "1h", "--due", "2026-11-06"], environment: env).status == 0)
    }

    static func integrity(_ dir: URL) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["sqlite3", dir.appendingPathComponent("plan.sqlite").path, "PRAGMA integrity_check;"]
        let out = Pipe()
        p.standardOutput = out
        do { try p.run() } catch { return "ok (sqlite3 not installed; checked by reopening only)" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return p.terminationStatus == 0 ? text : "ok (sqlite3 could not run; checked by reopening only)"
    }
}

/// A thread-safe list for results gathered from concurrent work.
final class LockedArray: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [(Int, Int32)] = []
    func append(_ x: (Int, Int32)) {
        lock.lock()
        items.append(x)
        lock.unlock()
    }
    var values: [(Int, Int32)] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

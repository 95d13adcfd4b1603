import Foundation
import Testing

/// A password command runs at most once per `plan` process, within its
/// limit (60 s; `PLAN_PASSWORD_COMMAND_TIMEOUT` makes it seconds here): one
/// that never ends is killed with everything it started, and one that fails
/// is not run again for the next request. Against a real Radicale on 127.0.0.1.
@Suite(.serialized) struct PasswordCommandLimitTests {
    /// `plan args…` with no netrc entry (the password can only come from the command) and a 2 s limit.
    static func plan(_ s: SubscriptionTests.Scratch, _ args: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(args + ["--store", s.store], environment: [
            "PLAN_NOW": "2026-11-23T08:00:00-05:00", "NETRC": "/nonexistent", "HOME": s.dir.path,
            "PLAN_PASSWORD_COMMAND_TIMEOUT": "2",
        ])
    }

    /// Whether process `pid` is running (a zombie no one has reaped yet is not).
    static func alive(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        return !stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }

    static func lines(_ path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    @Test func aCommandThatNeverEndsRunsOnceAndIsKilledWithItsChildAtTheLimit() throws {
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let (server, url) = try s.radicaleWithOneEvent() else { return }
        defer { server.stop() }
        let counter = s.dir.appendingPathComponent("starts").path
        let pids = s.dir.appendingPathComponent("pids").path
        // Each start writes a line; the shell starts a child, notes both ids, and waits for ever.
        let command = "echo started >> \(counter); sleep 600 & echo \"$$ $!\" >> \(pids); wait"
        let started = Date()
        let r = try Self.plan(s, ["calendar", "add", url, "--user", "student", "--password-command", command])
        let took = Date().timeIntervalSince(started)
        #expect(r.status == 66, "\(r)")
        #expect(r.stderr == "plan: \(url): cannot read: the password command did not finish within 2 s, and was stopped\n", "\(r)")
        #expect(took < 20, "plan took \(took) s")
        #expect(Self.lines(counter) == ["started"])
        let ids = Self.lines(pids).flatMap { $0.split(separator: " ").compactMap { Int32($0) } }
        #expect(ids.count == 2, "\(ids)")
        for pid in ids {
            #expect(!Self.alive(pid), "process \(pid) of the password command is still running")
            if Self.alive(pid) { kill(pid, SIGKILL) }
        }
        #expect(try Self.plan(s, ["calendar", "list"]).stdout.hasPrefix("No calendars."))
    }

    @Test func aCommandThatFailsRunsOnce() throws {
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let (server, ics) = try s.radicaleWithOneEvent() else { return }
        defer { server.stop() }
        // The collection's address: asked first whether it is a CalDAV collection, then read as a subscription.
        let url = String(ics.dropLast("class-1.ics".count))
        let counter = s.dir.appendingPathComponent("starts").path
        let r = try Self.plan(s, ["calendar", "add", url, "--user", "student", "--password-command", "echo started >> \(counter); exit 3"])
        #expect(r.status == 66, "\(r)")
        #expect(r.stderr == "plan: \(url): cannot read: the password command exited with status 3\n", "\(r)")
        #expect(Self.lines(counter) == ["started"])

        // One that works is also run once, however many requests the command makes.
        let secret = s.dir.appendingPathComponent("secret").path
        try "\(SubscriptionTests.password)\n".write(toFile: secret, atomically: true, encoding: .utf8)
        let good = try Self.plan(s, ["calendar", "add", url, "--user", "student", "--password-command", "echo ran >> \(counter); cat \(secret)"])
        #expect(good.status == 0, "\(good)")
        #expect(Self.lines(counter) == ["started", "ran"])
    }
}

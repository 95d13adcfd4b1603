import Foundation
import Testing

/// What plan does when the way to a subscribed calendar fails: a real
/// Radicale behind the tests' own fault proxy (`Servers/fault-proxy.py`),
/// told per request to answer 500, junk, 404, 401, a redirect loop, 60 MB, to
/// stall or to reset the connection. Each case checks the exit status, the
/// one line said, and that the store kept its last good copy.
@Suite(.serialized) struct SubscriptionFaultTests {
    typealias Scratch = SubscriptionTests.Scratch

    /// Radicale with one calendar holding one event, and the proxy in front of it.
    struct Servers {
        let radicale: LocalDAVServer
        let proxy: LocalDAVServer
        let modeFile: String
        var url: String { "http://127.0.0.1:\(proxy.port)/student/cal/class-1.ics" }

        func set(_ mode: String) throws {
            try mode.write(toFile: modeFile, atomically: true, encoding: .utf8)
        }

        /// The requests the proxy saw, one `METHOD /path` each.
        func requests() -> [String] {
            ((try? String(contentsOfFile: modeFile + ".log", encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        }
    }

    static func servers(_ s: Scratch) throws -> Servers? {
        guard let (radicale, _) = try s.radicaleWithOneEvent() else { return nil }
        let modeFile = s.dir.appendingPathComponent("mode").path
        let (proxied, proxyWhy) = try LocalDAVServer.startScript("fault-proxy.py", ["http://127.0.0.1:\(radicale.port)", "{port}", modeFile])
        guard let proxy = proxied else {
            print("skipped: \(proxyWhy)")
            return nil
        }
        return Servers(radicale: radicale, proxy: proxy, modeFile: modeFile)
    }

    /// The stored copy as `etag|length|fetched_at|checked_at`.
    static func copy(_ s: Scratch) throws -> String {
        try CLIRunner.runTool(["python3", "-c", """
            import sqlite3, sys
            for row in sqlite3.connect(sys.argv[1]).execute('SELECT etag, length(bytes), fetched_at, checked_at FROM subscription_copies'):
                print('|'.join(str(x) for x in row))
            """, s.store]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aBadAnswerOfAnyKindSaysOneLineAndThePlanGoesOnFromTheCopy() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let servers = try Self.servers(s) else { return }
        defer { servers.proxy.stop(); servers.radicale.stop() }
        let url = servers.url

        let added = try s.plan(["calendar", "add", url, "--name", "classes"])
        #expect(added.status == 0, "\(added.stderr)")
        let task = try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-25"])
        #expect(task.status == 0, "\(task.stderr)")
        let good = try Self.copy(s)
        #expect(good.hasSuffix("|1795438800|1795438800"), "\(good)")

        // A proxy's 500: the server is down for now; the plan goes on from the copy, exit unchanged.
        try servers.set("500")
        let proxyError = try s.plan(["replan"], now: "2026-11-23T10:00:00-05:00")
        #expect(proxyError.status == 0, "\(proxyError.stderr)")
        #expect(proxyError.stderr == "plan: warning: \(url): the server answered HTTP 500 (a server error); planning with the stored copy, last confirmed 2 h ago\n")

        // The same over plan rpc: the warning is in the result, as the calendars' warnings are.
        let rpc = try CLIRunner.run(["rpc", "--store", s.store], stdin: Data((RPCTests.request(1, "plan.replan", [:]) + "\n").utf8),
                                    environment: ["PLAN_NOW": "2026-11-23T10:01:00-05:00", "NETRC": s.netrc, "HOME": s.dir.path])
        #expect(rpc.status == 0)
        let result = (RPCTests.json(rpc.stdout) as? [String: Any])?["result"] as? [String: Any]
        let warnings = result?["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.map { $0["id"] as? String } == ["subscription-offline"], "\(rpc.stdout)")
        #expect((warnings.first?["message"] as? String)?.hasPrefix("the server answered HTTP 500") == true)

        // Whatever the server answers that plan cannot use — an HTML page, a calendar's first
        // line and then a maintenance page, no calendar there any more, a refused password, a
        // redirect loop, 60 MB — the plan goes on from the stored copy, exit 0, with one warning
        // saying what the server did; the class is still in the agenda.
        let cases: [(mode: String, reason: String)] = [
            ("junk", "the server's answer is not a usable calendar: it does not end with END:VCALENDAR (cut short, or not a calendar)"),
            ("vcaljunk", "the server's answer is not a usable calendar: it does not end with END:VCALENDAR (cut short, or not a calendar)"),
            ("404", "no calendar at this address (HTTP 404)"),
            ("401", "the server refused the credentials for it (HTTP 401); check ~/.netrc ($NETRC), PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD or the password command (--password-command)"),
            ("loop", "the redirects go round in a loop (back to \(url))"),
            ("big", "the calendar is larger than 50 MB"),
        ]
        for (k, c) in cases.enumerated() {
            try servers.set(c.mode)
            let before = servers.requests().count
            let now = "2026-11-23T10:\(10 + 2 * k):00-05:00"
            let agenda = try s.plan(["agenda", "--days", "1"], now: now)
            #expect(agenda.status == 0, "\(c.mode): \(agenda.stderr)")
            #expect(agenda.stderr == "plan: warning: \(url): \(c.reason); planning with the stored copy, last confirmed 2 h ago\n", "\(c.mode)")
            #expect(agenda.stdout.contains("09:00–10:00  CS 201 Lecture"), "\(c.mode): \(agenda.stdout)")
            // The loop is seen at its first return: two requests.
            if c.mode == "loop" { #expect(servers.requests().count - before == 2) }
            let replan = try s.plan(["replan"], now: now)
            #expect(replan.status == 0, "\(c.mode): \(replan.stderr)")
        }

        // With no copy stored yet, the same answer is an error: one line, nothing registered.
        try servers.set("vcaljunk")
        let fresh = try s.plan(["calendar", "add", url + "?again=no", "--name", "second"])
        #expect(fresh.status == 65, "\(fresh)")
        #expect(fresh.stderr.split(separator: "\n").count == 1 && fresh.stderr.contains("does not end with END:VCALENDAR"), "\(fresh.stderr)")

        // The connection reset without an answer: out of reach, planning from the copy.
        try servers.set("reset")
        let reset = try s.plan(["replan"], now: "2026-11-23T10:25:00-05:00")
        #expect(reset.status == 0, "\(reset.stderr)")
        #expect(reset.stderr.hasPrefix("plan: warning: \(url): the server cannot be reached: "), "\(reset.stderr)")
        #expect(reset.stderr.hasSuffix("; planning with the stored copy, last confirmed 2 h ago\n"), "\(reset.stderr)")

        // Through all of it the copy stayed the last good one, untouched.
        #expect(try Self.copy(s) == good)

        // The proxy mended: no warning, and the same content (Radicale answers a
        // collection's GET with 200 even when the ETag matches, so it is fetched anew).
        try servers.set("pass")
        let mended = try s.plan(["agenda", "--days", "1"], now: "2026-11-23T10:30:00-05:00")
        #expect(mended.status == 0 && mended.stderr == "", "\(mended.stderr)")
        #expect(mended.stdout.contains("09:00–10:00  CS 201 Lecture"))
        let mendedCopy = try Self.copy(s)
        #expect(mendedCopy == good.replacingOccurrences(of: "|1795438800|1795438800", with: "|1795447800|1795447800"), "\(mendedCopy) after \(good)")
    }

    /// A slow server delays only the command that asked it, and one that never answers in time
    /// is asked once per command.
    @Test func aStalledServerDoesNotHoldTheStoreWhileItIsAwaited() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let servers = try Self.servers(s) else { return }
        defer { servers.proxy.stop(); servers.radicale.stop() }
        #expect(try s.plan(["calendar", "add", servers.url, "--name", "classes"]).status == 0)
        #expect(try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-25"]).status == 0)

        // A replan whose server takes 6 s to answer…
        try servers.set("stall:6")
        let slow = Process()
        slow.executableURL = CLIRunner.binary
        slow.arguments = ["replan", "--store", s.store]
        slow.environment = ["PLAN_NOW": "2026-11-23T10:00:00-05:00", "NETRC": s.netrc, "HOME": s.dir.path]
        slow.standardOutput = FileHandle.nullDevice
        slow.standardError = FileHandle.nullDevice
        try slow.run()
        defer { if slow.isRunning { slow.terminate() } }
        usleep(1_500_000)
        #expect(slow.isRunning)
        // …while another plan writes the store: it does not wait for the server.
        let started = Date()
        let other = try s.plan(["project", "add", "Chemistry"], now: "2026-11-23T10:00:01-05:00")
        let waited = Date().timeIntervalSince(started)
        #expect(other.status == 0, "\(other.stderr)")
        #expect(waited < 3, "the second plan waited \(waited) s for the store")
        #expect(slow.isRunning)
        slow.waitUntilExit()
        #expect(slow.terminationStatus == 0)
        let projects = try s.plan(["project", "list"])
        #expect(projects.stdout.contains("Chemistry"))

        // A server that answers only after the time limit (30 s) is asked once by a command
        // that reads the calendar several times (a replan reads it for the busy time, the plan
        // and the refits): one wait, not three.
        try servers.set("stall:65")
        let before = servers.requests().count
        let asked = Date()
        let replan = try s.plan(["replan"], now: "2026-11-23T10:05:00-05:00")
        let took = Date().timeIntervalSince(asked)
        #expect(replan.status == 0, "\(replan.stderr)")
        #expect(replan.stderr.hasPrefix("plan: warning: \(servers.url): the server cannot be reached: "), "\(replan.stderr)")
        #expect(servers.requests().count - before == 1, "\(servers.requests().suffix(4))")
        #expect(took < 50, "the replan took \(took) s")

        // A shorter limit this once: --timeout 3 (the same as PLAN_TIMEOUT=3); a limit plan cannot read is refused up front.
        let quick = Date()
        let agenda = try s.plan(["agenda", "--days", "1", "--timeout", "3"], now: "2026-11-23T10:06:00-05:00")
        let quickTook = Date().timeIntervalSince(quick)
        #expect(agenda.status == 0 && agenda.stderr.contains("no whole answer within 3 s"), "\(agenda.stderr)")
        #expect(quickTook < 15, "the agenda took \(quickTook) s")
        let bad = try s.plan(["agenda", "--timeout", "soon"], now: "2026-11-23T10:06:00-05:00")
        #expect(bad.status == 64 && bad.stderr.contains("--timeout \"soon\" is not a time limit: give seconds from 1 to 600 (e.g. 30, 45s or 2m)"),
                "\(bad.stderr)")
    }

    @Test func aPasswordCommandIsKeptForTheHostButItsPasswordIsNot() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let servers = try Self.servers(s) else { return }
        defer { servers.proxy.stop(); servers.radicale.stop() }
        let secretFile = s.dir.appendingPathComponent("secret").path
        try "\(SubscriptionTests.password)\n".write(toFile: secretFile, atomically: true, encoding: .utf8)
        // No netrc entry: the password comes from the command only.
        func plan(_ args: [String], now: String = "2026-11-23T08:00:00-05:00") throws -> CLIRunner.Output {
            try CLIRunner.run(args + ["--store", s.store], environment: ["PLAN_NOW": now, "NETRC": "/nonexistent", "HOME": s.dir.path])
        }
        let refused = try plan(["calendar", "add", servers.url, "--name", "classes"])
        #expect(refused.status == 66)
        #expect(refused.stderr.contains("the server asks for credentials (HTTP 401) and none were found"), "\(refused.stderr)")

        let failing = try plan(["calendar", "add", servers.url, "--user", "student", "--password-command", "cat \(secretFile).missing 2>/dev/null"])
        #expect(failing.status == 66)
        #expect(failing.stderr == "plan: \(servers.url): cannot read: the password command exited with status 1\n")
        #expect(try plan(["calendar", "list"]).stdout.hasPrefix("No calendars."))

        let added = try plan(["calendar", "add", servers.url, "--name", "classes", "--user", "student", "--password-command", "cat \(secretFile)"])
        #expect(added.status == 0, "\(added.stderr)")
        // Kept for that server only (scheme, host and port): the same host on another port is not given the password.
        let otherPort = try plan(["calendar", "add", "http://127.0.0.1:\(servers.radicale.port)/student/cal/class-1.ics", "--name", "direct"])
        #expect(otherPort.status == 66 && otherPort.stderr.contains("(HTTP 401) and none were found"), "\(otherPort.stderr)")
        // Later commands use the kept command.
        let agenda = try plan(["agenda", "--days", "1"], now: "2026-11-23T09:00:00-05:00")
        #expect(agenda.status == 0 && agenda.stderr == "", "\(agenda.stderr)")
        #expect(agenda.stdout.contains("CS 201 Lecture"))
        for output in [refused, failing, added, agenda] {
            #expect(!output.stdout.contains(SubscriptionTests.password) && !output.stderr.contains(SubscriptionTests.password))
        }
        #expect(!s.storeBytes().contains(SubscriptionTests.password))
        #expect(s.storeBytes().contains("cat \(secretFile)"))

        // The sync target takes a password command the same way; a second store, so none is kept yet.
        let syncStore = s.dir.appendingPathComponent("sync.sqlite").path
        func sync(_ args: [String]) throws -> CLIRunner.Output {
            try CLIRunner.run(args + ["--store", syncStore], environment: ["PLAN_NOW": "2026-11-23T08:00:00-05:00", "NETRC": "/nonexistent", "HOME": s.dir.path])
        }
        let study = "http://127.0.0.1:\(servers.radicale.port)/student/study/"
        let noCredentials = try sync(["calendar", "target", study, "--create"])
        #expect(noCredentials.status == 73, "\(noCredentials.stderr)")
        let target = try sync(["calendar", "target", study, "--create", "--user", "student", "--password-command", "cat \(secretFile)"])
        #expect(target.status == 0, "\(target.stderr)")
        #expect(target.stdout == "Created the calendar \"Study plan\" at \(study); `plan sync` writes there.\n")
        #expect(try sync(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-25"]).status == 0)
        let synced = try sync(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let kept = FileManager.default.contents(atPath: syncStore).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(kept.contains("cat \(secretFile)") && !kept.contains(SubscriptionTests.password))
        for output in [noCredentials, target, synced] {
            #expect(!output.stdout.contains(SubscriptionTests.password) && !output.stderr.contains(SubscriptionTests.password))
        }

        let misuse = try plan(["calendar", "add", s.ics, "--password-command", "true"])
        #expect(misuse.status == 65)
        #expect(misuse.stderr == "plan: --password-command is for a calendar on a server (an https:// or webcal:// URL), not a file\n")
        let userAlone = try plan(["calendar", "add", servers.url, "--user", "student"])
        #expect(userAlone.status == 64)
    }
}

import Foundation
import Testing

/// `plan calendar add URL` and planning from a subscription, against real
/// servers on this machine (Radicale and Xandikos from PyPI, which `.ci/run`
/// installs); each test says plainly that it skipped when its server cannot run.
@Suite(.serialized) struct SubscriptionTests {
    static let password = "s3cret-Pa55word"

    static func event(_ summary: String, start: String, end: String) -> String {
        """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//plan tests//EN\r
        BEGIN:VEVENT\r
        UID:class-1@plan-tests\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:\(start)\r
        DTEND:\(end)\r
        SUMMARY:\(summary)\r
        END:VEVENT\r
        END:VCALENDAR\r

        """
    }

    /// A temporary folder with a store path, a netrc and an event file.
    struct Scratch {
        let dir: URL
        var store: String { dir.appendingPathComponent("plan.sqlite").path }
        var netrc: String { dir.appendingPathComponent("netrc").path }
        var ics: String { dir.appendingPathComponent("event.ics").path }

        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-sub-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }

        func plan(_ args: [String], now: String = "2026-11-23T08:00:00-05:00", netrc password: String = SubscriptionTests.password)
            throws -> CLIRunner.Output {
            try "machine 127.0.0.1 login student password \(password)\n".write(toFile: netrc, atomically: true, encoding: .utf8)
            return try CLIRunner.run(args + ["--store", store], environment: ["PLAN_NOW": now, "NETRC": netrc, "HOME": dir.path])
        }

        /// `fetched_at|checked_at` of the stored copy.
        func copyTimes() throws -> String {
            try CLIRunner.runTool(["python3", "-c", """
                import sqlite3, sys
                for row in sqlite3.connect(sys.argv[1]).execute('SELECT fetched_at, checked_at FROM subscription_copies'):
                    print(f'{row[0]}|{row[1]}')
                """, store]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        /// Every byte of the store and its WAL, as text (for the password check).
        func storeBytes() -> String {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            return files.filter { $0.hasPrefix("plan.sqlite") }.compactMap {
                FileManager.default.contents(atPath: dir.appendingPathComponent($0).path)
            }.map { String(decoding: $0, as: UTF8.self) }.joined()
        }
    }

    /// Radicale on 127.0.0.1 with the user `student` (htpasswd in `s`'s folder); nil, having
    /// said that the test skipped, when it cannot run here.
    static func radicale(_ s: Scratch) throws -> LocalDAVServer? {
        let htpasswd = s.dir.appendingPathComponent("htpasswd").path
        try "student:\(password)\n".write(toFile: htpasswd, atomically: true, encoding: .utf8)
        let (started, why) = try LocalDAVServer.start("radicale", [
            "--server-hosts", "127.0.0.1:{port}", "--storage-filesystem-folder", "{dir}/data",
            "--auth-type", "htpasswd", "--auth-htpasswd-filename", htpasswd, "--auth-htpasswd-encryption", "plain",
            "--logging-level", "info",
        ])
        if started == nil { print("skipped: \(why)") }
        return started
    }

    @Test func aRadicaleCalendarIsSubscribedPlannedAroundUpdatedAndReadOfflineFromTheStoredCopy() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let server = try Self.radicale(s) else { return }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/student/cal/"
        // The event's own .ics address: a subscription (the collection's address would be read as CalDAV, see CalDAVTests).
        let url = base + "class-1.ics"
        let auth = ["-u", "student:\(Self.password)"]
        #expect(try server.curl(auth + ["-X", "MKCALENDAR", base]) == "201")
        try Self.event("CS 201 Lecture", start: "20261123T140000Z", end: "20261123T200000Z").write(toFile: s.ics, atomically: true, encoding: .utf8)
        #expect(try server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + s.ics, base + "class-1.ics"]) == "201")

        // Subscribed through the real binary; the busy time is the server's event.
        let added = try s.plan(["calendar", "add", url, "--name", "classes"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Registered calendar \"classes\": \(url) (1 event).\n")
        let task = try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-24", "--earliest", "08:00"])
        #expect(task.status == 0, "\(task.stderr)")
        #expect(task.stderr == "")
        let agenda = try s.plan(["agenda", "--days", "1"])
        #expect(agenda.stdout.contains("09:00–15:00  CS 201 Lecture"), "\(agenda.stdout)")

        // The event moves on the server: the next run sees it.
        try Self.event("CS 201 Lecture (moved)", start: "20261123T200000Z", end: "20261123T210000Z").write(toFile: s.ics, atomically: true, encoding: .utf8)
        let replaced = try server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + s.ics, base + "class-1.ics"])
        #expect(["201", "204"].contains(replaced))
        let moved = try s.plan(["agenda", "--days", "1"], now: "2026-11-23T09:00:00-05:00")
        #expect(moved.stdout.contains("15:00–16:00  CS 201 Lecture (moved)"), "\(moved.stdout)")
        #expect(try s.copyTimes() == "1795442400|1795442400")

        // A wrong password: one clear line, and the plan goes on from the copy the store keeps.
        let refused = try s.plan(["replan"], now: "2026-11-23T09:30:00-05:00", netrc: "wrong")
        #expect(refused.status == 0)
        #expect(refused.stderr == "plan: warning: \(url): the server refused the credentials for it (HTTP 401); check ~/.netrc ($NETRC), PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD or the password command (--password-command); planning with the stored copy, last confirmed 30 min ago\n")
        #expect(try s.copyTimes() == "1795442400|1795442400")

        // The server stops: planning goes on from the stored copy, with one warning naming it and its age.
        server.stop()
        let offline = try s.plan(["replan"], now: "2026-11-23T12:00:00-05:00")
        #expect(offline.status == 0, "\(offline.stderr)")
        // (The morning's sitting passed with nothing recorded: the replan says where it went, too.)
        let offlineLines = offline.stderr.split(separator: "\n").filter { !$0.hasPrefix("plan: missed ") }
        #expect(offlineLines == ["plan: warning: \(url): the server cannot be reached: connection refused; planning with the stored copy, last confirmed 3 h ago"],
                "\(offline.stderr)")
        let offlineAgenda = try s.plan(["agenda", "--days", "1"], now: "2026-11-23T12:00:00-05:00")
        #expect(offlineAgenda.status == 0)
        #expect(offlineAgenda.stdout.contains("CS 201 Lecture (moved)"))
        let export = try s.plan(["export", "-"], now: "2026-11-23T12:00:00-05:00")
        #expect(export.status == 0)
        #expect(export.stdout.contains("SUMMARY:CS 201 Lecture (moved)"))
        #expect(export.stderr.components(separatedBy: "warning:").count == 2)

        // The password is nowhere: not in any output, not in the store.
        for output in [added, task, agenda, moved, refused, offline, offlineAgenda, export] {
            #expect(!output.stdout.contains(Self.password) && !output.stderr.contains(Self.password))
        }
        #expect(!s.storeBytes().contains(Self.password))
        let listed = try s.plan(["calendar", "list"])
        #expect(listed.stdout == "classes  \(url)\n")
    }

    /// `plan events` reads a published calendar's URL as `plan calendar add` does (credentials
    /// from netrc, never shown), and says in words when the server cannot be asked.
    @Test func eventsReadsAPublishedCalendarsURL() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let server = try Self.radicale(s) else { return }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/student/cal/"
        let auth = ["-u", "student:\(Self.password)"]
        #expect(try server.curl(auth + ["-X", "MKCALENDAR", base]) == "201")
        try Self.event("CS 201 Lecture", start: "20261123T140000Z", end: "20261123T150000Z").write(toFile: s.ics, atomically: true, encoding: .utf8)
        #expect(try server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + s.ics, base + "class-1.ics"]) == "201")
        // `plan events` keeps nothing: no store option, the netrc as `calendar add` reads it.
        try "machine 127.0.0.1 login student password \(Self.password)\n".write(toFile: s.netrc, atomically: true, encoding: .utf8)
        let env = ["NETRC": s.netrc, "HOME": s.dir.path]
        let out = try CLIRunner.run(["events", base + "class-1.ics", "--from", "2026-11-23", "--to", "2026-11-24", "--tz", "UTC", "--json"],
                                    environment: env)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains("\"summary\": \"CS 201 Lecture\""), "\(out.stdout)")
        #expect(!out.stderr.contains(Self.password) && !out.stdout.contains(Self.password))
        // --timeout: behind the tests' fault proxy, stalling 5 s, the server is given up after 1 s.
        let mode = s.dir.appendingPathComponent("mode").path
        try "stall:5".write(toFile: mode, atomically: true, encoding: .utf8)
        let (proxied, why) = try LocalDAVServer.startScript("fault-proxy.py", ["http://127.0.0.1:\(server.port)", "{port}", mode])
        if let proxy = proxied {
            defer { proxy.stop() }
            let slow = try CLIRunner.run(["events", "http://127.0.0.1:\(proxy.port)/student/cal/class-1.ics", "--timeout", "1"],
                                         environment: env)
            #expect(slow.status == 66 && slow.stderr.contains("no whole answer within 1 s (the time limit: --timeout or PLAN_TIMEOUT)"),
                    "\(slow.stderr)")
        } else {
            Issue.record("the fault proxy did not start: \(why)")
        }
        // Nothing listens on the server's port once it is stopped: exit 66, in words.
        server.stop()
        let gone = try CLIRunner.run(["events", base + "class-1.ics"], environment: env)
        #expect(gone.status == 66, "\(gone.stderr)")
        #expect(gone.stderr.contains(base + "class-1.ics") && !gone.stderr.contains("no such file"), "\(gone.stderr)")
        // Plain http to another machine is refused with the flag that allows it, which `events` has.
        let plain = try CLIRunner.run(["events", "http://calendar.example.edu/classes.ics"], environment: env)
        #expect(plain.status == 66 && plain.stderr.contains("use https://, or --insecure to allow it"), "\(plain.stderr)")
        #expect(try CLIRunner.run(["events", "--help"]).stdout.contains("--insecure"))
    }

    @Test func aSecondRunAsksXandikosWhetherTheCalendarChangedAndGets304() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let (started, why) = try LocalDAVServer.start("xandikos", [
            "serve", "-d", "{dir}/data", "-l", "127.0.0.1", "-p", "{port}", "--defaults", "--no-detect-systemd",
        ])
        guard let server = started else {
            print("skipped: \(why)")
            return
        }
        defer { server.stop() }
        let url = "http://127.0.0.1:\(server.port)/user/calendars/calendar/class-1.ics"
        try Self.event("MATH 221", start: "20261123T140000Z", end: "20261123T150000Z").write(toFile: s.ics, atomically: true, encoding: .utf8)
        #expect(try server.curl(["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + s.ics, url]) == "201")

        let added = try s.plan(["calendar", "add", url])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout == "Registered calendar \"class-1\": \(url) (1 event).\n")
        #expect(try s.copyTimes() == "1795438800|1795438800")
        // Nothing changed: the server answers 304, so the copy is confirmed, not downloaded again.
        let again = try s.plan(["agenda", "--days", "1"], now: "2026-11-23T10:00:00-05:00")
        #expect(again.status == 0 && again.stderr == "", "\(again.stderr)")
        #expect(again.stdout.contains("09:00–10:00  MATH 221"))
        #expect(try s.copyTimes() == "1795438800|1795446000")
    }

    @Test func plainHTTPToAnotherMachineAndCredentialsInTheURLAreRefused() throws {
        let s = try Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let plain = try s.plan(["calendar", "add", "http://calendar.example.org/classes.ics"])
        #expect(plain.status == 65)
        #expect(plain.stderr == "plan: http://calendar.example.org/classes.ics: plain http:// sends the calendar (and any password) unencrypted; use https://, or --insecure to allow it\n")
        let withPassword = try s.plan(["calendar", "add", "https://student:\(Self.password)@calendar.example.org/classes.ics"])
        #expect(withPassword.status == 65)
        #expect(!withPassword.stderr.contains(Self.password))
        #expect(withPassword.stderr.hasPrefix("plan: https://calendar.example.org/classes.ics: credentials in the URL are not kept; put them in ~/.netrc"))
        let nothing = try s.plan(["calendar", "list"])
        #expect(nothing.stdout.hasPrefix("No calendars."))
        // Nothing listens on this port: no copy, and the error says so.
        let down = try s.plan(["calendar", "add", "http://127.0.0.1:9/classes.ics"])
        #expect(down.status == 66)
        #expect(down.stderr == "plan: http://127.0.0.1:9/classes.ics: cannot read: the server cannot be reached: connection refused; no copy of it is stored yet\n")
    }
}

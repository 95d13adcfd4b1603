import Foundation
import Testing

/// `plan doctor`: every finding on its line, a fix for each problem, exit 0
/// when nothing is wrong and 1 when something is, and never a password.
@Suite struct DoctorCommandTests {
    static func setUp() throws -> (dir: URL, env: [String: String]) {
        let dir = try StoreSafetyTests.tempDir()
        let calendar = dir.appendingPathComponent("classes.ics").path
        try FileManager.default.copyItem(atPath: CLIRunner.packageRoot.appendingPathComponent("Examples/fall-2026-classes.ics").path, toPath: calendar)
        let netrc = dir.appendingPathComponent("netrc").path
        try "machine calendar.example.edu login alice password s3cret-netrc\n".write(toFile: netrc, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: netrc)
        let env = ["PLAN_NOW": "2026-11-02T08:00:00-05:00", "PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "NETRC": netrc,
                   "PLAN_CALDAV_USER": "bob", "PLAN_CALDAV_PASSWORD": "s3cret-env"]
        let added = try CLIRunner.run(["add-task", "Essay", "--estimate", "4h", "--due", "2026-11-20", "--calendar", calendar], environment: env)
        try #require(added.status == 0, "\(added.stderr)")
        return (dir, env)
    }

    static func report(_ out: CLIRunner.Output) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any], "\(out.stdout)")
    }

    @Test func aHealthyStoreIsAllWell() throws {
        let (dir, env) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["doctor"], environment: env)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let store = env["PLAN_STORE"] ?? ""
        #expect(out.stdout == """
            ok       store        \(store): integrity ok; schema \(StoreFaultTests.schema) (this plan writes \(StoreFaultTests.schema)); 1 task, 1 calendar
            ok       calendar     classes (\(dir.path)/classes.ics): 80 events in the coming year, no parse warnings
            ok       time zone    America/New_York: from $TZ
            ok       credentials  PLAN_CALDAV_USER / PLAN_CALDAV_PASSWORD: both set (user bob)
            ok       credentials  \(env["NETRC"] ?? ""): mode 0600

            All is well.

            """)
        #expect(out.stderr.isEmpty)
    }

    @Test func eachProblemSaysWhatToFixAndTheExitIsOne() throws {
        let (dir, env) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        var bad = env
        bad["TZ"] = "Mars/Olympus"
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: env["NETRC"] ?? "")
        try FileManager.default.removeItem(at: dir.appendingPathComponent("classes.ics"))
        let out = try CLIRunner.run(["doctor", "--json"], environment: bad)
        #expect(out.status == 1)
        let report = try Self.report(out)
        #expect(report["problems"] as? Int == 3 && report["warnings"] as? Int == 0)
        let checks = try #require(report["checks"] as? [[String: String]])
        let problems = checks.filter { $0["status"] == "problem" }
        #expect(problems.map { $0["area"] ?? "" } == ["calendar", "timeZone", "credentials"])
        #expect(problems.allSatisfy { !($0["fix"] ?? "").isEmpty })
        #expect(problems[0]["detail"]?.contains("no such file") == true)
        #expect(problems[2]["fix"] == "chmod 600 \(env["NETRC"] ?? "")")
        // The one JSON error object on stderr, with doctor's exit.
        let error = try #require(try JSONSerialization.jsonObject(with: Data(out.stderr.utf8)) as? [String: [String: Any]])
        #expect(error["error"]?["code"] as? String == "problemsFound" && error["error"]?["exit"] as? Int == 1)
        // No password, in either form.
        let text = try CLIRunner.run(["doctor"], environment: bad)
        #expect(text.status == 1 && text.stdout.contains("3 problems: fix each as it says"))
        for output in [out.stdout, out.stderr, text.stdout, text.stderr] {
            #expect(!output.contains("s3cret"))
        }
    }

    @Test func aDamagedStoreIsAProblem() throws {
        let (dir, env) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = env["PLAN_STORE"] ?? ""
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.truncate(atOffset: 8192)
        try handle.close()
        let damaged = try Self.report(try CLIRunner.run(["doctor", "--json"], environment: env))
        let first = try #require((damaged["checks"] as? [[String: String]])?.first)
        #expect(first["area"] == "store" && first["status"] == "problem" && first["detail"]?.contains("is damaged") == true)
        #expect(first["fix"]?.contains("plan restore FILE") == true)
    }

    @Test func aReadOnlyStoreIsAWarning() throws {
        let (dir, env) = try Self.setUp()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = env["PLAN_STORE"] ?? ""
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        var readOnly = env
        readOnly["NETRC"] = nil
        readOnly["HOME"] = dir.path
        let out = try CLIRunner.runUnprivileged(["doctor", "--json"], environment: readOnly)
        #expect(out.status == 0, "\(out.stdout)\(out.stderr)")
        let report = try Self.report(out)
        #expect(report["problems"] as? Int == 0 && report["warnings"] as? Int == 1)
        let warning = try #require((report["checks"] as? [[String: String]])?.first { $0["status"] == "warning" })
        #expect(warning["area"] == "store" && warning["detail"]?.hasPrefix("read-only: cannot change the store \(store): the file is read-only") == true)
    }

    @Test func aStoreNotMadeYetIsNotMadeByTheDoctor() throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("plan.sqlite").path
        let out = try CLIRunner.run(["doctor", "--store", store], environment: ["PLAN_NOW": "2026-11-02T08:00:00-05:00", "HOME": dir.path])
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.stdout.hasPrefix("ok       store        \(store): not made yet"))
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    /// A subscription on a real Radicale: reachable, then out of reach (its
    /// stored copy used: a warning, not a problem), its credentials named by
    /// user only, a netrc others can read found.
    @Test func aSubscriptionIsReachedThenReadFromItsCopyWhenTheServerIsGone() throws {
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let htpasswd = s.dir.appendingPathComponent("htpasswd").path
        try "student:\(SubscriptionTests.password)\n".write(toFile: htpasswd, atomically: true, encoding: .utf8)
        let (started, why) = try LocalDAVServer.start("radicale", [
            "--server-hosts", "127.0.0.1:{port}", "--storage-filesystem-folder", "{dir}/data",
            "--auth-type", "htpasswd", "--auth-htpasswd-filename", htpasswd, "--auth-htpasswd-encryption", "plain",
        ])
        guard let server = started else {
            print("DoctorCommandTests: skipped: \(why)")
            return
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/student/cal/"
        let auth = ["-u", "student:\(SubscriptionTests.password)"]
        #expect(try server.curl(auth + ["-X", "MKCALENDAR", base]) == "201")
        try SubscriptionTests.event("CS 201 Lecture", start: "20261123T140000Z", end: "20261123T200000Z").write(toFile: s.ics, atomically: true, encoding: .utf8)
        #expect(try server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + s.ics, base + "class-1.ics"]) == "201")
        try #require(try s.plan(["calendar", "add", base, "--name", "classes"]).status == 0)

        // The tests' netrc is written with mode 644: the one problem, found each time.
        let reached = try s.plan(["doctor"])
        #expect(reached.status == 1, "\(reached.stdout)")
        #expect(reached.stdout.contains("problem  credentials  \(s.netrc): mode 0644: others on this machine can read its passwords\n"
                                        + "         fix: chmod 600 \(s.netrc)\n"), "\(reached.stdout)")
        #expect(reached.stdout.hasSuffix("\n1 problem: fix each as it says, then run plan doctor again.\n"))
        #expect(reached.stdout.contains("ok       calendar     classes (\(base)): 1 event in the coming year, no parse warnings\n"), "\(reached.stdout)")
        #expect(reached.stdout.contains("ok       credentials  127.0.0.1: sent as user student\n"), "\(reached.stdout)")

        server.stop()
        let gone = try s.plan(["doctor", "--json"])
        #expect(gone.status == 1, "\(gone.stdout)")
        let report = try Self.report(gone)
        #expect(report["problems"] as? Int == 1 && report["warnings"] as? Int == 1)
        let calendar = try #require((report["checks"] as? [[String: String]])?.first { $0["area"] == "calendar" })
        #expect(calendar["status"] == "warning" && calendar["detail"]?.contains("from the stored copy") == true, "\(calendar)")
        for output in [reached.stdout, reached.stderr, gone.stdout, gone.stderr] {
            #expect(!output.contains(SubscriptionTests.password))
        }
    }
}

import Foundation
import Testing

/// Credentials stay where they belong: a password written in a URL is in no
/// output, not in the store and not in its WAL, whichever command is given
/// it; and netrc's `default` entry is not sent to another host a server
/// redirects to (a real Radicale behind the tests' redirector on 127.0.0.1,
/// reached as `localhost`), as the environment's credentials are not.
@Suite(.serialized) struct CredentialBoundaryTests {
    /// A password that must never be seen; `LEAK` is in no message of plan.
    static let leak = "LEAK"

    @Test func aPasswordInAURLIsInNoOutputAndNotInTheStore() throws {
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        #expect(try s.plan(["project", "add", "Chemistry"]).status == 0)
        #expect(try s.plan(["me", "--email", "ada@uni.edu"]).status == 0)
        let plain = "Zq7-\(Self.leak)-x9"
        // Unescaped `/` in a password: the URL does not read as one, and it must not be shown either.
        let slashed = "Zq7-\(Self.leak)/x9"
        let host = "127.0.0.1:9"
        var cases: [(args: [String], shown: String)] = []
        for password in [plain, slashed] {
            let calendar = "http://alice:\(password)@\(host)/alice/cal/"
            cases += [
                (["group", "find", "--member", "me", "--member", "caldav:" + calendar, "--duration", "1h"], "caldav:http://\(host)/alice/cal/"),
                (["group", "find", "--member", "me", "--member", "freebusy:" + calendar, "--duration", "1h"], "freebusy:http://\(host)/alice/cal/"),
                (["group", "find", "--member", "me", "--member", calendar + "class.ics", "--duration", "1h"], "http://\(host)/alice/cal/class.ics"),
                (["calendar", "add", calendar + "class.ics"], "http://\(host)/alice/cal/class.ics"),
                (["calendar", "add", calendar], "http://\(host)/alice/cal/"),
                (["calendar", "target", calendar, "--create"], "http://\(host)/alice/cal/"),
                (["sync", "--to", calendar], "http://\(host)/alice/cal/"),
                // A usage error quotes what was typed (the URL without --to).
                (["sync", calendar], "http://\(host)/alice/cal/"),
            ]
        }
        for (args, shown) in cases {
            for json in [false, true] {
                let r = try s.plan(args + (json ? ["--json"] : []))
                #expect(r.status != 0, "\(args): \(r)")
                #expect(!(r.stdout + r.stderr).contains(Self.leak), "\(args) printed the password: \(r)")
                var said = r.stderr
                if json {
                    let object = try? JSONSerialization.jsonObject(with: Data(r.stderr.utf8)) as? [String: Any]
                    said = (object?["error"] as? [String: Any])?["message"] as? String ?? ""
                    #expect(!said.isEmpty, "\(args): not one JSON error: \(r.stderr)")
                }
                #expect(said.contains(shown + ":") || said.contains(shown + "'"), "\(args) does not name \(shown): \(said)")
            }
        }
        #expect(!s.storeBytes().isEmpty)
        #expect(!s.storeBytes().contains(Self.leak))
    }

    /// A real Radicale (user `student`) and the redirector on 127.0.0.1 sending
    /// every request on to it as `localhost`; the redirector's log file. Nil when Radicale is not installed.
    static func servers(_ s: SubscriptionTests.Scratch) throws -> (radicale: LocalDAVServer, redirector: LocalDAVServer, log: String)? {
        guard let (radicale, _) = try s.radicaleWithOneEvent() else { return nil }
        let log = s.dir.appendingPathComponent("redirects").path
        let (redirecting, _) = try LocalDAVServer.startScript("redirector.py", ["http://localhost:\(radicale.port)", "{port}", log])
        guard let redirector = redirecting else {
            radicale.stop()
            return nil
        }
        return (radicale, redirector, log)
    }

    /// The logins Radicale accepted, as its log says.
    static func logins(_ server: LocalDAVServer) -> Int {
        ((try? String(contentsOf: server.log, encoding: .utf8)) ?? "").components(separatedBy: "Successful login").count - 1
    }

    @Test func netrcDefaultCredentialsAreNotSentToAnotherHostARedirectNames() throws {
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        guard let servers = try Self.servers(s) else { return }
        defer { servers.redirector.stop(); servers.radicale.stop() }
        let url = "http://127.0.0.1:\(servers.redirector.port)/student/cal/class-1.ics"
        func plan(_ args: [String], netrc: String) throws -> CLIRunner.Output {
            try netrc.write(toFile: s.netrc, atomically: true, encoding: .utf8)
            return try CLIRunner.run(args + ["--store", s.store], environment: ["PLAN_NOW": "2026-11-23T08:00:00-05:00", "NETRC": s.netrc, "HOME": s.dir.path])
        }
        let before = Self.logins(servers.radicale)

        // The default entry is for the host named (127.0.0.1, the redirector): localhost, where it leads, gets none.
        let held = try plan(["calendar", "add", url, "--name", "classes"], netrc: "default login student password \(SubscriptionTests.password)\n")
        #expect(held.status == 66, "\(held)")
        #expect(held.stderr.contains("the server asks for credentials (HTTP 401) and none were found"), "\(held)")
        #expect(Self.logins(servers.radicale) == before, "Radicale accepted a login it should never have been sent")
        let redirects = (try? String(contentsOfFile: servers.log, encoding: .utf8)) ?? ""
        #expect(redirects.contains("authorization=yes"), "the host named should get the default entry: \(redirects)")
        #expect(!(held.stdout + held.stderr).contains(SubscriptionTests.password))

        // An entry naming localhost is for it: sent there, and the calendar is read.
        let named = try plan(["calendar", "add", url, "--name", "classes"], netrc: "machine localhost login student password \(SubscriptionTests.password)\n")
        #expect(named.status == 0, "\(named)")
        #expect(Self.logins(servers.radicale) > before)
    }
}

import Foundation
import Testing
@testable import PlanDAV

@Suite struct SubscriptionURLTests {
    @Test(arguments: [
        ("webcal://calendar.example.org/classes.ics", "https://calendar.example.org/classes.ics"),
        ("WEBCAL://Calendar.Example.org/a.ics?key=1#frag", "https://Calendar.Example.org/a.ics?key=1"),
        ("https://example.org", "https://example.org/"),
        ("http://127.0.0.1:5232/student/cal/", "http://127.0.0.1:5232/student/cal/"),
        ("http://localhost/x.ics", "http://localhost/x.ics"),
        ("http://[::1]:8080/x.ics", "http://[::1]:8080/x.ics"),
    ])
    func urlsAreKeptAsFetched(raw: String, kept: String) throws {
        #expect(try SubscriptionURL(raw).text == kept)
    }

    @Test func plainHTTPElsewhereNeedsInsecure() throws {
        #expect(throws: DAVError.refusedURL(url: "http://example.org/a.ics",
                                            reason: "plain http:// sends the calendar (and any password) unencrypted; use https://, or --insecure to allow it")) {
            try SubscriptionURL("http://example.org/a.ics")
        }
        let allowed = try SubscriptionURL("http://example.org/a.ics", insecure: true)
        #expect(!allowed.mayCarryCredentials)
        #expect(try SubscriptionURL("http://127.0.0.1/a.ics").mayCarryCredentials)
        #expect(throws: DAVError.self) { try SubscriptionURL("http://127.example.org/a.ics") }
    }

    @Test func credentialsInTheURLAreRefusedWithoutBeingRepeated() {
        do {
            _ = try SubscriptionURL("https://me:hunter2@example.org/a.ics")
            Issue.record("accepted")
        } catch {
            #expect(error.url == "https://example.org/a.ics")
            #expect(!error.description.contains("hunter2"))
            #expect(error.reason.contains("~/.netrc"))
        }
        #expect(SubscriptionURL.shown("https://me:hunter2@example.org/a@b.ics") == "https://example.org/a@b.ics")
        // A password with `/` in it: not a URL that reads, and still not shown.
        #expect(SubscriptionURL.shown("https://me:hun/ter2@example.org/a.ics") == "https://example.org/a.ics")
        #expect(SubscriptionURL.shown("ftp://me:hunter2@example.org/a.ics") == "ftp://example.org/a.ics")
        #expect(SubscriptionURL.shown("https://example.org/me@uni.edu/cal/") == "https://example.org/me@uni.edu/cal/")
        // In a message: the URL as typed, without its credentials, the text around it as it was.
        #expect(SubscriptionURL.hidingCredentials(in: "Unexpected argument 'https://me:hunter2@example.org/a b/'\"}}")
                == "Unexpected argument 'https://example.org/a b/'\"}}")
        #expect(SubscriptionURL.hidingCredentials(in: "at https://example.org/me@uni.edu/ and 'webcal://me:hun/ter2@x.org/'")
                == "at https://example.org/me@uni.edu/ and 'webcal://x.org/'")
        do {
            _ = try SubscriptionURL("https://me:hun/ter2@example.org/a.ics")
            Issue.record("accepted")
        } catch {
            #expect(!error.description.contains("ter2"), "\(error)")
        }
    }

    @Test func aTLSFailureIsWordedWithoutTheLibrarysInternals() {
        let verify = "handshakeFailed(NIOSSL.BoringSSLError.sslError([Error: 268435581 error:1000007d:SSL routines:"
            + "OPENSSL_internal:CERTIFICATE_VERIFY_FAILED at /x/.build/checkouts/swift-nio-ssl/Sources/CNIOBoringSSL/ssl/handshake.cc:393]))"
        #expect(TLSFailure.reason(verify, host: "dav.example.edu")?.hasPrefix("the server's certificate is not trusted: ") == true)
        #expect(TLSFailure.reason("NIOSSLExtraError.failedToValidateHostname: Couldn't find x in certificate from peer", host: "x")?
            .hasPrefix("the server's certificate is not for x: ") == true)
        let version = verify.replacingOccurrences(of: "CERTIFICATE_VERIFY_FAILED", with: "WRONG_VERSION_NUMBER")
        let other = TLSFailure.reason(version, host: "h") ?? ""
        #expect(other.hasPrefix("the secure (https) connection to h could not be set up (WRONG_VERSION_NUMBER): "), "\(other)")
        for text in [TLSFailure.reason(verify, host: "h") ?? "", other] {
            #expect(!text.contains("checkouts") && !text.contains("NIOSSL") && !text.contains("268435581"))
        }
        #expect(TLSFailure.reason("connectionRefused", host: "h") == nil)
    }

    @Test(arguments: ["ftp://example.org/a.ics", "https:///a.ics", "not a url"])
    func otherAddressesAreRefused(raw: String) {
        #expect(throws: DAVError.self) { try SubscriptionURL(raw) }
    }

    @Test func onlyKnownSchemesLookLikeURLs() {
        #expect(SubscriptionURL.looksLikeURL("webcal://x/y"))
        #expect(SubscriptionURL.looksLikeURL("HTTPS://x/y"))
        #expect(!SubscriptionURL.looksLikeURL("classes.ics"))
        #expect(!SubscriptionURL.looksLikeURL("/tmp/https:/a.ics"))
    }
}

@Suite struct CredentialsTests {
    static let netrc = """
        # a comment line is only tokens to skip
        machine calendar.example.org login alice password wonderland
        macdef init
        machine evil.example.org login mallory password nope

        machine CalDAV.Example.net
          login bob
          password "b0b"
        default login anon password guest
        """

    @Test func theHostsEntryThenTheDefault() {
        #expect(Credentials.netrc(Self.netrc, host: "calendar.example.org") == Credentials(user: "alice", password: "wonderland"))
        #expect(Credentials.netrc(Self.netrc, host: "caldav.example.net") == Credentials(user: "bob", password: "\"b0b\""))
        // The macdef body (up to the empty line) is not an entry.
        #expect(Credentials.netrc(Self.netrc, host: "evil.example.org") == Credentials(user: "anon", password: "guest"))
        #expect(Credentials.netrc("machine a login x", host: "a") == nil)
    }

    @Test func theDefaultEntryGoesOnlyToTheNamedHost() throws {
        let netrc = try Self.netrcFile("machine other.example.org login bob password b0b\ndefault login anon password guest\n")
        let env = ["NETRC": netrc]
        #expect(try Credentials.lookup(host: "x.example.org", primary: true, environment: env) == Credentials(user: "anon", password: "guest"))
        #expect(try Credentials.lookup(host: "x.example.org", primary: false, environment: env) == nil)
        #expect(try Credentials.lookup(host: "other.example.org", primary: false, environment: env) == Credentials(user: "bob", password: "b0b"))
    }

    @Test func theEnvironmentGoesOnlyToTheNamedHost() throws {
        let env = ["PLAN_CALDAV_USER": "carol", "PLAN_CALDAV_PASSWORD": "pw", "NETRC": "/nonexistent/netrc"]
        #expect(try Credentials.lookup(host: "x.example.org", primary: true, environment: env) == Credentials(user: "carol", password: "pw"))
        #expect(try Credentials.lookup(host: "x.example.org", primary: false, environment: env) == nil)
    }

    /// A netrc file in a fresh temporary folder, for the password-command tests.
    static func netrcFile(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-netrc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("netrc").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aPasswordCommandGivesThePasswordWithTheUserItNamesOrTheNetrcLogin() throws {
        let netrc = try Self.netrcFile("machine dav.example.edu login ada password from-netrc\n")
        let env = ["NETRC": netrc]
        let named = ["dav.example.edu": PasswordCommand(command: "printf 'first-line\\nsecond-line\\n'", user: "byron")]
        #expect(try Credentials.lookup(host: "dav.example.edu", primary: true, environment: env, commands: named)
                == Credentials(user: "byron", password: "first-line"))
        // No user with the command: the netrc login, with the command's password (not the file's).
        let unnamed = ["dav.example.edu": PasswordCommand(command: "echo from-command", user: nil)]
        #expect(try Credentials.lookup(host: "dav.example.edu", primary: true, environment: env, commands: unnamed)
                == Credentials(user: "ada", password: "from-command"))
        // Another host keeps its own netrc entry; the environment's command is for the named host only.
        let envCommand = ["NETRC": netrc, "PLAN_CALDAV_PASSWORD_COMMAND": "echo from-env", "PLAN_CALDAV_USER": "carol"]
        #expect(try Credentials.lookup(host: "dav.example.edu", primary: true, environment: envCommand)
                == Credentials(user: "carol", password: "from-env"))
        #expect(try Credentials.lookup(host: "dav.example.edu", primary: false, environment: envCommand)
                == Credentials(user: "ada", password: "from-netrc"))
    }

    @Test func aFailingPasswordCommandSaysWhyWithoutItsOutput() throws {
        let env = ["NETRC": "/nonexistent/netrc"]
        func failure(_ command: String, user: String? = "u") -> DAVError? {
            do {
                _ = try Credentials.lookup(host: "h.example", primary: true, environment: env,
                                           commands: ["h.example": PasswordCommand(command: command, user: user)])
                return nil
            } catch {
                return error
            }
        }
        let exited = failure("echo secret-output; exit 3")
        #expect(exited?.description == "h.example: the password command exited with status 3")
        #expect(failure("true")?.reason == "the password command printed nothing")
        #expect(failure("echo pw", user: nil)?.reason.hasPrefix("a password command is set for h.example but no user name") == true)
        for e in [exited, failure("true")] { #expect(!(e?.description.contains("secret") ?? true)) }
    }

    @Test func theDescriptionHidesThePassword() {
        let c = Credentials(user: "alice", password: "wonderland")
        #expect(!"\(c)".contains("wonderland"))
        #expect(c.basicAuthorization == "Basic YWxpY2U6d29uZGVybGFuZA==")
    }
}

/// A password command is kept for one server: scheme, host and port.
@Suite struct PasswordCommandScopeTests {
    @Test func aCommandIsForItsServerOnly() throws {
        let cmd = PasswordCommand(command: "pass show uni", user: "ada")
        let https = try SubscriptionURL("https://dav.uni.edu/ada/"), other = try SubscriptionURL("https://dav.uni.edu:8443/ada/")
        let plain = try SubscriptionURL("http://dav.uni.edu/ada/", insecure: true)
        #expect(https.origin == "https://dav.uni.edu:443" && other.origin == "https://dav.uni.edu:8443" && plain.origin == "http://dav.uni.edu:80")
        #expect(try SubscriptionURL("http://[::1]:5232/a/").origin == "http://[::1]:5232")
        let kept = [https.origin: cmd]
        #expect(Credentials.command(in: kept, origin: https.origin, host: https.host) == cmd)
        #expect(Credentials.command(in: kept, origin: other.origin, host: other.host) == nil)
        #expect(Credentials.command(in: kept, origin: plain.origin, host: plain.host) == nil)
        // One an older plan kept under the bare host stands for https on 443 only.
        let legacy = ["dav.uni.edu": cmd]
        #expect(Credentials.command(in: legacy, origin: https.origin, host: https.host) == cmd)
        #expect(Credentials.command(in: legacy, origin: other.origin, host: other.host) == nil)
        #expect(Credentials.command(in: legacy, origin: plain.origin, host: plain.host) == nil)
    }
}

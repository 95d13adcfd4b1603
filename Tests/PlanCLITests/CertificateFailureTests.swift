import Foundation
import Testing

/// A server whose certificate plan does not trust is named as that: which
/// host, which check failed and what to do, in one line, without the TLS
/// library's internals; and the user can trust its authority for plan
/// alone (`PLAN_CA_FILE`, `SSL_CERT_FILE`). A self-signed certificate made with `openssl`,
/// served over https by Python's ssl module on 127.0.0.1 (`Servers/tls-server.py`).
@Suite(.serialized) struct CertificateFailureTests {
    @Test func aSelfSignedCertificateIsNamedAsACertificateProblem() throws {
        guard try CLIRunner.runTool(["openssl", "version"]).status == 0 else {
            print("skipped: openssl is not installed")
            return
        }
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let cert = s.dir.appendingPathComponent("cert.pem").path
        let key = s.dir.appendingPathComponent("key.pem").path
        let made = try CLIRunner.runTool(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert,
                                          "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1"])
        #expect(made.status == 0, "\(made)")
        let (started, why) = try LocalDAVServer.startScript("tls-server.py", [cert, key, "{port}"])
        guard let server = started else {
            Issue.record("the https server did not start: \(why)")
            return
        }
        defer { server.stop() }
        let url = "https://127.0.0.1:\(server.port)/cal.ics"
        let r = try s.plan(["calendar", "add", url, "--name", "classes"])
        #expect(r.status == 66, "\(r)")
        let said = r.stderr
        #expect(said.hasPrefix("plan: \(url): cannot read: the server's certificate is not trusted: "), "\(said)")
        #expect(said.contains("failed for 127.0.0.1 (a self-signed"), "\(said)")
        #expect(said.contains("add its authority to this machine's trusted certificates"), "\(said)")
        #expect(said.split(separator: "\n").count == 1, "\(said)")
        for inside in ["cannot be reached", "handshakeFailed", "NIOSSL", "BoringSSL", ".build", "checkouts", "OPENSSL_internal"] {
            #expect(!said.contains(inside), "\(inside) in \(said)")
        }
        #expect(said.contains("or give plan alone the authority's certificate (PEM) with --ca-file FILE (or PLAN_CA_FILE)"), "\(said)")
        #expect(try s.plan(["calendar", "list"]).stdout.hasPrefix("No calendars."))

        // Trusting the server's own authority, for plan alone: PLAN_CA_FILE, or SSL_CERT_FILE as OpenSSL reads it.
        func plan(_ args: [String], _ variable: String, _ file: String) throws -> CLIRunner.Output {
            try CLIRunner.run(args + ["--store", s.store], environment: ["PLAN_NOW": "2026-11-23T08:00:00-05:00", "HOME": s.dir.path, variable: file])
        }
        let missing = try plan(["calendar", "add", url, "--name", "classes"], "PLAN_CA_FILE", cert + ".missing")
        #expect(missing.status == 66)
        #expect(missing.stderr == "plan: \(url): cannot read: the certificate authorities named by PLAN_CA_FILE (\(cert).missing) cannot be read: "
                + "give a PEM file of the authority's certificate, or unset PLAN_CA_FILE; no copy of it is stored yet\n", "\(missing.stderr)")
        let junk = s.dir.appendingPathComponent("junk.pem").path
        try "not a certificate\n".write(toFile: junk, atomically: true, encoding: .utf8)
        let notPEM = try plan(["calendar", "add", url, "--name", "classes"], "SSL_CERT_FILE", junk)
        #expect(notPEM.status == 66 && notPEM.stderr.contains("named by SSL_CERT_FILE (\(junk)) is not a PEM certificate file"), "\(notPEM.stderr)")
        let added = try plan(["calendar", "add", url, "--name", "classes"], "PLAN_CA_FILE", cert)
        #expect(added.status == 0, "\(added)")
        // Read again through SSL_CERT_FILE: no warning, so the server was read (not the stored copy).
        let agenda = try plan(["agenda", "--days", "1"], "SSL_CERT_FILE", cert)
        #expect(agenda.status == 0 && agenda.stderr == "", "\(agenda)")
        #expect(agenda.stdout.contains("09:00–10:00  Lecture"), "\(agenda)")

        // The same as an option, as the message says: --ca-file FILE; one that is no PEM file is refused up front (64).
        let flagged = try s.plan(["agenda", "--days", "1", "--ca-file", cert])
        #expect(flagged.status == 0 && flagged.stderr == "", "\(flagged)")
        let unflagged = try s.plan(["agenda", "--days", "1"])
        #expect(unflagged.stderr.contains("the server's certificate is not trusted"), "\(unflagged)")
        let wrong = try s.plan(["agenda", "--days", "1", "--ca-file", junk])
        #expect(wrong.status == 64, "\(wrong)")
        #expect(wrong.stderr.contains("--ca-file \(junk) is not a PEM certificate file: give the PEM file of your server's certificate authority"),
                "\(wrong.stderr)")
    }
}

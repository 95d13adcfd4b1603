import Foundation
import Testing

/// A server whose certificate plan does not trust is named as that: which
/// host, which check failed and what to do, in one line, without the TLS
/// library's internals. A self-signed certificate made with `openssl`,
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
        #expect(try s.plan(["calendar", "list"]).stdout.hasPrefix("No calendars."))
    }
}

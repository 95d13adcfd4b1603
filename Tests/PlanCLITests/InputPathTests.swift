import Foundation
import Testing

/// Issue 28, point 5: where plan reads a file (a calendar, a catalog, a
/// request, an answer), a path that is not a regular file — a FIFO, the
/// server's own standard input, a device — is refused with what it is (exit
/// 66, -32001 in `plan rpc`) before a read could wait on it; `plan rpc`
/// goes on answering the requests queued behind it.
@Suite struct InputPathTests {
    /// Runs `plan args…`, killed after `seconds` if still running: nil then.
    static func bounded(_ args: [String], environment: [String: String] = [:], seconds: Double = 20) throws -> CLIRunner.Output? {
        let running = try CLIRunner.start(args, environment: environment)
        let deadline = Date().addingTimeInterval(seconds)
        while running.process.isRunning && Date() < deadline { usleep(20_000) }
        let hung = running.process.isRunning
        if hung { running.kill() }
        let out = try running.wait()
        return hung ? nil : out
    }

    @Test func aFIFOGivenAsAFileIsRefusedAtOnce() throws {
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("classes.ics").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": "2026-11-02T08:00:00-05:00"]
        let says = "it is a FIFO (named pipe), not a file: plan reads only regular files (save it to a file first)"
        let cases: [([String], String)] = [
            (["events", fifo], "plan: \(fifo): cannot read: \(says)\n"),
            (["calendar", "add", fifo], "plan: \(fifo): cannot read: \(says)\n"),
            (["courses", "import", fifo, "--format", "json"], "plan: cannot read \(fifo): \(says)\n"),
            (["schedule", "--tasks", fifo], "plan: \(fifo): cannot read: \(says)\n"),
        ]
        for (args, stderr) in cases {
            let out = try #require(try Self.bounded(args, environment: env), "plan \(args[0]) waited on the FIFO")
            #expect(out.status == 66, "\(args): \(out)")
            #expect(out.stderr == stderr, "\(args)")
        }
        #expect(OutputPathTests.kind(fifo) == S_IFIFO)
    }

    /// The server's own standard input named as a calendar or a catalog:
    /// each refused, and every request after them answered.
    @Test func theServersStandardInputIsRefusedAndLaterRequestsAreAnswered() throws {
        let (store, dir) = try RPCTests.tempStore()
        defer { try? FileManager.default.removeItem(at: dir) }
        let stdins = ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"]
        var lines: [String] = []
        for (i, path) in stdins.enumerated() {
            lines.append(RPCTests.request(10 + i, "calendar.add", ["path": path]))
            lines.append(RPCTests.request(20 + i, "events.expand", ["path": path]))
            lines.append(RPCTests.request(30 + i, "courses.import", ["path": path, "format": "json"]))
        }
        let tail = (0..<20).map { RPCTests.request(100 + $0, "calendar.list") }
        let out = try RPCTests.rpc(Data(((lines + tail).joined(separator: "\n") + "\n").utf8), store: store)
        let bodies = RPCTests.responses(out.stdout, contentLength: false)
        try #require(bodies.count == lines.count + tail.count, "every request answered (\(bodies.count) of \(lines.count + tail.count)): \(out)")
        for (i, body) in bodies.prefix(lines.count).enumerated() {
            let error = try #require((RPCTests.json(body) as? [String: Any])?["error"] as? [String: Any], "\(body)")
            #expect(error["code"] as? Int == -32001, "\(i): \(body)")
            let reason = (error["data"] as? [String: Any])?["reason"] as? String ?? ""
            // /dev/fd/0 and /proc/self/fd/0 may be named as what they lead to, /proc/PID/fd/0.
            let named = reason.contains(stdins[i / 3]) || (i / 3 > 0 && reason.hasPrefix("/proc/") && reason.contains("/fd/0"))
            #expect(named && reason.contains("it is a FIFO (named pipe), not a file"), "\(reason)")
        }
        for (i, body) in bodies.suffix(tail.count).enumerated() {
            #expect(body == #"{"jsonrpc":"2.0","id":\#(100 + i),"result":[]}"#)
        }
    }
}

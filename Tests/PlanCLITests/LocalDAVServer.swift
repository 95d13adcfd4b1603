import Foundation
import Testing

/// A calendar server from PyPI (Radicale or Xandikos) run on 127.0.0.1 with a
/// free port and a temporary folder, for the subscription and CalDAV tests;
/// stopped (by its own process id) when the test is done, and restartable
/// on the same port and folder (a server that died mid-sync comes back).
final class LocalDAVServer {
    private(set) var process = Process()
    let port: Int
    let folder: URL
    let log: URL
    private let module: String
    /// What follows `python3`: `-m module` or a script's path, then the arguments.
    private let launch: [String]

    /// Starts `python3 -m <module> args…` (with `{port}` and `{dir}` filled
    /// in; `{dir}` is a new folder under `parent`, the temporary folder when
    /// nil) and waits until it answers on its port; nil, with the reason, when
    /// the server is not installed or does not start.
    static func start(_ module: String, _ args: [String], under parent: URL? = nil) throws -> (LocalDAVServer?, String) {
        let check = try CLIRunner.runTool(["python3", "-c", "import \(module)"])
        guard check.status == 0 else { return (nil, "\(module) is not installed (pip install \(module))") }
        guard try CLIRunner.runTool(["curl", "--version"]).status == 0 else { return (nil, "curl is not installed") }
        let port = try CLIRunner.runTool(["python3", "-c",
            "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        guard port.status == 0, let p = Int(port.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            return (nil, "no free port")
        }
        let server = try LocalDAVServer(module: module, port: p, launch: ["-m", module] + args, parent: parent)
        if let why = try server.run() { return (nil, why) }
        return (server, "")
    }

    /// Starts `python3 script args…` (a server of the tests' own, under
    /// `Servers/`) the same way; a script that does not start is a fault, not a skip.
    static func startScript(_ script: String, _ args: [String]) throws -> (LocalDAVServer?, String) {
        let port = try CLIRunner.runTool(["python3", "-c",
            "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        guard port.status == 0, let p = Int(port.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else { return (nil, "no free port") }
        let path = CLIRunner.packageRoot.appendingPathComponent("Tests/PlanCLITests/Servers/\(script)").path
        let server = try LocalDAVServer(module: script, port: p, launch: [path] + args)
        if let why = try server.run() {
            Issue.record("\(why)")
            return (nil, why)
        }
        return (server, "")
    }

    /// A proxy in front of a server that is down: every request answered with `status`
    /// (Python's http.server), to see what plan makes of a 5xx.
    static func failingProxy(status: Int) throws -> (LocalDAVServer?, String) {
        let port = try CLIRunner.runTool(["python3", "-c",
            "import socket; s = socket.socket(); s.bind(('127.0.0.1', 0)); print(s.getsockname()[1])"])
        guard port.status == 0, let p = Int(port.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) else { return (nil, "no free port") }
        let script = """
            import http.server, sys
            class Failing(http.server.BaseHTTPRequestHandler):
                def __getattr__(self, name):
                    if not name.startswith('do_'):
                        raise AttributeError(name)
                    def answer():
                        body = b'<html><body>Bad gateway</body></html>'
                        self.send_response(int(sys.argv[2]))
                        self.send_header('Content-Type', 'text/html')
                        self.send_header('Content-Length', str(len(body)))
                        self.end_headers()
                        self.wfile.write(body)
                    return answer
                def log_message(self, fmt, *args):
                    sys.stderr.write(self.command + ' request for ' + self.path + " using '" + self.headers.get('User-Agent', '') + "'\\n")
            http.server.HTTPServer(('127.0.0.1', int(sys.argv[1])), Failing).serve_forever()
            """
        let server = try LocalDAVServer(module: "a failing proxy", port: p, launch: ["-c", script, "{port}", String(status)])
        if let why = try server.run() {
            // Python's own http.server always runs where python3 does: not starting is a fault, not a skip.
            Issue.record("\(why)")
            return (nil, why)
        }
        return (server, "")
    }

    /// Radicale with htpasswd authentication (user `student`, `password`), or nil with why; its
    /// collections in `data` (two servers can share one), `extra` arguments after the others.
    /// `inMemory` keeps its folder in `/dev/shm` when there is one: Radicale
    /// syncs every write to disk, which costs nothing there (for a test that
    /// writes hundreds of resources).
    static func radicale(password: String, data: String = "{dir}/data", extra: [String] = [], inMemory: Bool = false) throws -> (LocalDAVServer?, String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-htpasswd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let htpasswd = dir.appendingPathComponent("htpasswd").path
        try "student:\(password)\n".write(toFile: htpasswd, atomically: true, encoding: .utf8)
        return try start("radicale", [
            "--server-hosts", "127.0.0.1:{port}", "--storage-filesystem-folder", data,
            "--auth-type", "htpasswd", "--auth-htpasswd-filename", htpasswd, "--auth-htpasswd-encryption", "plain",
            "--logging-level", "info",
        ] + extra, under: inMemory ? memory : nil)
    }

    /// `/dev/shm`, a folder in memory, when this machine has one.
    static var memory: URL? {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder) && isFolder.boolValue ? URL(fileURLWithPath: "/dev/shm") : nil
    }

    /// Xandikos (no authentication; `--defaults` makes `/user/calendars/calendar/`), or nil with why.
    static func xandikos() throws -> (LocalDAVServer?, String) {
        try start("xandikos", ["serve", "-d", "{dir}/data", "-l", "127.0.0.1", "-p", "{port}", "--defaults", "--no-detect-systemd"])
    }

    private init(module: String, port: Int, launch: [String], parent: URL? = nil) throws {
        self.port = port
        self.module = module
        self.launch = launch
        folder = (parent ?? FileManager.default.temporaryDirectory).appendingPathComponent("plan-dav-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        log = folder.appendingPathComponent("server.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    }

    /// Starts the process and waits for the port; the reason when it does not come up.
    private func run() throws -> String? {
        process = Process()
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3"] + launch.map {
            $0.replacingOccurrences(of: "{port}", with: String(port)).replacingOccurrences(of: "{dir}", with: folder.path)
        }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        for _ in 0..<100 {
            if answers() { return nil }
            if !process.isRunning { break }
            usleep(100_000)
        }
        let why = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        stop()
        return "\(module) did not start: \(why.suffix(300))"
    }

    /// Starts the server again on the same port and folder after ``stop()`` or ``kill()``.
    func restart() throws {
        if let why = try run() { throw ServerFailure(why: why) }
    }

    /// Whether something accepts a connection on the port.
    func answers() -> Bool {
        (try? CLIRunner.runTool(["python3", "-c",
            "import socket; socket.create_connection(('127.0.0.1', \(port)), timeout=1).close()"]).status) == 0
    }

    /// `curl` with `args`: its status code as text.
    func curl(_ args: [String]) throws -> String {
        try CLIRunner.runTool(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}"] + args).stdout
    }

    /// The requests plan sent, by method, as the server logged them (Radicale:
    /// `PUT request for '…' … using 'plan'`).
    func planRequests() -> [String: Int] {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        var out: [String: Int] = [:]
        for line in text.split(separator: "\n") where line.contains("using 'plan'") {
            guard let r = line.range(of: " request for ") else { continue }
            let method = line[..<r.lowerBound].split(separator: " ").last.map(String.init) ?? "?"
            out[method, default: 0] += 1
        }
        return out
    }

    /// Ends the server at once, as a crash would (SIGKILL).
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Stops the server (Radicale ends on SIGINT, not SIGTERM): SIGINT, then
    /// SIGKILL if it is still running 5 s later.
    func stop() {
        guard process.isRunning else { return }
        process.interrupt()
        for _ in 0..<50 where process.isRunning { usleep(100_000) }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A server that did not come back up.
struct ServerFailure: Error, CustomStringConvertible {
    var why: String
    var description: String { why }
}

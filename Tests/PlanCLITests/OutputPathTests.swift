import Foundation
import Testing

/// Issue 28, point 1: an output path is written the way a user expects, never
/// replaced by what plan writes. A symbolic link is written through to its
/// target (atomically beside it, the file's mode kept); a FIFO or a device is
/// written into by the CLI and stays what it is; `plan rpc` writes only
/// regular files and says why it refuses the rest. The devices are made by
/// the test (mknod in its own folder, root only; it says plainly when it skipped).
@Suite struct OutputPathTests {
    /// Device 1:3, what /dev/null is (glibc's `makedev(1, 3)`, a C macro Swift does not see).
    static let nullDevice: dev_t = (1 << 8) | 3

    /// A temporary folder with a store holding one task (its sittings are exported).
    static func world() throws -> (dir: URL, env: [String: String]) {
        let (dir, _, env) = try StoreFaultTests.storeWithOneTask()
        return (dir, env)
    }

    static func kind(_ path: String) -> mode_t? {
        var st = stat()
        guard lstat(path, &st) == 0 else { return nil }
        return st.st_mode & S_IFMT
    }

    /// The names in `dir` that are a temporary file plan left.
    static func partials(_ dir: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.contains(".plan-partial-") || $0.contains(".tmp-") }
    }

    @Test func aSymbolicLinkIsWrittenThroughToItsTarget() throws {
        let (dir, env) = try Self.world()
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("real.ics").path, link = dir.appendingPathComponent("link.ics").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        chmod(real, 0o640)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.ics")

        let out = try CLIRunner.run(["export", link], environment: env)
        #expect(out.status == 0 && out.stderr.isEmpty, "\(out)")
        #expect(Self.kind(link) == S_IFLNK, "the link is still a link")
        let written = try String(contentsOfFile: real, encoding: .utf8)
        #expect(written.hasPrefix("BEGIN:VCALENDAR\r\n") && written.contains("X-PLAN-TASK-ID:"), "the target has the export")
        #expect(try FileManager.default.attributesOfItem(atPath: real)[.posixPermissions] as? Int == 0o640, "its mode is kept")

        // A link to a file not made yet: the file is made where the link leads; a week picture too.
        let dangling = dir.appendingPathComponent("week.svg").path
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "pictures-week.svg")
        let week = try CLIRunner.run(["week", "--from", "2026-11-02", "--svg", dangling], environment: env)
        #expect(week.status == 0, "\(week)")
        #expect(Self.kind(dangling) == S_IFLNK)
        #expect(try String(contentsOfFile: dir.appendingPathComponent("pictures-week.svg").path, encoding: .utf8).contains("<svg"))
        #expect(try Self.partials(dir).isEmpty)
    }

    @Test func aFIFOIsWrittenIntoAndOneNobodyReadsIsRefused() throws {
        let (dir, env) = try Self.world()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("calendar.fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)

        // Nobody reads it: refused at once (not waited on), and it stays a FIFO.
        let alone = try CLIRunner.run(["export", fifo], environment: env)
        #expect(alone.status == 73, "\(alone)")
        #expect(alone.stderr == "plan: cannot write \(fifo): it is a FIFO (named pipe) that no program is reading; start the reader first\n")
        #expect(Self.kind(fifo) == S_IFIFO)

        // A reader (this test) is there: the reader gets the calendar.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let out = try CLIRunner.run(["export", fifo], environment: env)
        #expect(out.status == 0, "\(out)")
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let n = read(reader, &bytes, bytes.count)
        let text = String(decoding: bytes.prefix(max(0, n)), as: UTF8.self)
        #expect(text.hasPrefix("BEGIN:VCALENDAR\r\n") && text.hasSuffix("END:VCALENDAR\r\n"), "the reader got the whole calendar: \(text.prefix(60))")
        #expect(Self.kind(fifo) == S_IFIFO, "it is still a FIFO")
        #expect(try Self.partials(dir).isEmpty)
    }

    /// A character device made in the test's own folder (the same device as
    /// /dev/null, so what is written goes nowhere): written into, not replaced.
    @Test func aDeviceIsWrittenIntoNotReplaced() throws {
        let (dir, env) = try Self.world()
        defer { try? FileManager.default.removeItem(at: dir) }
        let device = dir.appendingPathComponent("null").path
        guard mknod(device, S_IFCHR | 0o666, Self.nullDevice) == 0 else {
            print("OutputPathTests: skipped the device: mknod is not allowed here (uid \(getuid())): \(String(cString: strerror(errno)))")
            return
        }
        let out = try CLIRunner.run(["export", device], environment: env)
        #expect(out.status == 0, "\(out)")
        #expect(Self.kind(device) == S_IFCHR, "still the device")
        let svg = try CLIRunner.run(["week", "--from", "2026-11-02", "--svg", device], environment: env)
        #expect(svg.status == 0 && Self.kind(device) == S_IFCHR, "\(svg)")
        #expect(try Self.partials(dir).isEmpty)
    }

    /// `plan.export` from an editor: a FIFO, a device (the test's), the
    /// server's own standard input are refused (-32007, the path named),
    /// left as they were, and the requests after them are answered.
    @Test func theServerWritesOnlyRegularFiles() throws {
        let (dir, env) = try Self.world()
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("f").path, device = dir.appendingPathComponent("null").path
        let link = dir.appendingPathComponent("link.ics").path, real = dir.appendingPathComponent("real.ics").path
        try #require(mkfifo(fifo, 0o600) == 0)
        let madeDevice = mknod(device, S_IFCHR | 0o666, Self.nullDevice) == 0
        if !madeDevice { print("OutputPathTests: skipped the device in rpc: mknod is not allowed here (uid \(getuid()))") }
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)  // a reader there: still refused
        defer { close(reader) }
        // The server's own standard input as /proc/self/fd/0, never /dev/stdin: a plan without
        // the fix replaces what it is given, and /dev/stdin is the machine's (issue 28).
        var paths = [fifo, "/proc/self/fd/0"] + (madeDevice ? [device] : [])
        paths.append(link)
        var lines = paths.enumerated().map { RPCTests.request($0.offset + 1, "plan.export", ["path": $0.element]) }
        lines.append(RPCTests.request(99, "project.list"))
        let out = try RPCTests.rpc(Data((lines.joined(separator: "\n") + "\n").utf8), store: env["PLAN_STORE"]!)
        let bodies = RPCTests.responses(out.stdout, contentLength: false)
        try #require(bodies.count == paths.count + 1, "every request answered: \(out)")
        for (i, path) in paths.dropLast().enumerated() {
            let error = try #require((RPCTests.json(bodies[i]) as? [String: Any])?["error"] as? [String: Any], "\(bodies[i])")
            #expect(error["code"] as? Int == -32007, "\(bodies[i])")
            let reason = (error["data"] as? [String: Any])?["reason"] as? String ?? ""
            #expect(reason.hasPrefix("cannot write \(path): it is a ") && reason.contains("plan writes only regular files here"), "\(reason)")
        }
        #expect(Self.kind(fifo) == S_IFIFO && (!madeDevice || Self.kind(device) == S_IFCHR))
        #expect(bodies[paths.count - 1].contains("\"result\""), "the link is written through: \(bodies[paths.count - 1])")
        let written = try String(contentsOfFile: real, encoding: .utf8)
        #expect(Self.kind(link) == S_IFLNK && written.hasPrefix("BEGIN:VCALENDAR"))
        #expect(bodies.last == #"{"jsonrpc":"2.0","id":99,"result":[]}"#)
    }
}

import Foundation
import Testing

/// Inputs that never end or are too large. A path that is not a regular
/// file (`/dev/zero`, a FIFO) is refused before it is read (exit 66); a
/// regular file over a bound, and standard input that never ends, are read up
/// to the bound, then stopped with one line and exit 65.
@Suite struct InputBoundsTests {
    /// A sparse file of `bytes` bytes (nothing is written to the disk).
    static func sparseFile(_ bytes: Int64, named name: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent(name).path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(bytes))
        try handle.close()
        return path
    }

    static func tempDir() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func anEndlessDeviceIsRefusedBeforeItIsRead() throws {
        let r = try CLIRunner.run(["events", "/dev/zero", "--from", "2026-01-01", "--to", "2026-02-01"])
        #expect(r.stderr == "plan: /dev/zero: cannot read: it is a device, not a file: plan reads only regular files (save it to a file first)\n")
        #expect(r.status == 66)
        #expect(r.stdout.isEmpty)
    }

    @Test func aCalendarOneByteOverItsBoundIsRefused() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = try Self.sparseFile(100_000_001, named: "huge.ics", in: dir)
        let r = try CLIRunner.run(["events", path, "--from", "2026-01-01", "--to", "2026-02-01"])
        #expect(r.stderr == "plan: \(path): not a usable calendar: larger than 100000000 bytes, the most plan reads from one calendar file (export a shorter range of dates)\n")
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
    }

    @Test func anEndlessScheduleRequestOnStandardInputIsRefusedAtItsBound() throws {
        let r = try CLIRunner.runTool(["sh", "-c", "exec \"$0\" schedule --tasks - < /dev/zero", CLIRunner.binary.path])
        #expect(r.stderr == "plan: <stdin>: invalid request: larger than 64000000 bytes, the most plan reads as a request\n", "\(r.stderr)")
        #expect(r.status == 65)
        let device = try CLIRunner.run(["schedule", "--tasks", "/dev/zero"])
        #expect(device.stderr.contains("/dev/zero: cannot read: it is a device, not a file"), "\(device.stderr)")
        #expect(device.status == 66)
    }

    @Test func aCatalogOverItsBoundIsRefusedAndNothingIsKept() throws {
        let dir = try Self.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path]
        let path = try Self.sparseFile(64_000_001, named: "catalog.json", in: dir)
        let r = try CLIRunner.run(["courses", "import", path, "--format", "json"], environment: env)
        #expect(r.stderr == "plan: \(path): larger than 64000000 bytes, the most plan reads from one catalog\n", "\(r.stderr)")
        #expect(r.status == 65)
        let device = try CLIRunner.run(["courses", "import", "/dev/zero", "--format", "json"], environment: env)
        #expect(device.stderr.contains("/dev/zero: it is a device, not a file"), "\(device.stderr)")
        #expect(device.status == 66)
        let search = try CLIRunner.run(["courses", "search", "CMSC"], environment: env)
        #expect(search.stderr.hasPrefix("plan: no course catalog yet: import one with `plan courses import FILE`"), "no catalog was kept")
        #expect(search.status == 65)
    }
}

/// `plan schedule` keeps the limits `plan rpc` keeps: a request whose `now`
/// is a thousand years before its due (found by the fuzzer) overflowed the
/// scheduler's stack; it is now one line and exit 65.
@Suite struct ScheduleLimitsTests {
    func request(now: String, due: String) -> Data {
        Data(#"{"timeZone": "America/New_York", "now": "\#(now)", "tasks": [{"id": "essay", "title": "Essay", "estimate": "PT2H", "due": "\#(due)"}]}"#.utf8)
    }

    @Test func aDueMoreThanTenYearsFromNowIsRefused() throws {
        let far = try CLIRunner.run(["schedule", "--tasks", "-"], stdin: request(now: "1013-11-23T08:00:00-05:00", due: "2026-11-24"))
        #expect(far.stderr == "plan: <stdin>: invalid request: task \"essay\" (/tasks/0/due): more than ten years from now\n")
        #expect(far.status == 65)
        // Exactly ten years (3,653 days) is planned.
        let atLimit = try CLIRunner.run(["schedule", "--tasks", "-", "--json"], stdin: request(now: "2026-11-23T08:00:00-05:00", due: "2036-11-23T08:00"))
        #expect(atLimit.status == 0, "\(atLimit.stderr)")
        #expect(atLimit.stdout.contains("\"essay\""))
    }

    @Test func aDurationOverAYearIsRefused() throws {
        let long = Data(#"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "PT8785H", "due": "2036-01-01"}]}"#.utf8)
        let r = try CLIRunner.run(["schedule", "--tasks", "-"], stdin: long)
        #expect(r.stderr == "plan: <stdin>: invalid request: task \"a\" (/tasks/0/estimate): PT8785H is longer than 8784 hours, the most plan accepts\n")
        #expect(r.status == 65)
    }
}

import Foundation
import Testing

/// Files that never end (a device, a pipe left open) or are too large: each
/// command reads up to its bound, then stops with one line and exit 65.
@Suite struct InputBoundsTests {
    @Test func anEndlessCalendarIsRefusedAtItsBound() throws {
        let r = try CLIRunner.run(["events", "/dev/zero", "--from", "2026-01-01", "--to", "2026-02-01"])
        #expect(r.stderr == "plan: /dev/zero: not a usable calendar: larger than 100000000 bytes, the most plan reads from one calendar file (export a shorter range of dates)\n")
        #expect(r.status == 65)
        #expect(r.stdout.isEmpty)
    }

    @Test func anEndlessScheduleRequestIsRefusedAtItsBound() throws {
        let r = try CLIRunner.run(["schedule", "--tasks", "/dev/zero"])
        #expect(r.stderr == "plan: /dev/zero: invalid request: larger than 64000000 bytes, the most plan reads as a request\n")
        #expect(r.status == 65)
    }

    @Test func anEndlessCatalogIsRefusedAtItsBoundAndNothingIsKept() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-bounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path]
        let r = try CLIRunner.run(["courses", "import", "/dev/zero", "--format", "json"], environment: env)
        #expect(r.stderr == "plan: /dev/zero: larger than 64000000 bytes, the most plan reads from one catalog\n")
        #expect(r.status == 65)
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

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

import Foundation
import Testing

/// The schema-1 store of `Tests/PlanStoreTests/Fixtures/v1-store`, opened by
/// this `plan`: it prints what the plan that wrote it printed (the fixture's
/// `*.txt`), and says once that it upgraded the file.
@Suite struct MigratedStoreTests {
    static let fixtures = CLIRunner.packageRoot.appendingPathComponent("Tests/PlanStoreTests/Fixtures/v1-store")

    static func expected(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func printsWhatTheOldPlanPrinted() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-migrated-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("plan.sqlite").path
        try FileManager.default.copyItem(atPath: Self.fixtures.appendingPathComponent("plan.sqlite").path, toPath: store)
        let env = ["PLAN_STORE": store, "PLAN_NOW": "2026-11-04T12:00:00-05:00"]
        let run = { (args: [String]) in try CLIRunner.run(args, environment: env) }

        let first = try run(["tasks"])
        #expect(first.status == 0)
        #expect(first.stdout == (try Self.expected("tasks.txt")))
        #expect(first.stderr == "plan: upgraded the store \(store) from schema 1 to \(StoreFaultTests.schema); the old file is kept as \(store).v1-backup\n")
        #expect(FileManager.default.contents(atPath: store + ".v1-backup")
            == FileManager.default.contents(atPath: Self.fixtures.appendingPathComponent("plan.sqlite").path))

        let json = try run(["tasks", "--json"])
        #expect(json == CLIRunner.Output(stdout: try Self.expected("tasks.json.txt"), stderr: "", status: 0))
        #expect(try run(["policy", "show"]) == CLIRunner.Output(stdout: try Self.expected("policy.txt"), stderr: "", status: 0))
        #expect(try run(["policy", "show", "--json"]) == CLIRunner.Output(stdout: try Self.expected("policy.json.txt"), stderr: "", status: 0))
        #expect(try run(["project", "list", "--json"]).stdout == (try Self.expected("projects.json.txt")))

        // The calendar was registered by the path it had where the fixture was
        // made: point it at this checkout's copy of the same file.
        #expect(try run(["calendar", "remove", "classes"]).status == 0)
        #expect(try run(["calendar", "add", "Examples/fall-2026-classes.ics", "--name", "classes"]).status == 0)
        let agenda = try run(["agenda", "--from", "2026-11-02", "--days", "21"])
        #expect(agenda == CLIRunner.Output(stdout: try Self.expected("agenda.txt"), stderr: "", status: 0))
    }
}

import Foundation
import Testing

/// Issue 12: `plan events` on small calendars written the way real clients
/// and publishers write them (`Tests/PlanCLITests/Wild/`), compared with
/// golden files that hold what a Google Calendar or Thunderbird user sees
/// for each: every class kept, moved and cancelled instances shown once,
/// one warning per recovered line.
@Suite struct WildCalendarTests {
    /// Each file with the zone its owner would view it in.
    static let files: [(String, String)] = [
        ("outlook-allday-moved", "Europe/London"),
        ("other-zone-exdates", "America/New_York"),
        ("duplicate-masters", "Europe/London"),
        ("overrides-edge-cases", "Europe/London"),
        ("mixed-value-types", "Europe/London"),
        ("ends-and-untils", "Europe/London"),
        ("malformed-rules", "Europe/London"),
    ]

    @Test(arguments: files)
    func eventsAsClientsShowThem(_ name: String, _ zone: String) throws {
        let path = "Tests/PlanCLITests/Wild/\(name).ics"
        let out = try CLIRunner.run(["events", path, "--from", "2026-03-01", "--to", "2026-04-01", "--tz", zone])
        #expect(out.status == 0)
        try CLIRunner.expectGolden("wild-\(name)", out)
    }

    /// Every file in the folder has a golden file (none is forgotten).
    @Test func everyFileIsChecked() throws {
        let dir = CLIRunner.packageRoot.appendingPathComponent("Tests/PlanCLITests/Wild")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".ics") }
            .map { String($0.dropLast(4)) }
        #expect(Set(names) == Set(Self.files.map(\.0)))
    }
}

import Foundation
import PlanCore
import PlanService
import PlanStore
import Testing

/// Issue 30's fortnight (`Examples/fortnight.sh`: the bundled fall classes, eleven tasks, 46 h
/// due over three weeks) through the real binaries: every task fits, and the spread of its
/// plan, measured through the service, is the one plan-bench's "spread of the fortnight" row
/// and the script print. The figures are today's (early) placement: a change to placement
/// changes them here first, on purpose.
@Suite struct FortnightTests {
    @Test func everyTaskFitsAndTheSpreadIsTheBenchRow() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fortnight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("fortnight.sqlite").path
        let bench = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("plan-bench").path
        let out = try CLIRunner.runTool(["bash", "Examples/fortnight.sh", store], environment: ["PLAN_BENCH": bench])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.stdout.contains("(exit "), "\(out.stdout)")
        #expect(out.stdout.split(separator: "\n").count { $0.hasPrefix("Added \"") } == 11)

        let now = try #require(try PlanClock.fixedNow(environment: ["PLAN_NOW": "2026-11-02T08:00:00-05:00"]))
        let s = try PlanService(store: try PlanStore(path: store), now: now).spread()
        #expect(s.tasks.count == 11 && s.totalWork == 46 * 3600)
        #expect(s.days.count == 19 && s.usableDays == 19)
        #expect(s.busiest == 10 * 3600 + 20 * 60 && s.busiestDay == LocalDate(year: 2026, month: 11, day: 3))
        #expect(s.daysOverLongDay == 5 && s.emptyDays == 14)
        #expect(s.tasks.allSatisfy { $0.firstQuarterWork == $0.work })
        #expect(s.shortSittings == 10)
        #expect(s.leastSlack?.id == "reading-atlantic-trade" && s.leastSlack?.slack == 58 * 3600 + 25 * 60)
        // 2,760 minutes over 19 days, on the 5-minute grid.
        #expect(s.lowerBound == Int64(150 * 60))

        // The script ends with `plan-bench spread`: the same figures, as the bench words them.
        for line in ["  busiest day          10h20m (Tue 2026-11-03)",
                     "  lower bound          2h30m (46h over 19 days with usable time)",
                     "  days over 4h         5", "  empty days           14 of 19",
                     "  first quarter        100 % of the work in the first quarter of its window",
                     "  sittings under 45m   10", "  least slack          58h25m (reading-atlantic-trade)"] {
            #expect(out.stdout.contains(line + "\n"), "\(line)")
        }
    }
}

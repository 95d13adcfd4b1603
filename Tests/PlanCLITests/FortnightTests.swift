import Foundation
import PlanCore
import PlanService
import PlanStore
import Testing

/// Issue 30's fortnight (`Examples/fortnight.sh`: the bundled fall classes, eleven tasks, 46 h
/// due over three weeks, added one by one) through the real binaries, early and balanced:
/// every task fits either way, and the spread of each plan, measured through the service, is
/// the one plan-bench's "spread of the fortnight" rows and the script print.
@Suite struct FortnightTests {
    /// Runs the script with `placement` into a new store; its output and the plan's spread.
    func fortnight(_ placement: String) throws -> (stdout: String, spread: PlanSpread) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("fortnight-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let store = dir.appendingPathComponent("fortnight.sqlite").path
        let bench = CLIRunner.binary.deletingLastPathComponent().appendingPathComponent("plan-bench").path
        let out = try CLIRunner.runTool(["bash", "Examples/fortnight.sh", store],
                                        environment: ["PLAN_BENCH": bench, "FORTNIGHT_PLACEMENT": placement])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(!out.stdout.contains("(exit "), "\(out.stdout)")
        #expect(out.stdout.split(separator: "\n").count { $0.hasPrefix("Added \"") } == 11)
        let now = try #require(try PlanClock.fixedNow(environment: ["PLAN_NOW": "2026-11-02T08:00:00-05:00"]))
        let s = try PlanService(store: try PlanStore(path: store), now: now).spread()
        #expect(s.tasks.count == 11 && s.totalWork == 46 * 3600)
        #expect(s.days.count == 19 && s.usableDays == 19)
        // 2,760 minutes over 19 days, on the 5-minute grid.
        #expect(s.lowerBound == Int64(150 * 60))
        return (out.stdout, s)
    }

    /// Early placement (rule 8 alone) crams the work into the first days: these figures are
    /// the ones issue 30 started from, and stay as they are.
    @Test func earlyPlacementCramsTheFirstDays() throws {
        let (stdout, s) = try fortnight("early")
        #expect(s.busiest == 10 * 3600 + 20 * 60 && s.busiestDay == LocalDate(year: 2026, month: 11, day: 3))
        #expect(s.daysOverLongDay == 5 && s.emptyDays == 14)
        #expect(s.tasks.allSatisfy { $0.firstQuarterWork == $0.work })
        #expect(s.shortSittings == 10)
        #expect(s.leastSlack?.id == "reading-atlantic-trade" && s.leastSlack?.slack == 58 * 3600 + 25 * 60)
        // The script ends with `plan-bench spread`: the same figures, as the bench words them.
        for line in ["  busiest day          10h20m (Tue 2026-11-03)",
                     "  lower bound          2h30m (46h over 19 days with usable time)",
                     "  days over 4h         5", "  empty days           14 of 19",
                     "  first quarter        100 % of the work in the first quarter of its window",
                     "  sittings under 45m   10", "  least slack          58h25m (reading-atlantic-trade)"] {
            #expect(stdout.contains(line + "\n"), "\(line)")
        }
    }

    /// Balanced placement: the busiest day within 1.25× the least possible (the lower bound),
    /// no day over four hours, no sitting under 45 minutes, little work in the first quarter
    /// of each task's window.
    @Test func balancedPlacementLevelsTheDays() throws {
        let (stdout, s) = try fortnight("balanced")
        let bound = try #require(s.lowerBound)
        #expect(s.busiest * 4 <= bound * 5, "busiest \(s.busiest / 60) min")
        #expect(s.daysOverLongDay == 0)
        #expect(s.shortSittings == 0)
        #expect(s.emptyDays <= 2)
        #expect((s.firstQuarterShare ?? 1) < 0.25)
        #expect(stdout.contains("  days over 4h         0\n"))
    }
}

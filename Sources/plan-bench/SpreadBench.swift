import Foundation
import PlanCore
import PlanService
import PlanStore

/// Section 9: how the plan of a realistic fortnight spreads its work over the
/// days (issue 30), early and balanced. `Examples/fortnight.sh` adds its eleven tasks one by one
/// through this executable's `plan` mode (the code `plan add-task` runs) into
/// a store kept in the workdir; the store is then measured through the
/// service (``PlanService/spread()``, ``PlanSpread``). Not a timing: the
/// figures are the same on every run and machine.
struct SpreadBench {
    let options: Options
    /// Early placement, then balanced: each placement's spread, or why there is none.
    var runs: [(placement: String, spread: PlanSpread?, note: String?)] = []

    init(options: Options) { self.options = options }

    /// The fortnight's clock (the script's `PLAN_NOW`).
    static let now = "2026-11-02T08:00:00-05:00"
    /// The repository this executable was built from (the script lives there).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    mutating func run() {
        print("9. Spread of the fortnight: Examples/fortnight.sh (11 tasks, the bundled fall classes),"
              + " early and balanced placement, measured through the service")
        for placement in ["early", "balanced"] {
            let (spread, note) = measure(placement)
            runs.append((placement, spread, note))
            print("   \(placement):")
            for line in (spread.map(Self.text) ?? note ?? "").split(separator: "\n") { print("     " + line) }
        }
    }

    /// The script run with `placement` into a new store, and the spread of its plan.
    func measure(_ placement: String) -> (PlanSpread?, String?) {
        let dir = options.freshFolder("spread-\(placement)")
        let storePath = dir + "/fortnight.sqlite"
        var env = ProcessInfo.processInfo.environment
        env["PLAN_BENCH"] = Child.selfPath
        env["FORTNIGHT_PLACEMENT"] = placement
        let script = Self.repository + "/Examples/fortnight.sh"
        let r = Child.run(["bash", script, storePath], environment: env, capture: true)
        guard r.status == 0, !r.stdout.contains("(exit ") else {
            let refused = r.stdout.components(separatedBy: "\n").first { $0.hasPrefix("(exit ") }
            return (nil, "Examples/fortnight.sh failed (\(r.status)): " + (refused ?? String(r.stderr.prefix(200))))
        }
        do {
            return (try Self.measure(store: storePath, now: Self.now), nil)
        } catch {
            return (nil, "cannot measure \(storePath): \(error)")
        }
    }

    /// The spread of the plan in the store at `path`, at the clock `now`.
    static func measure(store path: String, now: String) throws -> PlanSpread {
        let instant = try PlanClock.fixedNow(environment: ["PLAN_NOW": now])!
        return try PlanService(store: try PlanStore(path: path), now: instant).spread()
    }

    /// `plan-bench spread`: the spread of the store `$PLAN_STORE` at `$PLAN_NOW`
    /// (the clock when unset), printed as ``text(_:)``; exits 0, or 1 with the reason.
    static func child() -> Int32 {
        let env = ProcessInfo.processInfo.environment
        do {
            let now = try PlanClock.fixedNow(environment: env) ?? Instant(seconds: Int64(Date().timeIntervalSince1970))
            let service = PlanService(store: try PlanStore(path: PlanStore.defaultPath(environment: env)), now: now)
            print(text(try service.spread()), terminator: "")
            return 0
        } catch {
            FileHandle.standardError.write(Data("plan-bench spread: \(error)\n".utf8))
            return 1
        }
    }

    /// The figures, one a line, then one line per task.
    static func text(_ s: PlanSpread) -> String {
        let h = ISODuration.humanString
        let span = s.days.first.map { "\($0.isoString) … \(s.days.last!.isoString), \(s.days.count) days" }
            ?? "no days"
        var out = "Spread of the plan (\(span); \(h(s.totalWork)) of work in \(s.tasks.count) tasks)\n"
        let lines: [(String, String)] = [
            ("busiest day", h(s.busiest) + (s.busiestDay.map { " (\(TimeText.day($0)))" } ?? "")),
            ("lower bound",
             "\(s.lowerBound.map(h) ?? "-") (\(h(s.totalWork)) over \(s.usableDays) days with usable time)"),
            ("days over \(h(PlanSpread.longDay))", "\(s.daysOverLongDay)"),
            ("empty days", "\(s.emptyDays) of \(s.days.count)"),
            ("first quarter", "\(percent(s.firstQuarterShare)) of the work in the first quarter of its window"),
            ("sittings under \(h(PlanSpread.shortSitting))", "\(s.shortSittings)"),
            ("least slack", s.leastSlack.map { "\(h($0.slack)) (\($0.id))" } ?? "-"),
        ]
        for (label, value) in lines { out += "  " + Format.pad(label, 20) + " " + value + "\n" }
        let rows = s.tasks.map { t in
            [t.id, h(t.work), percent(t.firstQuarterShare), t.slack.map(h) ?? "-"]
        }
        out += Format.table(["task", "work", "first quarter", "slack"], rows)
        return out
    }

    /// `96 %`, or `-`.
    static func percent(_ share: Double?) -> String {
        share.map { String(format: "%.0f %%", $0 * 100) } ?? "-"
    }

    func table() -> String {
        var out = "| placement | busiest day | days over 4 h | empty days | work in the first quarter of its window"
            + " | sittings under 45 min | least slack | lower bound for the busiest day |\n"
            + "|---|---|---|---|---|---|---|---|\n"
        let h = ISODuration.humanString
        for run in runs {
            guard let s = run.spread else {
                out += "| \(run.placement) | \(run.note ?? "not measured") | | | | | | |\n"
                continue
            }
            out += "| \(run.placement) | \(h(s.busiest)) | \(s.daysOverLongDay) | \(s.emptyDays) of \(s.days.count) | "
                + "\(Self.percent(s.firstQuarterShare)) | \(s.shortSittings) | "
                + (s.leastSlack.map { "\(h($0.slack)) (\($0.id))" } ?? "-")
                + " | \(s.lowerBound.map(h) ?? "-") (\(h(s.totalWork)) over \(s.usableDays) days) |\n"
        }
        return out
    }

    var json: JSON {
        .object(runs.map { run in
            guard let s = run.spread else { return (run.placement, JSON.object([("note", .str(run.note))])) }
            return (run.placement, JSON.object([
                ("days", .int(s.days.count)), ("usableDays", .int(s.usableDays)), ("workSeconds", .int(Int(s.totalWork))),
                ("busiestSeconds", .int(Int(s.busiest))), ("busiestDay", .str(s.busiestDay?.isoString)),
                ("daysOverFourHours", .int(s.daysOverLongDay)), ("emptyDays", .int(s.emptyDays)),
                ("firstQuarterShare", .num(s.firstQuarterShare, 4)), ("sittingsUnder45Minutes", .int(s.shortSittings)),
                ("leastSlackSeconds", .int(s.leastSlack.map { Int($0.slack) })), ("leastSlackTask", .str(s.leastSlack?.id)),
                ("lowerBoundSeconds", .int(s.lowerBound.map { Int($0) })),
            ]))
        })
    }
}

import Foundation
import PlanCore
import PlanRender
import PlanStore
import Testing
@testable import PlanService

/// `replan` on a real store: what must move moves, with its reason, and
/// nothing else; `compact` is a fresh fit.
@Suite struct ReplanTests {
    static let zone = SystemZone(identifier: "America/New_York")!
    static let classes = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/fall-2026-classes.ics").path

    /// `hh:mm` on the wall clock of 2026-11-`day`.
    /// A task in the contract's spelling: the four required members, then `extra`.
    static func spec(_ id: String, _ title: String, _ estimate: String, _ due: String,
                     _ extra: (inout ScheduleRequest.TaskSpec) -> Void = { _ in }) -> ScheduleRequest.TaskSpec {
        var spec = ScheduleRequest.TaskSpec(id: id, title: title, estimate: estimate, due: due)
        extra(&spec)
        return spec
    }

    static func at(_ day: Int, _ hour: Int, _ minute: Int = 0) -> Instant {
        zone.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 11, day: day), hour: hour, minute: minute))
    }

    /// The first days of the student story: the example classes, its
    /// policy and four of its tasks, planned on Monday 2026-11-02 at 08:00.
    static func week() throws -> (BusyCacheTests.Scratch, PlanService) {
        let s = try BusyCacheTests.Scratch()
        let service = PlanService(store: s.store, now: at(2, 8), environment: ["TZ": "UTC"])
        _ = try service.updateSettings {
            $0.timeZone = "America/New_York"
            $0.policy = ScheduleRequest.PolicySpec(dayStart: "08:00", dayEnd: "22:00", buffer: "PT10M", maxPerDay: "PT6H")
        }
        let specs = [
            Self.spec("reading", "Reading", "PT3H", "2026-11-06") { $0.span = "PT1H" },
            Self.spec("essay", "Essay", "PT6H", "2026-11-13") { ($0.span, $0.earliest, $0.after) = ("PT1H30M", "09:00", ["reading"]) },
            Self.spec("pset", "Problem set", "PT4H", "2026-11-05T23:59") { $0.span = "PT2H" },
            Self.spec("lab", "Lab report", "PT3H", "2026-11-09") { $0.minSitting = "PT45M" },
        ]
        for spec in specs {
            _ = try service.addTask(try TaskDefinition(spec, path: ""), registering: [classes], dryRun: false, replan: false)
        }
        return (s, service)
    }

    /// Every task's sittings that have not ended, in time order.
    static func sittings(_ s: BusyCacheTests.Scratch, now: Instant = at(2, 8)) throws -> [String: [TimeRange]] {
        PlanService.future(try s.store.read { try $0.sittings() }, now: now)
    }

    /// Sets a task's stored sittings, as another planner (or an older plan) left them.
    static func replaceSittings(_ s: BusyCacheTests.Scratch, _ id: String, _ ranges: [TimeRange]) throws {
        try s.store.write { t in
            try t.replaceSittings(taskId: id, with: ranges.enumerated().map {
                Sitting(taskId: id, range: $0.element, index: $0.offset + 1, count: ranges.count)
            })
        }
    }

    /// After `compact`, the plan is the one a store with no sittings at all
    /// gets from a replan: a fresh fit of the same tasks.
    @Test func compactIsAFreshFit() throws {
        let (s, service) = try Self.week()
        _ = try service.done("reading", DoneInput())
        _ = try service.done("pset", DoneInput(spent: "1h"))
        let (compacted, _) = try service.replan(compact: true)
        #expect(compacted.compact && compacted.saved)
        #expect(!compacted.moves.isEmpty, "compact pulls the week forward into the reading's time")
        let afterCompact = try Self.sittings(s)

        for task in try s.store.read({ try $0.tasks() }) { try Self.replaceSittings(s, task.task.id, []) }
        let (fresh, _) = try service.replan()
        #expect(fresh.kept == 0)
        #expect(fresh.moves.allSatisfy { $0.reason == .noSittings })
        #expect(try Self.sittings(s) == afterCompact)
    }

    /// Work recorded elsewhere (another client wrote the store): that task's
    /// sittings no longer add up, so it alone is re-fitted.
    @Test func recordedWorkRefitsOnlyThatTask() throws {
        let (s, service) = try Self.week()
        let before = try Self.sittings(s)
        try s.store.write { t in
            var spec = try #require(try t.tasks().first { $0.task.id == "pset" }).task
            spec.done = 3_600
            try t.saveTask(spec)
        }
        let (r, _) = try service.replan()
        #expect(r.moves.map(\.taskId) == ["pset"])
        #expect(r.moves.first?.reason == .workChanged(planned: 4 * 3_600, remaining: 3 * 3_600))
        #expect(r.moves.first?.reason?.phrase(Self.zone) == "1h of work recorded")
        let after = try Self.sittings(s)
        for id in ["reading", "essay", "lab"] { #expect(after[id] == before[id], "\(id) stayed") }
        let planned: Int64 = (after["pset"] ?? []).reduce(0) { $0 + $1.duration }
        #expect(planned == 3 * 3_600)
        // Kept: every other sitting, and any of the problem set's that landed where one was.
        let others = before.filter { $0.key != "pset" }.values.reduce(0) { $0 + $1.count }
        let landedAgain = (after["pset"] ?? []).filter { before["pset"]?.contains($0) == true }.count
        #expect(r.kept == others + landedAgain)
    }

    /// A shorter day: exactly the tasks with a sitting outside the new window
    /// move, each because of the policy.
    @Test func aShorterDayMovesOnlyWhatItRulesOut() throws {
        let (s, service) = try Self.week()
        let before = try Self.sittings(s)
        _ = try service.updateSettings { ($0.policy.dayStart, $0.policy.dayEnd) = ("10:00", "18:00") }
        let late = Set(before.filter { $0.value.contains {
            Self.zone.local($0.end).secondOfDay > 18 * 3_600 || Self.zone.local($0.start).secondOfDay < 10 * 3_600
        } }.keys)
        #expect(!late.isEmpty)
        let (r, _) = try service.replan()
        #expect(Set(r.moves.map(\.taskId)) == late)
        #expect(r.moves.allSatisfy { $0.reason?.id == "window" })
        #expect(r.moves.allSatisfy { $0.reason?.phrase(Self.zone).hasPrefix("policy changed: outside 10:00–18:00 on ") == true })
        let after = try Self.sittings(s)
        for (id, ranges) in before where !late.contains(id) { #expect(after[id] == ranges, "\(id) stayed") }
        #expect(after.values.joined().allSatisfy {
            Self.zone.local($0.end).secondOfDay <= 18 * 3_600 && Self.zone.local($0.start).secondOfDay >= 10 * 3_600
        })
    }

    /// A sitting on top of a class, or inside its buffer, names the class
    /// from the calendar (the scheduler itself sees only busy time).
    @Test(arguments: [
        (14, 0, "collides with CHEM 110 Lab (section L07) on Wed 2026-11-04"),
        (12, 55, "too close to CHEM 110 General Chemistry (lecture) on Wed 2026-11-04 (buffer)"),
    ])
    func aCollisionNamesTheClass(hour: Int, minute: Int, reason: String) throws {
        let (s, service) = try Self.week()
        let before = try Self.sittings(s)
        let lab = try #require(before["lab"])
        // Its first sitting moved onto the class, as if the calendar had changed under it.
        let start = Self.at(4, hour, minute)
        let moved = [TimeRange(start: start, end: start + lab[0].duration)] + lab.dropFirst()
        try Self.replaceSittings(s, "lab", moved.sorted { $0.start < $1.start })
        let (r, _) = try service.replan(dryRun: true)
        #expect(r.moves.map(\.taskId) == ["lab"])
        #expect(r.moves.first?.reason?.id == "busy")
        #expect(r.moves.first?.reason?.phrase(Self.zone) == reason)
        #expect(!r.saved)
        #expect(try Self.sittings(s)["lab"] == moved.sorted { $0.start < $1.start }, "a dry run saves nothing")
    }

    /// `add-task` offers to re-make the plan (`--replan`) only when every
    /// task that has its place keeps one: a new task that fits only by
    /// pushing another out is refused with its diagnostic, and nothing moves.
    @Test func replanNeverDropsAnotherTask() throws {
        let s = try BusyCacheTests.Scratch()
        let service = PlanService(store: s.store, now: Self.at(23, 8), environment: ["TZ": "UTC"])
        // The day of the request it was written for: 07:00–22:00.
        _ = try service.updateSettings {
            $0.timeZone = "America/New_York"
            ($0.policy.dayStart, $0.policy.dayEnd) = ("07:00", "22:00")
        }
        let lab = ScheduleRequest.TaskSpec(id: "lab", title: "Lab report", estimate: "PT30H", due: "2026-11-25")
        _ = try service.addTask(try TaskDefinition(lab, path: ""), registering: [Self.classes], dryRun: false, replan: false)
        let before = try Self.sittings(s, now: Self.at(23, 8))
        let essay = Self.spec("essay", "Essay", "PT12H", "2026-11-24") { $0.span = "PT2H" }
        let (outcome, _) = try service.addTask(try TaskDefinition(essay, path: ""), registering: [],
                                               dryRun: false, replan: true)
        guard case .unschedulable(_, let diagnostic) = outcome else {
            Issue.record("expected a refusal, got \(outcome)")
            return
        }
        #expect(diagnostic.taskId == "essay")
        #expect(try Self.sittings(s, now: Self.at(23, 8)) == before)
        #expect(try service.tasks().map(\.task.id) == ["lab"])
    }
}

import Foundation
import PlanCore
import PlanRender
import Testing

/// Which planned sittings may stay when the plan is re-made
/// (``TaskScheduler/verdicts(tasks:planned:busy:)``), and the re-plan that
/// keeps them (``TaskScheduler/plan(tasks:busy:keeping:)``).
@Suite struct KeptSittingsTests {
    static let zone = SystemZone(identifier: "America/New_York")!
    /// Monday 2026-11-23.
    static let monday = LocalDate(iso: "2026-11-23")!

    /// The instant `hh:mm` names on the wall clock of `day` days after Monday.
    static func at(_ day: Int, _ hhmm: String, zone: SystemZone = zone, from first: LocalDate = monday) -> Instant {
        let t = TimeOfDay(hhmm: hhmm, allowEndOfDay: false)!
        return zone.resolve(LocalDateTime(date: first.adding(days: day), hour: t.minutes / 60, minute: t.minutes % 60))
    }

    /// `HH:MM-HH:MM` on the wall clock of `day` days after Monday.
    static func range(_ day: Int, _ span: String, zone: SystemZone = zone, from first: LocalDate = monday) -> TimeRange {
        let parts = span.split(separator: "-").map(String.init)
        return TimeRange(start: at(day, parts[0], zone: zone, from: first), end: at(day, parts[1], zone: zone, from: first))
    }

    /// A 2-hour task in sittings of 30 minutes to an hour, due Friday,
    /// planned Monday 09:00–10:00 and 10:15–11:15.
    static let task = PlanTask(id: "a", title: "A", estimate: 7_200, due: at(4, "12:00"), span: 3_600, minSitting: 1_800)
    static let planned = ["a": [range(0, "09:00-10:00"), range(0, "10:15-11:15")]]

    /// The verdict on `task` planned as `planned`, under `policy` at `now`.
    static func verdict(_ task: PlanTask = task, policy: Policy = Policy(zone: zone), now: Instant = at(0, "08:00"),
                        planned: [String: [TimeRange]] = planned, busy: [BusyBlock] = []) -> KeepVerdict? {
        TaskScheduler(policy: policy, now: now).verdicts(tasks: [task], planned: planned, busy: busy)[task.id]
    }

    /// The reason's id, or `keep`.
    static func id(_ v: KeepVerdict?) -> String? {
        switch v {
        case .keep?: "keep"
        case .refit(let why)?: why.id
        case nil: nil
        }
    }

    @Test func sittingsTheSchedulerJustMadeAreAllKept() {
        let scheduler = TaskScheduler(policy: Policy(zone: Self.zone, maxPerDay: 4 * 3_600), now: Self.at(0, "08:00"))
        let tasks = [
            PlanTask(id: "essay", title: "Essay", estimate: 6 * 3_600, due: Self.at(3, "22:00"), span: 5_400),
            PlanTask(id: "reading", title: "Reading", estimate: 3 * 3_600, due: Self.at(1, "22:00"), span: 3_600),
            PlanTask(id: "pset", title: "Problem set", estimate: 4 * 3_600, due: Self.at(2, "12:00"), after: ["reading"]),
        ]
        let busy = Policy(zone: Self.zone).busyBlocks(from: [])
        let plan = scheduler.plan(tasks: tasks, busy: busy)
        let planned = Dictionary(grouping: plan.sittings, by: \.taskId).mapValues { $0.map(\.range) }
        #expect(scheduler.verdicts(tasks: tasks, planned: planned, busy: busy).values.allSatisfy { $0 == .keep })
        let again = scheduler.plan(tasks: tasks, busy: busy, keeping: planned)
        #expect(again.refitted.isEmpty)
        #expect(again.plan.sittings == plan.sittings)
    }

    /// Each rule a changed calendar, policy or task can break, named.
    @Test func eachBrokenRuleIsNamed() {
        let ny = Self.zone
        #expect(Self.id(Self.verdict()) == "keep")
        // Busy time on top of a sitting, and busy time whose buffer only touches one.
        let lab = BusyBlock(range: Self.range(0, "09:30-09:45"), source: "lab.ics")
        #expect(Self.verdict(busy: [lab]) == .refit(.busy(sitting: Self.range(0, "09:00-10:00"), block: lab,
                                                          inBuffer: false, summary: nil)))
        let widened = BusyBlock(range: Self.range(0, "11:10-12:10"), source: "lab.ics")
        #expect(Self.verdict(policy: Policy(zone: ny, buffer: 600), busy: [widened])
            == .refit(.busy(sitting: Self.range(0, "10:15-11:15"), block: widened, inBuffer: true, summary: nil)))
        // The policy's window, the task's own hours, working days, the grid, the break.
        #expect(Self.id(Self.verdict(policy: Policy(zone: ny, dayStart: TimeOfDay(hour: 9, minute: 30)))) == "window")
        #expect(Self.id(Self.verdict(policy: Policy(zone: ny, dayEnd: TimeOfDay(hour: 11)))) == "window")
        var early = Self.task
        early.earliest = TimeOfDay(hour: 9, minute: 30)
        #expect(Self.id(Self.verdict(early)) == "hours")
        #expect(Self.id(Self.verdict(policy: Policy(zone: ny, workingDays: [.tuesday, .wednesday]))) == "working-days")
        #expect(Self.verdict(policy: Policy(zone: ny, granularity: 1_800))
            == .refit(.offGrid(sitting: Self.range(0, "10:15-11:15"), step: 1_800)))
        #expect(Self.id(Self.verdict(policy: Policy(zone: ny, breakBetweenSittings: 1_800))) == "break")
        // The task's start, due, span and minimum sitting.
        var later = Self.task
        later.start = Self.at(0, "10:00")
        #expect(Self.verdict(later) == .refit(.beforeStart(sitting: Self.range(0, "09:00-10:00"), start: Self.at(0, "10:00"))))
        var sooner = Self.task
        sooner.due = Self.at(0, "11:00")
        #expect(Self.id(Self.verdict(sooner)) == "due")
        var shorter = Self.task
        shorter.span = 2_700
        #expect(Self.verdict(shorter) == .refit(.tooLong(sitting: Self.range(0, "09:00-10:00"), span: 2_700)))
        var longer = Self.task
        longer.span = 5_400
        longer.minSitting = 4_500
        #expect(Self.id(Self.verdict(longer)) == "min-sitting")
        // The remaining work: recorded, grown, all of it, or nothing planned.
        var recorded = Self.task
        recorded.done = 3_600
        #expect(Self.verdict(recorded) == .refit(.workChanged(planned: 7_200, remaining: 3_600)))
        var grown = Self.task
        grown.estimate = 3 * 3_600
        #expect(Self.verdict(grown) == .refit(.workChanged(planned: 7_200, remaining: 10_800)))
        var finished = Self.task
        finished.done = finished.estimate
        #expect(Self.id(Self.verdict(finished)) == "work-changed")
        #expect(Self.verdict(finished, planned: [:]) == .keep)
        #expect(Self.verdict(planned: [:]) == .refit(.noSittings))
    }

    /// The sitting under way at `now` is the user's: not faulted for starting
    /// before `now`. Sittings that already ended are history and no longer
    /// count toward the work they planned.
    @Test func aSittingUnderWayStaysAndPastOnesDoNotCount() {
        #expect(Self.verdict(now: Self.at(0, "09:30")) == .keep)
        #expect(Self.verdict(now: Self.at(0, "10:05")) == .refit(.workChanged(planned: 3_600, remaining: 7_200)))
    }

    /// Windows follow the wall clock across the change back to standard time
    /// (New York, Sunday 2026-11-01), and the grid is the local clock's, also
    /// where the zone is half an hour off UTC.
    @Test func windowsAndGridFollowTheWallClock() {
        let saturday = LocalDate(iso: "2026-10-31")!
        let now = Self.at(0, "08:00", from: saturday)
        let policy = Policy(zone: Self.zone, dayStart: TimeOfDay(hour: 7))
        let task = PlanTask(id: "a", title: "A", estimate: 3_600, due: Self.at(3, "12:00", from: saturday))
        // 07:00–08:00 on Sunday's clock (EST) is inside the window…
        let sunday = Self.range(1, "07:00-08:00", from: saturday)
        #expect(Self.verdict(task, policy: policy, now: now, planned: ["a": [sunday]]) == .keep)
        // …but the same hour read with Saturday's offset (EDT) is 06:00 on Sunday's clock.
        let stale = TimeRange(start: sunday.start - 3_600, end: sunday.end - 3_600)
        #expect(Self.id(Self.verdict(task, policy: policy, now: now, planned: ["a": [stale]])) == "window")

        let kolkata = SystemZone(identifier: "Asia/Kolkata")!
        let hourly = Policy(zone: kolkata, granularity: 3_600)
        let due = Self.at(2, "12:00", zone: kolkata)
        let onTheHour = Self.range(1, "09:00-10:00", zone: kolkata)
        #expect(onTheHour.start.seconds % 3_600 != 0, "09:00 in Kolkata is not on the UTC hour")
        let t = PlanTask(id: "a", title: "A", estimate: 3_600, due: due)
        #expect(Self.verdict(t, policy: hourly, now: Self.at(0, "08:00", zone: kolkata), planned: ["a": [onTheHour]]) == .keep)
    }

    /// A lower `maxPerDay`: the task placed later in rule 8's order gives
    /// way; the earlier one keeps its sittings.
    @Test func overTheDailyMaximumTheLaterTaskGivesWay() {
        let scheduler = TaskScheduler(policy: Policy(zone: Self.zone, maxPerDay: 3 * 3_600), now: Self.at(0, "08:00"))
        let tasks = [
            PlanTask(id: "late", title: "Late", estimate: 7_200, due: Self.at(4, "12:00"), span: 7_200),
            PlanTask(id: "soon", title: "Soon", estimate: 7_200, due: Self.at(1, "12:00"), span: 7_200),
        ]
        let planned = ["soon": [Self.range(0, "09:00-11:00")], "late": [Self.range(0, "11:00-13:00")]]
        let r = scheduler.plan(tasks: tasks, busy: [], keeping: planned)
        #expect(r.refitted == ["late": .overDailyMax(sitting: Self.range(0, "11:00-13:00"), maxPerDay: 3 * 3_600)])
        #expect(r.plan.sittings.filter { $0.taskId == "soon" }.map(\.range) == planned["soon"])
        let moved = r.plan.sittings.filter { $0.taskId == "late" }.map(\.range)
        #expect(moved != planned["late"] && moved.reduce(0) { $0 + $1.duration } == 7_200)
        #expect(r.plan.tasks.allSatisfy { $0.status == .scheduled })
    }

    /// A prerequisite re-fitted past the first sitting of a task that comes
    /// after it takes that task along; the two end up in order.
    @Test func aPrerequisiteThatMovesLaterTakesItsDependentAlong() {
        let scheduler = TaskScheduler(policy: Policy(zone: Self.zone), now: Self.at(0, "07:00"))
        let tasks = [
            PlanTask(id: "read", title: "Read", estimate: 3_600, due: Self.at(0, "22:00")),
            PlanTask(id: "write", title: "Write", estimate: 3_600, due: Self.at(0, "22:00"), after: ["read"]),
        ]
        let planned = ["read": [Self.range(0, "09:00-10:00")], "write": [Self.range(0, "10:15-11:15")]]
        let seminar = BusyBlock(range: Self.range(0, "07:00-10:00"), source: "seminar.ics")
        let r = scheduler.plan(tasks: tasks, busy: [seminar], keeping: planned)
        #expect(r.refitted["read"]?.id == "busy")
        #expect(r.refitted["write"] == .beforePrerequisite(sitting: Self.range(0, "10:15-11:15"), taskId: "read"))
        let read = r.plan.sittings.filter { $0.taskId == "read" }, write = r.plan.sittings.filter { $0.taskId == "write" }
        #expect(read.map(\.range) == [Self.range(0, "10:00-11:00")])
        #expect(write.first.map { $0.range.start >= read.last!.range.end } == true)
    }

    /// A task finished early frees its time, and nothing else moves into it.
    @Test func aTaskFinishedEarlyFreesItsTime() {
        let scheduler = TaskScheduler(policy: Policy(zone: Self.zone), now: Self.at(0, "08:00"))
        var tasks = [
            PlanTask(id: "first", title: "First", estimate: 7_200, due: Self.at(0, "22:00"), span: 3_600),
            PlanTask(id: "second", title: "Second", estimate: 7_200, due: Self.at(1, "22:00"), span: 3_600),
        ]
        let plan = scheduler.plan(tasks: tasks, busy: [])
        tasks[0].done = tasks[0].estimate
        let rest = Dictionary(grouping: plan.sittings.filter { $0.taskId == "second" }, by: \.taskId).mapValues { $0.map(\.range) }
        let r = scheduler.plan(tasks: tasks, busy: [], keeping: rest)
        #expect(r.refitted.isEmpty)
        #expect(r.plan.sittings == plan.sittings.filter { $0.taskId == "second" })
        #expect(r.plan.tasks.map(\.status) == [.done, .scheduled])
    }

    @Test func reasonsInWords() {
        let wednesday = Self.range(2, "14:00-15:00")
        let block = BusyBlock(range: Self.range(2, "14:00-16:50"), source: "classes.ics")
        #expect(RefitReason.busy(sitting: wednesday, block: block, inBuffer: false, summary: "CHEM 110 Lab").phrase(Self.zone)
            == "collides with CHEM 110 Lab on Wed 2026-11-25")
        #expect(RefitReason.busy(sitting: wednesday, block: block, inBuffer: true, summary: nil).phrase(Self.zone)
            == "too close to busy time on Wed 2026-11-25 (buffer)")
        #expect(RefitReason.workChanged(planned: 7_200, remaining: 3_600).phrase(Self.zone) == "1h of work recorded")
        #expect(RefitReason.outsideDay(sitting: wednesday, dayStart: TimeOfDay(hour: 8), dayEnd: TimeOfDay(hour: 20))
            .phrase(Self.zone) == "policy changed: outside 08:00–20:00 on Wed 2026-11-25")
        #expect(RefitReason.afterDue(sitting: wednesday, due: Self.at(3, "00:00")).phrase(Self.zone)
            == "due moved to Wed 2026-11-25 24:00")
        #expect(RefitReason.noSittings.phrase(Self.zone) == "no sittings planned")
    }
}

/// Why a task's planned sittings cannot all stay where they are when the plan
/// is re-made (`plan replan`): the first rule of the contract (see
/// ``TaskScheduler``) they no longer obey, or the change that makes them
/// unnecessary. The `sitting` of a case is the first one found at fault.
package enum RefitReason: Hashable, Sendable {
    /// No sitting from now on: never planned, dropped when it stopped
    /// fitting, or all of them already past.
    case noSittings
    /// Rule 5: the sittings add up to `planned` but `remaining` is left
    /// (work was recorded, or sittings passed without being recorded).
    case workChanged(planned: Int64, remaining: Int64)
    /// Rule 3: the sitting overlaps a block of busy time (`block`, widened by
    /// the buffer); `inBuffer` when only the buffer around the event does.
    /// `summary` names the event when the caller knows it: the scheduler sees
    /// busy time only, the service looks the event up in the calendar.
    case busy(sitting: TimeRange, block: BusyBlock, inBuffer: Bool, summary: String?)
    /// Rule 2: outside the policy's day window.
    case outsideDay(sitting: TimeRange, dayStart: TimeOfDay, dayEnd: TimeOfDay)
    /// Rule 2: inside the day window but outside the task's own hours
    /// (`earliest`/`latest`).
    case outsideHours(sitting: TimeRange, earliest: TimeOfDay, latest: TimeOfDay)
    /// Rule 2: on a day that is not a working day.
    case dayOff(sitting: TimeRange)
    /// Rule 3: a start or end off the `step` grid of the local clock.
    case offGrid(sitting: TimeRange, step: Int64)
    /// Rule 2: before the task's `start`.
    case beforeStart(sitting: TimeRange, start: Instant)
    /// Rule 2: ends after the task's `due`.
    case afterDue(sitting: TimeRange, due: Instant)
    /// Rule 4: longer than the span (capped at the remaining work).
    case tooLong(sitting: TimeRange, span: Int64)
    /// Rule 4: shorter than the minimum sitting (capped at the span).
    case tooShort(sitting: TimeRange, minSitting: Int64)
    /// Rule 3: closer than `breakLength` to the task's previous sitting.
    case breakTooShort(sitting: TimeRange, breakLength: Int64)
    /// Rule 3: overlaps a kept sitting of a task placed before it.
    case overlaps(sitting: TimeRange, taskId: String)
    /// Rule 7: with the kept sittings of tasks placed before it, its day
    /// would hold more than `maxPerDay`.
    case overDailyMax(sitting: TimeRange, maxPerDay: Int64)
    /// Rule 6: a task it comes after now ends later than this sitting starts.
    case beforePrerequisite(sitting: TimeRange, taskId: String)
    /// Rule 6: a task it comes after no longer fits.
    case prerequisiteUnschedulable(taskId: String)
    /// Nothing was wrong with it: `plan replan --compact` re-fits every task.
    case compact
    /// The plan kept had drifted from level: its busiest day ahead (`busiest`) was more than
    /// ``BusiestBound`` allows over the least busy plan of the same work (`least`), so the
    /// work from now on was laid out again.
    case level(busiest: Int64, least: Int64)

    /// Stable id for programs (the `id` of a move's reason on the wire).
    package var id: String {
        switch self {
        case .noSittings: "no-sittings"
        case .workChanged: "work-changed"
        case .busy: "busy"
        case .outsideDay: "window"
        case .outsideHours: "hours"
        case .dayOff: "working-days"
        case .offGrid: "grid"
        case .beforeStart: "start"
        case .afterDue: "due"
        case .tooLong: "span"
        case .tooShort: "min-sitting"
        case .breakTooShort: "break"
        case .overlaps: "overlap"
        case .overDailyMax: "max-per-day"
        case .beforePrerequisite, .prerequisiteUnschedulable: "after"
        case .compact: "compact"
        case .level: "level"
        }
    }

    /// The sitting found at fault, if the reason is about one.
    package var sitting: TimeRange? {
        switch self {
        case .busy(let s, _, _, _), .outsideDay(let s, _, _), .outsideHours(let s, _, _), .dayOff(let s),
             .offGrid(let s, _), .beforeStart(let s, _), .afterDue(let s, _), .tooLong(let s, _), .tooShort(let s, _),
             .breakTooShort(let s, _), .overlaps(let s, _), .overDailyMax(let s, _), .beforePrerequisite(let s, _):
            s
        case .noSittings, .workChanged, .prerequisiteUnschedulable, .compact, .level:
            nil
        }
    }
}

/// Whether a task's planned sittings stay where they are (``TaskScheduler/verdicts(tasks:planned:busy:)``).
package enum KeepVerdict: Hashable, Sendable {
    /// Every sitting still obeys the rules and together they are still its
    /// remaining work (also: nothing is left and nothing is planned).
    case keep
    /// It must be re-fitted, for this reason.
    case refit(RefitReason)
}

/// A plan re-made keeping what may stay (``TaskScheduler/plan(tasks:busy:keeping:)``).
package struct KeepingPlan: Hashable, Sendable {
    /// The kept tasks with exactly their planned sittings, the others re-fitted.
    package var plan: Plan
    /// Why each task that was re-fitted lost its place; a task not named
    /// here kept every sitting it had.
    package var refitted: [String: RefitReason]
}

extension TaskScheduler {
    /// Per task, whether its `planned` sittings from `now` on may stay as they
    /// are: `keep` when each still obeys rules 2 and 4 and the part of rule 3
    /// that concerns the task alone (busy time, the grid of the local clock,
    /// the break between its own sittings), and together they add up to the
    /// remaining work (rule 5); else the first rule broken, sittings taken in
    /// time order. Rules between tasks (overlaps, 6 and 7) depend on which
    /// others stay, so ``plan(tasks:busy:keeping:)`` checks them.
    ///
    /// A sitting already under way at `now` is not faulted for starting before
    /// `now`: it is the one the user is sitting.
    package func verdicts(tasks: [PlanTask], planned: [String: [TimeRange]], busy: [BusyBlock]) -> [String: KeepVerdict] {
        let overlap = BusyIndex(busy)
        var out: [String: KeepVerdict] = [:]
        for task in tasks {
            let ranges = (planned[task.id] ?? []).filter { $0.end > now }.sorted { $0.start < $1.start }
            out[task.id] = verdict(prepare(task), ranges, overlap)
        }
        return out
    }

    /// Rules that do not depend on the remaining work come first, so that a
    /// changed calendar or policy is named as such; then rule 5, then the
    /// lengths (whose caps follow the remaining work) and the breaks.
    private func verdict(_ prep: Prepared, _ ranges: [TimeRange], _ busy: BusyIndex) -> KeepVerdict {
        let total = ranges.reduce(Int64(0)) { $0 + $1.duration }
        if ranges.isEmpty { return prep.remaining == 0 ? .keep : .refit(.noSittings) }
        if prep.remaining == 0 { return .refit(.workChanged(planned: total, remaining: 0)) }
        let zone = policy.zone, g = policy.granularity
        for r in ranges {
            if let b = busy.first(overlapping: r) {
                let event = TimeRange(start: b.range.start + policy.buffer, end: b.range.end - policy.buffer)
                return .refit(.busy(sitting: r, block: b, inBuffer: !event.overlaps(r), summary: nil))
            }
            let date = zone.local(r.start).date
            if !policy.workingDays.contains(Weekday(date)) { return .refit(.dayOff(sitting: r)) }
            if r.start < wallClock(date, policy.dayStart) || r.end > wallClock(date, policy.dayEnd) {
                return .refit(.outsideDay(sitting: r, dayStart: policy.dayStart, dayEnd: policy.dayEnd))
            }
            if r.start < wallClock(date, prep.windowStart) || r.end > wallClock(date, prep.windowEnd) {
                return .refit(.outsideHours(sitting: r, earliest: prep.windowStart, latest: prep.windowEnd))
            }
            if zone.local(r.start).secondOfDay % Int(g) != 0 || zone.local(r.end).secondOfDay % Int(g) != 0 {
                return .refit(.offGrid(sitting: r, step: g))
            }
            if let start = prep.task.start, r.start < start { return .refit(.beforeStart(sitting: r, start: start)) }
            if r.end > prep.task.due { return .refit(.afterDue(sitting: r, due: prep.task.due)) }
        }
        if total != prep.remaining { return .refit(.workChanged(planned: total, remaining: prep.remaining)) }
        var previousEnd: Instant?
        for r in ranges {
            if r.duration > prep.span { return .refit(.tooLong(sitting: r, span: prep.span)) }
            if r.duration < prep.minSitting { return .refit(.tooShort(sitting: r, minSitting: prep.minSitting)) }
            if let end = previousEnd, r.start - end < policy.breakBetweenSittings {
                return .refit(.breakTooShort(sitting: r, breakLength: policy.breakBetweenSittings))
            }
            previousEnd = r.end
        }
        return .keep
    }

    /// The instant a time of day names on `date` (`24:00` is the next
    /// midnight), by the rule of ``UTCOffsetProvider/resolve(_:)``, as the
    /// scheduler's day windows are.
    private func wallClock(_ date: LocalDate, _ time: TimeOfDay) -> Instant {
        policy.zone.resolve(LocalDateTime(date: date.adding(days: time.minutes / 1440),
                                          hour: time.minutes % 1440 / 60, minute: time.minutes % 60))
    }

    /// Re-plans `tasks`, keeping the `planned` sittings (from `now` on) of
    /// every task they still serve, and re-fitting only the others around
    /// them: a task finished early frees its time, and nothing else moves
    /// into it.
    ///
    /// A task is kept when ``verdicts(tasks:planned:busy:)`` says so and,
    /// with the other kept tasks, rules 3, 6 and 7 still hold: in the order of
    /// rule 8, a kept task whose sittings overlap those of a kept task before
    /// it, or would take a day past `maxPerDay` with them, is re-fitted
    /// instead (so the task that would have been placed later gives way); and
    /// a kept task whose prerequisite was re-fitted to end after its first
    /// sitting, or no longer fits, is re-fitted too. Each round of these
    /// checks re-fits at least one more task or ends, so there are at most
    /// as many rounds as tasks (in practice one or two).
    package func plan(tasks: [PlanTask], busy: [BusyBlock], keeping planned: [String: [TimeRange]]) -> KeepingPlan {
        var refitted: [String: RefitReason] = [:]
        var kept: [String: [TimeRange]] = [:]
        for (id, v) in verdicts(tasks: tasks, planned: planned, busy: busy) {
            switch v {
            case .keep: kept[id] = (planned[id] ?? []).filter { $0.end > now }.sorted { $0.start < $1.start }
            case .refit(let why): refitted[id] = why
            }
        }
        while true {
            let plan = self.plan(tasks: tasks, busy: busy, fixed: kept)
            let broken = brokenTogether(plan, tasks: tasks, kept: kept)
            if broken.isEmpty { return KeepingPlan(plan: plan, refitted: refitted) }
            for (id, why) in broken {
                refitted[id] = why
                kept[id] = nil
            }
        }
    }

    /// The kept tasks that break a rule between tasks in `plan` (made with
    /// `kept` pinned), each with its reason; see ``plan(tasks:busy:keeping:)``.
    private func brokenTogether(_ plan: Plan, tasks: [PlanTask], kept: [String: [TimeRange]]) -> [String: RefitReason] {
        var broken: [String: RefitReason] = [:]
        let outcomes = Dictionary(plan.tasks.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        // Rules 3 and 7 among the kept, in the order of rule 8: the earlier
        // task's sittings are accepted first. A sitting lies inside one local
        // day, so only sittings of its day can overlap it.
        var accepted: [LocalDate: [(range: TimeRange, taskId: String)]] = [:]
        var perDay: [LocalDate: Int64] = [:]
        for id in kept.keys.sorted(by: { (outcomes[$0]?.rank ?? .max, $0) < (outcomes[$1]?.rank ?? .max, $1) }) {
            let mine = kept[id] ?? []
            var days = perDay
            var why: RefitReason?
            for r in mine {
                let day = policy.zone.local(r.start).date
                if let other = accepted[day]?.first(where: { $0.range.overlaps(r) }) {
                    why = .overlaps(sitting: r, taskId: other.taskId)
                    break
                }
                days[day, default: 0] += r.duration
                if let cap = policy.maxPerDay, days[day, default: 0] > cap {
                    why = .overDailyMax(sitting: r, maxPerDay: cap)
                    break
                }
            }
            if let why {
                broken[id] = why
                continue
            }
            for r in mine { accepted[policy.zone.local(r.start).date, default: []].append((r, id)) }
            perDay = days
        }
        // Rule 6: prerequisites re-fitted past a kept task's first sitting.
        for task in tasks {
            guard let first = kept[task.id]?.first, broken[task.id] == nil else { continue }
            for pre in task.after {
                guard let o = outcomes[pre] else { continue }
                if o.status == .unschedulable {
                    broken[task.id] = .prerequisiteUnschedulable(taskId: pre)
                    break
                }
                if let end = o.lastEnd, end > first.start {
                    broken[task.id] = .beforePrerequisite(sitting: first, taskId: pre)
                    break
                }
            }
        }
        return broken
    }
}

/// Busy blocks sorted by start, with the latest end seen so far at each
/// position, so that the first block overlapping a range is found by one
/// binary search whatever the blocks' lengths.
private struct BusyIndex {
    let blocks: [BusyBlock]
    /// `reach[i]` is the latest end among `blocks[0...i]` (never decreasing).
    let reach: [Instant]

    init(_ blocks: [BusyBlock]) {
        self.blocks = blocks.filter { !$0.range.isEmpty }.sorted { $0.range.start < $1.range.start }
        var latest = Instant(seconds: .min)
        reach = self.blocks.map { b in
            latest = max(latest, b.range.end)
            return latest
        }
    }

    /// The first block (by start) that overlaps `r`, if any: the first whose
    /// reach passes `r.start` is the first that ends after it, and it
    /// overlaps when it also starts before `r.end`.
    func first(overlapping r: TimeRange) -> BusyBlock? {
        var lo = 0, hi = reach.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if reach[mid] > r.start { hi = mid } else { lo = mid + 1 }
        }
        return lo < blocks.count && blocks[lo].range.start < r.end ? blocks[lo] : nil
    }
}

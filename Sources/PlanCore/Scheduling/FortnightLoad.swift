/// The busiest day of the coming fortnight and the least any plan of the same work could have
/// (issue 47): what `plan week`, `plan tasks` and `plan schedule` say ("busiest day 3h10m; the least
/// possible is 2h50m"). A pure function of the sittings, the tasks, the policy, the busy time and `now`.
///
/// - **The fortnight** is the local days from the day of `now` through the 13 after it: from `now` to
///   the local midnight that ends the 14th day.
/// - **Busiest day**: the most sitting time on one of those days (the part of each sitting after `now`;
///   the first such day on a tie).
/// - **The least possible** is ``LevelBound``'s level for the work that must be done inside the
///   fortnight: each given task due by its end, with the work its sittings still hold after `now`
///   (rounded down to the level's grid), from `max(now, start)` (rounded down to the grid) to its due,
///   against the busy time and the policy. ``LevelBound`` relaxes rules 1–7 and every plan of that work
///   puts all of it inside the fortnight, so no plan's busiest day of the fortnight is below it; the
///   rounding down only loosens it more. Nil when no such task has work left, or the problem has no
///   level.
package struct FortnightLoad: Hashable, Sendable {
    /// Days looked at, from the day of `now`.
    package static let days = 14

    /// The most sitting time of one day of the fortnight (0 with none).
    package var busiest: Int64
    /// The first day with ``busiest``; nil when no day has work.
    package var busiestDay: LocalDate?
    /// No plan of the same work has a lighter busiest day in the fortnight; nil without a bound.
    package var leastPossible: Int64?

    package init(busiest: Int64, busiestDay: LocalDate?, leastPossible: Int64?) {
        self.busiest = busiest
        self.busiestDay = busiestDay
        self.leastPossible = leastPossible
    }

    /// The figures of `sittings` (those of `tasks`) planned by `scheduler` against `busy`.
    package init(sittings: [Sitting], tasks: [PlanTask], scheduler: TaskScheduler, busy: [BusyBlock]) {
        let policy = scheduler.policy, now = scheduler.now
        let zone = policy.zone
        let first = zone.local(now).date
        let end = zone.resolve(LocalDateTime(date: first.adding(days: Self.days)))
        var perDay: [LocalDate: Int64] = [:]
        var after: [String: Int64] = [:]
        for s in sittings where s.range.end > now {
            after[s.taskId, default: 0] += s.range.end - max(s.range.start, now)
            guard s.range.start < end else { continue }
            // A sitting lies inside one local day (rule 2): its part after `now` counts there.
            perDay[zone.local(max(s.range.start, now)).date, default: 0] += min(s.range.end, end) - max(s.range.start, now)
        }
        let top = perDay.values.max() ?? 0
        busiest = top
        busiestDay = top > 0 ? perDay.filter { $0.value == top }.keys.min() : nil
        leastPossible = Self.least(tasks.filter { $0.due <= end }, work: after, scheduler: scheduler, busy: busy)
    }

    /// ``LevelBound``'s level of `tasks`, each with its work in `work`, from `now`.
    private static func least(_ tasks: [PlanTask], work: [String: Int64], scheduler: TaskScheduler,
                              busy: [BusyBlock]) -> Int64? {
        guard !tasks.isEmpty else { return nil }
        let board = Scoreboard(policy: scheduler.policy, busy: busy, horizon: scheduler.horizon(tasks))
        let step = LevelBound.gridStep(board.zone.offsets, granularity: scheduler.policy.granularity)
        let windows = tasks.compactMap { task -> LevelBound.Window? in
            var prep = scheduler.prepare(task)
            let left = (work[task.id] ?? 0) / step * step
            guard left > 0 else { return nil }
            prep.remaining = left
            prep.span = min(prep.span, left)
            // Any sitting length from one step up: only loosens the problem.
            prep.minSitting = min(prep.span, step)
            let lower = board.grid.floor(scheduler.lowerBound(prep, prerequisiteEnd: nil))
            return LevelBound.Window(prep: prep, lower: lower, due: task.due)
        }
        guard !windows.isEmpty,
              let bound = LevelBound(board: board, policy: scheduler.policy, windows: windows) else { return nil }
        let outcome = bound.solve()
        // A task whose work its days cannot hold (a plan made under other rules) leaves no bound.
        return outcome.unplaceable.isEmpty ? outcome.level : nil
    }
}

/// The due fix: the greedy pass's earliest due for each task, and the
/// bisection by re-plans when a due moves a prerequisite (see the type's notes).
extension FixCheck {
    /// What the greedy pass makes of a due fix: the first due it schedules
    /// the task at, none within the search, or a due that moves another task
    /// (see ``prepared(_:as:)``), left to ``dueByReplans(_:)``.
    enum GreedyDue { case at(Instant), none, movesOthers }

    /// The earliest due at which the greedy pass schedules each task of
    /// `starts`, from its due fix at its own turn (see the type's notes),
    /// within ``TaskScheduler/fixSearchDays`` of its due. One board follows
    /// the greedy pass's bookings; each task waits in a queue for the board
    /// of the turn its due gives it, and moves on to a later turn (never an
    /// earlier one) until its due fits there.
    func greedyDues(_ starts: [(task: Int, due: Instant)]) -> [Int: GreedyDue] {
        let grid = repair.template.grid
        var out: [Int: GreedyDue] = [:]
        struct Wait { var booked: Int, task: Int, due: Instant }
        var queue = Heap<Wait> { a, b in a.booked != b.booked ? a.booked < b.booked : a.task < b.task }
        /// The first step for task `u` with due `d`: a verdict, or a turn to wait for.
        func next(_ u: Int, _ d: Instant, after booked: Int?) {
            var task = problem.prepared[u].task
            task.due = d
            guard let prep = prepared(u, as: task) else { out[u] = .movesOthers; return }
            let q = turnBookings(u, prep)
            // The same board as the last look (or as at its own turn, where
            // `d` was found to fit): it fits there.
            if q == (booked ?? greedy.bookedBefore[greedy.position[u]]) { out[u] = .at(d); return }
            queue.push(Wait(booked: q, task: u, due: d))
        }
        for (u, d0) in starts { next(u, d0, after: nil) }
        let board = Scoreboard(emptyLike: repair.template)
        var booked = 0
        while let w = queue.pop() {
            while booked < w.booked {
                board.bookSitting(greedy.bookings[booked], day: board.dayNumber(greedy.bookings[booked].start))
                booked += 1
            }
            let u = w.task
            let prep = problem.prepared[u]
            let limit = grid.floor(prep.task.due + Int64(scheduler.fixSearchDays) * 86_400)
            var task = prep.task
            task.due = w.due
            let req = scheduler.requirement(prepared(u, as: task)!, lower: lower(u))
            if Placer.using(board, req, { $0.fits() }) { out[u] = .at(w.due); continue }
            var far = req
            far.due = limit
            let end = Placer.using(board, far) { placer in
                placer.earliestCompletion(from: placer.initial, target: Int(req.remaining / step))
            }
            guard let end, end <= limit else { out[u] = GreedyDue.none; continue }
            // A sitting's end is on the grid: the first grid instant at or after `end`.
            next(u, max(grid.ceil(end), w.due), after: w.booked)
        }
        return out
    }

    /// How many of the greedy pass's bookings come before `u`'s turn when it
    /// is prepared as `prep` (a later due than its own). Without `u` and the
    /// tasks after it in `after` (which booked nothing, as it did), the
    /// order is the greedy one; `u` comes just before the first later task
    /// whose rule 8 key is above its own.
    private func turnBookings(_ u: Int, _ prep: TaskScheduler.Prepared) -> Int {
        var descendants = Set<Int>()
        var stack = prep.dependents
        while let d = stack.popLast() {
            if descendants.insert(d).inserted { stack += problem.prepared[d].dependents }
        }
        let key = TaskScheduler.OrderKey(prep, index: u)
        func before(_ a: Int) -> Bool { TaskScheduler.OrderKey(problem.prepared[a], index: a).precedes(key) }
        var q = greedy.position[u] + 1
        while q < greedy.order.count && (descendants.contains(greedy.order[q]) || before(greedy.order[q])) { q += 1 }
        return greedy.bookedBefore[q]
    }

    /// `u`'s lower bound in the greedy pass (its prerequisites are placed
    /// before it whatever its due).
    private func lower(_ u: Int) -> Instant {
        let prep = problem.prepared[u]
        return scheduler.lowerBound(prep, prerequisiteEnd: scheduler.prerequisiteEnd(prep, in: greedy))
    }

    /// The due fix of a task whose due decides a prerequisite's place in
    /// the order (a later due moves the prerequisite too, so nothing of the
    /// greedy pass can be reused): bisection between the task's own due,
    /// which fails, and the last due searched, with the greedy pass re-run
    /// from where the order changes; then, as for any fix, tighter values
    /// the repair pass might rescue, by whole re-plans. Left out when the
    /// checks' budget is spent.
    func dueByReplans(_ u: Int) -> Fix? {
        let task = problem.prepared[u].task
        let grid = repair.template.grid
        let limit = grid.floor(task.due + Int64(scheduler.fixSearchDays) * 86_400)
        func due(_ k: Int64) -> Instant { grid.floor(task.due + k * step) }
        func places(_ k: Int64) -> Bool? {
            guard !replanBudget.isSpent else { return nil }
            var t = task
            t.due = due(k)
            return greedyPlaces(u, t)
        }
        var lo: Int64 = 0, hi = (limit - task.due) / step
        guard hi >= 1, places(hi) == true else { return nil }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            guard let fits = places(mid) else { return nil }
            if fits { hi = mid } else { lo = mid }
        }
        let fit = tightest(u, from: due(hi).seconds, field: .due) { v in
            guard !replanBudget.isSpent else { return false }
            var t = task
            t.due = Instant(seconds: v)
            return replans(u, t)
        }
        return .due(Instant(seconds: fit))
    }
}

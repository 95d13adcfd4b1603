/// Re-planning with one task changed: the task prepared anew, the
/// problem or the whole request with it, and the greedy pass re-run.
extension FixCheck {
    /// Task `u` prepared as `task` (its place in the graph kept, its
    /// effective due recomputed), or nil when the change moves another task
    /// in rule 8's order: a prerequisite whose effective due was `u`'s.
    /// Only direct prerequisites need looking at: an earlier one's effective
    /// due follows from theirs.
    func prepared(_ u: Int, as task: PlanTask) -> TaskScheduler.Prepared? {
        let old = problem.prepared[u]
        var prep = scheduler.prepare(task)
        prep.prerequisites = old.prerequisites
        prep.dependents = old.dependents
        prep.effectiveDue = old.dependents.map { problem.prepared[$0].effectiveDue }.reduce(task.due, min)
        if prep.effectiveDue != old.effectiveDue {
            for j in old.prerequisites {
                let pre = problem.prepared[j]
                let due = pre.dependents.map { $0 == u ? prep.effectiveDue : problem.prepared[$0].effectiveDue }
                    .reduce(pre.task.due, min)
                if due != pre.effectiveDue { return nil }
            }
        }
        return prep
    }

    /// The problem with task `u` changed to `task`, or nil when the change
    /// moves another task in rule 8's order (see ``prepared(_:as:)``).
    func changing(_ u: Int, to task: PlanTask) -> Problem? {
        guard let prep = prepared(u, as: task) else { return nil }
        var p = problem
        p.prepared[u] = prep
        return p
    }

    /// Whether planning the whole request again, with `u` changed to `task`,
    /// schedules it (both passes, no diagnoses).
    func replans(_ u: Int, _ task: PlanTask) -> Bool {
        let budget = replanBudget
        let p = problem(with: u, as: task)
        let board = Scoreboard(emptyLike: repair.template)
        for r in p.pinBookings { board.bookSitting(r, day: board.dayNumber(r.start)) }
        var pass = Pass(p, order: p.order)
        scheduler.place(&pass, from: 0, on: board, p)
        budget.spend(p.count + greedy.bookings.count / 8)
        if pass.status[u] == .scheduled { return true }
        let again = Repair(scheduler: scheduler, problem: p, template: repair.template, greedy: pass,
                           attempting: scheduler.usesRepair)
        budget.spend(again.spent)
        return again.final.status[u] == .scheduled
    }

    /// The request with task `u` replaced by `task`, prepared anew.
    private func problem(with u: Int, as task: PlanTask) -> Problem {
        var tasks = problem.prepared.map(\.task)
        tasks[u] = task
        var fixed: [String: [TimeRange]] = [:]
        for (i, pins) in problem.pinned.enumerated() { if let pins { fixed[tasks[i].id] = pins } }
        return scheduler.problem(tasks, fixed: fixed)
    }

    /// Whether the greedy pass, with `u` changed to `task` (which may move
    /// other tasks in the order), schedules `u`: the pass is re-run from the
    /// first place where its order changes, through `u`'s turn only.
    func greedyPlaces(_ u: Int, _ task: PlanTask) -> Bool {
        let budget = replanBudget
        let p = problem(with: u, as: task)
        var first = greedy.position[u]
        for k in 0..<min(first, p.order.count) where p.order[k] != greedy.order[k] {
            first = k
            break
        }
        var pass = greedy
        pass.order = p.order
        for (k, i) in p.order.enumerated() { pass.position[i] = k }
        let board = scheduler.board(like: repair.template, greedy, upTo: greedy.bookedBefore[first])
        scheduler.place(&pass, from: first, on: board, p, through: u)
        // Preparing the request and its order again counts as a pass over the tasks.
        budget.spend(p.count + pass.position[u] - first + 1 + greedy.bookedBefore[first] / 8)
        return pass.status[u] == .scheduled
    }
}

/// The repair pass: after the greedy pass of rule 8, each task it could not
/// place gets a few chances to go earlier in the order, ahead of a task
/// that took its time; a change is kept only when every task that was
/// scheduled is still scheduled (and so by its due).
///
/// Why it helps: rule 8 places the task due first first, and the greedy
/// placement takes the earliest room. A task with slack, due first, can use
/// up a day's `maxPerDay` or the only gap that a later-due, tighter task
/// needed; placing the tight task first leaves the slack one room later on.
///
/// How it runs, deterministically:
/// - Failed tasks are taken up by priority, then `sequence`, then input
///   order (never by a field a fix changes, so a fix's re-plan takes them up
///   in the same order). A task whose prerequisite is unschedulable, that is
///   pinned, or that does not fit even with no other task placed is skipped.
/// - Its *competitors* are the scheduled, unpinned tasks with a sitting
///   between its lower bound and its due, after its prerequisites in the
///   order. At most ``attemptsPerTask(tasks:)`` of them are tried, earliest in the
///   order first: the failed task moves to just before the competitor and
///   every task from there on is placed again, the other failed tasks kept
///   out (so one attempt rescues one task and nothing else changes status).
/// - The first attempt that schedules the task with every scheduled task
///   still scheduled is kept. The pass stops taking up tasks once its
///   attempts have re-placed ``budget(tasks:)`` tasks in all, so its cost is
///   bounded by a small multiple of one greedy pass.
struct Repair {
    let scheduler: TaskScheduler
    let problem: Problem
    /// A board with the request's busy time and horizon (its bookings are
    /// not used: each attempt rebuilds its own from a prefix).
    let template: Scoreboard
    /// The greedy pass, then each accepted attempt's pass.
    private(set) var states: [Pass]
    /// For each task the pass took up, the index in `states` at its turn.
    private(set) var turns: [Int: Int] = [:]
    /// The work the attempts did, in task placements (see ``attempts(_:_:in:)``).
    private(set) var spent = 0

    /// At most this many competitors are tried per failed task: every one
    /// (up to 64) in a request of a student's size, the first six in a
    /// large one, where each attempt re-places thousands of tasks.
    static func attemptsPerTask(tasks n: Int) -> Int { n <= 100 ? 64 : 6 }

    /// How many task placements the attempts may make in all: a few greedy
    /// passes' worth, and enough for every failed task of a small request.
    static func budget(tasks n: Int) -> Int { 2_000 + 4 * n }

    var final: Pass { states[states.count - 1] }

    /// Runs the pass (no attempts when `attempting` is false: the plan is the greedy one).
    init(scheduler: TaskScheduler, problem: Problem, template: Scoreboard, greedy: Pass, attempting: Bool = true) {
        self.scheduler = scheduler
        self.problem = problem
        self.template = template
        states = [greedy]
        let budget = attempting ? Self.budget(tasks: problem.count) : 0
        let failed = problem.order.filter { greedy.status[$0] == .unschedulable && problem.pinned[$0] == nil }
            .sorted { a, b in
                let x = problem.prepared[a].task, y = problem.prepared[b].task
                if x.priority != y.priority { return x.priority < y.priority }
                if x.sequence != y.sequence { return x.sequence < y.sequence }
                return a < b
            }
        for u in failed {
            guard spent < budget else { break }
            turns[u] = states.count - 1
            let (rescue, cost) = attempts(u, problem, in: final)
            spent += cost
            if let rescue { states.append(rescue) }
        }
    }

    /// The requirement of failed task `u` at a new turn in `state`, and the
    /// places in `state`'s order of the competitors it may go before; nil
    /// when it cannot be rescued at all (a prerequisite unschedulable, pinned,
    /// or too big even with no other task placed).
    func competitors(_ u: Int, _ problem: Problem, in state: Pass) -> (Requirement, [Int])? {
        let prep = problem.prepared[u]
        guard prep.remaining > 0, problem.pinned[u] == nil,
              !prep.prerequisites.contains(where: { state.status[$0] != .scheduled && state.status[$0] != .done })
        else { return nil }
        let lower = scheduler.lowerBound(prep, prerequisiteEnd: scheduler.prerequisiteEnd(prep, in: state))
        let req = scheduler.requirement(prep, lower: lower)
        var alone = req
        alone.withOthers = false
        guard Placer.using(template, alone, { $0.fits() }) else { return nil }

        let span = TimeRange(start: lower, end: prep.task.due)
        let after = prep.prerequisites.map { state.position[$0] + 1 }.max() ?? 0
        var competitors: [Int] = []
        let most = Self.attemptsPerTask(tasks: problem.count)
        for k in after..<state.order.count where competitors.count < most {
            let t = state.order[k]
            guard t != u, state.status[t] == .scheduled, problem.pinned[t] == nil,
                  state.placed[t].contains(where: { $0.overlaps(span) }) else { continue }
            competitors.append(k)
        }
        return (req, competitors)
    }

    /// The attempts for failed task `u` from `state`, with the tasks as
    /// `problem` has them (a fix check passes one with `u` changed): the
    /// first pass that schedules `u` and keeps every scheduled task, if
    /// any, and the work the attempts did (task placements, and an eighth
    /// for each booking replayed onto a board).
    func attempts(_ u: Int, _ problem: Problem, in state: Pass) -> (Pass?, cost: Int) {
        guard let (_, competitors) = self.competitors(u, problem, in: state) else { return (nil, 0) }
        let keepOut = state.failed.enumerated().map { $0.element && $0.offset != u }
        // `u` must fit at its new turn too: an attempt stops as soon as it does not.
        var mustStay = state.status.map { $0 == .scheduled }
        mustStay[u] = true
        var cost = 0
        let from = state.position[u]
        for k in competitors {
            var pass = state
            pass.order.remove(at: from)
            let to = k < from ? k : k - 1
            pass.order.insert(u, at: to)
            let first = min(from, to)
            for j in first..<pass.order.count { pass.position[pass.order[j]] = j }
            // `u` booked nothing, so the bookings before `first` are the same.
            let board = scheduler.board(like: template, state, upTo: state.bookedBefore[first])
            // Each task placed again counts one, each booking replayed an eighth.
            cost += pass.order.count - first + state.bookedBefore[first] / 8
            let kept = scheduler.place(&pass, from: first, on: board, problem, keepOut: keepOut, mustStay: mustStay)
            if kept && pass.status[u] == .scheduled { return (pass, cost) }
        }
        return (nil, cost)
    }
}

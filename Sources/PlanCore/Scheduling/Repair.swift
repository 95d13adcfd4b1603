/// The repair pass: after the greedy pass of rule 8, each task it could not
/// place gets a few chances to go earlier in the order, ahead of a task
/// that took its time; a change is kept only when every task that was
/// scheduled is still scheduled (and so by its due).
///
/// Why it helps: rule 8 places the task due first first, and the greedy
/// placement takes the earliest room. A task with slack, due first, can use
/// up a day's `maxPerDay` or the only gap that a later-due, tighter task
/// needed; placing the tight task first leaves the slack one room later on.
/// Placed first, the tight task can itself take room an earlier-due task
/// needed; taking its latest room instead (and the competitor the latest
/// after that) leaves the early room as it was. And a task can fail because
/// its prerequisites, due later in their own right, finished late: moving
/// them ahead with it gives it room.
///
/// How it runs, deterministically:
/// - Failed tasks are taken up by priority, then `sequence`, then input
///   order (never by a field a fix changes, so a fix's re-plan takes them up
///   in the same order). A task whose prerequisite is unschedulable, that is
///   pinned, or that does not fit even with no other task placed is skipped.
/// - Its *competitors* are the scheduled, unpinned tasks with a sitting
///   between its lower bound and its due, after its prerequisites in the
///   order (``candidates(_:_:in:)``). At most ``attemptsPerTask(tasks:)`` of
///   them are tried, earliest in the order first, in three moves
///   (``Move``): the failed task just before the competitor; the same with
///   both placed from their latest lower bounds; the failed task with its
///   scheduled prerequisites just before a competitor of theirs. Every task
///   from the moved tasks' new place on is placed again (those before it keep
///   their sittings, late ones from an earlier rescue included), the other
///   failed tasks kept out (so one attempt rescues one task and nothing else
///   changes status).
/// - The first attempt that schedules the task with every scheduled task
///   still scheduled, by its due, is kept: every placement is one rule 8's
///   placer finds for that task on that board (a later lower bound only
///   removes room), so rules 2–7 hold. The pass starts no attempt once its
///   attempts have re-placed ``budget(tasks:)`` tasks in all (a search for a
///   latest lower bound counting one per fit check), so its cost is at most
///   that plus one attempt (a greedy pass and two such searches), whatever
///   the moves.
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
    /// For each task the pass took up, the work its attempts could still do then.
    private(set) var allowances: [Int: Int] = [:]
    /// The work the attempts did, in task placements (see ``attempts(_:_:in:allowance:)``).
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
            allowances[u] = budget - spent
            let (rescue, cost) = attempts(u, problem, in: final, allowance: budget - spent)
            spent += cost
            if let rescue { states.append(rescue) }
        }
    }

    /// Where failed task `u` may go in `state`'s order, and what bounds
    /// every attempt for it (see ``candidates(_:_:in:)``).
    struct Candidates {
        /// `u` is placed in every attempt with this requirement or a tighter
        /// one (a lower bound at least as late)...
        var filter: Requirement
        /// ...on a board holding at least the bookings made before this
        /// place in `state`'s order, which no attempt changes.
        var unchanged: Int
        /// Places of the competitors `u` may go before; empty when it does
        /// not fit after its prerequisites' sittings as they stand.
        var competitors: [Int]
        /// `u`'s scheduled, unpinned prerequisites in `state`'s order: they
        /// go with `u` in a move before ``blockCompetitors``.
        var block: [Int]
        /// Places of the competitors the block may go before, all earlier
        /// than its first task.
        var blockCompetitors: [Int]
    }

    /// The moves open to failed task `u` in `state`; nil when it cannot be
    /// rescued at all (a prerequisite unschedulable, pinned, or too big even
    /// with no other task placed and its prerequisites out of the way).
    ///
    /// A *competitor* is a scheduled, unpinned task with a sitting in the
    /// time the moved tasks may use, placed after what they must follow:
    /// for `u` alone, between its lower bound and its due, after its
    /// prerequisites; for the block, between the earliest own lower bound
    /// (`now`, `start`) of `u` and its prerequisites and `u`'s due, after
    /// whatever the block's tasks follow and before the block.
    func candidates(_ u: Int, _ problem: Problem, in state: Pass) -> Candidates? {
        let prep = problem.prepared[u]
        guard prep.remaining > 0, problem.pinned[u] == nil,
              !prep.prerequisites.contains(where: { state.status[$0] != .scheduled && state.status[$0] != .done })
        else { return nil }
        func fitsAlone(_ req: Requirement) -> Bool {
            var alone = req
            alone.withOthers = false
            return Placer.using(template, alone, { $0.fits() })
        }
        let own = scheduler.lowerBound(prep, prerequisiteEnd: nil)
        let lower = scheduler.lowerBound(prep, prerequisiteEnd: scheduler.prerequisiteEnd(prep, in: state))
        let req = scheduler.requirement(prep, lower: lower)
        let block = prep.prerequisites.filter { state.status[$0] == .scheduled && problem.pinned[$0] == nil }
            .sorted { state.position[$0] < state.position[$1] }
        // Fitting after the prerequisites implies fitting from its own lower bound.
        let afterThem = fitsAlone(req)
        guard afterThem || (!block.isEmpty && fitsAlone(scheduler.requirement(prep, lower: own))) else { return nil }
        let most = Self.attemptsPerTask(tasks: problem.count)
        func competitors(in places: Range<Int>, during span: TimeRange, except: Set<Int>) -> [Int] {
            var out: [Int] = []
            for k in places where out.count < most {
                let t = state.order[k]
                guard !except.contains(t), state.status[t] == .scheduled, problem.pinned[t] == nil,
                      state.placed[t].contains(where: { $0.overlaps(span) }) else { continue }
                out.append(k)
            }
            return out
        }

        var single: [Int] = []
        let after = prep.prerequisites.map { state.position[$0] + 1 }.max() ?? 0
        if afterThem {
            single = competitors(in: after..<state.order.count, during: TimeRange(start: lower, end: prep.task.due),
                                 except: [u])
        }

        var blockCompetitors: [Int] = []
        if let head = block.first {
            let inBlock = Set(block)
            let outside = block.flatMap { problem.prepared[$0].prerequisites } + prep.prerequisites
            let blockAfter = outside.filter { !inBlock.contains($0) }.map { state.position[$0] + 1 }.max() ?? 0
            let earliest = block.map { scheduler.lowerBound(problem.prepared[$0], prerequisiteEnd: nil) }.reduce(own, min)
            if blockAfter < state.position[head] {
                blockCompetitors = competitors(in: blockAfter..<state.position[head],
                                               during: TimeRange(start: earliest, end: prep.task.due), except: inBlock)
            }
        }
        // A block move can start `u` from its own lower bound, and changes
        // the order from its competitor on.
        let unchanged = min(single.first ?? .max, blockCompetitors.first ?? .max)
        guard unchanged != .max else { return nil }
        return Candidates(filter: blockCompetitors.isEmpty ? req : scheduler.requirement(prep, lower: own),
                          unchanged: unchanged, competitors: single, block: block,
                          blockCompetitors: blockCompetitors)
    }

    /// One way of moving `u` ahead, tried for each competitor in turn.
    enum Move: CaseIterable {
        /// `u` just before the competitor, every task placed as rule 8 places it.
        case before
        /// The same, with `u` and the competitor each placed from its latest
        /// lower bound (``TaskScheduler/latestLower(_:on:)``): `u` takes the
        /// room nearest its due and the competitor the room after that,
        /// leaving the earlier room to the tasks between them.
        case beforeLate
        /// `u` and its scheduled prerequisites (in their order) just before a
        /// competitor of theirs, every task placed as rule 8 places it: the
        /// prerequisites finish earlier and leave `u` room before its due.
        case withPrerequisites
    }

    /// The attempts for failed task `u` from `state`, with the tasks as
    /// `problem` has them (a fix check passes one with `u` changed): the
    /// first pass that schedules `u` and keeps every scheduled task, if
    /// any, and the work the attempts did (task placements, a quarter for
    /// each task of a pass copied, an eighth for each booking replayed onto
    /// a board, and each fit check a search for a latest lower bound made). No attempt starts once the work reaches
    /// `allowance`, so the pass does at most one attempt's work past its budget.
    ///
    /// The moves are tried in the order of ``Move``, each over its
    /// competitors earliest in the order first, so a task the plain move
    /// rescues is rescued exactly as before the other moves existed. Every
    /// move's order is fixed by tasks (`u` before a competitor, the block
    /// before a competitor), not by `u`'s own place, so a fix that moves
    /// `u` in rule 8's order (a later due) gets the same attempts.
    func attempts(_ u: Int, _ problem: Problem, in state: Pass, allowance: Int) -> (Pass?, cost: Int) {
        guard let candidates = self.candidates(u, problem, in: state) else { return (nil, 0) }
        let keepOut = state.failed.enumerated().map { $0.element && $0.offset != u }
        // `u` must fit at its new turn too: an attempt stops as soon as it does not.
        var mustStay = state.status.map { $0 == .scheduled }
        mustStay[u] = true
        var cost = 0
        // The work of an attempt counts the scheduled tasks from the
        // competitor on (the failed ones are not placed), a quarter for
        // each task in the pass it copies and an eighth for each booking it
        // replays, never
        // `u`'s own place, which a due fix moves: a fix check spends what
        // the re-plan would, and reaches the same allowance and budget.
        // (Counted afresh per attempt: as much work as the attempt's own pass.)
        func scheduledFrom(_ k: Int) -> Int { state.order[k...].count { state.status[$0] == .scheduled } }
        for move in Move.allCases {
            let places = move == .withPrerequisites ? candidates.blockCompetitors : candidates.competitors
            for k in places where cost < allowance {
                let c = state.order[k]
                let moved = move == .withPrerequisites ? candidates.block + [u] : [u]
                var pass = state
                let from = state.position[u]
                pass.order.removeAll { moved.contains($0) }
                // Only `u` (after `c`, or in the block after `c`) can have
                // come out before `c`.
                let to = k - (from < k ? 1 : 0)
                pass.order.insert(contentsOf: moved, at: to)
                for j in min(from, to)..<pass.order.count { pass.position[pass.order[j]] = j }
                // The tasks between `u`'s old place and `c` keep their places
                // (a rescue before may have placed them late) and move up one:
                // `u` booked nothing, so only the count before each shifts.
                if from < to {
                    pass.bookedBefore.remove(at: from)
                    pass.bookedBefore.append(state.bookedBefore[state.order.count])
                }
                let late = LatePlacement(move == .beforeLate ? [u, c] : [])
                // Everything from `u`'s new place on is placed again, on the
                // bookings made before `c`.
                let board = scheduler.board(like: template, state, upTo: state.bookedBefore[k])
                cost += moved.count + scheduledFrom(k) + state.order.count / 4 + state.bookedBefore[k] / 8
                let kept = scheduler.place(&pass, from: to, on: board, problem, keepOut: keepOut, mustStay: mustStay,
                                           late: late)
                cost += late.probes
                if kept && pass.status[u] == .scheduled { return (pass, cost) }
            }
        }
        return (nil, cost)
    }
}

/// Makes every fix of a diagnostic true of the whole request: the task is
/// scheduled when the request is planned again (greedy pass and repair
/// pass, every task, the same order rules) with the fix applied, and not
/// with the fix one unit tighter (a grid step for `due`, `start`, `span` and
/// `minSitting`, a minute for `earliest` and `latest`).
///
/// Why the searches are correct. Let `u` be a task unschedulable after both
/// passes, so it booked nothing.
/// - **Greedy pass, fields other than `due`.** They do not enter rule 8's
///   order, so the tasks before `u` and their sittings are the same whatever
///   the value: `u` is placed exactly when it fits on the board at its turn.
///   That fit is monotone in each field (a looser value only adds
///   placements), so the diagnosis's search (binary, on that board) gives
///   the tightest value the greedy pass schedules.
/// - **Greedy pass, `due`.** A later due moves `u` later in the order (its
///   dependents, which booked nothing either, follow it); the tasks that
///   then go first add their unchanged sittings, so the board at `u`'s turn
///   only grows with the due. Hence no due below the earliest completion on
///   the board at turn `q` fits once the turn is at `q` or later; starting
///   from the diagnosis's due (the earliest completion at its own turn),
///   ``greedyDues(_:)`` moves to the turn that due gives, and to that
///   board's earliest completion, until they agree: the first due that
///   fits. When a later due also moves a prerequisite later (its effective
///   due was `u`'s), the passes before `u` change too: the due is found by
///   bisection between the task's own due and the last one searched, the
///   greedy pass re-run each time from where its order changes
///   (``dueByReplans(_:)``: a due that fits whose predecessor does not).
/// - **Repair pass.** It takes up failed tasks in an order no fix changes
///   and keeps the other failed tasks out of each attempt, so for a value at
///   which the greedy pass fails `u`, everything up to `u`'s turn in the
///   repair pass is as recorded (``Repair/turns``); `u` is then scheduled
///   exactly when one of its own attempts from that state succeeds (each
///   attempt's order is fixed by tasks, not by `u`'s own place, which a
///   later due moves; see ``Repair/attempts(_:_:in:)``). Below
///   the greedy answer only the repair can schedule `u`, and not
///   monotonically, so the search walks tighter by doubling steps while
///   attempts succeed and then bisects: the answer fits and one unit
///   tighter does not.
struct FixCheck {
    let repair: Repair
    private var scheduler: TaskScheduler { repair.scheduler }
    private var problem: Problem { repair.problem }
    private var greedy: Pass { repair.states[0] }
    private var step: Int64 { scheduler.policy.granularity }
    /// The work the checks may still do, in task placements (a replayed
    /// booking counts an eighth). Past it, a fix is still one the greedy pass
    /// schedules (so it fits when applied), but a tighter value the repair
    /// pass would rescue is no longer looked for, and a due fix that needs
    /// whole re-plans is left out.
    private let budget: WorkBudget
    /// The share of whole re-plans (due fixes that move a prerequisite),
    /// which cost the most: a few greedy passes' worth, and a few dozen
    /// re-plans of a small request (each with its repair pass).
    private let replanBudget: WorkBudget

    init(repair: Repair) {
        self.repair = repair
        budget = WorkBudget(Self.budget(tasks: repair.problem.count))
        replanBudget = WorkBudget(Self.replanBudget(tasks: repair.problem.count))
    }

    /// Boards rebuilt for the repair filter, by state and bookings held.
    private let boards = Boards()

    struct Pair: Hashable {
        var state: Int, booked: Int
        init(_ state: Int, _ booked: Int) { self.state = state; self.booked = booked }
    }

    final class Boards { var kept: [Pair: Scoreboard] = [:] }

    /// How much work the checks of one plan may do, in task placements: a
    /// few dozen re-plans of a small request, a few greedy passes of a large one.
    static func budget(tasks n: Int) -> Int { 20_000 + 4 * n }

    /// The work whole re-plans may do (see ``replans(_:_:)``).
    static func replanBudget(tasks n: Int) -> Int { 10_000 + 4 * n }

    /// Work left to spend, shared by the checks of one plan.
    final class WorkBudget {
        private(set) var left: Int
        init(_ left: Int) { self.left = left }
        var isSpent: Bool { left <= 0 }
        func spend(_ cost: Int) { left -= cost }
    }

    /// The fixes of `diagnostics` (by task index) made true of the whole
    /// request; a fix with no value that re-planning schedules is left out.
    func verified(_ diagnostics: [Int: Diagnostic]) -> [Int: [Fix]] {
        var dueStarts: [(task: Int, due: Instant)] = []
        for (u, d) in diagnostics.sorted(by: { $0.key < $1.key }) {
            for case .due(let d0) in d.fixes { dueStarts.append((u, d0)) }
        }
        let dues = greedyDues(dueStarts)
        var out: [Int: [Fix]] = [:]
        for (u, d) in diagnostics.sorted(by: { $0.key < $1.key }) {
            out[u] = d.fixes.compactMap { fix in
                switch fix {
                case .due:
                    switch dues[u] ?? GreedyDue.none {
                    case .none: return nil
                    case .movesOthers: return dueByReplans(u)
                    case .at(let d): return .due(Instant(seconds: tightest(u, from: d.seconds, field: .due)))
                    }
                case .start(let s):
                    return .start(Instant(seconds: tightest(u, from: s.seconds, field: .start)))
                case .earliest(let t):
                    return .earliest(TimeOfDay(minutes: Int(tightest(u, from: Int64(t.minutes), field: .earliest))))
                case .latest(let t):
                    return .latest(TimeOfDay(minutes: Int(tightest(u, from: Int64(t.minutes), field: .latest))))
                case .span(let x):
                    return .span(tightest(u, from: x, field: .span))
                case .minSitting(let x):
                    return .minSitting(tightest(u, from: x, field: .minSitting))
                }
            }
        }
        return out
    }

    /// A field a fix changes, as a number: which way is looser, by how
    /// much one unit, and how it is set on a task.
    enum Field {
        case due, start, earliest, latest, span, minSitting

        /// +1 when a larger value is looser.
        var looser: Int64 {
            switch self {
            case .due, .latest, .span: 1
            case .start, .earliest, .minSitting: -1
            }
        }

        func set(_ v: Int64, on t: inout PlanTask) {
            switch self {
            case .due: t.due = Instant(seconds: v)
            case .start: t.start = Instant(seconds: v)
            case .earliest: t.earliest = TimeOfDay(minutes: Int(v))
            case .latest: t.latest = TimeOfDay(minutes: Int(v))
            case .span: t.span = v
            case .minSitting: t.minSitting = v
            }
        }

        func get(_ t: TaskScheduler.Prepared) -> Int64? {
            switch self {
            case .due: t.task.due.seconds
            case .start: t.task.start?.seconds
            case .earliest: t.task.earliest.map { Int64($0.minutes) }
            case .latest: t.task.latest.map { Int64($0.minutes) }
            case .span: t.span
            case .minSitting: t.minSitting
            }
        }
    }

    private func unit(_ field: Field) -> Int64 {
        switch field {
        case .earliest, .latest: 1
        default: step
        }
    }

    /// From `fit`, a value the greedy pass schedules `u` at (and no tighter
    /// one does), the tightest value re-planning schedules `u` at, such that
    /// one unit tighter does not; values not looser than the task's own are
    /// out of range.
    func tightest(_ u: Int, from fit: Int64, field: Field) -> Int64 {
        guard repair.turns[u] != nil else { return fit }
        return tightest(u, from: fit, field: field) { rescued(u, field, $0) }
    }

    /// As ``tightest(_:from:field:)``, with `fits` telling whether a value
    /// tighter than `fit` is scheduled after all.
    func tightest(_ u: Int, from fit: Int64, field: Field, fits: (Int64) -> Bool) -> Int64 {
        guard let own = field.get(problem.prepared[u]) else { return fit }
        func rescued(_ u: Int, _ field: Field, _ v: Int64) -> Bool { fits(v) }
        let unit = unit(field) * field.looser
        // Units tighter than `fit` that are still looser than the task's own value.
        let room = (fit - own) / unit - ((fit - own) % unit == 0 ? 1 : 0)
        func value(_ j: Int64) -> Int64 { fit - j * unit }
        guard room >= 1, rescued(u, field, value(1)) else { return fit }
        var good: Int64 = 1, reach: Int64 = 2
        var bad: Int64? = nil
        while bad == nil {
            if reach > room {
                if good == room { return value(room) }
                reach = room
            }
            if rescued(u, field, value(reach)) { good = reach; reach *= 2 } else { bad = reach }
        }
        var lo = good, hi = bad!
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if rescued(u, field, value(mid)) { lo = mid } else { hi = mid }
        }
        return value(lo)
    }

    /// Whether the repair pass schedules `u` with `field` set to `v`, at a
    /// value the greedy pass does not (see the type's notes).
    func rescued(_ u: Int, _ field: Field, _ v: Int64) -> Bool {
        guard let turn = repair.turns[u], !budget.isSpent else { return false }
        var task = problem.prepared[u].task
        field.set(v, on: &task)
        guard let changed = changing(u, to: task) else { return replans(u, task) }
        // Every attempt puts `u` on a board holding at least the bookings
        // before the first place any attempt changes, with a requirement no
        // looser than the filter: if it does not fit there, no attempt can
        // succeed (the board is kept for the task's other probes).
        let state = repair.states[turn]
        guard let candidates = repair.candidates(u, changed, in: state) else { return false }
        let req = candidates.filter
        let count = state.bookedBefore[candidates.unchanged]
        let board: Scoreboard
        if let kept = boards.kept[Pair(turn, count)] {
            board = kept
        } else {
            board = scheduler.board(like: repair.template, state, upTo: count)
            boards.kept[Pair(turn, count)] = board
            budget.spend(count / 8)
        }
        budget.spend(1)
        guard Placer.using(board, req, { $0.fits() }) else { return false }
        let (rescue, cost) = repair.attempts(u, changed, in: state, allowance: repair.allowances[u]!)
        budget.spend(cost)
        return rescue != nil
    }

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

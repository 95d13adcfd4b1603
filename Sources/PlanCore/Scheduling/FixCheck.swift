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
    var scheduler: TaskScheduler { repair.scheduler }
    var problem: Problem { repair.problem }
    var greedy: Pass { repair.states[0] }
    var step: Int64 { scheduler.policy.granularity }
    /// The work the checks may still do, in task placements (a replayed
    /// booking counts an eighth). Past it, a fix is still one the greedy pass
    /// schedules (so it fits when applied), but a tighter value the repair
    /// pass would rescue is no longer looked for, and a due fix that needs
    /// whole re-plans is left out.
    private let budget: WorkBudget
    /// The share of whole re-plans (due fixes that move a prerequisite),
    /// which cost the most: a few greedy passes' worth, and a few dozen
    /// re-plans of a small request (each with its repair pass).
    let replanBudget: WorkBudget

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
}

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
/// - **Greedy pass, `due`.** A later due moves `u` later in the order; the
///   tasks that then go first add their (unchanged) sittings, so the board
///   at `u`'s turn only grows with the due. Hence no due below the earliest
///   completion on the board at turn `q` fits once the turn is at `q` or
///   later; starting from the diagnosis's due (the earliest completion at
///   its own turn), ``greedyDue(_:from:)`` moves to the turn that due gives,
///   and to that board's earliest completion, until they agree: the first
///   due that fits. When a later due also moves a prerequisite later (its
///   effective due was `u`'s), nothing of the greedy pass can be reused and
///   the due is found by re-planning the whole request (binary search for a
///   due that fits whose predecessor does not).
/// - **Repair pass.** It takes up failed tasks in an order no fix changes
///   and keeps the other failed tasks out of each attempt, so for a value at
///   which the greedy pass fails `u`, everything up to `u`'s turn in the
///   repair pass is as recorded (``Repair/turns``); `u` is then scheduled
///   exactly when one of its own attempts from that state succeeds. Below
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

    init(repair: Repair) { self.repair = repair }

    /// `fixes` of task `u` made true of the whole request; a fix with no
    /// value that re-planning schedules is left out.
    func verified(_ fixes: [Fix], task u: Int) -> [Fix] {
        fixes.compactMap { fix in
            switch fix {
            case .due(let d0):
                guard let d = greedyDue(u, from: d0) else { return nil }
                return .due(Instant(seconds: tightest(u, from: d.seconds, field: .due)))
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
        guard let own = field.get(problem.prepared[u]), repair.turns[u] != nil else { return fit }
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
        guard let turn = repair.turns[u] else { return false }
        var task = problem.prepared[u].task
        field.set(v, on: &task)
        guard let changed = changing(u, to: task) else { return replans(u, task) }
        return repair.attempts(u, changed, in: repair.states[turn]).0 != nil
    }

    /// The problem with task `u` changed to `task`, or nil when the change
    /// moves another task in rule 8's order (a prerequisite's effective due
    /// follows `u`'s due).
    func changing(_ u: Int, to task: PlanTask) -> Problem? {
        var p = problem
        var prep = scheduler.prepare(task)
        prep.prerequisites = p.prepared[u].prerequisites
        prep.dependents = p.prepared[u].dependents
        prep.effectiveDue = prep.dependents.map { p.prepared[$0].effectiveDue }.reduce(task.due, min)
        p.prepared[u] = prep
        if !prep.prerequisites.isEmpty && prep.effectiveDue != problem.prepared[u].effectiveDue {
            var again = p.prepared
            for i in again.indices { again[i].effectiveDue = again[i].task.due }
            scheduler.computeEffectiveDues(&again)
            for i in again.indices where i != u && again[i].effectiveDue != problem.prepared[i].effectiveDue {
                return nil
            }
        }
        return p
    }

    /// Whether planning the whole request again, with `u` changed to `task`,
    /// schedules it (both passes, no diagnoses).
    func replans(_ u: Int, _ task: PlanTask) -> Bool {
        var tasks = problem.prepared.map(\.task)
        tasks[u] = task
        var fixed: [String: [TimeRange]] = [:]
        for (i, pins) in problem.pinned.enumerated() { if let pins { fixed[tasks[i].id] = pins } }
        let p = scheduler.problem(tasks, fixed: fixed)
        let board = Scoreboard(emptyLike: repair.template)
        for r in p.pinBookings { board.bookSitting(r, day: board.dayNumber(r.start)) }
        var pass = Pass(p, order: p.order)
        scheduler.place(&pass, from: 0, on: board, p)
        if pass.status[u] == .scheduled { return true }
        return Repair(scheduler: scheduler, problem: p, template: repair.template, greedy: pass,
                      attempting: scheduler.usesRepair).final.status[u] == .scheduled
    }

    /// The earliest due at which the greedy pass schedules `u`, from `d0`,
    /// the earliest at its own turn (see the type's notes), within the
    /// diagnosis's ``TaskScheduler/fixSearchDays``.
    func greedyDue(_ u: Int, from d0: Instant) -> Instant? {
        let prep = problem.prepared[u]
        let grid = repair.template.grid
        let limit = grid.floor(prep.task.due + Int64(scheduler.fixSearchDays) * 86_400)
        let p = greedy.position[u]
        var d = d0
        // Each round moves the turn later or returns; there are at most as
        // many turns as tasks.
        for _ in 0...problem.count {
            var task = prep.task
            task.due = d
            guard let changed = changing(u, to: task) else { return replannedDue(u, upTo: limit) }
            let q = turnBookings(u, changed)
            let req = scheduler.requirement(changed.prepared[u], lower: lower(u))
            if q == greedy.bookedBefore[p] { return d }
            let board = scheduler.board(like: repair.template, greedy, upTo: q)
            if Placer.using(board, req, { $0.fits() }) { return d }
            var far = req
            far.due = limit
            let end = Placer.using(board, far) { placer in
                placer.earliestCompletion(from: placer.initial, target: Int(req.remaining / step))
            }
            guard let end, end <= limit else { return nil }
            // The first grid instant at or after `end` (it is a sitting's end, so on the grid).
            let next = grid.ceil(end)
            if next <= d { return d }
            d = next
        }
        return nil
    }

    /// How many of the greedy pass's bookings come before `u`'s turn in the
    /// order `changed` gives it (its sittings, and those of the tasks after
    /// it, are the same as before: `u` booked nothing).
    private func turnBookings(_ u: Int, _ changed: Problem) -> Int {
        let prep = changed.prepared[u]
        let p = greedy.position[u]
        if prep.dependents.isEmpty && prep.prerequisites.isEmpty {
            // Without `u`, the order is the greedy one less `u`; `u` comes
            // before the first later task whose key is above its own.
            func before(_ a: Int, _ b: Int) -> Bool {
                let x = changed.prepared[a], y = changed.prepared[b]
                if x.effectiveDue != y.effectiveDue { return x.effectiveDue < y.effectiveDue }
                if x.task.priority != y.task.priority { return x.task.priority < y.task.priority }
                if x.task.sequence != y.task.sequence { return x.task.sequence < y.task.sequence }
                return a < b
            }
            var q = p + 1
            while q < greedy.order.count && before(greedy.order[q], u) { q += 1 }
            return greedy.bookedBefore[q]
        }
        let order = scheduler.ruleEightOrder(changed.prepared)
        var last = p
        for i in order {
            if i == u { break }
            last = max(last, greedy.position[i])
        }
        return greedy.bookedBefore[last + 1 > p ? last + 1 : p]
    }

    private func lower(_ u: Int) -> Instant {
        let prep = problem.prepared[u]
        let prerequisiteEnd = prep.prerequisites.compactMap { greedy.placed[$0].last?.end }.max()
        let own = max(scheduler.now, prep.task.start ?? scheduler.now)
        return max(own, prerequisiteEnd ?? own)
    }

    /// The due found by re-planning the whole request: a grid due up to
    /// `limit` that schedules `u` whose predecessor on the grid does not
    /// (bisection between the task's own due, which fails, and `limit`).
    private func replannedDue(_ u: Int, upTo limit: Instant) -> Instant? {
        let task = problem.prepared[u].task
        let grid = repair.template.grid
        func due(_ k: Int64) -> Instant { grid.floor(task.due + k * step) }
        func fits(_ k: Int64) -> Bool {
            var t = task
            t.due = due(k)
            return replans(u, t)
        }
        var lo: Int64 = 0, hi = (limit - task.due) / step
        guard hi >= 1, fits(hi) else { return nil }
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if fits(mid) { hi = mid } else { lo = mid }
        }
        return due(hi)
    }
}

import Dispatch
import Foundation

/// Places tasks into the free time around busy blocks: a pure function of the
/// policy, `now`, the tasks and the busy blocks (no clock, no files).
///
/// Every plan obeys the rules of the scheduling contract:
/// 1. busy time is given (see ``Policy/busyBlocks(from:)``);
/// 2. a sitting lies inside one local day's window
///    `[max(dayStart, earliest), min(dayEnd, latest))` on a working day, at or
///    after `max(now, start)`, and ends by `due`; windows follow the wall
///    clock (a local time that does not exist moves forward by the gap, an
///    ambiguous one means its first occurrence);
/// 3. sittings never overlap busy time or each other, sittings of one task
///    are at least `breakBetweenSittings` apart, and every start and end is
///    on the `granularity` grid of the local clock;
/// 4. every sitting lasts `minSitting … span` (both on the grid, `span`
///    capped at the remaining work and `minSitting` at `span`);
/// 5. a task's sittings add up exactly to its remaining work;
/// 6. a task starts no sitting before the last sitting of each task in its
///    `after` ends, and is unschedulable when one of those is;
/// 7. all sittings on one local day total at most `maxPerDay`;
/// 8. **Which tasks fit (the early pass).** Tasks are placed one at a time, the ready one with the earliest
///    effective due first (its own due or any dependent's effective due,
///    whichever is earlier), then the lower priority number, then `sequence`,
///    then input order. Within a task the placement is the lexicographically
///    first one: the earliest first start from which the rest can still be
///    placed, then the longest such first sitting, then likewise for the next.
///    A placement is found whenever one exists.
///    **Repair.** When this greedy pass leaves tasks unschedulable, a repair
///    pass may move such a task earlier in the order: to just before a task
///    that took time between its lower bound and its due (a *competitor*),
///    or together with its scheduled prerequisites to just before a
///    competitor of theirs. Everything from there on is placed again in the
///    same way, the other unschedulable tasks left out, except that in one
///    kind of move the moved task and the competitor are each placed from
///    their latest lower bound (the latest grid instant from which the task
///    still fits) instead of their own. A move is kept only when the moved
///    task is scheduled and every task that was scheduled still is. Failed
///    tasks are taken up by priority, `sequence`, then input order, each
///    trying its moves in order, within a bounded amount of work (see
///    ``Repair``). Nothing else changes the order or the placements, so a
///    request in which every task fits is planned exactly as by rule 8 alone.
///    The plan of an `early` policy whose tasks choose no placement is this
///    pass's (with its repair).
/// 9. **Layout (balanced placement).** When the policy's or any task's
///    placement is `balanced`, the tasks the early pass scheduled (and no
///    others) are laid out again by ``Balancer``; pinned tasks keep their
///    sittings and a task whose placement is `early` is placed as in rule 8
///    against the others. Rules 1–7 still hold, and also: sittings of
///    different tasks are at least `breakBetweenSittings` apart; a laid-out
///    task's sittings last at least the shorter of its remaining work, its
///    span and max(`minSitting`, 45 minutes on the grid) — but for one, of at
///    least `minSitting`, when the work cannot be cut so (2h30m in sittings of
///    at most 1h on a 30-minute grid) — and it has at most
///    one sitting on a local day unless each of that day's is a full span
///    (or, when it cannot be laid out so even in even shares — its work over
///    its window's working days — its sittings may share a day, a break apart,
///    rather than be placed early; that only in the layout without a level:
///    under a level, a task that would share a day asks for a higher one).
///    No sitting is so long that the rest of the task's work cannot be cut
///    into sittings of the shortest above … its span (5h05m of 1h sittings is
///    1h, 1h, 50m, 45m, 45m, 45m, not four of 1h and a rest of 1h05m); where the
///    work cannot be cut so at all, the one short rest is at least `minSitting`
///    (1h15m: 45m and 30m). These hold for every re-fit too (`done`, `replan`,
///    owed work re-fitted), which lays out the re-fitted tasks around the
///    others as a first plan does. On the day a sitting goes to, of the times that take the longest
///    sitting the day allows, it takes the one with the most of it inside
///    the task's preferred hours (its own `prefer`, else the policy's), then
///    the earliest; preferred hours never decide which day, nor whether a
///    task fits.
///    The layout keeps every local day's total sitting time at most a
///    *level*, the least on the grid, and at least every task's full sitting
///    (its span, or all its work when less), for which each task can be laid out
///    (tasks with the fewest days to their due first, prerequisites before
///    dependents, each sitting on the least
///    loaded day of its window that takes it, ties to the day nearest the
///    sitting's even share of the window, then the earlier; tried three
///    ways under each level, the first that lays every task out with no
///    more sittings under 45 minutes than the layout without a level
///    standing: sittings as long as the span allows; sittings of at most
///    the task's work divided by its window's working days, rounded up to
///    the grid (never below the shortest sitting above, nor leaving a rest
///    shorter), every task laid out; and so with the tasks due last taken
///    first — the last two only for at most 200 tasks); each task
///    ends `finishEarly` before its due when it can without a level (and
///    then also under the level) and by its due otherwise (the margin never
///    refuses a task). A task that cannot be laid out is placed as in rule 8
///    against the others (and is not laid out); one that does not fit even
///    so keeps its sittings of the early pass, with its prerequisites, and
///    the others are laid out around them again (once, when at most four
///    did not fit; more, and the early plan stands). A sitting tries at
///    most 32 days (the least loaded first) before its task counts as not
///    laid out. When
///    no level lays every task out, the layout without one stands; when a
///    task still does not fit, or the layout makes more sittings under 45
///    minutes than the early pass, the early pass's plan stands. (Sittings
///    kept from the early pass keep their spacing there.)
///    **The least level, exactly (issue 47).** Where the level can be found
///    exactly, ``LevelBound`` finds it: the fractional problem — each task's
///    remaining work spread over the local days from its lower bound to its
///    due, on a day at most its work and what sittings of `minSitting … span`,
///    a break apart, hold in the free time of its own window there, and each
///    day's total at most the level and the day's capacity (its free time
///    under the policy window on a working day, at most `maxPerDay`) — is a
///    flow problem: for a trial level, a maximum flow from tasks to days says
///    whether the level holds, and a bisection over the levels on the grid
///    finds the least (``LevelBound`` states its bound on the work). That
///    least level is a true lower bound: the problem relaxes rules 1–7 (work
///    divides anywhere, not into sittings; `after` and `finishEarly` are left
///    out, and dropping a constraint only lowers the least level), so the
///    tasks any plan schedules are such a spread and no plan's busiest day
///    is below it.
///    **Within 1.25× of it (and 15 minutes).** When the layout above has a
///    busiest local day over the bound of that least level (1.25× it plus 15
///    minutes, on the grid, and at least 2h: a busiest day of 2h is not
///    crowded), for at most 200 tasks: (a) the spread guides a layout of every
///    task from scratch — at each trial level from the least up of the
///    fractional problem in which each prerequisite ends, and its dependent
///    starts, at a local midnight splitting their shared days in the ratio of
///    their work, and a task that kept its margin in the layout without a
///    level ends `finishEarly` early — each task's sittings go first to the
///    days its share of the level's flow names, the most first, that room
///    promised to it until its turn (only a task the layout without a level
///    lays out only so shares its days; none is placed early); the first level
///    whose layout lays out every task with a lighter busiest day than the
///    layout standing and no more sittings under 45 minutes stands. Then (b)
///    while the busiest day (the earliest on a tie) is over the bound, one of
///    its sittings of a laid-out task, in time order, is moved whole to
///    another day of its window, or gives one grid step of its work to another
///    sitting of its task, or is cut in two with the piece on a day the task
///    has none (each piece at least its shortest), or is moved whole to a day
///    another task's sitting leaves first (that one moved whole) — so that
///    every day it changes stays lighter than the busiest was. Every margin
///    the layout kept is kept and every rule of this layout holds after each
///    move (a sitting changed is a break from every other; one that shares its
///    day with others of its task may share another, no more there than it
///    leaves); each move lowers the sum of the squares of the days' loads, at
///    most 8 moves a sitting are made, and then the sittings on the days
///    changed move within their day to where more of them lies inside their
///    preferred hours. A plan already within the bound is not touched, and
///    tasks kept as they were (`fixed`, pinned) never move. `plan tasks`,
///    `plan week` and `plan schedule --json` say the bound
///    (``FortnightLoad``).
///
/// **`available`**, in a diagnostic, is the largest total `X ≤ needed` such
/// that some set of sittings for the task obeys rules 2–4, 6 and 7 against
/// the busy time and the sittings of the tasks placed before it in the
/// greedy pass (rule 8 before any repair; never the layout of rule 9), and adds up
/// to exactly `X`. (It is rule 5 with `needed` replaced by the best smaller
/// total; it is 0 when a prerequisite is unschedulable.)
///
/// **`binding`** lists each limit whose removal alone, everything else kept,
/// raises `available`: `window` (both windows become the whole day),
/// `workingDays` (every day works), `span` (up to the remaining work),
/// `minSitting` (down to one grid step), `busy` (no calendar), `otherTasks`
/// (no earlier sittings, also not toward `maxPerDay`), `after` (no
/// prerequisite end), `maxPerDay` (none), `due` (moved ``fixSearchDays``
/// later), `start` (no later than `now`).
///
/// **`fixes`** holds, per field, the smallest change that alone makes the
/// task fit when the **whole request** is planned again with it (every task,
/// rule 8 and the repair pass; rule 9 changes where, never whether): the earliest later `due` within
/// ``fixSearchDays`` days, the latest earlier `start` (not before `now`), the
/// latest earlier `earliest` (not before `dayStart`), the earliest later
/// `latest` (not after `dayEnd`), the smallest longer `span` and the largest
/// shorter `minSitting` on the grid. "Smallest" is checked one unit past
/// it: the fix fits and the value one grid step (one minute for `earliest`
/// and `latest`) tighter does not, unless that value is not looser than the
/// task's own (``FixCheck`` says why each search is right). A later `due`
/// can move the task behind others in rule 8's order; the due fix allows
/// for that. Fields with no such value are left out; so are due fixes that
/// move a prerequisite in the order once the checks' bounded work is spent.
package struct TaskScheduler: Sendable {
    package var policy: Policy
    package var now: Instant
    /// How many days past a task's due the `due` fix and the `due` binding look.
    package var fixSearchDays: Int
    /// Whether placements and diagnoses consult the board's free-time trees
    /// to skip work that cannot succeed (``Placer/mayFit(_:)``). Never
    /// changes a plan; off only in tests that prove exactly that.
    var usesBoardBounds = true
    /// How many diagnoses may run at once (see ``diagnose(_:prepared:bookings:like:)``);
    /// the plan is the same for any value.
    var diagnosisThreads = ProcessInfo.processInfo.activeProcessorCount
    /// The first this many diagnoses are made at their task's turn, on the
    /// plan's own board; later ones are left to ``diagnose(_:prepared:bookings:like:)``
    /// (a plan with few is not worth the boards it would build).
    var diagnosesInline = 32
    /// Whether the repair pass makes attempts after the greedy one (see
    /// ``Repair``); off only in tests that look at the greedy pass alone
    /// (fixes are still checked against a re-plan, which then has no repair).
    var usesRepair = true
    /// Whether a refused task's due fix comes with the date that keeps the
    /// margin too (see ``addMarginDues(_:tasks:busy:fixed:)``); off in the plans that check it.
    var checksMarginDues = true

    package init(policy: Policy, now: Instant, fixSearchDays: Int = 28) {
        self.policy = policy
        self.now = now
        self.fixSearchDays = fixSearchDays
    }

    /// A task with its values on the grid and its place in the dependency graph.
    struct Prepared {
        var task: PlanTask
        var remaining: Int64
        var span: Int64
        var minSitting: Int64
        var windowStart: TimeOfDay
        var windowEnd: TimeOfDay
        var prerequisites: [Int]
        var dependents: [Int] = []
        var effectiveDue: Instant
    }

    /// Plans `tasks` against `busy`. Assumes ids are unique and `after` has
    /// no cycle (``ScheduleRequest`` validation guarantees both); an `after`
    /// id that names no task is ignored, and tasks on a cycle come out
    /// unschedulable with binding `after`.
    ///
    /// `fixed` pins tasks to sittings they already have (the store keeps the
    /// plan of earlier tasks when a new one is added): those sittings are
    /// booked before anything is placed, the pinned tasks are not re-placed,
    /// and they count as scheduled with exactly those sittings.
    package func plan(tasks: [PlanTask], busy: [BusyBlock], fixed: [String: [TimeRange]] = [:]) -> Plan {
        let board = Scoreboard(policy: policy, busy: busy, horizon: horizon(tasks), usesBounds: usesBoardBounds)
        let problem = self.problem(tasks, fixed: fixed)
        for r in problem.pinBookings { board.bookSitting(r, day: board.dayNumber(r.start)) }

        // The greedy pass in rule 8's order. A diagnosis only reads the board
        // at its task's turn: the first few are made there and then, later
        // ones from the bookings afterwards (see ``diagnose(_:prepared:bookings:like:)``).
        var greedy = Pass(problem, order: problem.order)
        var diagnostics = [Diagnostic?](repeating: nil, count: tasks.count)
        var pending: [PendingDiagnosis] = []
        var made = 0
        place(&greedy, from: 0, on: board, problem) { f in
            let prep = problem.prepared[f.task]
            guard let req = f.requirement else {
                diagnostics[f.task] = Diagnostic(taskId: prep.task.id, needed: prep.remaining, available: 0,
                                                 binding: [.after], fixes: [])
                return
            }
            if made < diagnosesInline {
                diagnostics[f.task] = Diagnosis(scheduler: self, board: board, prep: prep, req: req,
                                                prerequisiteEnd: f.prerequisiteEnd).diagnostic()
                made += 1
            } else {
                pending.append(PendingDiagnosis(task: f.task, req: req, prerequisiteEnd: f.prerequisiteEnd, booked: f.booked))
            }
        }
        for (job, d) in zip(pending, diagnose(pending, prepared: problem.prepared, bookings: greedy.bookings, like: board)) {
            diagnostics[job.task] = d
        }
        // What `after` binds to: the prerequisite that ends last (its place
        // in the greedy pass is the one the task saw at its turn).
        for i in problem.prepared.indices where diagnostics[i]?.binding.contains(.after) == true {
            let last = problem.prepared[i].prerequisites.compactMap { j in greedy.placed[j].last.map { (j, $0.end) } }
                .max { $0.1 < $1.1 }
            if let (j, end) = last {
                diagnostics[i]?.prerequisiteId = problem.prepared[j].task.id
                diagnostics[i]?.prerequisiteEnd = end
            }
        }

        // The repair pass, only when something failed; then every fix is
        // checked against a re-plan of the whole request (see ``FixCheck``).
        var final = greedy
        if greedy.status.contains(.unschedulable) {
            let repair = Repair(scheduler: self, problem: problem, template: board, greedy: greedy, attempting: usesRepair)
            final = repair.final
            for i in problem.prepared.indices where final.status[i] != .unschedulable { diagnostics[i] = nil }
            var withFixes: [Int: Diagnostic] = [:]
            for (i, d) in diagnostics.enumerated() { if let d, !d.fixes.isEmpty { withFixes[i] = d } }
            for (i, fixes) in FixCheck(repair: repair).verified(withFixes) { diagnostics[i]?.fixes = fixes }
        }

        // Rule 9: the scheduled tasks laid out again, level and with a margin.
        if let placed = Balancer(scheduler: self, problem: problem, early: final, like: board).run() {
            final.placed = placed
        }

        // Whatever never became ready sits on a cycle of `after`.
        var rank = [Int](repeating: 0, count: tasks.count)
        for (k, i) in final.order.enumerated() { rank[i] = k }
        for (k, i) in problem.cyclic.enumerated() {
            rank[i] = final.order.count + k
            let prep = problem.prepared[i]
            if prep.remaining == 0 {
                final.status[i] = .done
            } else {
                final.status[i] = .unschedulable
                diagnostics[i] = Diagnostic(taskId: prep.task.id, needed: prep.remaining, available: 0,
                                            binding: [.after], fixes: [])
            }
        }

        var sittings: [Sitting] = []
        var outcomes: [TaskOutcome] = []
        for (i, prep) in problem.prepared.enumerated() {
            let ranges = final.placed[i]
            for (k, r) in ranges.enumerated() {
                sittings.append(Sitting(taskId: prep.task.id, range: r, index: k + 1, count: ranges.count))
            }
            let st = final.status[i]!
            let last = ranges.last?.end
            outcomes.append(TaskOutcome(
                id: prep.task.id, title: prep.task.title, status: st, needed: prep.remaining,
                scheduled: st == .scheduled ? (fixed[prep.task.id].map { $0.reduce(0) { $0 + $1.duration } } ?? prep.remaining) : 0,
                firstStart: st == .scheduled ? ranges.first?.start : nil,
                lastEnd: st == .scheduled ? last : nil,
                slack: st == .scheduled ? last.map { prep.task.due - $0 } : nil,
                due: prep.task.due, rank: rank[i]))
        }
        sittings.sort { a, b in
            if a.range.start != b.range.start { return a.range.start < b.range.start }
            if a.taskId != b.taskId { return a.taskId < b.taskId }
            return a.index < b.index
        }
        var plan = Plan(sittings: sittings, tasks: outcomes, diagnostics: diagnostics.compactMap { $0 })
        if checksMarginDues && !plan.diagnostics.isEmpty { addMarginDues(&plan, tasks: tasks, busy: busy, fixed: fixed) }
        return plan
    }

    /// The stretch of time the plan and its diagnosis can touch: from a day
    /// before `now` to a few days past the last due and its fix search.
    func horizon(_ tasks: [PlanTask]) -> TimeRange {
        let lastDue = tasks.map { $0.due }.max() ?? now
        let end = max(lastDue, now) + Int64(fixSearchDays + 3) * 86_400
        return TimeRange(start: now - 3 * 86_400, end: end)
    }

    /// Remaining work, span and minimum sitting on the grid (remaining rounds
    /// up, span down, minimum up; then span is capped at the remaining work and
    /// the minimum at the span). A span below one grid step counts as one step.
    func prepare(_ task: PlanTask) -> Prepared {
        let g = policy.granularity
        let remaining = max(0, ceilDiv(task.estimate - task.done, g) * g)
        var span = max(g, task.span / g * g)
        span = min(span, max(remaining, g))
        var minSitting = max(g, ceilDiv(max(0, task.minSitting), g) * g)
        minSitting = min(minSitting, span)
        let ws = max(policy.dayStart, task.earliest ?? policy.dayStart)
        let we = min(policy.dayEnd, task.latest ?? policy.dayEnd)
        return Prepared(task: task, remaining: remaining, span: span, minSitting: minSitting,
                        windowStart: ws, windowEnd: we, prerequisites: [], effectiveDue: task.due)
    }

    /// Effective due: the earliest of a task's own due and the effective dues
    /// of the tasks that depend on it (rule 8).
    func computeEffectiveDues(_ prepared: inout [Prepared]) {
        // Reverse topological order: dependents before their prerequisites.
        var pending = prepared.map { $0.dependents.count }
        var stack = prepared.indices.filter { pending[$0] == 0 }
        while let i = stack.popLast() {
            for j in prepared[i].prerequisites {
                if prepared[i].effectiveDue < prepared[j].effectiveDue {
                    prepared[j].effectiveDue = prepared[i].effectiveDue
                }
                pending[j] -= 1
                if pending[j] == 0 { stack.append(j) }
            }
        }
    }

    /// The requirement of a task at its turn.
    func requirement(_ prep: Prepared, lower: Instant) -> Requirement {
        Requirement(lower: lower, due: prep.task.due, windowStart: prep.windowStart,
                    windowEnd: prep.windowEnd, remaining: prep.remaining, span: prep.span,
                    minSitting: prep.minSitting)
    }

    /// A diagnosis to make once every task has had its turn: the task, its
    /// requirement then, and how many sittings were booked before it.
    struct PendingDiagnosis {
        var task: Int
        var req: Requirement
        var prerequisiteEnd: Instant?
        var booked: Int
    }

    /// The diagnostics of `pending`, each made against the board as it was
    /// at its task's turn: the first `booked` of `bookings` replayed on an
    /// empty board like `board`. A diagnosis only reads its board, so runs of
    /// them, each on a board of its own, go to the cores at once; the
    /// diagnostics do not depend on how they are split.
    func diagnose(_ pending: [PendingDiagnosis], prepared: [Prepared], bookings: [TimeRange],
                  like board: Scoreboard) -> [Diagnostic] {
        guard !pending.isEmpty else { return [] }
        // A run is worth a board of its own from a few dozen diagnoses on.
        let parts = max(1, min(diagnosisThreads, pending.count / 32))
        var out = [Diagnostic?](repeating: nil, count: pending.count)
        out.withUnsafeMutableBufferPointer { out in
            let shared = DiagnosisRuns(board: board, out: out)
            if parts == 1 {
                diagnoseRun(0, of: 1, pending, prepared: prepared, bookings: bookings, shared)
            } else {
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    diagnoseRun(part, of: parts, pending, prepared: prepared, bookings: bookings, shared)
                }
            }
        }
        return out.map { $0! }
    }

    /// What the runs of ``diagnose(_:prepared:bookings:like:)`` share: the
    /// board whose immutable parts each run's own board reuses, and the
    /// results, whose slots each run writes apart from the others.
    private struct DiagnosisRuns: @unchecked Sendable {
        let board: Scoreboard
        let out: UnsafeMutableBufferPointer<Diagnostic?>
    }

    /// Run `part` of `parts`: its share of `pending`, in order, each against
    /// the bookings replayed up to its turn.
    private func diagnoseRun(_ part: Int, of parts: Int, _ pending: [PendingDiagnosis], prepared: [Prepared],
                             bookings: [TimeRange], _ shared: DiagnosisRuns) {
        let replay = Scoreboard(emptyLike: shared.board)
        var booked = 0
        for k in (pending.count * part / parts)..<(pending.count * (part + 1) / parts) {
            let job = pending[k]
            while booked < job.booked {
                replay.bookSitting(bookings[booked], day: replay.dayNumber(bookings[booked].start))
                booked += 1
            }
            shared.out[k] = Diagnosis(scheduler: self, board: replay, prep: prepared[job.task], req: job.req,
                                      prerequisiteEnd: job.prerequisiteEnd).diagnostic()
        }
    }
}

/// A binary min-heap ordered by a strict `less`.
struct Heap<Element> {
    private var items: [Element] = []
    private let less: (Element, Element) -> Bool

    init(less: @escaping (Element, Element) -> Bool) { self.less = less }

    mutating func push(_ x: Element) {
        items.append(x)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            if !less(items[i], items[parent]) { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < items.count && less(items[l], items[m]) { m = l }
            if r < items.count && less(items[r], items[m]) { m = r }
            if m == i { break }
            items.swapAt(i, m)
            i = m
        }
        return top
    }
}

/// The tasks of one request, prepared once: their values on the grid, the
/// dependency graph, the pinned sittings and rule 8's order. Every pass over
/// the request (the greedy one, the repair pass's attempts, the fix checks)
/// reads this.
struct Problem {
    var prepared: [TaskScheduler.Prepared]
    /// Sittings pinned by `fixed`, by task index (nil: the task is placed).
    var pinned: [[TimeRange]?]
    /// The pinned sittings as they are booked before anything is placed.
    var pinBookings: [TimeRange]
    /// Rule 8: every task that ever becomes ready, in placement order.
    var order: [Int]
    /// Tasks on a cycle of `after`, which never become ready.
    var cyclic: [Int]

    var count: Int { prepared.count }
}

/// One pass of placements in an explicit order: who got what, and every
/// booking in the order it was made, so that the board at any turn can be
/// rebuilt from a prefix of them.
struct Pass {
    var order: [Int]
    /// The place of each task in `order` (-1 for a task on a cycle).
    var position: [Int]
    var status: [TaskStatus?]
    var placed: [[TimeRange]]
    /// Pinned sittings first, then each task's sittings at its turn.
    var bookings: [TimeRange]
    /// How many bookings were made before the task at each place in `order`
    /// had its turn (one more entry: all of them).
    var bookedBefore: [Int]

    /// A pass with nothing placed yet over `order`.
    init(_ problem: Problem, order: [Int]) {
        self.order = order
        position = [Int](repeating: -1, count: problem.count)
        for (k, i) in order.enumerated() { position[i] = k }
        status = [TaskStatus?](repeating: nil, count: problem.count)
        placed = [[TimeRange]](repeating: [], count: problem.count)
        bookings = problem.pinBookings
        bookedBefore = [Int](repeating: problem.pinBookings.count, count: order.count + 1)
    }

    /// The tasks that are unschedulable in this pass, as flags by index.
    var failed: [Bool] { status.map { $0 == .unschedulable } }
}

/// Tasks a pass places from their latest lower bound (see
/// ``TaskScheduler/latestLower(_:on:)``) instead of their own, and the fit
/// checks the searches for those bounds made.
final class LatePlacement {
    let tasks: [Int]
    var probes = 0
    init(_ tasks: [Int]) { self.tasks = tasks }
}

extension TaskScheduler {
    /// What a failed placement leaves to explain: the task, its requirement
    /// at its turn, the end of its prerequisites and the bookings made
    /// before it; `requirement` is nil when a prerequisite is unschedulable
    /// (binding `after`, nothing to search).
    struct Failure {
        var task: Int
        var requirement: Requirement?
        var prerequisiteEnd: Instant?
        var booked: Int
    }

    /// Prepares `tasks` and works out rule 8's order. The order does not
    /// depend on where anything is placed (only on effective dues,
    /// priorities, sequences and which prerequisites came before), so it is
    /// found once, with a heap over the ready tasks.
    func problem(_ tasks: [PlanTask], fixed: [String: [TimeRange]]) -> Problem {
        var prepared = tasks.map(prepare)
        var indexById: [String: Int] = [:]
        for (i, t) in tasks.enumerated() where indexById[t.id] == nil { indexById[t.id] = i }
        for i in prepared.indices {
            var seen = Set<Int>()
            var pre: [Int] = []
            for id in tasks[i].after {
                if let j = indexById[id], seen.insert(j).inserted { pre.append(j) }
            }
            prepared[i].prerequisites = pre
            for j in pre { prepared[j].dependents.append(i) }
        }
        computeEffectiveDues(&prepared)
        var pinBookings: [TimeRange] = []
        for ranges in fixed.sorted(by: { $0.key < $1.key }).map({ $0.value }) {
            pinBookings += ranges.sorted { $0.start < $1.start }
        }
        let pinned = tasks.map { fixed[$0.id].map { $0.sorted { $0.start < $1.start } } }
        let order = ruleEightOrder(prepared)
        var inOrder = [Bool](repeating: false, count: tasks.count)
        for i in order { inOrder[i] = true }
        return Problem(prepared: prepared, pinned: pinned, pinBookings: pinBookings, order: order,
                       cyclic: prepared.indices.filter { !inOrder[$0] })
    }

    /// A task's place in rule 8's order among the ready ones, as plain
    /// numbers (comparing the prepared tasks themselves would copy them,
    /// strings and all, at every step).
    struct OrderKey {
        var due: Instant, priority: Int, sequence: Int, index: Int

        init(_ prep: Prepared, index: Int) {
            due = prep.effectiveDue
            priority = prep.task.priority
            sequence = prep.task.sequence
            self.index = index
        }

        /// The earliest effective due first, then the lower priority number,
        /// then `sequence`, then input order.
        func precedes(_ other: OrderKey) -> Bool {
            if due != other.due { return due < other.due }
            if priority != other.priority { return priority < other.priority }
            if sequence != other.sequence { return sequence < other.sequence }
            return index < other.index
        }
    }

    /// Rule 8: of the ready tasks, the one whose ``OrderKey`` comes first.
    func ruleEightOrder(_ prepared: [Prepared]) -> [Int] {
        let keys = prepared.enumerated().map { OrderKey($1, index: $0) }
        var ready = Heap<Int> { a, b in keys[a].precedes(keys[b]) }
        var waiting = prepared.map { $0.prerequisites.count }
        for i in prepared.indices where waiting[i] == 0 { ready.push(i) }
        var order: [Int] = []
        order.reserveCapacity(prepared.count)
        while let i = ready.pop() {
            order.append(i)
            for j in prepared[i].dependents {
                waiting[j] -= 1
                if waiting[j] == 0 { ready.push(j) }
            }
        }
        return order
    }

    /// Places `pass.order[from...]` one task at a time on `board`, which
    /// must hold exactly the first `pass.bookedBefore[from]` bookings of
    /// `pass`. A task in `keepOut` comes out unschedulable without being
    /// tried (the repair pass keeps the other failed tasks out of an attempt).
    /// Returns false, leaving the pass half done, as soon as a task in
    /// `mustStay` fails; `failed` hears of every other failure.
    /// With `through`, the pass stops once that task has had its turn.
    @discardableResult
    func place(_ pass: inout Pass, from: Int, on board: Scoreboard, _ problem: Problem,
               keepOut: [Bool]? = nil, mustStay: [Bool]? = nil, through: Int? = nil,
               late: LatePlacement? = nil,
               failed: (Failure) -> Void = { _ in }) -> Bool {
        pass.bookings.removeSubrange(pass.bookedBefore[from]...)
        for k in from..<pass.order.count {
            let i = pass.order[k]
            if let last = through, k > 0, pass.order[k - 1] == last { return true }
            pass.bookedBefore[k] = pass.bookings.count
            let prep = problem.prepared[i]
            if let pins = problem.pinned[i] {
                pass.status[i] = prep.remaining == 0 && pins.isEmpty ? .done : .scheduled
                pass.placed[i] = pins
                continue
            }
            pass.placed[i] = []
            if prep.remaining == 0 {
                pass.status[i] = .done
                continue
            }
            if prep.prerequisites.contains(where: { pass.status[$0] == .unschedulable }) {
                pass.status[i] = .unschedulable
                if mustStay?[i] == true { return false }
                failed(Failure(task: i, requirement: nil, prerequisiteEnd: nil, booked: pass.bookings.count))
                continue
            }
            if keepOut?[i] == true {
                pass.status[i] = .unschedulable
                continue
            }
            let prerequisiteEnd = self.prerequisiteEnd(prep, in: pass)
            var req = requirement(prep, lower: lowerBound(prep, prerequisiteEnd: prerequisiteEnd))
            if let late, late.tasks.contains(i), let (lower, probes) = latestLower(req, on: board) {
                req.lower = lower
                late.probes += probes
            }
            if let ranges = Placer.using(board, req, { $0.place() }) {
                pass.status[i] = .scheduled
                pass.placed[i] = ranges
                for r in ranges {
                    board.bookSitting(r, day: board.dayNumber(r.start))
                    pass.bookings.append(r)
                }
            } else {
                pass.status[i] = .unschedulable
                if mustStay?[i] == true { return false }
                failed(Failure(task: i, requirement: req, prerequisiteEnd: prerequisiteEnd, booked: pass.bookings.count))
            }
        }
        pass.bookedBefore[pass.order.count] = pass.bookings.count
        return true
    }

    /// The latest lower bound, `req.lower` plus a whole number of grid
    /// steps, from which `req` still fits on `board`, and how many fit
    /// checks the search made; nil when it does not fit at all. Fitting
    /// only gets harder as the lower bound rises (it removes placements and
    /// adds none), so a bisection finds it.
    func latestLower(_ req: Requirement, on board: Scoreboard) -> (Instant, probes: Int)? {
        let step = policy.granularity
        func fits(_ j: Int64) -> Bool {
            var r = req
            r.lower = req.lower + j * step
            return Placer.using(board, r) { $0.fits() }
        }
        var probes = 1
        guard fits(0) else { return nil }
        // No sitting starts at or after the due: `hi` steps on never fits.
        var lo: Int64 = 0, hi = max(1, ceilDiv(req.due - req.lower, step))
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            probes += 1
            if fits(mid) { lo = mid } else { hi = mid }
        }
        return (req.lower + lo * step, probes)
    }

    /// The end of the last sitting among `prep`'s prerequisites in `pass`.
    func prerequisiteEnd(_ prep: Prepared, in pass: Pass) -> Instant? {
        prep.prerequisites.compactMap { pass.placed[$0].last?.end }.max()
    }

    /// No sitting of the task starts before this (rule 2): max(now, its
    /// `start`, its prerequisites' last end).
    func lowerBound(_ prep: Prepared, prerequisiteEnd: Instant?) -> Instant {
        let own = max(now, prep.task.start ?? now)
        return max(own, prerequisiteEnd ?? own)
    }

    /// A board like `template` holding the first `count` bookings of `pass`.
    func board(like template: Scoreboard, _ pass: Pass, upTo count: Int) -> Scoreboard {
        let board = Scoreboard(emptyLike: template)
        for r in pass.bookings[0..<count] { board.bookSitting(r, day: board.dayNumber(r.start)) }
        return board
    }
}

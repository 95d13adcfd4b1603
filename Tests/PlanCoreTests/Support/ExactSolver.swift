@testable import PlanCore

/// The most tasks of a tiny instance that can be scheduled *together* under
/// rules 2–7 of the contract, with one assignment that reaches it. Rule 8 (the
/// order) is ignored on purpose: this is the yardstick the scheduler's greedy
/// order is measured against.
///
/// Written from the contract's text alone; it uses none of the scheduler's
/// machinery (no Placer, Scoreboard or Reachability), only the time types and
/// ``GridValues`` (remaining work rounded up to the grid, span down and capped
/// at the remaining work, the minimum up and capped at the span).
///
/// How it works, and why the answer is exact:
/// 1. **Cells.** Every grid instant `t` of the local clock from the earliest
///    lower bound to the latest due gives a cell `[t, t + g)`, kept when it
///    lies in the policy's window of its local date on a working day and
///    touches no busy block. A sitting obeying rules 2–4 is exactly a run of
///    kept cells that are back to back in time, on one local date, inside the
///    task's own window, from its lower bound `max(now, start)` to its due.
/// 2. **Placements.** For each task every set of such runs with lengths
///    `minSitting … span`, at least `breakBetweenSittings` apart, adding up to
///    the remaining work (rule 5) and within `maxPerDay` on each day on its
///    own, is enumerated (a depth-first walk over the cells; complete, since
///    it tries every start and every length). Each placement is a bit set of
///    cells, its first start, its last end and its time per day.
/// 3. **Sets of tasks.** A set `S` can be scheduled together when every
///    prerequisite of a member is a member (rule 6) and placements can be
///    picked, one per member, that share no cell (rule 3), total at most
///    `maxPerDay` per day (rule 7), and start no earlier than their
///    prerequisites' last ends (rule 6). Dropping a task from a schedulable
///    set, keeping it closed, leaves it schedulable (fewer sittings only
///    loosen 3 and 7), so the sets are grown one task at a time, a set being
///    tried only when every smaller closed set it contains is schedulable;
///    the largest that is gives the answer.
/// 4. **Whether a set fits.** A depth-first search places one member at a
///    time (one whose prerequisites are placed, with the fewest placements
///    left), trying each of its placements that fits beside those already
///    chosen; every unplaced member keeps the list of its placements that
///    still fit (cells, daily totals, its placed prerequisites' last ends).
///    It is exhaustive but for three sound cuts: a branch stops when some
///    member has no placement left; when the steps still needed exceed the
///    free cells or the days' `maxPerDay` room left (each step takes one of
///    each); and a state that failed before is not searched again (what can
///    still be done depends only on the members placed, the cells taken,
///    which give the daily totals, and the last ends the others wait for).
///
/// Work is bounded (cells, placements per task, search nodes); past a bound
/// ``solve(_:limits:)`` returns nil rather than a guess.
struct ExactSolver {
    struct Limits: Sendable {
        var cells = CellSet.capacity
        var placementsPerTask = 40_000
        var nodes = 2_000_000
    }

    struct Solution {
        /// Tasks with work remaining that are scheduled together.
        var scheduled: Int
        /// Tasks with work remaining at all.
        var live: Int
        /// The sittings of each scheduled task, by id.
        var sittings: [String: [TimeRange]]
        /// Search nodes visited (placement enumeration excluded).
        var nodes: Int
        /// The most placements any one task had.
        var largestPlacementList: Int
    }

    /// The maximum and a witness, or nil when a bound of `limits` is hit or
    /// the local grid is not evenly spaced in elapsed time. With `keeping`,
    /// the maximum among schedules that include those tasks (with their
    /// prerequisites; nil when they do not fit together): what a repair that
    /// keeps every task a plan scheduled can reach at best.
    static func solve(_ inst: Instance, keeping: Set<String> = [], limits: Limits = Limits()) -> Solution? {
        var solver = ExactSolver(inst, limits: limits)
        return solver.run(keeping: keeping)
    }

    // MARK: - The instance on the grid

    private struct Cell {
        var range: TimeRange
        var date: LocalDate
        var day: Int
    }

    private let inst: Instance
    private let limits: Limits
    private let g: Int64
    /// Indices (into `inst.tasks`) of the tasks with work remaining.
    private var live: [Int] = []
    /// Per live task, the live tasks it waits for (positions in `live`).
    private var prerequisites: [[Int]] = []
    private var cells: [Cell] = []
    private var dayCount = 0
    /// Daily totals are kept 8 bits a day in one word (a day has far fewer
    /// than 128 cells); adding `budgetBias` sets a lane's top bit exactly
    /// when that day is over `maxPerDay`.
    private var budgetBias: UInt64?
    private static let laneTops: UInt64 = 0x8080_8080_8080_8080

    // Every placement of every task, task after task, as parallel arrays.
    private var placementsOf: [Range<Int>] = []
    /// Per live task, its remaining work in grid steps.
    private var steps: [Int] = []
    private var placementCells: [CellSet] = []
    private var placementFirst: [Int64] = []
    private var placementLast: [Int64] = []
    private var placementSteps: [UInt64] = []
    private var placementSittings: [[TimeRange]] = []
    private var nodes = 0
    private var gaveUp = false

    private init(_ inst: Instance, limits: Limits) {
        self.inst = inst
        self.limits = limits
        g = inst.policy.granularity
    }

    private mutating func run(keeping: Set<String>) -> Solution? {
        let tasks = inst.tasks
        live = tasks.indices.filter { GridValues(tasks[$0], grid: g).remaining > 0 }
        guard live.count <= 16 else { return nil }
        var position: [String: Int] = [:]
        for (k, i) in live.enumerated() where position[tasks[i].id] == nil { position[tasks[i].id] = k }
        prerequisites = live.map { i in
            var out: [Int] = []
            for id in tasks[i].after { if let k = position[id], !out.contains(k) { out.append(k) } }
            return out
        }
        if live.isEmpty { return Solution(scheduled: 0, live: 0, sittings: [:], nodes: 0, largestPlacementList: 0) }
        guard buildCells() else { return nil }
        if let m = inst.policy.maxPerDay {
            let cap = UInt64(min(127, m / g))
            budgetBias = (0..<8).reduce(UInt64(0)) { $0 | ((127 - cap) << UInt64(8 * $1)) }
        }
        steps = live.map { Int(GridValues(tasks[$0], grid: g).remaining / g) }
        for k in live.indices {
            let from = placementCells.count
            guard enumeratePlacements(of: tasks[live[k]]) else { return nil }
            placementsOf.append(from..<placementCells.count)
        }
        var base: UInt32 = 0
        for (k, i) in live.enumerated() where keeping.contains(tasks[i].id) { base |= 1 << UInt32(k) }
        guard let (best, choice) = largestSchedulableSet(containing: base) else { return nil }
        var sittings: [String: [TimeRange]] = [:]
        for (k, p) in choice { sittings[tasks[live[k]].id] = placementSittings[p] }
        return Solution(scheduled: best.nonzeroBitCount, live: live.count, sittings: sittings, nodes: nodes,
                        largestPlacementList: placementsOf.map(\.count).max() ?? 0)
    }

    /// Step 1. False when the grid is uneven, or there are too many cells or days.
    private mutating func buildCells() -> Bool {
        let p = inst.policy, zone = p.zone
        let liveTasks = live.map { inst.tasks[$0] }
        let lo = liveTasks.map { max(inst.now, $0.start ?? inst.now) }.min()!
        let hi = liveTasks.map(\.due).max()!
        let busy = inst.busy.map(\.range).filter { !$0.isEmpty }
        var t = Instant(seconds: (lo.seconds + 59) / 60 * 60)
        while !p.onGrid(t) { t = t + 60 }
        var dayOf: [LocalDate: Int] = [:]
        while t + g <= hi {
            // Whole-hour clock changes keep a 30- or 60-minute grid evenly
            // spaced; anything else is outside what this solver supports.
            guard p.onGrid(t + g) else { return false }
            let cell = TimeRange(start: t, end: t + g)
            let date = zone.local(t).date
            let window = p.windowBounds(date: date, start: p.dayStart, end: p.dayEnd)
            if zone.local(t + g - 1).date == date, p.workingDays.contains(Weekday(date)),
               window.start <= t, t + g <= window.end, !busy.contains(where: { $0.overlaps(cell) }) {
                if dayOf[date] == nil { dayOf[date] = dayOf.count }
                cells.append(Cell(range: cell, date: date, day: dayOf[date]!))
            }
            t = t + g
        }
        dayCount = dayOf.count
        return cells.count <= limits.cells && dayCount <= 8
    }

    /// Step 2: every placement of one task, appended; false past the bound.
    private mutating func enumeratePlacements(of task: PlanTask) -> Bool {
        let p = inst.policy
        let gv = GridValues(task, grid: g)
        let units = Int(gv.remaining / g), shortest = Int(gv.minSitting / g), longest = Int(gv.span / g)
        let lower = max(inst.now, task.start ?? inst.now)
        let cap = p.maxPerDay.map { Int($0 / g) }
        var windows: [LocalDate: TimeRange] = [:]
        let cells = self.cells
        let allowed = cells.map { cell -> Bool in
            if windows[cell.date] == nil {
                windows[cell.date] = p.windowBounds(date: cell.date, earliest: task.earliest, latest: task.latest)
            }
            let w = windows[cell.date]!
            return cell.range.start >= lower && cell.range.end <= task.due
                && cell.range.start >= w.start && cell.range.end <= w.end
        }
        // run[c]: allowed cells back to back on one date from c on.
        var run = [Int](repeating: 0, count: cells.count + 1)
        for c in stride(from: cells.count - 1, through: 0, by: -1) where allowed[c] {
            let joined = c + 1 < cells.count && allowed[c + 1] && cells[c + 1].range.start == cells[c].range.end
                && cells[c + 1].date == cells[c].date
            run[c] = joined ? run[c + 1] + 1 : 1
        }
        var suffix = [Int](repeating: 0, count: cells.count + 1)
        for c in stride(from: cells.count - 1, through: 0, by: -1) { suffix[c] = suffix[c + 1] + (allowed[c] ? 1 : 0) }
        let breakTime = p.breakBetweenSittings
        let starts = cells.map(\.range.start)
        func firstCell(atOrAfter x: Instant) -> Int {
            var a = 0, b = starts.count
            while a < b {
                let m = (a + b) / 2
                if starts[m] < x { a = m + 1 } else { b = m }
            }
            return a
        }

        var found = 0
        var chosen: [(cell: Int, length: Int)] = []
        var perDay = [Int](repeating: 0, count: dayCount)
        var overflow = false
        func record() {
            var mask = CellSet()
            for s in chosen { for c in s.cell..<(s.cell + s.length) { mask.insert(c) } }
            let sittings = chosen.map { s in
                TimeRange(start: cells[s.cell].range.start, end: cells[s.cell + s.length - 1].range.end)
            }
            var steps: UInt64 = 0
            for d in perDay.indices { steps |= UInt64(perDay[d]) << UInt64(8 * d) }
            placementCells.append(mask)
            placementFirst.append(sittings.first!.start.seconds)
            placementLast.append(sittings.last!.end.seconds)
            placementSteps.append(steps)
            placementSittings.append(sittings)
            found += 1
            if found > limits.placementsPerTask { overflow = true }
        }
        func walk(from c0: Int, left: Int) {
            if overflow { return }
            if left == 0 { return record() }
            var c = c0
            while c < cells.count && suffix[c] >= left {
                let most = min(run[c], longest, left)
                if most >= shortest {
                    for k in shortest...most {
                        // The rest must split into sittings of allowed lengths.
                        let rest = left - k
                        if rest > 0 && rest < shortest { continue }
                        let day = cells[c].day
                        if let cap, perDay[day] + k > cap { continue }
                        perDay[day] += k
                        chosen.append((c, k))
                        walk(from: firstCell(atOrAfter: cells[c + k - 1].range.end + breakTime), left: rest)
                        chosen.removeLast()
                        perDay[day] -= k
                    }
                }
                c += 1
            }
        }
        walk(from: 0, left: units)
        return !overflow
    }

    /// Whether placement `i` fits beside the taken cells and daily totals,
    /// starting no earlier than `lower`.
    private func fits(_ i: Int, taken: CellSet, usage: UInt64, lower: Int64) -> Bool {
        if placementFirst[i] < lower || placementCells[i].intersects(taken) { return false }
        if let bias = budgetBias, (usage &+ placementSteps[i] &+ bias) & Self.laneTops != 0 { return false }
        return true
    }

    // MARK: - Step 3: the largest set that fits

    /// The largest schedulable closed set containing `base` (bit masks over
    /// `live`) and one choice of placements for it (task position, placement
    /// index); nil past the node bound or when `base` does not fit.
    private mutating func largestSchedulableSet(containing base: UInt32) -> (UInt32, [(Int, Int)])? {
        let n = live.count
        var preMask = [UInt32](repeating: 0, count: n)
        for k in 0..<n { for j in prerequisites[k] { preMask[k] |= 1 << UInt32(j) } }
        func closed(_ s: UInt32) -> Bool {
            (0..<n).allSatisfy { k in s & (1 << UInt32(k)) == 0 || s & preMask[k] == preMask[k] }
        }
        // The base with its prerequisites, then larger sets one task at a time.
        var start = base
        while case let more = (0..<n).reduce(start, { s, k in s & (1 << UInt32(k)) != 0 ? s | preMask[k] : s }),
              more != start { start = more }
        guard let first = start == 0 ? [] : search(start) else { return nil }
        // Sets of one size that fit, with their witness.
        var level: [UInt32: [(Int, Int)]] = [start: first]
        var best: (UInt32, [(Int, Int)]) = (start, first)
        var tried = Set<UInt32>()
        while !level.isEmpty {
            var next: [UInt32: [(Int, Int)]] = [:]
            for s in level.keys.sorted() {
                for k in 0..<n where s & (1 << UInt32(k)) == 0 {
                    let bigger = s | (1 << UInt32(k))
                    guard closed(bigger), tried.insert(bigger).inserted else { continue }
                    // Every closed set one smaller (still containing the
                    // start) must fit (monotonicity).
                    let smallerFit = (0..<n).allSatisfy { j in
                        let smaller = bigger & ~(1 << UInt32(j))
                        return bigger & (1 << UInt32(j)) == 0 || start & (1 << UInt32(j)) != 0 || !closed(smaller)
                            || level[smaller] != nil
                    }
                    guard smallerFit else { continue }
                    if let witness = extend(level[s]!, with: k) ?? search(bigger) {
                        next[bigger] = witness
                    }
                    if gaveUp { return nil }
                }
            }
            if let top = next.keys.sorted().first { best = (top, next[top]!) }
            level = next
        }
        return best
    }

    /// The witness plus one placement of `task` that fits with it, if any.
    private func extend(_ witness: [(Int, Int)], with task: Int) -> [(Int, Int)]? {
        var taken = CellSet()
        var usage: UInt64 = 0
        var lower = Int64.min
        for (k, p) in witness {
            taken.formUnion(placementCells[p])
            usage &+= placementSteps[p]
            if prerequisites[task].contains(k) { lower = max(lower, placementLast[p]) }
        }
        for p in placementsOf[task] where fits(p, taken: taken, usage: usage, lower: lower) {
            return witness + [(task, p)]
        }
        return nil
    }

    // MARK: - Step 4: whether one set fits

    private var failed = Set<FailedState>()

    /// A state of ``dfs(_:in:taken:usage:domains:ends:chosen:)`` known not to
    /// extend to the whole set: what is placed, the cells taken (which give
    /// the daily totals), and the last ends the unplaced members wait for.
    private struct FailedState: Hashable {
        var placed: UInt32
        var taken: CellSet
        var ends: [Int64]
    }

    /// Placements (task position, placement index) for every member of
    /// `set`, or nil when there are none (or the node bound is hit).
    private mutating func search(_ set: UInt32) -> [(Int, Int)]? {
        failed = []
        // Each placement fits on its own (it keeps to maxPerDay by itself).
        let domains = placementsOf.map { Array($0) }
        var ends = [Int64](repeating: 0, count: live.count)
        var chosen: [(Int, Int)] = []
        let ok = dfs(0, in: set, taken: CellSet(), usage: 0, domains: domains, ends: &ends, chosen: &chosen)
        if nodes >= limits.nodes { gaveUp = true }
        return ok ? chosen.reversed() : nil
    }

    /// Places the members of `set` not in `placed`. `domains[k]` holds the
    /// placements of member `k` that fit beside everything placed (cells,
    /// daily totals, and the last ends of its placed prerequisites).
    private mutating func dfs(_ placed: UInt32, in set: UInt32, taken: CellSet, usage: UInt64, domains: [[Int]],
                              ends: inout [Int64], chosen: inout [(Int, Int)]) -> Bool {
        if placed == set { return true }
        nodes += 1
        if nodes >= limits.nodes { return false }
        let unplaced = (0..<live.count).filter { set & ~placed & (1 << UInt32($0)) != 0 }
        let awaitedEnds = (0..<live.count).map { j in
            placed & (1 << UInt32(j)) != 0 && unplaced.contains { prerequisites[$0].contains(j) } ? ends[j] : 0
        }
        let key = FailedState(placed: placed, taken: taken, ends: awaitedEnds)
        if failed.contains(key) { return false }
        // Every step still needed takes a free cell and a step of its day's maxPerDay.
        var need = 0
        for m in unplaced { need += steps[m] }
        var room = cells.count - taken.count
        if let cap = budgetBias.map({ Int(127 - ($0 & 0xFF)) }) {
            var left = 0
            for d in 0..<dayCount { left += max(0, cap - Int((usage >> UInt64(8 * d)) & 0xFF)) }
            room = min(room, left)
        }
        if need > room {
            failed.insert(key)
            return false
        }
        // The ready member with the fewest placements left goes next.
        let ready = unplaced.filter { k in prerequisites[k].allSatisfy { placed & (1 << UInt32($0)) != 0 } }
        // (None is ready only on a cycle of `after`, which never fits.)
        guard let k = ready.min(by: { (domains[$0].count, $0) < (domains[$1].count, $1) }) else { return false }
        for p in domains[k] {
            let cells = placementCells[p], last = placementLast[p]
            let nowUsage = usage &+ placementSteps[p]
            var next = domains
            next[k] = []
            var dead = false
            for m in unplaced where m != k {
                let waits = prerequisites[m].contains(k)
                next[m] = domains[m].filter { q in
                    !placementCells[q].intersects(cells) && (!waits || placementFirst[q] >= last)
                        && budgetBias.map { (nowUsage &+ placementSteps[q] &+ $0) & Self.laneTops == 0 } ?? true
                }
                if next[m].isEmpty {
                    dead = true
                    break
                }
            }
            if dead { continue }
            ends[k] = last
            if dfs(placed | (1 << UInt32(k)), in: set, taken: taken.union(cells), usage: nowUsage, domains: next,
                   ends: &ends, chosen: &chosen) {
                chosen.append((k, p))
                return true
            }
            if nodes >= limits.nodes { return false }
        }
        failed.insert(key)
        return false
    }
}

/// A set of at most 256 grid cells, as bits.
struct CellSet: Hashable, Sendable {
    static let capacity = 256
    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0

    mutating func insert(_ i: Int) {
        let bit = UInt64(1) << UInt64(i & 63)
        switch i >> 6 {
        case 0: w0 |= bit
        case 1: w1 |= bit
        case 2: w2 |= bit
        default: w3 |= bit
        }
    }

    var count: Int { w0.nonzeroBitCount + w1.nonzeroBitCount + w2.nonzeroBitCount + w3.nonzeroBitCount }

    func intersects(_ o: CellSet) -> Bool { (w0 & o.w0) | (w1 & o.w1) | (w2 & o.w2) | (w3 & o.w3) != 0 }

    func union(_ o: CellSet) -> CellSet {
        var u = self
        u.formUnion(o)
        return u
    }

    mutating func formUnion(_ o: CellSet) {
        w0 |= o.w0
        w1 |= o.w1
        w2 |= o.w2
        w3 |= o.w3
    }
}

// MARK: - Checking an assignment with the rule checker

extension ExactSolver.Solution {
    /// The witness as a plan, so that ``ruleViolations(_:_:)`` can check it:
    /// the tasks it schedules with their sittings, the others unschedulable
    /// (with a bare diagnostic) or done. Ranks are input positions (rule 8's
    /// order is not what this plan is checked for).
    func plan(for inst: Instance) -> Plan {
        let g = inst.policy.granularity
        var sittings: [Sitting] = []
        var outcomes: [TaskOutcome] = []
        for (rank, t) in inst.tasks.enumerated() {
            let remaining = GridValues(t, grid: g).remaining
            let mine = (self.sittings[t.id] ?? []).sorted { $0.start < $1.start }
            for (k, r) in mine.enumerated() {
                sittings.append(Sitting(taskId: t.id, range: r, index: k + 1, count: mine.count))
            }
            let status: TaskStatus = remaining == 0 ? .done : (self.sittings[t.id] == nil ? .unschedulable : .scheduled)
            let on = status == .scheduled
            outcomes.append(TaskOutcome(id: t.id, title: t.title, status: status, needed: remaining,
                                        scheduled: on ? remaining : 0, firstStart: on ? mine.first?.start : nil,
                                        lastEnd: on ? mine.last?.end : nil,
                                        slack: on ? mine.last.map { t.due - $0.end } : nil, due: t.due, rank: rank))
        }
        sittings.sort { a, b in a.range.start != b.range.start ? a.range.start < b.range.start : a.taskId < b.taskId }
        let diagnostics = outcomes.filter { $0.status == .unschedulable }.map {
            Diagnostic(taskId: $0.id, needed: $0.needed, available: 0, binding: [], fixes: [])
        }
        return Plan(sittings: sittings, tasks: outcomes, diagnostics: diagnostics)
    }
}

/// Rules 1–7 as ``ruleViolations(_:_:)`` checks them, without rule 8's order:
/// for plans that may place tasks in any order (the exact solver's witness,
/// or a plan after a repair pass).
func ruleViolationsIgnoringOrder(_ inst: Instance, _ plan: Plan) -> [String] {
    let order = Set(orderViolations(inst, plan))
    return ruleViolations(inst, plan).filter { !order.contains($0) }
}

@testable import PlanCore

/// One task's problem at its turn, stated from the contract's rules alone:
/// the brute-force checker's input.
struct SingleTaskProblem {
    var policy: Policy
    var busy: [TimeRange]
    /// Sittings of the tasks placed before it.
    var others: [TimeRange]
    /// max(now, start, prerequisites' last ends).
    var lower: Instant
    var due: Instant
    var windowStart: TimeOfDay
    var windowEnd: TimeOfDay
    var remaining: Int64
    var span: Int64
    var minSitting: Int64
    var allDays = false
    var useMaxPerDay = true

    /// max(now, prerequisites' last end): the bound without the task's own `start`.
    var lowerWithoutStart: Instant { max(now, prerequisiteEnd ?? now) }
    /// The last end among its prerequisites' sittings (kept to lift `after` or `start`).
    var prerequisiteEnd: Instant?
    var now: Instant

    /// The problem of `task` given the sittings of the tasks ranked before it.
    init(_ inst: Instance, _ plan: Plan, task: PlanTask) {
        let p = inst.policy
        let gv = GridValues(task, grid: p.granularity)
        let rank = Dictionary(uniqueKeysWithValues: plan.tasks.map { ($0.id, $0.rank) })
        let mine = rank[task.id]!
        policy = p
        busy = inst.busy.map(\.range).filter { !$0.isEmpty }
        others = plan.sittings.filter { rank[$0.taskId]! < mine }.map(\.range)
        let ends = task.after.compactMap { id in plan.tasks.first { $0.id == id }?.lastEnd }
        prerequisiteEnd = ends.max()
        now = inst.now
        lower = ([inst.now, task.start ?? inst.now] + ends).max()!
        due = task.due
        windowStart = max(p.dayStart, task.earliest ?? p.dayStart)
        windowEnd = min(p.dayEnd, task.latest ?? p.dayEnd)
        remaining = gv.remaining
        span = gv.span
        minSitting = gv.minSitting
    }
}

/// Exhaustive search on the granularity grid: every sitting is a run of
/// consecutive grid cells `[t, t + g)` that are all free, in one local day's
/// window, on a working day, after `lower` and before `due`. Dynamic
/// programming over (position, remaining steps, own time used that day) makes
/// "every placement" tractable for small instances.
struct BruteForce {
    let problem: SingleTaskProblem
    let g: Int64
    /// Grid instants from the first one at or after `lower`.
    var times: [Instant] = []
    var allowed: [Bool] = []
    var day: [Int64] = []
    var othersUsed: [Int64: Int64] = [:]
    let units: Int
    let minUnits: Int
    let maxUnits: Int
    let breakUnits: Int
    let capUnits: Int?
    /// can[p][r][u]: `r` steps can still be placed from position `p` with `u`
    /// steps already used on the day of `p`.
    private var can: [Bool] = []
    private var most: [Int] = []
    private let uCount: Int

    init(_ problem: SingleTaskProblem) {
        self.problem = problem
        let p = problem.policy
        g = p.granularity
        units = Int(problem.remaining / g)
        minUnits = Int(problem.minSitting / g)
        maxUnits = Int(problem.span / g)
        breakUnits = Int((p.breakBetweenSittings + g - 1) / g)
        let cap = problem.useMaxPerDay ? p.maxPerDay.map { Int($0 / p.granularity) } : nil
        capUnits = cap
        uCount = (cap ?? 0) + 1
        // The grid: step by minutes to the first grid instant, then by g.
        var t = problem.lower
        if t.seconds % 60 != 0 { t = Instant(seconds: (t.seconds / 60 + 1) * 60) }
        while !p.onGrid(t) { t = t + 60 }
        while t + g <= problem.due {
            times.append(t)
            t = t + g
        }
        let blockers = problem.busy + problem.others
        for s in problem.others where problem.useMaxPerDay {
            othersUsed[p.zone.local(s.start).date.daysSinceEpoch, default: 0] += s.duration
        }
        for t in times {
            let cell = TimeRange(start: t, end: t + g)
            let date = p.zone.local(t).date
            day.append(date.daysSinceEpoch)
            var ok = p.onGrid(t) && p.zone.local(t + g - 1).date == date
            ok = ok && (problem.allDays || p.workingDays.contains(Weekday(date)))
            let w = p.windowBounds(date: date, start: problem.windowStart, end: problem.windowEnd)
            ok = ok && t >= w.start && t + g <= w.end
            ok = ok && !blockers.contains { $0.overlaps(cell) }
            allowed.append(ok)
        }
        solve()
    }

    private func idx(_ p: Int, _ r: Int, _ u: Int) -> Int { (p * (units + 1) + r) * uCount + u }

    /// Own usage carried from position `p` to `q` (reset on a new day).
    private func carry(_ u: Int, from p: Int, to q: Int) -> Int {
        capUnits == nil ? 0 : (q < times.count && day[q] == day[p] ? u : 0)
    }

    /// The sittings that may start at `p` with `r` steps left and `u` used.
    private func lengths(at p: Int, r: Int, u: Int) -> [Int] {
        guard allowed[p] else { return [] }
        var out: [Int] = []
        var k = 0
        while p + k < times.count && allowed[p + k] && day[p + k] == day[p] && k < maxUnits {
            k += 1
            if k < minUnits || k > r { continue }
            if let cap = capUnits {
                let others = Int((othersUsed[day[p]] ?? 0) / g)
                if others + u + k > cap { continue }
            }
            out.append(k)
        }
        return out
    }

    private mutating func solve() {
        let n = times.count
        can = [Bool](repeating: false, count: (n + 1) * (units + 1) * uCount)
        most = [Int](repeating: 0, count: (n + 1) * (units + 1) * uCount)
        for u in 0..<uCount { can[idx(n, 0, u)] = true }
        for p in stride(from: n - 1, through: 0, by: -1) {
            for r in 0...units {
                for u in 0..<uCount {
                    if r == 0 {
                        can[idx(p, r, u)] = true
                        continue
                    }
                    let skipU = carry(u, from: p, to: p + 1)
                    var c = can[idx(p + 1, r, skipU)]
                    var m = most[idx(p + 1, r, skipU)]
                    for k in lengths(at: p, r: r, u: u) {
                        let q = min(n, p + k + breakUnits)
                        let nu = q < n && day[q] == day[p] && capUnits != nil ? u + k : 0
                        if r - k == 0 || can[idx(q, r - k, nu)] { c = true }
                        m = max(m, k + most[idx(q, r - k, nu)])
                    }
                    can[idx(p, r, u)] = c
                    most[idx(p, r, u)] = m
                }
            }
        }
    }

    /// Every total (in seconds, up to the remaining work) some placement reaches exactly.
    var reachableTotals: [Int64] {
        guard !times.isEmpty else { return [0] }
        return (0...units).filter { can[idx(0, $0, 0)] }.map { Int64($0) * g }
    }

    /// Whether some placement obeys rules 2–7.
    var feasible: Bool { units == 0 || (!times.isEmpty && can[idx(0, units, 0)]) }

    /// The largest total ≤ remaining that some set of sittings reaches.
    var available: Int64 { times.isEmpty ? 0 : Int64(most[idx(0, units, 0)]) * g }

    /// The lexicographically first placement (earliest start, then longest,
    /// sitting by sitting), or nil.
    var firstPlacement: [TimeRange]? { firstPlacement(total: problem.remaining) }

    /// The same for a smaller total (same span and minimum sitting).
    func firstPlacement(total: Int64) -> [TimeRange]? {
        let target = Int(total / g)
        guard target <= units, target == 0 || (!times.isEmpty && can[idx(0, target, 0)]) else { return nil }
        var out: [TimeRange] = []
        var p = 0, r = target, u = 0
        let n = times.count
        while r > 0 {
            guard p < n else { return nil }
            var moved = false
            for k in lengths(at: p, r: r, u: u).reversed() {
                let q = min(n, p + k + breakUnits)
                let nu = q < n && day[q] == day[p] && capUnits != nil ? u + k : 0
                if r - k == 0 || can[idx(q, r - k, nu)] {
                    out.append(TimeRange(start: times[p], end: times[p] + Int64(k) * g))
                    r -= k
                    u = nu
                    p = q
                    moved = true
                    break
                }
            }
            if !moved {
                u = carry(u, from: p, to: p + 1)
                p += 1
            }
        }
        return out
    }
}

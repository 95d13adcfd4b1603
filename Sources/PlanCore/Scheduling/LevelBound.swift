/// The least busiest-day level of the fractional layout (issue 47; rule 9 of the contract above
/// ``TaskScheduler``): each task's work spread over the days it may use, at most its cap on each,
/// every day's total at most the level and the day's capacity, work divided anywhere (not into
/// sittings). A pure function of its numbers: no calendar, no clock.
///
/// **The level.** ``solve()`` returns the least multiple of ``step`` at which every task of the
/// rest (the tasks but the ``Outcome/unplaceable``) is spread so, and a spread at that level. For a
/// trial level `L` a maximum flow says whether it holds: source → task (its work) → day (its cap
/// there) → sink (`min(L, capacity)`); the level holds when the flow carries all the work. The flow
/// only grows with `L`, so a bisection over the multiples of `step` from one below
/// `⌈work / days⌉` (which cannot hold) up to the largest capacity (which holds whenever any level
/// does) finds the least: at most `1 + ⌈log₂ ⌈capacity / step⌉⌉` flows, each `O(V² · E)` for
/// `V = tasks + days + 2` nodes and `E = tasks + days + Σ days a task may use` edges (see
/// ``MaxFlow``). The same input gives the same level and spread.
///
/// **The guarantee.** Any layout that gives every task of the rest its work, at most its cap on a
/// day and each day at most its capacity is such a spread at the level of its busiest day: that
/// day's total, rounded up to a whole number of `step`s, is at least the level (and is the total
/// itself where days total whole steps, as on-grid sittings do). Where the caps and capacities are
/// relaxations of the scheduling rules (``init(scheduler:tasks:busy:)``), every plan is such a
/// layout of the tasks it schedules.
///
/// **Exactness.** Where every work, cap and capacity is a whole number of `step`s, a maximum flow
/// has an optimum in whole steps, so the level is exactly the least busiest day of the layouts that
/// give every task whole steps on each day.
///
/// **What cannot be placed.** A task whose work exceeds the most its days could take at any level
/// (the sum over its days of the least of its cap and the capacity) is listed in
/// ``Outcome/unplaceable`` and left out of the level; its spread is empty. When the rest cannot be
/// spread together at any level (they compete for the same days), the level is nil: no layout gives
/// them all their work.
struct LevelBound {
    /// An amount of one task's work on one day: what it may take there (a cap) or what it is given (a
    /// spread).
    struct Share: Hashable, Sendable {
        var day: Int
        var amount: Int64
    }

    /// One task: its work and, for each day it may use (each once, an index into
    /// ``LevelBound/capacities``), the most it may take there.
    struct Demand: Hashable, Sendable {
        var work: Int64
        var caps: [Share]
    }

    /// What ``solve()`` finds.
    struct Outcome: Hashable, Sendable {
        /// The least level on the grid of ``LevelBound/step``; nil when the rest cannot be spread at any.
        var level: Int64?
        /// By demand: how much of its work goes to each day at ``level`` (the days of its caps that
        /// take some, ascending); empty for an unplaceable demand or without a level.
        var spread: [[Share]]
        /// The demands whose work exceeds what their days could take at any level, ascending.
        var unplaceable: [Int]
    }

    /// Each day's capacity (seconds): the most study time it can hold under the policy.
    var capacities: [Int64]
    var demands: [Demand]
    /// The grid the level is on (seconds, at least 1).
    var step: Int64
    /// The local date of day 0 (days since the epoch), for callers that map days back; 0 when the
    /// days are not calendar days.
    var firstDay: Int64 = 0

    init(capacities: [Int64], demands: [Demand], step: Int64, firstDay: Int64 = 0) {
        self.capacities = capacities
        self.demands = demands
        self.step = max(1, step)
        self.firstDay = firstDay
    }

    /// The least level and a spread at it (see the type's summary).
    func solve() -> Outcome {
        let (rest, unplaceable) = split()
        var out = Outcome(level: nil, spread: Array(repeating: [], count: demands.count), unplaceable: unplaceable)
        let total = rest.reduce(Int64(0)) { $0 + demands[$1].work }
        if total == 0 {
            out.level = 0
            return out
        }
        let top = ceilDiv(capacities.max() ?? 0, step)
        let atTop = flow(rest, level: top * step)
        guard atTop.carried == total else { return out }
        // The least multiple of `step` that holds lies in (lo, hi]: no level below the
        // average over the days holds, and the largest capacity holds.
        var lo = max(0, ceilDiv(ceilDiv(total, Int64(max(1, capacities.count))), step) - 1), hi = top
        var best = atTop
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            let f = flow(rest, level: mid * step)
            if f.carried == total {
                hi = mid
                best = f
            } else {
                lo = mid
            }
        }
        out.level = hi * step
        out.spread = best.spread
        return out
    }

    /// How the work of the rest goes to the days at `level` (by demand, as ``Outcome/spread``); nil when
    /// the rest does not fit under it. Any level at or above ``solve()``'s holds.
    func spread(atLevel level: Int64) -> [[Share]]? {
        let rest = split().rest
        let total = rest.reduce(Int64(0)) { $0 + demands[$1].work }
        let f = flow(rest, level: level)
        return f.carried == total ? f.spread : nil
    }

    /// The demands with work that their days could take at some level (`rest`), and those whose work is
    /// more than their days take at any (`unplaceable`), each ascending.
    private func split() -> (rest: [Int], unplaceable: [Int]) {
        let reach = demands.map { d in
            d.caps.reduce(Int64(0)) { $0 + min(max(0, $1.amount), max(0, capacities[$1.day])) }
        }
        let unplaceable = demands.indices.filter { demands[$0].work > reach[$0] }
        let blocked = Set(unplaceable)
        return (demands.indices.filter { !blocked.contains($0) && demands[$0].work > 0 }, unplaceable)
    }

    /// The maximum flow of the demands `rest` under `level`: the work it carries and each demand's
    /// spread.
    private func flow(_ rest: [Int], level: Int64) -> (carried: Int64, spread: [[Share]]) {
        let days = capacities.count
        let source = 0, sink = 1, firstDayNode = 2, firstTaskNode = 2 + days
        var network = MaxFlow(nodes: 2 + days + demands.count)
        for d in 0..<days {
            network.addEdge(from: firstDayNode + d, to: sink, capacity: max(0, min(level, capacities[d])))
        }
        var edges: [[(day: Int, edge: Int)]] = Array(repeating: [], count: demands.count)
        for i in rest {
            network.addEdge(from: source, to: firstTaskNode + i, capacity: demands[i].work)
            for c in demands[i].caps where c.amount > 0 {
                let e = network.addEdge(from: firstTaskNode + i, to: firstDayNode + c.day, capacity: c.amount)
                edges[i].append((c.day, e))
            }
        }
        let carried = network.maximize(from: source, to: sink)
        let spread = edges.map { list in
            list.compactMap { c in network.flow(c.edge) > 0 ? Share(day: c.day, amount: network.flow(c.edge)) : nil }
                .sorted { $0.day < $1.day }
        }
        return (carried, spread)
    }
}

@testable import PlanCore

/// A scheduling problem as the tests build it.
struct Instance: CustomStringConvertible {
    var policy: Policy
    var now: Instant
    var tasks: [PlanTask]
    var busy: [BusyBlock]
    var fixSearchDays = 28
    /// Whether the scheduler's repair pass runs (off to look at the greedy pass alone).
    var repairs = true

    var scheduler: TaskScheduler {
        var s = TaskScheduler(policy: policy, now: now, fixSearchDays: fixSearchDays)
        s.usesRepair = repairs
        return s
    }
    func plan() -> Plan { scheduler.plan(tasks: tasks, busy: busy) }

    var description: String {
        var s = "zone \(policy.zone.identifier) now \(policy.zone.local(now)) window \(policy.dayStart)-\(policy.dayEnd)"
        s += " grid \(policy.granularity / 60)m break \(policy.breakBetweenSittings / 60)m"
        s += " max \(policy.maxPerDay.map { "\($0 / 60)m" } ?? "-") days \(policy.workingDays.sorted().map(\.code))\n"
        for b in busy { s += "  busy \(policy.zone.local(b.range.start))–\(policy.zone.local(b.range.end))\n" }
        for t in tasks {
            s += "  task \(t.id) est \(t.estimate / 60)m done \(t.done / 60)m span \(t.span / 60)m min \(t.minSitting / 60)m"
            s += " win \(t.earliest?.hhmm ?? "-")-\(t.latest?.hhmm ?? "-")"
            s += " start \(t.start.map { "\(policy.zone.local($0))" } ?? "-") due \(policy.zone.local(t.due))"
            s += " prio \(t.priority) after \(t.after)\n"
        }
        return s
    }
}

/// A task's values on the grid, computed the way the contract states it
/// (independently of the scheduler's own code).
struct GridValues {
    var remaining: Int64
    var span: Int64
    var minSitting: Int64

    init(_ t: PlanTask, grid g: Int64) {
        let r = max(0, t.estimate - t.done)
        remaining = (r + g - 1) / g * g
        var s = max(g, t.span / g * g)
        s = min(s, max(remaining, g))
        span = s
        minSitting = min(max(g, (max(0, t.minSitting) + g - 1) / g * g), s)
    }
}

/// Wall-clock helpers shared by the checkers.
extension Policy {
    func windowBounds(date: LocalDate, earliest: TimeOfDay?, latest: TimeOfDay?) -> TimeRange {
        let ws = max(dayStart, earliest ?? dayStart), we = min(dayEnd, latest ?? dayEnd)
        return windowBounds(date: date, start: ws, end: we)
    }

    func windowBounds(date: LocalDate, start ws: TimeOfDay, end we: TimeOfDay) -> TimeRange {
        func at(_ t: TimeOfDay) -> Instant {
            t.minutes == 1440 ? zone.resolve(LocalDateTime(date: date.adding(days: 1)))
                : zone.resolve(LocalDateTime(date: date, hour: t.minutes / 60, minute: t.minutes % 60))
        }
        return TimeRange(start: at(ws), end: at(we))
    }

    func onGrid(_ t: Instant) -> Bool { zone.local(t).secondOfDay % Int(granularity) == 0 }
}

/// Checks every rule of the contract against a plan and returns the
/// violations in words (empty when the plan is valid).
func ruleViolations(_ inst: Instance, _ plan: Plan) -> [String] {
    var v: [String] = []
    let p = inst.policy, zone = p.zone, g = p.granularity
    let byId = Dictionary(uniqueKeysWithValues: inst.tasks.map { ($0.id, $0) })
    let outcome = Dictionary(uniqueKeysWithValues: plan.tasks.map { ($0.id, $0) })
    var perTask: [String: [Sitting]] = [:]
    for s in plan.sittings { perTask[s.taskId, default: []].append(s) }
    var perDay: [LocalDate: Int64] = [:]

    // Output order.
    for (a, b) in zip(plan.sittings, plan.sittings.dropFirst())
    where a.range.start > b.range.start || (a.range.start == b.range.start && a.taskId > b.taskId) {
        v.append("sittings not sorted: \(a.taskId)@\(a.range) before \(b.taskId)@\(b.range)")
    }
    if plan.tasks.map(\.id) != inst.tasks.map(\.id) { v.append("tasks not in input order") }

    for s in plan.sittings {
        guard let t = byId[s.taskId] else { v.append("sitting for unknown task \(s.taskId)"); continue }
        let gv = GridValues(t, grid: g)
        let r = s.range
        let startLocal = zone.local(r.start)
        let date = startLocal.date
        // Rule 3: the grid.
        if !p.onGrid(r.start) || !p.onGrid(r.end) { v.append("\(t.id) \(r): off the grid") }
        // Rule 2: one local day, its window, a working day, start and due.
        if zone.local(r.end - 1).date != date { v.append("\(t.id) \(r): crosses midnight") }
        if !p.workingDays.contains(Weekday(date)) { v.append("\(t.id) \(r): on a day off") }
        let w = p.windowBounds(date: date, earliest: t.earliest, latest: t.latest)
        if r.start < w.start || r.end > w.end { v.append("\(t.id) \(r): outside window \(w)") }
        if r.start < max(inst.now, t.start ?? inst.now) { v.append("\(t.id) \(r): before now/start") }
        if r.end > t.due { v.append("\(t.id) \(r): after due") }
        // Rule 3: busy time and other sittings.
        for b in inst.busy where b.range.overlaps(r) && !b.range.isEmpty {
            v.append("\(t.id) \(r): overlaps busy \(b.range)")
        }
        for o in plan.sittings where o != s && o.range.overlaps(r) {
            v.append("\(t.id) \(r): overlaps sitting of \(o.taskId)")
        }
        // Rule 4.
        if r.duration < gv.minSitting || r.duration > gv.span {
            v.append("\(t.id) \(r): length \(r.duration / 60)m outside \(gv.minSitting / 60)…\(gv.span / 60)m")
        }
        perDay[date, default: 0] += r.duration
    }
    for t in inst.tasks {
        let gv = GridValues(t, grid: g)
        let mine = perTask[t.id] ?? []
        guard let o = outcome[t.id] else { v.append("no outcome for \(t.id)"); continue }
        let diags = plan.diagnostics.filter { $0.taskId == t.id }
        switch o.status {
        case .scheduled:
            // Rule 5.
            let total = mine.reduce(Int64(0)) { $0 + $1.range.duration }
            if total != gv.remaining { v.append("\(t.id): total \(total / 60)m ≠ remaining \(gv.remaining / 60)m") }
            if !diags.isEmpty { v.append("\(t.id): scheduled but has a diagnostic") }
            if o.scheduled != gv.remaining { v.append("\(t.id): scheduled field wrong") }
            if o.firstStart != mine.first?.range.start || o.lastEnd != mine.last?.range.end {
                v.append("\(t.id): firstStart/lastEnd wrong")
            }
            if o.slack != mine.last.map({ t.due - $0.range.end }) { v.append("\(t.id): slack wrong") }
            // Breaks between sittings of the same task; numbering.
            for (a, b) in zip(mine, mine.dropFirst()) where b.range.start - a.range.end < p.breakBetweenSittings {
                v.append("\(t.id): sittings \(a.range) and \(b.range) closer than the break")
            }
            for (k, s) in mine.enumerated() where s.index != k + 1 || s.count != mine.count {
                v.append("\(t.id): sitting numbered \(s.index)/\(s.count), expected \(k + 1)/\(mine.count)")
            }
            // Rule 6.
            for id in t.after {
                guard let pre = outcome[id] else { continue }
                if pre.status == .unschedulable { v.append("\(t.id): scheduled although \(id) is unschedulable") }
                if let end = pre.lastEnd, let first = mine.first, first.range.start < end {
                    v.append("\(t.id): starts before \(id) ends")
                }
            }
        case .unschedulable:
            if !mine.isEmpty { v.append("\(t.id): unschedulable but has sittings") }
            if diags.count != 1 { v.append("\(t.id): unschedulable with \(diags.count) diagnostics") }
            if let d = diags.first {
                if d.needed != gv.remaining { v.append("\(t.id): needed wrong") }
                if d.available < 0 || d.available >= d.needed { v.append("\(t.id): available \(d.available) out of range") }
            }
        case .done:
            if gv.remaining != 0 || !mine.isEmpty || !diags.isEmpty { v.append("\(t.id): done wrongly") }
        }
        for id in t.after where outcome[id]?.status == .unschedulable && gv.remaining > 0 {
            if o.status != .unschedulable { v.append("\(t.id): should be unschedulable (after \(id))") }
        }
    }
    // Rule 7.
    if let cap = p.maxPerDay {
        for (d, total) in perDay where total > cap { v.append("\(d): \(total / 60)m > maxPerDay") }
    }
    // Rule 8: each task was the best ready one when its turn came.
    v += orderViolations(inst, plan)
    return v
}

/// Rule 8's order, checked from the ranks the scheduler reports. The repair
/// pass may move a task the greedy pass could not place ahead of others, with
/// its prerequisites; such a task must be scheduled now, and every other task
/// keeps rule 8's order.
func orderViolations(_ inst: Instance, _ plan: Plan) -> [String] {
    let tasks = inst.tasks
    var greedyOnly = inst
    greedyOnly.repairs = false
    let greedy = inst.repairs ? greedyOnly.plan() : plan
    let index = Dictionary(uniqueKeysWithValues: tasks.enumerated().map { ($1.id, $0) })
    // A rescued task may bring its prerequisites ahead with it.
    let rescued = Set(tasks.indices.filter { i in
        plan.tasks[i].status == .scheduled && greedy.tasks[i].status == .unschedulable
    }.flatMap { [$0] + tasks[$0].after.compactMap { index[$0] } })
    var effective = tasks.map(\.due)
    // Fixed point over the (acyclic) graph: propagate dues to prerequisites.
    var changed = true
    while changed {
        changed = false
        for (i, t) in tasks.enumerated() {
            for id in t.after {
                guard let j = index[id] else { continue }
                if effective[i] < effective[j] {
                    effective[j] = effective[i]
                    changed = true
                }
            }
        }
    }
    let rank = plan.tasks.map(\.rank)
    var v: [String] = []
    let order = tasks.indices.sorted { rank[$0] < rank[$1] }
    var placed = Set<Int>()
    for i in order {
        if rescued.contains(i) {
            // Moved by the repair pass: after its prerequisites, no more.
            if !tasks[i].after.allSatisfy({ index[$0].map(placed.contains) ?? true }) {
                v.append("order: rescued \(tasks[i].id) placed before a prerequisite")
            }
            placed.insert(i)
            continue
        }
        let ready = tasks.indices.filter { j in
            !rescued.contains(j) && !placed.contains(j) && tasks[j].after.allSatisfy { index[$0].map(placed.contains) ?? true }
        }
        let best = ready.min { a, b in
            (effective[a].seconds, tasks[a].priority, tasks[a].sequence, a)
                < (effective[b].seconds, tasks[b].priority, tasks[b].sequence, b)
        }
        if best != i { v.append("order: \(tasks[i].id) placed when \(best.map { tasks[$0].id } ?? "-") was due first") }
        placed.insert(i)
    }
    return v
}

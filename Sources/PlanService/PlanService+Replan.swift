import Foundation
import PlanCore
import PlanICal
import PlanStore

extension PlanService {
    /// Re-makes the plan from `now` on. By default every future sitting that
    /// still obeys the rules and is still needed stays where it is, and only
    /// the work that lost its place is re-fitted around it (see
    /// ``TaskScheduler/plan(tasks:busy:keeping:)``); with `compact`,
    /// everything not done is re-fitted in the contract's order. Each move
    /// says why; a task that no longer fits around the kept sittings but
    /// would with `compact` is named, never dropped unsaid.
    /// The calendars' warnings come beside it.
    package func replan(dryRun: Bool = false, compact: Bool = false) throws -> (Replanned, [ImportWarning]) {
        try guarded {
            try prefetchSubscriptions()
            return try store.write { t in try replan(t, dryRun: dryRun, compact: compact) }
        }
    }

    /// ``replan(dryRun:compact:)`` inside transaction `t` (a
    /// group session created, joined or left re-fits the plan with it).
    /// `noting`: where the work owed (a sitting missed) went is said in ``planNotes`` (not in a dry run).
    func replan(_ t: StoreTransaction, dryRun: Bool, compact: Bool, catchingUp noting: Bool = true) throws -> (Replanned, [ImportWarning]) {
        let settings = try self.settings(t)
        // Repeating tasks gain the occurrences that came into the horizon (placed around the plan first).
        try extendSeries(t, settings: settings)
        let owing = noting && !dryRun ? try owing(t, settings: settings) : []
        let i = try inputs(t, settings: settings)
        let scheduler = i.input.scheduler
        let planning = Set(i.input.tasks.map(\.id))
        // Tasks left out of planning (past due) keep their sittings: not moves.
        let old = try Self.plannedSittings(t, now: now).filter { planning.contains($0.taskId) }
        let before = Self.future(old, now: now)
        var plan: Plan
        var reasons: [String: RefitReason] = [:]
        var fitWithCompact: [String] = []
        var levelled: RefitReason?
        if compact {
            plan = scheduler.plan(tasks: i.input.tasks, busy: i.busy)
            for (id, verdict) in scheduler.verdicts(tasks: i.input.tasks, planned: before, busy: i.busy) {
                if case .refit(let why) = verdict { reasons[id] = why }
            }
        } else {
            let keeping = scheduler.plan(tasks: i.input.tasks, busy: i.busy, keeping: before)
            plan = keeping.plan
            reasons = keeping.refitted
            let full = scheduler.plan(tasks: i.input.tasks, busy: i.busy)
            let fits = Set(full.tasks.filter { $0.status == .scheduled }.map(\.id))
            if plan.tasks.contains(where: { $0.status == .unschedulable }) {
                fitWithCompact = plan.tasks.filter { $0.status == .unschedulable && fits.contains($0.id) }.map(\.id)
            }
            // A plan kept through weeks of changes drifts from level: when its busiest day ahead is past
            // the bound of a fresh plan of the same work (which fits every task it fits), the work is
            // laid out again as a first plan would be.
            let busiest = BusiestBound.busiest(plan.sittings, now: now, zone: settings.zone)
            let least = BusiestBound.busiest(full.sittings, now: now, zone: settings.zone)
            if !BusiestBound.holds(busiest, least: least),
               plan.tasks.allSatisfy({ $0.status != .scheduled || fits.contains($0.id) }) {
                plan = full
                levelled = .level(busiest: busiest, least: least)
                fitWithCompact = []
            }
        }
        var moves = Self.moves(from: old, to: plan.sittings, now: now)
        for k in moves.indices { moves[k].reason = reasons[moves[k].taskId] ?? (compact ? .compact : levelled) }
        moves = nameBusyEvents(moves, feeds: try t.calendars().map { try feed(for: $0, t) }, policy: i.input.policy)
        moves = try nameGroupSessions(moves, t)
        let after = Dictionary(grouping: plan.sittings, by: \.taskId).mapValues { Set($0.map(\.range)) }
        let kept = before.reduce(0) { n, task in n + task.value.count { after[task.key]?.contains($0) == true } }
        if !dryRun { try save(plan, t) }
        try noteOwed(owing, t)
        return (Replanned(moves: moves, plan: plan, kept: kept, fitWithCompact: fitWithCompact, compact: compact,
                          saved: !dryRun), i.warnings)
    }

    /// Fills in the event a move's sitting collides with: the scheduler sees
    /// only busy time, so the calendar it came from (the one of `list`
    /// whose feed gave the block its source) is read again over the blocks
    /// in question (best effort: a calendar that cannot be read leaves the
    /// reason as "busy time").
    func nameBusyEvents(_ moves: [Move], feeds list: [any CalendarFeed], policy: Policy) -> [Move] {
        let feeds = Dictionary(list.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
        var blocks: [String: [TimeRange]] = [:]
        for m in moves {
            if case .busy(_, let b, _, nil)? = m.reason { blocks[b.source, default: []].append(b.range) }
        }
        var names: [BusyBlock: String] = [:]
        for (source, ranges) in blocks {
            guard let feed = feeds[source] else { continue }
            let window = TimeRange(start: ranges.map(\.start).min()!, end: ranges.map(\.end).max()!)
            let options = ImportOptions(window: window, floatingZone: policy.zone)
            guard let occurrences = try? ImportMemo.shared.imported(from: feed, options: options).occurrences else { continue }
            for o in occurrences.sorted(by: { ($0.summary ?? "", $0.uid) < ($1.summary ?? "", $1.uid) })
            where policy.isBusy(o) {
                guard let summary = o.summary, let b = policy.block(for: o.range(in: policy.zone)) else { continue }
                let block = BusyBlock(range: b, source: source)
                if names[block] == nil { names[block] = summary }
            }
        }
        return moves.map { m in
            var m = m
            if case .busy(let s, let b, let inBuffer, nil)? = m.reason, let name = names[b] {
                m.reason = .busy(sitting: s, block: b, inBuffer: inBuffer, summary: name)
            }
            return m
        }
    }
}

import PlanCore
import PlanStore

extension PlanService {
    /// What every planning command does first: repeating tasks gain the occurrences that came
    /// into the horizon (``extendSeries(_:settings:)``), and work owed is re-fitted (``refitOwed(_:settings:)``).
    func catchUp(_ t: StoreTransaction, settings: PlanSettings) throws {
        try extendSeries(t, settings: settings)
        try refitOwed(t, settings: settings)
    }

    /// A task that owes work: a sitting passed with nothing recorded (`missed`, since time was
    /// last recorded on it), so its sittings ahead hold less than its work left.
    struct Owing {
        var row: TaskRow
        var missed: [TimeRange]
        var ahead: Set<TimeRange>
    }

    /// The tasks that owe work now, due later and not done. A task that never had a place (none
    /// fit) owes nothing: nothing was missed.
    func owing(_ t: StoreTransaction, settings: PlanSettings) throws -> [Owing] {
        let last = try t.lastProgress()
        return try Self.rows(t, settings: settings, now: now).compactMap { row in
            guard row.owed > 0, row.due > now, row.state != .done else { return nil }
            let since = last[row.task.id] ?? Instant(seconds: Int64.min / 2)
            let missed = row.sittings.filter { $0.range.end <= now && $0.range.start >= since }.map(\.range)
            guard row.state == .scheduled || !missed.isEmpty else { return nil }
            return Owing(row: row, missed: missed, ahead: Set(row.sittings.filter { $0.range.end > now }.map(\.range)))
        }
    }

    /// The sittings that passed with nothing recorded on their task since they began, of tasks
    /// not done: missed (the agenda and the week say so).
    static func missed(_ t: StoreTransaction, settings: PlanSettings, now: Instant) throws -> Set<Sitting> {
        let last = try t.lastProgress()
        var out = Set<Sitting>()
        for row in try rows(t, settings: settings, now: now) where row.state != .done {
            let since = last[row.task.id] ?? Instant(seconds: Int64.min / 2)
            for s in row.sittings where s.range.end <= now && s.range.start >= since { out.insert(s) }
        }
        return out
    }

    /// Says in ``planNotes`` where the work `owing` owed went, now that it is re-fitted.
    func noteOwed(_ owing: [Owing], _ t: StoreTransaction) throws {
        let sittings = Dictionary(grouping: try t.sittings(), by: \.taskId)
        for o in owing {
            let after = (sittings[o.row.task.id] ?? []).map(\.range).filter { $0.end > now && !o.ahead.contains($0) }
            planNotes.add(OwedRefit(taskId: o.row.task.id, title: o.row.task.title, owed: o.row.owed, missed: o.missed,
                                    sittings: after.sorted { $0.start < $1.start }))
        }
    }

    /// Re-fits the work owed by every task that owes some (``owing(_:settings:)``), each around
    /// the others (``refitKeepingRules(_:_:settings:)``), and says where it went. A missed sitting
    /// is never counted as done, nor as planned.
    func refitOwed(_ t: StoreTransaction, settings: PlanSettings) throws {
        let owing = try owing(t, settings: settings)
        for o in owing { try refitKeepingRules(o.row.task.id, t, settings: settings) }
        try noteOwed(owing, t)
    }

    /// Re-fits task `id` around the others (which stay); when it no longer fits so, re-makes
    /// the plan keeping every sitting that still obeys the rules, as `plan replan` does.
    func refitKeepingRules(_ id: String, _ t: StoreTransaction, settings: PlanSettings) throws {
        try refit(id, t, settings: settings)
        let row = try Self.rows(t, settings: settings, now: now).first { $0.task.id == id }
        if row?.state != .scheduled || (row?.owed ?? 0) > 0 {
            _ = try replan(t, dryRun: false, compact: false, catchingUp: false)
        }
    }
}

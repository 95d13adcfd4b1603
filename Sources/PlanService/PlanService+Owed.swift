import PlanCore
import PlanStore

extension PlanService {
    /// What every planning command does first: repeating tasks gain the occurrences that came
    /// into the horizon (``extendSeries(_:settings:)``), and work owed is re-fitted (``refitOwed(_:settings:)``).
    func catchUp(_ t: StoreTransaction, settings: PlanSettings) throws {
        try extendSeries(t, settings: settings)
        try refitOwed(t, settings: settings)
    }

    /// Re-fits the work owed by every task that still has sittings ahead but not enough for its
    /// work left — a sitting passed with nothing recorded — or whose sittings all passed so, due
    /// later: each around the others (``refitKeepingRules(_:_:settings:)``), each said in
    /// ``planNotes``. A missed sitting is never counted as done, nor as planned.
    func refitOwed(_ t: StoreTransaction, settings: PlanSettings) throws {
        let rows = try Self.rows(t, settings: settings, now: now)
        let last = try t.lastProgress()
        for row in rows where row.owed > 0 && row.due > now && row.state != .done {
            let since = last[row.task.id] ?? Instant(seconds: Int64.min / 2)
            let missed = row.sittings.filter { $0.range.end <= now && $0.range.start >= since }.map(\.range)
            // A task that never had a place (none fit) is not owed work: nothing was missed.
            guard row.state == .scheduled || !missed.isEmpty else { continue }
            let before = Set(row.sittings.filter { $0.range.end > now }.map(\.range))
            try refitKeepingRules(row.task.id, t, settings: settings)
            let after = try t.sittings().filter { $0.taskId == row.task.id && $0.range.end > now }.map(\.range)
            planNotes.add(OwedRefit(taskId: row.task.id, title: row.task.title, owed: row.owed, missed: missed,
                                    sittings: after.filter { !before.contains($0) }.sorted { $0.start < $1.start }))
        }
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

import PlanCore
import PlanStore

extension PlanService {
    /// What following each of `diagnostic`'s fixes makes (``Diagnostic/fixDays``): `spec` with the fix
    /// added around the stored plan (as `add-task` places it), the busiest day its sittings land on,
    /// against the least busy a plan re-made with the fix gives over the same days. A fix verified
    /// so is one a student would take, or one that says what day it makes.
    func fixDays(_ spec: TaskDefinition, _ diagnostic: Diagnostic, _ t: StoreTransaction,
                 settings: PlanSettings) throws -> [Fix: FixDay] {
        let zone = settings.zone
        let others = Set(try t.tasks().map(\.task.id))
        var out: [Fix: FixDay] = [:]
        let offered = diagnostic.fixes.map { f -> Fix in
            if case .due = f, let m = diagnostic.marginDue { return .due(m) }
            return f
        }
        for fix in offered {
            var task = spec
            switch fix {
            case .due(let i): task.due = .instant(i, offset: zone.offset(at: i))
            case .start(let i): task.start = .instant(i, offset: zone.offset(at: i))
            case .earliest(let v): task.earliest = v
            case .latest(let v): task.latest = v
            case .span(let v): task.span = v
            case .minSitting(let v): task.minSitting = v
            }
            let around = try planned(t, settings: settings, extra: [task], fixed: others)
            let days = Set(around.plan.sittings.filter { $0.taskId == task.id }.map { zone.local($0.range.start).date })
            guard !days.isEmpty else { continue }
            let remade = try planned(t, settings: settings, extra: [task], fixed: [])
            guard remade.plan.tasks.first(where: { $0.id == task.id })?.status == .scheduled else { continue }
            func perDay(_ plan: Plan) -> [LocalDate: Int64] {
                var totals: [LocalDate: Int64] = [:]
                for s in plan.sittings where s.range.end > now { totals[zone.local(s.range.start).date, default: 0] += s.range.duration }
                return totals
            }
            let mine = perDay(around.plan).filter { days.contains($0.key) }
            guard let worst = mine.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) else { continue }
            // The re-made plan's busiest day from now through the last of those days.
            let last = days.max()!
            let least = perDay(remade.plan).filter { $0.key <= last }.values.max() ?? 0
            out[fix] = FixDay(day: worst.key, work: worst.value, least: least)
        }
        return out
    }
}

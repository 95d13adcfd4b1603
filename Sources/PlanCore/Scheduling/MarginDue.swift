/// The due fix that keeps balanced placement's margin (rule 9): the due fix
/// of a refused task is the tightest date it fits by, where it would finish
/// just in time; the first of the dates one, two or three times `finishEarly`
/// later with which planning the whole request again shows the task
/// finishing `finishEarly` before it is offered too.
extension TaskScheduler {
    /// The most refused tasks of one plan whose margin-keeping due is looked
    /// for, and the largest request (in tasks) it is looked for in: each look
    /// plans the whole request again.
    static let marginDueLooks = 4, marginDueTasks = 200

    /// Sets ``Diagnostic/marginDue`` on the diagnostics of `plan` (made from
    /// `tasks`, `busy` and `fixed`) whose due fix, moved `finishEarly` later,
    /// lets their task keep the margin.
    func addMarginDues(_ plan: inout Plan, tasks: [PlanTask], busy: [BusyBlock], fixed: [String: [TimeRange]]) {
        guard policy.finishEarly > 0, tasks.count <= Self.marginDueTasks else { return }
        var looks = 0
        for k in plan.diagnostics.indices where looks < Self.marginDueLooks {
            let d = plan.diagnostics[k]
            guard let i = tasks.firstIndex(where: { $0.id == d.taskId }),
                  (tasks[i].placement ?? policy.placement) == .balanced,
                  let tight = d.fixes.lazy.compactMap({ fix -> Instant? in if case .due(let t) = fix { t } else { nil } }).first
            else { continue }
            looks += 1
            var again = self
            again.checksMarginDues = false
            for times in Int64(1)...3 {
                var changed = tasks
                changed[i].due = tight + times * policy.finishEarly
                let outcome = again.plan(tasks: changed, busy: busy, fixed: fixed).tasks[i]
                if outcome.status == .scheduled, let slack = outcome.slack, slack >= policy.finishEarly {
                    plan.diagnostics[k].marginDue = changed[i].due
                    break
                }
            }
        }
    }
}

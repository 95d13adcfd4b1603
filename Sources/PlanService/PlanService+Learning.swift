import PlanCore
import PlanStore

extension PlanService {
    /// Plans `task` (new, of `series` when an occurrence) for its estimate times the ratio its
    /// series' or project's finished tasks took (``Review/ratio(project:series:tasks:seriesOf:)``)
    /// when the settings learn and the ratio lies outside 0.9–1.1×, and says so in ``planNotes``.
    /// The estimate stays as typed.
    func learn(_ task: inout TaskDefinition, series: String? = nil, _ t: StoreTransaction, settings: PlanSettings) throws {
        guard settings.learn, task.planned == nil, task.done == 0 else { return }
        let links = try t.seriesLinks()
        guard let (ratio, kind, name) = Review.ratio(project: task.project, series: series, tasks: try t.tasks().map(\.task),
                                                     seriesOf: links.mapValues(\.seriesId)),
              ratio.adjusts else { return }
        let planned = ratio.planned(for: task.estimate)
        guard planned != task.estimate else { return }
        task.planned = planned
        planNotes.add(LearnedEstimate(taskId: task.id, estimate: task.estimate, planned: planned, ratio: ratio, kind: kind, name: name))
    }
}

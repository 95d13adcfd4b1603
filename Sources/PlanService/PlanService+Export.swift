import Foundation
import PlanCore
import PlanICal
import PlanStore

extension PlanService {
    /// Sittings as the exporter (and `plan sync`) writes them: UID
    /// `<task id>-<n>@plan`, `Project: Task (n/count)`, the notes and the
    /// effort left, and the task id.
    static func exportSittings(_ sittings: [Sitting], tasks: [String: TaskDefinition]) -> [ExportSitting] {
        sittings.map { s -> ExportSitting in
            let spec = tasks[s.taskId]
            let title = spec?.title ?? s.taskId
            let project = spec?.project
            let estimate = spec?.estimate ?? 0
            let done = spec?.done ?? 0
            var description = spec?.notes.map { $0 + "\n\n" } ?? ""
            description += "Effort left: \(ISODuration.humanString(max(0, estimate - done))) of \(ISODuration.humanString(estimate))"
            description += "\nPlanned by plan; task id \(s.taskId)."
            return ExportSitting(uid: "\(s.taskId)-\(s.index)@plan", range: s.range,
                                 summary: (project.map { "\($0): " } ?? "") + "\(title) (\(s.index)/\(s.count))",
                                 categories: project.map { [$0] } ?? [], description: description, taskId: s.taskId)
        }
    }

    /// The merged calendar: the registered calendars as they are plus one
    /// VEVENT per sitting in `[from, to)` (all sittings when nil), written in
    /// the user's zone (``zone()``).
    package func export(from: Instant?, to: Instant?, onlyPlan: Bool) throws -> String {
        try guarded {
            try prefetchSubscriptions()
            return try store.read { t in
                let zone = try self.settings(t).timeZone
                let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
                let sittings = try t.sittings().filter { s in
                    (from.map { s.range.end > $0 } ?? true) && (to.map { s.range.start < $0 } ?? true)
                }
                let export = Self.exportSittings(sittings, tasks: tasks)
                let calendars = onlyPlan ? [] : try t.calendars().map { try feed(for: $0, t).read().calendarBytes }
                return try ICalExporter.merged(calendars: calendars, sittings: export, stamp: now, timeZone: zone)
            }
        }
    }
}

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

    /// A study session the user goes to, as the exporter writes it: its own
    /// UID (the invitation's, so a calendar that has the invitation too
    /// keeps one event), `Course: Title (study group)`, where it meets.
    static func exportSession(_ s: StudySession) -> ExportSitting {
        ExportSitting(uid: s.uid, range: s.range,
                      summary: (s.course.map { "\($0): " } ?? "") + "\(s.title) (study group)",
                      categories: s.course.map { [$0] } ?? [],
                      description: "Study group session \(s.id) (plan group list).", taskId: "", sessionId: s.id, location: s.location)
    }

    /// The merged calendar: the registered calendars as they are plus one
    /// VEVENT per sitting and per study session the user goes to in
    /// `[from, to)` (all when nil), written in the user's zone (``zone()``).
    package func export(from: Instant?, to: Instant?, onlyPlan: Bool) throws -> String {
        try guarded {
            try prefetchSubscriptions()
            return try store.read { t in
                let zone = try self.settings(t).timeZone
                let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
                let within = { (r: TimeRange) in (from.map { r.end > $0 } ?? true) && (to.map { r.start < $0 } ?? true) }
                let sittings = try t.sittings().filter { within($0.range) }
                let sessions = try attendedSessions(t, overlapping: nil).filter { within($0.range) }
                let export = Self.exportSittings(sittings, tasks: tasks) + sessions.map(Self.exportSession)
                let calendars = onlyPlan ? [] : try t.calendars().map { try feed(for: $0, t).read().calendarBytes }
                return try ICalExporter.merged(calendars: calendars, sittings: export, stamp: now, timeZone: zone)
            }
        }
    }
}

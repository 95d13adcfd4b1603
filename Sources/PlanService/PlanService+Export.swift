import Foundation
import PlanCore
import PlanICal
import PlanStore

extension PlanService {
    /// Sittings as the exporter (and `plan sync`) writes them: the UID of
    /// ``SittingUIDs`` (`uids`, one per sitting), `Project: Task`, the notes
    /// and the task id. Nothing in an event says what other sittings or
    /// progress are (no "2/4", no effort left), so an event changes only when
    /// its own sitting or its task's words do.
    static func exportSittings(_ sittings: [Sitting], tasks: [String: TaskDefinition], uids: [String]) -> [ExportSitting] {
        zip(sittings, uids).map { s, uid -> ExportSitting in
            let spec = tasks[s.taskId]
            let title = spec?.title ?? s.taskId
            let project = spec?.project
            let description = (spec?.notes.map { $0 + "\n\n" } ?? "") + "Planned by plan; task id \(s.taskId)."
            return ExportSitting(uid: uid, range: s.range, summary: (project.map { "\($0): " } ?? "") + title,
                                 categories: project.map { [$0] } ?? [], description: description, taskId: s.taskId)
        }
    }

    /// The events `plan sync` has on the phone's calendar (the sync target's), for ``SittingUIDs``.
    func syncedEvents(_ t: StoreTransaction) throws -> (known: [SittingUIDs.Known], taken: Set<String>) {
        guard let target = try t.setting(Self.syncTargetKey) else { return ([], []) }
        let resources = try t.syncedResources(collection: target)
        return (resources.map { SittingUIDs.Known(uid: $0.uid, taskId: $0.taskId, range: $0.range) }, Set(resources.map(\.uid)))
    }

    /// A study session the user goes to, as the exporter writes it: its own
    /// UID (the invitation's, so a calendar that has the invitation too
    /// keeps one event), `Course: Title (study group)`, where it meets, who
    /// called it and who is asked.
    static func exportSession(_ s: StudySession) -> ExportSitting {
        var e = ExportSitting(uid: s.uid, range: s.range,
                              summary: (s.course.map { "\($0): " } ?? "") + "\(s.title) (study group)",
                              categories: s.course.map { [$0] } ?? [],
                              description: "Study group session \(s.id) (plan group list).", taskId: "", sessionId: s.id, location: s.location)
        e.organizer = s.organizer
        e.attendees = s.attendees
        return e
    }

    /// The merged calendar: the registered calendars as they are plus one
    /// VEVENT per sitting and per study session the user goes to in
    /// `[from, to)` (all when nil), written in the user's zone (``zone()``).
    package func export(from: Instant?, to: Instant?, onlyPlan: Bool) throws -> String {
        try guarded {
            try prefetchSubscriptions()
            return try store.read { t in
                let settings = try self.settings(t)
                let zone = settings.timeZone
                let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
                let within = { (r: TimeRange) in (from.map { r.end > $0 } ?? true) && (to.map { r.start < $0 } ?? true) }
                // UIDs are given over all sittings (as `plan sync` gives them), then the window is taken.
                let all = try t.sittings()
                let synced = try syncedEvents(t)
                let kept = zip(all, SittingUIDs.assign(all, known: synced.known, taken: synced.taken, now: now)).filter { within($0.0.range) }
                let sessions = try attendedSessions(t, overlapping: nil).filter { within($0.range) }
                let export = Self.exportSittings(kept.map(\.0), tasks: tasks, uids: kept.map(\.1)) + sessions.map(Self.exportSession)
                // What plan did not plan around (an event it could not read, a rule it ignored) is not
                // written as if it had: read as planning reads it, over the export's stretch.
                var calendars: [CalendarBytes] = []
                var unplanned: [String: ICalExporter.Unplanned] = [:]
                let window = TimeRange(start: from ?? now - 86_400, end: to ?? max(now, from ?? now) + 366 * 86_400)
                // Every calendar read first (what one command holds is bounded as they are read), then each planned from.
                let feeds = try (onlyPlan ? [] : try t.calendars()).map { try feed(for: $0, t) }
                for feed in feeds { calendars.append(try feed.read().calendarBytes) }
                for (feed, bytes) in zip(feeds, calendars) {
                    let read = try ImportMemo.shared.imported(from: feed, options: ImportOptions(window: window, floatingZone: settings.zone))
                    unplanned[bytes.label] = ICalExporter.Unplanned(warnings: read.warnings)
                }
                var leftOut: [ImportWarning] = []
                let text = try ICalExporter.merged(calendars: calendars, sittings: export, stamp: now, timeZone: zone,
                                                   unplanned: unplanned, leftOut: &leftOut)
                planNotes.addWarnings(leftOut)
                return text
            }
        }
    }
}

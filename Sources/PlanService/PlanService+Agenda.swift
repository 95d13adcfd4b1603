import Foundation
import PlanCore
import PlanICal
import PlanStore

extension PlanService {
    /// Classes, sittings and the study sessions the user goes to, merged over `[from, from + days)` in the user's zone.
    package func agenda(from: LocalDate?, days: Int) throws -> Agenda {
        try guarded {
            try prefetchSubscriptions()
            return try store.read { t in
                let settings = try self.settings(t)
                let zone = settings.zone
                let first = from ?? zone.local(now).date
                let range = TimeRange(start: zone.resolve(LocalDateTime(date: first)),
                                      end: zone.resolve(LocalDateTime(date: first.adding(days: max(1, days)))))
                var items: [(range: TimeRange, item: AgendaItem)] = []
                var warnings: [ImportWarning] = []
                for c in try t.calendars() {
                    let r = try ImportMemo.shared.imported(from: try feed(for: c, t), options: ImportOptions(window: range, floatingZone: zone))
                    warnings += r.warnings
                    for o in r.occurrences { items.append((o.range(in: zone), .event(o))) }
                }
                warnings += remote.takeNotices()
                let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
                let missed = try Self.missed(t, settings: settings, now: now)
                let titles = try Self.sittingTitles(t, zone: zone)
                for s in try t.sittings() where s.range.overlaps(range) {
                    items.append((s.range, .sitting(s, title: titles[s.taskId] ?? s.taskId, project: tasks[s.taskId]?.project,
                                                    missed: missed.contains(s))))
                }
                // A session the calendars already hold (the group's calendar registered as busy time) is listed once, as theirs.
                let uids = Set(items.compactMap { if case .event(let o) = $0.item { o.uid } else { nil } })
                for session in try attendedSessions(t, overlapping: range) where !uids.contains(session.uid) {
                    items.append((session.range, .session(session)))
                }
                items.sort { a, b in
                    if a.range.start != b.range.start { return a.range.start < b.range.start }
                    return Self.sortName(a.item) < Self.sortName(b.item)
                }
                return Agenda(zone: zone, range: range, items: items, warnings: warnings)
            }
        }
    }

    /// Each task's title as a sitting shows it: an occurrence of a repeating task says which
    /// (`HIST 200 reading for Tue 02-10`, ``TaskSeries/occurrenceLabel(due:)``).
    static func sittingTitles(_ t: StoreTransaction, zone: SystemZone) throws -> [String: String] {
        let series = Dictionary(try t.series().map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let links = try t.seriesLinks()
        var out: [String: String] = [:]
        for task in try t.tasks().map(\.task) {
            if let s = links[task.id].flatMap({ series[$0.seriesId] }) {
                out[task.id] = task.title + " " + s.occurrenceLabel(due: task.due.day(in: zone))
            } else {
                out[task.id] = task.title
            }
        }
        return out
    }

    static func sortName(_ item: AgendaItem) -> String {
        switch item {
        case .event(let o): "0" + o.uid
        case .sitting(let s, _, _, _): "1" + s.taskId + String(s.index)
        case .session(let s): "2" + s.id
        }
    }
}

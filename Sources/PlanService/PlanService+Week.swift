import Foundation
import PlanCore
import PlanICal
import PlanStore

/// What `plan week` draws, gathered: the items of the week, what could not be read.
package struct WeekGathered: Sendable {
    package var input: WeekInput
    package var warnings: [ImportWarning]
}

extension PlanService {
    /// The week `[from, from + days)` in `zone` (else the service's,
    /// ``zone()``): the registered calendars' busy and tentative events
    /// (cancelled and free ones left out, all-day ones kept to be listed),
    /// the events of `extraCalendars` (files read for this view only), the
    /// planned sittings unless `onlyClasses`, and the courses of the
    /// timetable in use that meet at no set time. Each event is put with its
    /// course or project (``WeekGroups``); projects' colours come along.
    package func week(from: LocalDate?, days: Int, zone name: String?, extraCalendars: [String], onlyClasses: Bool) throws -> WeekGathered {
        let inUse = try timetableInUse()
        let unscheduled = try inUse.map { try timetable(named: $0) }.map(Self.noSetTime) ?? []
        var gathered = try gather(from: from, days: days, zone: name, extraCalendars: extraCalendars, onlyClasses: onlyClasses,
                                  unscheduled: unscheduled)
        if !onlyClasses { gathered.input.load = try load() }
        return gathered
    }

    private func gather(from: LocalDate?, days: Int, zone name: String?, extraCalendars: [String], onlyClasses: Bool,
                        unscheduled: [WeekInput.Unscheduled]) throws -> WeekGathered {
        try guarded {
            try prefetchSubscriptions()
            return try store.read { t in
                let zoneName = try name ?? settings(t).timeZone
                guard let zone = SystemZone(identifier: zoneName) else {
                    throw ServiceError.refused("the time zone \"\(zoneName)\" is not one this system knows")
                }
                let first = from ?? zone.local(now).date
                let range = TimeRange(start: zone.resolve(LocalDateTime(date: first)),
                                      end: zone.resolve(LocalDateTime(date: first.adding(days: max(1, days)))))
                let projects = try t.projects()
                let known = Set(projects.map { WeekGroups.key($0.name) })
                var colors: [String: String] = [:]
                for p in projects { if let c = p.color { colors[WeekGroups.key(p.name)] = c } }

                let calendars = try t.calendars()
                guard calendars.count + extraCalendars.count <= CalendarReads.maxCalendars else {
                    throw ServiceError.refused("\(calendars.count) calendars registered and \(extraCalendars.count) given (--calendar): "
                                               + "plan reads at most \(CalendarReads.maxCalendars) at once")
                }
                let feeds: [any CalendarFeed] = try calendars.map { try feed(for: $0, t) }
                    + extraCalendars.map { counted(FileFeed(path: Self.absolutePath($0))) }
                var items: [WeekInput.Item] = []
                // Feeds were made above, so a subscription read from its copy has said so already.
                var warnings: [ImportWarning] = remote.takeNotices()
                for feed in feeds {
                    let r = try ImportMemo.shared.imported(from: feed, options: ImportOptions(window: range, floatingZone: zone))
                    warnings += r.warnings
                    for o in r.occurrences where !o.isCancelled && (o.isAllDay || !o.transparent) {
                        let (group, title) = WeekGroups.group(summary: o.summary ?? "(no title)", categories: o.categories, known: known)
                        items.append(WeekInput.Item(kind: .event, range: o.range(in: zone), allDay: o.isAllDay, group: group, title: title,
                                                    room: o.location, tentative: o.isTentative, origin: feed.label, detail: o.uid))
                    }
                }
                if !onlyClasses {
                    let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
                    let missed = try Self.missed(t, settings: try settings(t), now: now)
                    let titles = try Self.sittingTitles(t, zone: zone)
                    for s in try t.sittings() where s.range.overlaps(range) {
                        let task = tasks[s.taskId]
                        // A sitting that passed with nothing recorded says so.
                        let gone = missed.contains(s)
                        items.append(WeekInput.Item(kind: .sitting, range: s.range, group: task?.project,
                                                    title: (gone ? "missed: " : "") + "\(titles[s.taskId] ?? s.taskId) (\(s.index)/\(s.count))",
                                                    origin: s.taskId, detail: "\(s.index)/\(s.count)"))
                    }
                    // A session the calendars already hold (the group's calendar as busy time) is drawn once, as theirs.
                    let uids = Set(items.lazy.filter { $0.kind == .event }.map(\.detail))
                    for s in try attendedSessions(t, overlapping: range) where !uids.contains(s.uid) {
                        items.append(WeekInput.Item(kind: .session, range: s.range, group: s.course, title: "\(s.title) (study group)",
                                                    room: s.location, origin: s.id, detail: s.uid))
                    }
                }
                let names = calendars.map(\.name) + extraCalendars.map(Self.defaultName)
                return WeekGathered(input: WeekInput(first: first, days: max(1, days), zone: zone, items: items, unscheduled: unscheduled,
                                                     colors: colors, name: names.isEmpty ? nil : names.joined(separator: ", ")),
                                    warnings: warnings)
            }
        }
    }

    /// The courses of a saved timetable whose section meets at no set time.
    static func noSetTime(_ kept: StoredCatalog) -> [WeekInput.Unscheduled] {
        kept.catalog.courses.compactMap { course in
            guard let section = course.sections.first, section.meetings.isEmpty else { return nil }
            return WeekInput.Unscheduled(code: course.code, title: course.title, when: "no set time (section \(section.id))")
        }
    }
}

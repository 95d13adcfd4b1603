import PlanCore
import PlanStore

/// What `plan task remove SERIES [--from DATE]` did.
package struct SeriesRemoved: Sendable {
    package var series: String
    /// The occurrences removed (not finished, due on or after the date), due order.
    package var removed: [String]
    /// With `--from`: the series ends the day before (its last possible due); nil: the series is gone.
    package var endsOn: LocalDate?
}

extension PlanService {
    /// The series `key` names: its id, else the one series with that title
    /// (case-insensitive); nil when none does.
    static func seriesId(_ key: String, among all: [TaskSeries]) -> String? {
        if all.contains(where: { $0.id == key }) { return key }
        let byTitle = all.filter { $0.template.title.lowercased() == key.lowercased() }
        return byTitle.count == 1 ? byTitle[0].id : nil
    }

    /// The series `key` names, with its occurrences and skips; nil when no series matches.
    package func series(_ key: String) throws -> SeriesRow? {
        try guarded {
            try store.read { t in
                let all = try t.series()
                guard let id = Self.seriesId(key, among: all), let series = all.first(where: { $0.id == id }) else { return nil }
                let settings = try self.settings(t)
                let links = try t.seriesLinks()
                let rows = try Self.rows(t, settings: settings, now: now).filter { links[$0.task.id]?.seriesId == id }
                return SeriesRow(series: series, occurrences: rows.sorted { ($0.due, $0.task.id) < ($1.due, $1.task.id) },
                                 skipped: try t.skips(series: id), horizon: series.through ?? horizonDate(settings))
            }
        }
    }

    /// Every series with its occurrences (for `plan tasks`).
    package func allSeries() throws -> [SeriesRow] {
        try guarded {
            try store.read { t in
                let settings = try self.settings(t)
                let links = try t.seriesLinks()
                let rows = try Self.rows(t, settings: settings, now: now)
                return try t.series().map { s in
                    SeriesRow(series: s, occurrences: rows.filter { links[$0.task.id]?.seriesId == s.id }
                                .sorted { ($0.due, $0.task.id) < ($1.due, $1.task.id) },
                              skipped: try t.skips(series: s.id), horizon: s.through ?? horizonDate(settings))
                }
            }
        }
    }

    /// Changes a series' fields for its coming occurrences — those not finished and not
    /// yet due — and for the ones it makes from now on; finished and past ones keep theirs.
    /// Refused (nothing saved) when a changed occurrence no longer fits.
    package func editSeries(_ key: String, _ input: TaskInput) throws -> SeriesRow {
        let id: String = try guarded {
            try prefetchSubscriptions()
            return try store.write { t in
                let settings = try self.settings(t)
                try extendSeries(t, settings: settings)
                let all = try t.series()
                guard let id = Self.seriesId(key, among: all), var series = all.first(where: { $0.id == id }) else {
                    throw ServiceError.notFound(kind: "series", name: key)
                }
                for (field, given) in [("due", input.due != nil), ("start", input.start != nil), ("after", input.after != nil),
                                       ("done", input.done != nil), ("id", input.id != nil)] where given {
                    throw InputError(field, "a series' occurrences each keep their own; change one occurrence with `plan task edit OCCURRENCE`", isRefusal: true)
                }
                let links = try t.seriesLinks()
                try Self.checkRetitle(input.title, from: series.template.title, mine: Set(links.filter { $0.value.seriesId == id }.keys),
                                      among: try t.tasks().map(\.task), zone: settings.zone)
                var input = input
                try input.apply(to: &series.template, after: nil, now: now, zone: settings.zone)
                try Self.checkText(series.template)
                if let p = input.project {
                    input.project = try Self.project(p, t)
                    series.template.project = input.project
                }
                let coming = try t.tasks().map(\.task).filter {
                    links[$0.id]?.seriesId == id && $0.remaining > 0 && $0.due.instant(in: settings.zone, endOfDay: true) > now
                }
                var changed: [TaskDefinition] = []
                for var task in coming {
                    try input.apply(to: &task, after: nil, now: now, zone: settings.zone)
                    changed.append(task)
                }
                let ids = Set(changed.map(\.id))
                let others = Set(try t.tasks().map(\.task.id)).subtracting(ids)
                let p = try planned(t, settings: settings, extra: changed, fixed: others, leaveOut: ids)
                if let d = p.plan.diagnostics.first(where: { ids.contains($0.taskId) }) { throw EditRefused(diagnostic: d) }
                try t.saveSeries(series)
                for task in changed {
                    try t.saveTask(task)
                    try replaceFutureSittings(of: task.id, t, with: p.plan.sittings.filter { $0.taskId == task.id }.map(\.range))
                }
                return id
            }
        }
        return try series(id)!
    }

    /// Skips one occurrence of a series (`plan done OCCURRENCE --skip`, `series.skip`): its
    /// task and its sittings are removed, and the series remembers it so it is never made
    /// again. Returns the occurrence's id (`key` may be its title) and the series'.
    package func skip(_ key: String) throws -> (occurrence: String, series: String) {
        try guarded {
            try store.write { t in
                let tasks = try t.tasks()
                let defined = tasks.map(\.task)
                guard let id = Self.taskId(key, among: defined) else { throw Self.unknownTask(key, among: defined) }
                guard let link = try t.seriesLinks()[id] else {
                    throw ServiceError.refused("\"\(id)\" is not an occurrence of a repeating task: finish it with `plan done \(id)`, or remove it with `plan task remove \(id)`")
                }
                let dependents = tasks.filter { $0.task.after.contains(id) }.map(\.task.id)
                if !dependents.isEmpty {
                    throw ServiceError.refused("\(dependents.joined(separator: ", ")) depend(s) on \"\(id)\" (after); remove or edit them first")
                }
                try t.addSkip(link, taskId: id)
                try t.removeTask(id: id)
                return (id, link.seriesId)
            }
        }
    }

    /// Ends a series: removes its occurrences not finished and due on or after `from`
    /// (default: today, i.e. every coming one). With `from`, the series stays with its
    /// last possible due the day before; without, it is gone (its finished and past
    /// occurrences stay, as tasks of their own).
    package func removeSeries(_ key: String, from: String?) throws -> SeriesRemoved {
        try guarded {
            try store.write { t in
                let settings = try self.settings(t)
                let zone = settings.zone
                let all = try t.series()
                guard let id = Self.seriesId(key, among: all), var series = all.first(where: { $0.id == id }) else {
                    throw ServiceError.notFound(kind: "series", name: key)
                }
                var first = zone.local(now).date
                if let from {
                    first = switch try InputValue.date(from, field: "from", now: now, zone: zone) {
                    case .date(let d): d
                    case .local(let l): l.date
                    case .instant(let i, _): zone.local(i).date
                    }
                }
                let cut = max(now, zone.resolve(LocalDateTime(date: first)))
                let links = try t.seriesLinks()
                let tasks = try t.tasks().map(\.task)
                let removed = tasks.filter {
                    links[$0.id]?.seriesId == id && $0.remaining > 0 && $0.due.instant(in: zone, endOfDay: true) > cut
                }
                .sorted { ($0.due.instant(in: zone, endOfDay: true), $0.id) < ($1.due.instant(in: zone, endOfDay: true), $1.id) }
                let gone = Set(removed.map(\.id))
                let dependents = tasks.filter { !gone.contains($0.id) && !gone.isDisjoint(with: $0.after) }.map(\.id)
                if !dependents.isEmpty {
                    throw ServiceError.refused("\(dependents.joined(separator: ", ")) depend(s) on occurrences of \"\(id)\" (after); remove or edit them first")
                }
                for task in removed { try t.removeTask(id: task.id) }
                if from != nil {
                    let end = first.adding(days: -1)
                    series.until = min(series.until ?? end, end)
                    try t.saveSeries(series)
                    return SeriesRemoved(series: id, removed: removed.map(\.id), endsOn: series.until)
                }
                try t.removeSeries(id: id)
                return SeriesRemoved(series: id, removed: removed.map(\.id), endsOn: nil)
            }
        }
    }
}

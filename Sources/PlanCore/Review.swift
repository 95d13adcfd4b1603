/// `plan review`: a stretch of days looked back on — the work planned in it, the time recorded
/// in it and the work missed — and, per project and per series, how long finished work took
/// against its estimates (``EstimateRatio``). A pure function of the tasks, their sittings and
/// the time recorded.
package struct Review: Hashable, Sendable {
    /// One task's part of the stretch.
    package struct TaskPart: Hashable, Sendable {
        package var id: String
        package var title: String
        /// Sittings in the stretch that have ended.
        package var planned: Int64
        /// Time recorded in the stretch.
        package var done: Int64
        /// What of `planned` has no time recorded against it.
        package var missed: Int64
    }

    /// A project or a series, over all its finished tasks.
    package struct Group: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable { case project, series }
        package var kind: Kind
        package var name: String
        /// Finished tasks with time recorded.
        package var finished: Int
        /// Their estimates and the time recorded on them, in all.
        package var estimated: Int64
        package var spent: Int64
        /// Nil under ``EstimateRatio/minimumFinished`` finished tasks.
        package var ratio: EstimateRatio?
    }

    package var from: LocalDate
    package var through: LocalDate
    package var planned: Int64
    package var done: Int64
    package var missed: Int64
    /// The tasks with work planned or recorded in the stretch, by id.
    package var tasks: [TaskPart]
    /// Projects, then series, each by name; only those with a finished task.
    package var groups: [Group]

    /// A finished task for the ratios: done (by the student or all its work recorded) with time recorded.
    static func counts(_ t: TaskDefinition) -> Bool { t.remaining == 0 && t.done > 0 }

    /// The review of `range` (local days `from` … `through` in the user's zone, as instants) at `now`.
    /// `series` maps an occurrence's task id to its series' id; `progress` is every time recorded.
    package static func make(from: LocalDate, through: LocalDate, range: TimeRange, now: Instant,
                             tasks: [TaskDefinition], sittings: [Sitting], series: [String: String],
                             progress: [(taskId: String, at: Instant, spent: Int64)]) -> Review {
        var planned: [String: Int64] = [:], done: [String: Int64] = [:]
        for s in sittings where s.range.start >= range.start && s.range.start < range.end && s.range.end <= now {
            planned[s.taskId, default: 0] += s.range.duration
        }
        for p in progress where p.at >= range.start && p.at < range.end { done[p.taskId, default: 0] += p.spent }
        var parts: [TaskPart] = []
        for t in tasks.sorted(by: { $0.id < $1.id }) where planned[t.id] != nil || done[t.id] != nil {
            let p = planned[t.id] ?? 0, d = done[t.id] ?? 0
            parts.append(TaskPart(id: t.id, title: t.title, planned: p, done: d, missed: t.finished ? 0 : max(0, p - d)))
        }
        func group(_ kind: Group.Kind, _ name: String, _ members: [TaskDefinition]) -> Group? {
            let finished = members.filter(counts)
            guard !finished.isEmpty else { return nil }
            return Group(kind: kind, name: name, finished: finished.count, estimated: finished.reduce(0) { $0 + $1.estimate },
                         spent: finished.reduce(0) { $0 + $1.done },
                         ratio: EstimateRatio(finished.map { ($0.estimate, $0.done) }))
        }
        let byProject = Dictionary(grouping: tasks.filter { $0.project != nil }, by: { $0.project! })
        let bySeries = Dictionary(grouping: tasks.filter { series[$0.id] != nil }, by: { series[$0.id]! })
        let groups = byProject.keys.sorted().compactMap { group(.project, $0, byProject[$0]!) }
            + bySeries.keys.sorted().compactMap { group(.series, $0, bySeries[$0]!) }
        return Review(from: from, through: through, planned: parts.reduce(0) { $0 + $1.planned },
                      done: parts.reduce(0) { $0 + $1.done }, missed: parts.reduce(0) { $0 + $1.missed },
                      tasks: parts, groups: groups)
    }

    /// The ratio new work of `project` or of `series` is planned by: the series' own when it has
    /// one, else the project's; nil when neither has one.
    package static func ratio(project: String?, series: String?, tasks: [TaskDefinition],
                              seriesOf: [String: String]) -> (EstimateRatio, Group.Kind, String)? {
        if let series {
            let members = tasks.filter { seriesOf[$0.id] == series && counts($0) }
            if let r = EstimateRatio(members.map { ($0.estimate, $0.done) }) { return (r, .series, series) }
        }
        if let project {
            let members = tasks.filter { $0.project?.lowercased() == project.lowercased() && counts($0) }
            if let r = EstimateRatio(members.map { ($0.estimate, $0.done) }) { return (r, .project, project) }
        }
        return nil
    }
}

import PlanCore

/// A task's fields as a user or an editor gives them: text, as typed after
/// `plan add-task`/`plan task edit` or sent in `task.add`/`task.update`.
/// Both faces fill one in and hand it to the service, which reads it here,
/// once, against `now`, the user's zone and ``InputLimits`` — so the two
/// faces cannot decide differently. A field left nil is not given (for an
/// edit: left as it is).
package struct TaskInput: Hashable, Sendable {
    package var title: String?
    /// The id to give a new task; nil: made from the title, unique in the store.
    package var id: String?
    package var project: String?
    package var notes: String?
    package var estimate: String?
    package var span: String?
    package var minSitting: String?
    package var earliest: String?
    package var latest: String?
    package var start: String?
    package var due: String?
    /// 1 (highest) … 4 (lowest).
    package var priority: Int?
    /// Tasks (ids or titles) to finish first.
    package var after: [String]?
    /// Work already done (a new task only).
    package var done: String?
    /// `balanced` or `early` (its own placement; unset: the policy's).
    package var placement: String?
    /// Preferred hours (`evening`, `14:00-18:00`, `any`); unset: the policy's.
    package var prefer: String?
    /// A new task planned for its estimate as typed, whatever its project's finished tasks took
    /// (`--as-estimated`; see ``EstimateRatio``).
    package var asEstimated = false

    /// Nothing given: set the fields the user or the editor gave.
    package init() {}

    /// A new task: title, estimate and due are required; `id` is the id it
    /// gets and `after` the ids its `after` names (both found by the
    /// service in its transaction).
    func definition(id: String, after: [String], now: Instant, zone: SystemZone) throws(InputError) -> TaskDefinition {
        guard let title else { throw InputError("title", "the title is missing") }
        guard let estimate else { throw InputError("estimate", "the estimate is missing (the whole work, e.g. 6h)") }
        guard let due else {
            let tomorrow = HumanInput.nearDays(now: now, zone: zone).tomorrow
            throw InputError("due", "the due date is missing (e.g. fri or \(tomorrow))")
        }
        var task = TaskDefinition(id: id, title: try InputValue.name(title, field: "title", what: "title"),
                                  estimate: try InputValue.positiveDuration(estimate, field: "estimate"),
                                  due: try InputValue.date(due, field: "due", now: now, zone: zone))
        // The rest, each field read once: the three above are in `task` already.
        var rest = self
        (rest.title, rest.estimate, rest.due) = (nil, nil, nil)
        try rest.apply(to: &task, after: after, now: now, zone: zone)
        if let done { task.done = try InputValue.duration(done, field: "done") }
        return task
    }

    /// Changes `task` by the fields given (title, estimate and due too); the
    /// id stays. `after` are the ids the given `after` names.
    func apply(to task: inout TaskDefinition, after: [String]?, now: Instant, zone: SystemZone) throws(InputError) {
        if let title { task.title = try InputValue.name(title, field: "title", what: "title") }
        if let project { task.project = project }
        if let notes { task.notes = notes }
        if let estimate {
            let new = try InputValue.positiveDuration(estimate, field: "estimate")
            // A new estimate is a new say on the whole work: what was said to be left goes, and work
            // planned by a learnt ratio keeps that ratio.
            if new != task.estimate {
                let old = task.estimate
                task.planned = task.planned.map { max(60, Int64((Double($0) * Double(new) / Double(old) / 60).rounded()) * 60) }
                task.left = nil
            }
            task.estimate = new
        }
        if let span { task.span = try InputValue.positiveDuration(span, field: "span") }
        if let minSitting { task.minSitting = try InputValue.positiveDuration(minSitting, field: "minSitting") }
        if let earliest { task.earliest = try InputValue.clock(earliest, field: "earliest", allow24: false) }
        if let latest { task.latest = try InputValue.clock(latest, field: "latest", allow24: true) }
        if let start { task.start = try InputValue.date(start, field: "start", now: now, zone: zone) }
        if let due { task.due = try InputValue.date(due, field: "due", now: now, zone: zone) }
        if let priority {
            guard (1...4).contains(priority) else {
                throw InputError("priority", "\(priority) is not a priority (1 highest … 4 lowest)")
            }
            task.priority = priority
        }
        if let placement {
            guard let v = Placement(rawValue: placement.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw InputError("placement", "\"\(placement)\" is not a placement (balanced or early)")
            }
            task.placement = v
        }
        if let prefer { task.prefer = try InputValue.prefer(prefer, field: "prefer") }
        if let after {
            if after.contains(task.id) {
                throw InputError("after", "a task cannot come after itself", kind: ScheduleRequestError.Kind.cycle.rawValue)
            }
            task.after = after
        }
    }

    /// The tasks `after` names, as ids: each an id, else the one title that
    /// matches (case-insensitive), among `tasks`.
    static func resolve(_ after: [String], among tasks: [TaskDefinition]) throws(InputError) -> [String] {
        var ids: [String] = []
        for (i, key) in after.enumerated() {
            guard let id = PlanService.taskId(key, among: tasks) else {
                throw InputError("after/\(i)", PlanService.unknownTask(key, among: tasks).description, isNotFound: true)
            }
            ids.append(id)
        }
        return ids
    }
}

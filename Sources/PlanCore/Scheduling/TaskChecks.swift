/// The fields of one task as the checks read them: from a request's text
/// (parsed on the way, a malformed one refused by its pointer) or from a
/// ``TaskDefinition``'s typed values (nothing to parse). One set of checks
/// serves both, so a stored task and a request's task are refused alike.
protocol TaskFields {
    var id: String { get }
    var path: String { get }
    var title: String { get }
    var project: String? { get }
    var notes: String? { get }
    var priority: Int? { get }
    var after: [String] { get }
    /// As written (`balanced`, `early`); nil for the policy's.
    var placement: String? { get }
    /// As written (`evening`, `14:00-18:00`); nil for the policy's.
    var prefer: String? { get }
    func duration(_ field: TaskField) throws(ScheduleRequestError) -> Int64?
    func clock(_ field: TaskField) throws(ScheduleRequestError) -> TimeOfDay?
    func time(_ field: TaskField) throws(ScheduleRequestError) -> TaskTime?
    /// The value as a message quotes it: the request's text, or the canonical form.
    func written(_ field: TaskField) -> String
}

/// A task field that holds a duration, a time of day or a date.
enum TaskField: String {
    case estimate, span, minSitting, earliest, latest, start, due, done

    /// `24:00` is a valid `latest` (the end of the day), never an `earliest`.
    var allowsEndOfDay: Bool { self == .latest }
}

extension TaskFields {
    func bad(_ field: TaskField, _ message: String, _ kind: ScheduleRequestError.Kind = .badValue) -> ScheduleRequestError {
        ScheduleRequestError(kind, taskId: id, field: "\(path)/\(field.rawValue)", message: message)
    }
}

/// A request's task: text parsed field by field.
struct SpecFields: TaskFields {
    let spec: ScheduleRequest.TaskSpec
    let path: String
    var id: String { spec.id }
    var title: String { spec.title }
    var project: String? { spec.project }
    var notes: String? { spec.notes }
    var priority: Int? { spec.priority }
    var after: [String] { spec.after ?? [] }
    var placement: String? { spec.placement }
    var prefer: String? { spec.prefer }

    func text(_ field: TaskField) -> String? {
        switch field {
        case .estimate: spec.estimate
        case .span: spec.span
        case .minSitting: spec.minSitting
        case .earliest: spec.earliest
        case .latest: spec.latest
        case .start: spec.start
        case .due: spec.due
        case .done: spec.done
        }
    }

    func written(_ field: TaskField) -> String { text(field) ?? "" }

    func duration(_ field: TaskField) throws(ScheduleRequestError) -> Int64? {
        guard let text = text(field) else { return nil }
        guard let v = ISODuration.parse(text) else { throw bad(field, "\"\(text)\" is not an ISO 8601 duration (e.g. PT1H30M)") }
        return v
    }

    func clock(_ field: TaskField) throws(ScheduleRequestError) -> TimeOfDay? {
        guard let text = text(field) else { return nil }
        guard let v = TimeOfDay(hhmm: text, allowEndOfDay: field.allowsEndOfDay) else {
            throw bad(field, "\"\(text)\" is not a time of day HH:MM (00:00–\(field.allowsEndOfDay ? "24:00" : "23:59"))")
        }
        return v
    }

    func time(_ field: TaskField) throws(ScheduleRequestError) -> TaskTime? {
        guard let text = text(field) else { return nil }
        guard let v = TaskTime(contract: text) else {
            throw bad(field, "\"\(text)\" is not an ISO 8601 date or date-time (e.g. 2026-12-10 or 2026-12-10T17:00)")
        }
        return v
    }
}

/// A stored task: typed already.
struct TypedFields: TaskFields {
    let task: TaskDefinition
    let path: String
    var id: String { task.id }
    var title: String { task.title }
    var project: String? { task.project }
    var notes: String? { task.notes }
    var priority: Int? { task.priority }
    var after: [String] { task.after }
    var placement: String? { task.placement?.rawValue }
    var prefer: String? { task.prefer?.text }

    func duration(_ field: TaskField) -> Int64? {
        switch field {
        // A stored task is planned for what it has left: its time recorded plus its remaining work.
        case .estimate: task.done + task.remaining
        case .span: task.span
        case .minSitting: task.minSitting
        case .done: task.done
        default: nil
        }
    }

    func clock(_ field: TaskField) -> TimeOfDay? { field == .earliest ? task.earliest : field == .latest ? task.latest : nil }

    func time(_ field: TaskField) -> TaskTime? { field == .start ? task.start : field == .due ? task.due : nil }

    func written(_ field: TaskField) -> String {
        if let v = duration(field) { return ISODuration.format(v) }
        if let v = clock(field) { return v.hhmm }
        return time(field)?.contractText ?? ""
    }
}

extension PlanTask {
    /// Checks one task's fields, in the contract's order, and builds the
    /// scheduler's task (see ``ScheduleRequest/validated(defaultNow:)`` for
    /// the errors).
    static func checked(_ f: some TaskFields, index i: Int, zone: SystemZone,
                        policy: Policy) throws(ScheduleRequestError) -> PlanTask {
        func duration(_ field: TaskField) throws(ScheduleRequestError) -> Int64? {
            guard let v = try f.duration(field) else { return nil }
            guard v >= 0 else {
                throw f.bad(field, "\"\(f.written(field))\" is negative; a duration must be zero or more", .negativeDuration)
            }
            return v
        }
        let estimate = try duration(.estimate)!
        let due = try f.time(.due)!.instant(in: zone, endOfDay: true)
        var task = PlanTask(id: f.id, title: f.title, estimate: estimate, due: due, project: f.project, notes: f.notes, sequence: i)
        if let v = try duration(.span) {
            guard v > 0 else { throw f.bad(.span, "the span must be longer than zero") }
            guard v >= policy.granularity else {
                throw f.bad(.span, "\"\(f.written(.span))\" is shorter than the granularity \(ISODuration.format(policy.granularity))")
            }
            task.span = v
        }
        if let v = try duration(.minSitting) { task.minSitting = v }
        task.earliest = try f.clock(.earliest)
        task.latest = try f.clock(.latest)
        if let e = task.earliest, let l = task.latest, e >= l {
            throw f.bad(.latest, "the window \(e.hhmm)–\(l.hhmm) is empty: latest must be later than earliest")
        }
        task.start = try f.time(.start)?.instant(in: zone, endOfDay: false)
        if let p = f.priority {
            guard (1...4).contains(p) else {
                throw ScheduleRequestError(.badValue, taskId: f.id, field: "\(f.path)/priority",
                                           message: "\(p) is not a priority (1 highest … 4 lowest)")
            }
            task.priority = p
        }
        task.after = f.after
        if let v = try duration(.done) { task.done = v }
        if let text = f.placement {
            guard let v = Placement(rawValue: text) else {
                throw ScheduleRequestError(.badValue, taskId: f.id, field: "\(f.path)/placement",
                                           message: "\"\(text)\" is not a placement (balanced or early)")
            }
            task.placement = v
        }
        if let text = f.prefer {
            guard let v = PreferredHours(text: text) else {
                throw ScheduleRequestError(.badValue, taskId: f.id, field: "\(f.path)/prefer",
                                           message: "\"\(text)\" is not preferred hours (\(PreferredHours.accepted))")
            }
            task.prefer = v
        }
        if let s = task.start, s > task.due {
            throw f.bad(.start, "start \(f.written(.start)) is after due \(f.written(.due))", .startAfterDue)
        }
        return task
    }

    /// Checks a whole list of tasks (as ``ScheduleRequest/validated(defaultNow:)``
    /// checks a request's, pointers naming positions in `list`): each task's fields, then ids (not empty,
    /// not repeated), `after` (naming tasks of the list) and cycles through `after`.
    package static func checked(_ list: [TaskDefinition], zone: SystemZone, policy: Policy) throws(ScheduleRequestError) -> [PlanTask] {
        try checked(list.enumerated().map { TypedFields(task: $1, path: "/tasks/\($0)") }, zone: zone, policy: policy)
    }

    static func checked(_ list: [some TaskFields], zone: SystemZone, policy: Policy) throws(ScheduleRequestError) -> [PlanTask] {
        var tasks: [PlanTask] = []
        tasks.reserveCapacity(list.count)
        var seen: [String: Int] = [:]
        for (i, f) in list.enumerated() {
            guard !f.id.isEmpty else {
                throw ScheduleRequestError(.badValue, taskId: nil, field: "\(f.path)/id", message: "a task id must not be empty")
            }
            if let j = seen[f.id] {
                throw ScheduleRequestError(.duplicateId, taskId: f.id, field: "\(f.path)/id",
                                           message: "id \"\(f.id)\" is already used by /tasks/\(j)")
            }
            seen[f.id] = i
            tasks.append(try checked(f, index: i, zone: zone, policy: policy))
        }
        for (i, task) in tasks.enumerated() {
            for (k, id) in task.after.enumerated() where seen[id] == nil {
                throw ScheduleRequestError(.unknownTask, taskId: task.id, field: "/tasks/\(i)/after/\(k)",
                                           message: "\"after\" names \"\(id)\", which is not a task in this request")
            }
        }
        try checkCycles(tasks, seen)
        return tasks
    }

    /// Finds a cycle in `after` (depth-first from each task in list order)
    /// and names its tasks, starting from the one listed first.
    private static func checkCycles(_ tasks: [PlanTask], _ index: [String: Int]) throws(ScheduleRequestError) {
        let edges = tasks.map { $0.after.compactMap { index[$0] } }
        var state = [UInt8](repeating: 0, count: tasks.count)  // 0 new, 1 on the path, 2 done
        var cycle: [Int]?
        // Iterative depth-first search: the path and, per level, the next edge.
        for root in tasks.indices where state[root] == 0 && cycle == nil {
            var path = [root]
            var edge = [0]
            state[root] = 1
            while let top = path.last, cycle == nil {
                let k = edge[edge.count - 1]
                if k == edges[top].count {
                    state[top] = 2
                    path.removeLast()
                    edge.removeLast()
                    continue
                }
                edge[edge.count - 1] += 1
                let j = edges[top][k]
                if state[j] == 1 {
                    cycle = Array(path[path.lastIndex(of: j)!...])
                } else if state[j] == 0 {
                    state[j] = 1
                    path.append(j)
                    edge.append(0)
                }
            }
        }
        guard var c = cycle else { return }
        let first = c.indices.min { c[$0] < c[$1] }!
        c = Array(c[first...] + c[..<first])
        let names = (c + [c[0]]).map { tasks[$0].id }.joined(separator: " → ")
        throw ScheduleRequestError(.cycle, taskId: tasks[c[0]].id, field: "/tasks/\(c[0])/after",
                                   message: "\"after\" makes a cycle: \(names)")
    }
}

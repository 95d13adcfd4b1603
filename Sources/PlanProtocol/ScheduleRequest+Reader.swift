import Foundation
import PlanCore
import PlanJSON

/// The schedule request read from JSON with the one reader (``JSONValue``):
/// fields read in the contract's order, the first missing or mistyped one
/// reported by its JSON pointer and, inside a task, the task's id; members
/// the contract does not name are ignored; `null` is a missing optional.
extension ScheduleRequest {
    /// Parses and reads the request's bytes.
    package static func decode(_ data: Data) throws(ScheduleRequestError) -> ScheduleRequest {
        let value: JSONValue
        do {
            value = try JSONValue.parse(Array(data))
        } catch {
            throw ScheduleRequestError(.malformedJSON, taskId: nil, field: "", message: "not valid JSON: \(error)")
        }
        return try decode(value)
    }

    /// Reads a request from an already parsed value (`schedule`'s params).
    package static func decode(_ value: JSONValue) throws(ScheduleRequestError) -> ScheduleRequest {
        let top = try RequestFields(value, path: "", taskId: nil)
        let timeZone = try top.string("timeZone")
        let now = try top.optionalString("now")
        let policy = try top.optionalObject("policy").map { (p) throws(ScheduleRequestError) in try policySpec(p) }
        var tasks: [TaskSpec] = []
        for (i, v) in try top.array("tasks").enumerated() {
            let path = "/tasks/\(i)"
            tasks.append(try taskSpec(try RequestFields(v, path: path, taskId: v["id"]?.stringValue)))
        }
        return ScheduleRequest(timeZone: timeZone, now: now, policy: policy, tasks: tasks)
    }

    private static func policySpec(_ p: RequestFields) throws(ScheduleRequestError) -> PolicySpec {
        PolicySpec(dayStart: try p.optionalString("dayStart"), dayEnd: try p.optionalString("dayEnd"),
                   workingDays: try p.optionalStrings("workingDays"), buffer: try p.optionalString("buffer"),
                   breakBetweenSittings: try p.optionalString("breakBetweenSittings"),
                   granularity: try p.optionalString("granularity"), maxPerDay: try p.optionalString("maxPerDay"),
                   busy: try p.optionalObject("busy").map { (b) throws(ScheduleRequestError) in
                       BusySpec(allDay: try b.optionalBool("allDay"), tentative: try b.optionalBool("tentative"))
                   },
                   placement: try p.optionalString("placement"), finishEarly: try p.optionalString("finishEarly"),
                   prefer: try p.optionalString("prefer"))
    }

    private static func taskSpec(_ t: RequestFields) throws(ScheduleRequestError) -> TaskSpec {
        var spec = TaskSpec(id: try t.string("id"), title: try t.string("title"), estimate: "", due: "")
        spec.project = try t.optionalString("project")
        spec.notes = try t.optionalString("notes")
        spec.estimate = try t.string("estimate")
        spec.span = try t.optionalString("span")
        spec.minSitting = try t.optionalString("minSitting")
        spec.earliest = try t.optionalString("earliest")
        spec.latest = try t.optionalString("latest")
        spec.start = try t.optionalString("start")
        spec.due = try t.string("due")
        spec.priority = try t.optionalInt("priority")
        spec.placement = try t.optionalString("placement")
        spec.prefer = try t.optionalString("prefer")
        spec.after = try t.optionalStrings("after")
        spec.done = try t.optionalString("done")
        return spec
    }
}

/// The members of one object of a request, at `path`, read by type.
private struct RequestFields {
    let value: JSONValue
    let path: String
    /// The id of the task the object is (or is inside), for errors.
    let taskId: String?

    init(_ value: JSONValue, path: String, taskId: String?) throws(ScheduleRequestError) {
        guard case .object = value else {
            throw ScheduleRequestError(.wrongType, taskId: taskId, field: path, message: "expected an object")
        }
        self.value = value
        self.path = path
        self.taskId = taskId
    }

    func wrong(_ pointer: String, _ expected: String) -> ScheduleRequestError {
        ScheduleRequestError(.wrongType, taskId: taskId, field: pointer, message: "expected \(expected)")
    }

    /// The member, nil when absent or `null`.
    func member(_ key: String) -> JSONValue? {
        guard let v = value[key], v != .null else { return nil }
        return v
    }

    /// Refuses a member that is not there at all (`null` is there).
    func require(_ key: String) throws(ScheduleRequestError) {
        guard value[key] == nil else { return }
        throw ScheduleRequestError(.missingField, taskId: taskId, field: "\(path)/\(key)",
                                   message: "required field \"\(key)\" is missing")
    }

    func string(_ key: String) throws(ScheduleRequestError) -> String {
        try require(key)
        guard let s = try optionalString(key) else { throw wrong("\(path)/\(key)", "a string") }
        return s
    }

    func optionalString(_ key: String) throws(ScheduleRequestError) -> String? {
        guard let v = member(key) else { return nil }
        guard let s = v.stringValue else { throw wrong("\(path)/\(key)", "a string") }
        return s
    }

    func optionalInt(_ key: String) throws(ScheduleRequestError) -> Int? {
        guard let v = member(key) else { return nil }
        guard let i = v.intValue else { throw wrong("\(path)/\(key)", "an integer") }
        return i
    }

    func optionalBool(_ key: String) throws(ScheduleRequestError) -> Bool? {
        guard let v = member(key) else { return nil }
        guard case .bool(let b) = v else { throw wrong("\(path)/\(key)", "true or false") }
        return b
    }

    func optionalStrings(_ key: String) throws(ScheduleRequestError) -> [String]? {
        guard let v = member(key) else { return nil }
        guard case .array(let items) = v else { throw wrong("\(path)/\(key)", "an array of strings") }
        var out: [String] = []
        for (i, item) in items.enumerated() {
            guard let s = item.stringValue else { throw wrong("\(path)/\(key)/\(i)", "a string") }
            out.append(s)
        }
        return out
    }

    func optionalObject(_ key: String) throws(ScheduleRequestError) -> RequestFields? {
        guard let v = member(key) else { return nil }
        return try RequestFields(v, path: "\(path)/\(key)", taskId: taskId)
    }

    func array(_ key: String) throws(ScheduleRequestError) -> [JSONValue] {
        try require(key)
        guard case .array(let items)? = member(key) else { throw wrong("\(path)/\(key)", "an array") }
        return items
    }
}

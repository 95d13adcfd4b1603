import Foundation

/// An invalid scheduling request, naming the task (when there is one) and the
/// field as a JSON pointer into the request (`/tasks/0/after`).
package struct ScheduleRequestError: Error, LocalizedError, Hashable, Sendable, CustomStringConvertible {
    /// What kind of mistake it is (stable, for tests and protocol mappings).
    package enum Kind: String, Hashable, Sendable {
        case malformedJSON, missingField, wrongType, badValue, negativeDuration
        case unknownZone, badGranularity, duplicateId, unknownTask, cycle, startAfterDue
    }

    package var kind: Kind
    /// The id of the task the field belongs to, nil for top-level and policy fields.
    package var taskId: String?
    /// JSON pointer (RFC 6901) to the offending value, e.g. `/tasks/0/after/1`.
    package var field: String
    package var message: String

    package init(_ kind: Kind, taskId: String?, field: String, message: String) {
        self.kind = kind
        self.taskId = taskId
        self.field = field
        self.message = message
    }

    /// `task "essay" (/tasks/0/span): …` or `/policy/granularity: …`.
    package var description: String {
        if let taskId { return "task \"\(taskId)\" (\(field)): \(message)" }
        return "\(field): \(message)"
    }

    package var errorDescription: String? { "invalid request: \(description)" }
}

/// The request of `plan schedule` and of the `schedule` RPC method, in the
/// contract's spelling (`Schemas/schedule-request.schema.json`; PlanProtocol
/// reads it from JSON). Values stay strings here; ``validated(defaultNow:)``
/// turns them into the model.
package struct ScheduleRequest: Hashable, Sendable {
    /// IANA zone name; windows, days and offset-less times are read in it.
    package var timeZone: String
    /// Date-time with an offset; when absent the caller supplies the clock.
    package var now: String?
    package var policy: PolicySpec?
    package var tasks: [TaskSpec]

    package init(timeZone: String, now: String?, policy: PolicySpec?, tasks: [TaskSpec]) {
        self.timeZone = timeZone
        self.now = now
        self.policy = policy
        self.tasks = tasks
    }

    /// `policy`: every field optional, with the contract's defaults.
    package struct PolicySpec: Codable, Hashable, Sendable {
        package var dayStart: String?
        package var dayEnd: String?
        package var workingDays: [String]?
        package var buffer: String?
        package var breakBetweenSittings: String?
        package var granularity: String?
        package var maxPerDay: String?
        package var busy: BusySpec?
        /// `early` or `balanced`.
        package var placement: String?
        package var finishEarly: String?
        /// `morning`, `afternoon`, `evening` or `HH:MM-HH:MM`.
        package var prefer: String?

        package init(dayStart: String? = nil, dayEnd: String? = nil, workingDays: [String]? = nil,
                    buffer: String? = nil, breakBetweenSittings: String? = nil, granularity: String? = nil,
                    maxPerDay: String? = nil, busy: BusySpec? = nil, placement: String? = nil, finishEarly: String? = nil,
                    prefer: String? = nil) {
            self.placement = placement
            self.finishEarly = finishEarly
            self.prefer = prefer
            self.dayStart = dayStart
            self.dayEnd = dayEnd
            self.workingDays = workingDays
            self.buffer = buffer
            self.breakBetweenSittings = breakBetweenSittings
            self.granularity = granularity
            self.maxPerDay = maxPerDay
            self.busy = busy
        }
    }

    /// `policy.busy`.
    package struct BusySpec: Codable, Hashable, Sendable {
        package var allDay: Bool?
        package var tentative: Bool?

        package init(allDay: Bool? = nil, tentative: Bool? = nil) {
            self.allDay = allDay
            self.tentative = tentative
        }
    }

    /// One entry of `tasks`; only `id`, `title`, `estimate` and `due` are required.
    package struct TaskSpec: Codable, Hashable, Sendable {
        package var id: String
        package var title: String
        package var project: String?
        package var notes: String?
        package var estimate: String
        package var span: String?
        package var minSitting: String?
        package var earliest: String?
        package var latest: String?
        package var start: String?
        package var due: String
        package var priority: Int?
        package var after: [String]?
        package var done: String?
        /// `balanced` or `early`; nil for the policy's.
        package var placement: String?
        /// `morning`, `afternoon`, `evening` or `HH:MM-HH:MM`; nil for the policy's.
        package var prefer: String?

        /// The four required members; set the others as they are given.
        package init(id: String, title: String, estimate: String, due: String) {
            self.id = id
            self.title = title
            self.estimate = estimate
            self.due = due
        }
    }
}

/// A validated request: the model the scheduler takes.
package struct ScheduleInput: Hashable, Sendable {
    package var policy: Policy
    package var now: Instant
    package var tasks: [PlanTask]

    package init(policy: Policy, now: Instant, tasks: [PlanTask]) {
        self.policy = policy
        self.now = now
        self.tasks = tasks
    }

    /// The latest `due` among the tasks; nil without tasks.
    package var latestDue: Instant? { tasks.map(\.due).max() }

    /// A scheduler for this policy and `now`.
    package var scheduler: TaskScheduler { TaskScheduler(policy: policy, now: now) }
}

extension ScheduleRequest {
    /// Checks every field and builds the model. `defaultNow` is used when the
    /// request has no `now` (the CLI passes the clock; tests pass nothing).
    ///
    /// Errors, each naming the task and the field: a missing `now`, an
    /// unknown zone, a malformed duration, time or date, a negative duration,
    /// a granularity that is not whole minutes dividing an hour, a zero span
    /// or one shorter than the granularity, an empty window, an unknown
    /// working day, an empty or repeated task id, a priority outside 1–4, an
    /// `after` id naming no task, a cycle in `after` (naming the tasks), a
    /// `start` later than `due`.
    package func validated(defaultNow: Instant? = nil) throws(ScheduleRequestError) -> ScheduleInput {
        let zone = try Self.zone(timeZone)
        let now: Instant
        if let text = self.now {
            guard case .instant(let i)? = WireTime.parse(text) else {
                throw ScheduleRequestError(.badValue, taskId: nil, field: "/now",
                                           message: "\"\(text)\" is not a date-time with an offset (e.g. 2026-11-23T08:00:00-05:00)")
            }
            now = i
        } else if let d = defaultNow {
            now = d
        } else {
            throw ScheduleRequestError(.missingField, taskId: nil, field: "/now", message: "required field \"now\" is missing")
        }
        let policy = try PolicyDefinition(self.policy ?? PolicySpec()).policy(zone: zone)
        let tasks = try PlanTask.checked(self.tasks.enumerated().map { SpecFields(spec: $1, path: "/tasks/\($0)") },
                                         zone: zone, policy: policy)
        return ScheduleInput(policy: policy, now: now, tasks: tasks)
    }

    /// The zone named `identifier`, refused as a request's `timeZone` is.
    package static func zone(_ identifier: String) throws(ScheduleRequestError) -> SystemZone {
        guard let zone = SystemZone(identifier: identifier) else {
            throw ScheduleRequestError(.unknownZone, taskId: nil, field: "/timeZone",
                                       message: "unknown time zone \"\(identifier)\" (expected an IANA name such as America/New_York)")
        }
        return zone
    }
}

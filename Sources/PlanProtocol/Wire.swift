import PlanCore
import PlanICal
import PlanJSON
import PlanService
import PlanStore

/// The wire forms of plan's domain objects: what `--json` prints and what
/// `plan rpc` sends. Each has a schema in `Schemas/` (`*.schema.json`).
/// Times carry the UTC offset of the user's zone at that instant.
public enum Wire {
    /// Compact JSON with every object's members sorted by name, so the same
    /// value gives the same bytes.
    public static func encode(_ value: some Encodable) -> String { JSONValue(encoding: value).text }

    public struct Sitting: Codable, Hashable, Sendable {
        public var taskId: String
        public var start: String
        public var end: String
        public var index: Int
        public var count: Int

        public init(_ s: PlanCore.Sitting, zone: some UTCOffsetProvider) {
            taskId = s.taskId
            start = wireString(s.range.start, in: zone)
            end = wireString(s.range.end, in: zone)
            index = s.index
            count = s.count
        }
    }

    public struct Project: Codable, Hashable, Sendable {
        public var name: String
        public var color: String?
        public var notes: String?
        public init(_ p: PlanCore.Project) {
            name = p.name
            color = p.color
            notes = p.notes
        }
    }

    public struct NamedCalendar: Codable, Hashable, Sendable {
        public var name: String
        public var path: String
        public init(_ c: CalendarSource) {
            name = c.name
            path = c.location
        }
    }

    /// A stored task as `plan tasks --json` and `task.*` show it: the task's
    /// members in the contract's spelling and, beside them (one flat object),
    /// how far it has come.
    public struct StoredTask: Codable, Hashable, Sendable {
        /// The task as defined; its own `done` is left to ``progress``.
        public var task: ScheduleRequest.TaskSpec
        public var progress: Progress

        /// The members a stored task has beyond its definition.
        public struct Progress: Codable, Hashable, Sendable {
            /// Work done so far, also when none.
            public var done: String
            /// `scheduled`, `unscheduled`, `done` or `overdue`.
            public var state: String
            public var remaining: String
            public var next: Sitting?
            public var slack: String?
            public var sittings: [Sitting]
        }

        public init(_ r: TaskRow, zone: some UTCOffsetProvider) {
            task = r.task.spec
            task.done = nil
            progress = Progress(done: ISODuration.format(r.done), state: r.state.rawValue,
                                remaining: ISODuration.format(max(0, r.estimate - r.done)),
                                next: r.next.map { Sitting($0, zone: zone) }, slack: r.slack.map(ISODuration.format),
                                sittings: r.sittings.map { Sitting($0, zone: zone) })
        }

        /// Both parts from the one object.
        public init(from decoder: any Decoder) throws {
            task = try ScheduleRequest.TaskSpec(from: decoder)
            progress = try Progress(from: decoder)
        }

        /// Both parts into the one object (``progress``'s `done` is the one written).
        public func encode(to encoder: any Encoder) throws {
            try task.encode(to: encoder)
            try progress.encode(to: encoder)
        }
    }

    public struct TimeRange: Codable, Hashable, Sendable {
        public var start: String
        public var end: String
        public init(_ r: PlanCore.TimeRange, zone: some UTCOffsetProvider) {
            start = wireString(r.start, in: zone)
            end = wireString(r.end, in: zone)
        }
    }

    public struct TaskMove: Codable, Hashable, Sendable {
        /// Why a task moved: a stable id and the same in words.
        public struct Reason: Codable, Hashable, Sendable {
            /// `no-sittings`, `work-changed`, `busy`, `window`, `hours`,
            /// `working-days`, `grid`, `start`, `due`, `span`, `min-sitting`,
            /// `break`, `overlap`, `max-per-day`, `after` or `compact`.
            public var id: String
            /// E.g. `collides with CHEM 110 Lab on Wed 2026-11-04`.
            public var message: String
            /// The sitting found at fault, when the reason is about one.
            public var sitting: TimeRange?

            public init(_ r: RefitReason, zone: some UTCOffsetProvider) {
                id = r.id
                message = r.phrase(zone)
                sitting = r.sitting.map { TimeRange($0, zone: zone) }
            }
        }
        public var taskId: String
        public var before: [TimeRange]
        public var after: [TimeRange]
        public var reason: Reason?
        public init(_ m: Move, zone: some UTCOffsetProvider) {
            taskId = m.taskId
            before = m.before.map { TimeRange($0, zone: zone) }
            after = m.after.map { TimeRange($0, zone: zone) }
            reason = m.reason.map { Reason($0, zone: zone) }
        }
    }

    public struct Diagnostic: Codable, Hashable, Sendable {
        public struct Fix: Codable, Hashable, Sendable {
            /// `due`, `start`, `earliest`, `latest`, `span` or `minSitting`.
            public var field: String
            /// A date-time, `HH:MM` or a duration, as the field takes.
            public var value: String
        }
        public var id: String
        public var taskId: String
        public var needed: String
        public var available: String
        public var shortBy: String
        public var binding: [String]
        public var fixes: [Fix]

        public init(_ d: PlanCore.Diagnostic, zone: some UTCOffsetProvider) {
            id = d.id
            taskId = d.taskId
            needed = ISODuration.format(d.needed)
            available = ISODuration.format(d.available)
            shortBy = ISODuration.format(d.shortBy)
            binding = d.binding.map(\.rawValue)
            fixes = d.fixes.map { Fix(field: $0.field, value: $0.value(in: zone)) }
        }
    }

    /// The result of adding a task.
    public struct TaskAdded: Codable, Hashable, Sendable {
        /// `scheduled`, `unschedulable` or `needsReplan`.
        public var status: String
        public var saved: Bool
        public var taskId: String
        public var sittings: [Sitting]
        public var diagnostic: Diagnostic?
        public var moves: [TaskMove]?

        public init(_ o: AddTaskOutcome, zone: some UTCOffsetProvider) {
            switch o {
            case .placed(let task, let sittings, _, let saved):
                status = "scheduled"
                self.saved = saved
                taskId = task.id
                self.sittings = sittings.map { Sitting($0, zone: zone) }
            case .unschedulable(let task, let d):
                status = "unschedulable"
                saved = false
                taskId = task.id
                sittings = []
                diagnostic = Diagnostic(d, zone: zone)
            case .needsReplan(let task, let moves, let sittings, let saved):
                status = "needsReplan"
                self.saved = saved
                taskId = task.id
                self.sittings = sittings.map { Sitting($0, zone: zone) }
                self.moves = moves.map { TaskMove($0, zone: zone) }
            }
        }
    }

    /// One agenda line: an event from a calendar or a planned sitting.
    public struct AgendaLine: Codable, Hashable, Sendable {
        /// `event` or `sitting`.
        public var kind: String
        public var start: String
        public var end: String
        public var title: String
        public var allDay: Bool
        public var uid: String?
        public var status: String?
        public var transparent: Bool?
        public var source: String?
        public var taskId: String?
        public var project: String?
        public var index: Int?
        public var count: Int?

        public init(range: PlanCore.TimeRange, item: AgendaItem, zone: some UTCOffsetProvider) {
            start = wireString(range.start, in: zone)
            end = wireString(range.end, in: zone)
            switch item {
            case .event(let o):
                kind = "event"
                title = o.summary ?? ""
                allDay = o.isAllDay
                uid = o.uid.isEmpty ? nil : o.uid
                status = o.status
                transparent = o.transparent
                source = o.source
            case .sitting(let s, let t, let p):
                kind = "sitting"
                title = t
                allDay = false
                taskId = s.taskId
                project = p
                index = s.index
                count = s.count
            }
        }
    }

    /// The user's zone and policy with every default filled in.
    public struct Settings: Codable, Hashable, Sendable {
        public var timeZone: String
        public var policy: ScheduleRequest.PolicySpec

        public init(_ s: PlanSettings) {
            timeZone = s.timeZone
            var p = s.policy.spec
            let defaults = Policy(zone: .utc)
            p.dayStart = p.dayStart ?? defaults.dayStart.hhmm
            p.dayEnd = p.dayEnd ?? defaults.dayEnd.hhmm
            p.workingDays = p.workingDays ?? defaults.workingDays.sorted().map(\.code)
            p.breakBetweenSittings = p.breakBetweenSittings ?? ISODuration.format(defaults.breakBetweenSittings)
            p.granularity = p.granularity ?? ISODuration.format(defaults.granularity)
            p.busy = ScheduleRequest.BusySpec(allDay: p.busy?.allDay ?? defaults.busy.allDay,
                                              tentative: p.busy?.tentative ?? defaults.busy.tentative)
            policy = p
        }
    }
}

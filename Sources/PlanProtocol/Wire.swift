import PlanCore
import PlanICal
import PlanJSON
import PlanService
import PlanStore

/// The wire forms of plan's domain objects: what `--json` prints and what
/// `plan rpc` sends. Each has a schema in `Schemas/` (`*.schema.json`).
/// Times carry the UTC offset of the user's zone at that instant.
package enum Wire {
    /// Compact JSON with every object's members sorted by name, so the same
    /// value gives the same bytes.
    package static func encode(_ value: some Encodable) -> String { JSONValue(encoding: value).text }

    package struct Sitting: Codable, Hashable, Sendable {
        package var taskId: String
        package var start: String
        package var end: String
        package var index: Int
        package var count: Int

        package init(_ s: PlanCore.Sitting, zone: some UTCOffsetProvider) {
            taskId = s.taskId
            start = wireString(s.range.start, in: zone)
            end = wireString(s.range.end, in: zone)
            index = s.index
            count = s.count
        }
    }

    package struct Project: Codable, Hashable, Sendable {
        package var name: String
        package var color: String?
        package var notes: String?
        package init(_ p: PlanCore.Project) {
            name = p.name
            color = p.color
            notes = p.notes
        }
    }

    package struct NamedCalendar: Codable, Hashable, Sendable {
        package var name: String
        package var path: String
        package init(_ c: CalendarSource) {
            name = c.name
            path = c.location
        }
    }

    /// A stored task as `plan tasks --json` and `task.*` show it: the task's
    /// members in the contract's spelling and, beside them (one flat object),
    /// how far it has come.
    package struct StoredTask: Codable, Hashable, Sendable {
        /// The task as defined; its own `done` is left to ``progress``.
        package var task: ScheduleRequest.TaskSpec
        package var progress: Progress

        /// The members a stored task has beyond its definition.
        package struct Progress: Codable, Hashable, Sendable {
            /// Work done so far, also when none.
            package var done: String
            /// `scheduled`, `unscheduled`, `done` or `overdue`.
            package var state: String
            package var remaining: String
            /// Work left that no sitting ahead holds (a sitting missed); absent when none.
            package var owed: String?
            /// The work planned in all when it differs from the estimate (learned from the project's
            /// finished tasks); absent when it is the estimate.
            package var planned: String?
            /// What the student said is left (`--left`), less the time recorded since; absent when not said.
            package var left: String?
            /// True when the student finished it (`plan done TASK`), whatever was recorded; absent otherwise.
            package var finished: Bool?
            package var next: Sitting?
            package var slack: String?
            package var sittings: [Sitting]
        }

        package init(_ r: TaskRow, zone: some UTCOffsetProvider) {
            task = r.task.spec
            task.done = nil
            progress = Progress(done: ISODuration.format(r.done), state: r.state.rawValue,
                                remaining: ISODuration.format(r.task.remaining),
                                owed: r.owed > 0 ? ISODuration.format(r.owed) : nil,
                                planned: r.task.planned.map(ISODuration.format), left: r.task.left.map(ISODuration.format),
                                finished: r.task.finished ? true : nil,
                                next: r.next.map { Sitting($0, zone: zone) }, slack: r.slack.map(ISODuration.format),
                                sittings: r.sittings.map { Sitting($0, zone: zone) })
        }

        /// Both parts from the one object.
        package init(from decoder: any Decoder) throws {
            task = try ScheduleRequest.TaskSpec(from: decoder)
            progress = try Progress(from: decoder)
        }

        /// Both parts into the one object (``progress``'s `done` is the one written).
        package func encode(to encoder: any Encoder) throws {
            try task.encode(to: encoder)
            try progress.encode(to: encoder)
        }
    }

    package struct TimeRange: Codable, Hashable, Sendable {
        package var start: String
        package var end: String
        package init(_ r: PlanCore.TimeRange, zone: some UTCOffsetProvider) {
            start = wireString(r.start, in: zone)
            end = wireString(r.end, in: zone)
        }
    }

    package struct TaskMove: Codable, Hashable, Sendable {
        /// Why a task moved: a stable id and the same in words.
        package struct Reason: Codable, Hashable, Sendable {
            /// `no-sittings`, `work-changed`, `busy`, `window`, `hours`,
            /// `working-days`, `grid`, `start`, `due`, `span`, `min-sitting`,
            /// `break`, `overlap`, `max-per-day`, `after`, `compact` or `level`.
            package var id: String
            /// E.g. `collides with CHEM 110 Lab on Wed 2026-11-04`.
            package var message: String
            /// The sitting found at fault, when the reason is about one.
            package var sitting: TimeRange?

            package init(_ r: RefitReason, zone: some UTCOffsetProvider) {
                id = r.id
                message = r.phrase(zone)
                sitting = r.sitting.map { TimeRange($0, zone: zone) }
            }
        }
        package var taskId: String
        package var before: [TimeRange]
        package var after: [TimeRange]
        package var reason: Reason?
        package init(_ m: Move, zone: some UTCOffsetProvider) {
            taskId = m.taskId
            before = m.before.map { TimeRange($0, zone: zone) }
            after = m.after.map { TimeRange($0, zone: zone) }
            reason = m.reason.map { Reason($0, zone: zone) }
        }
    }

    package struct Diagnostic: Codable, Hashable, Sendable {
        package struct Fix: Codable, Hashable, Sendable {
            /// The day following a fix makes (for a due fix, with the margin-keeping due when there is one).
            package struct Makes: Codable, Hashable, Sendable {
                /// The busiest day the task's sittings land on, `YYYY-MM-DD`, and the work planned on it.
                package var day: String
                package var work: String
                /// The busiest day a plan re-made with the fix has over the same days.
                package var least: String
                /// Past 1.25× `least` plus 15 minutes: a day a re-made plan (`--replan`) would not make.
                package var crowded: Bool
            }
            /// `due`, `start`, `earliest`, `latest`, `span` or `minSitting`.
            package var field: String
            /// A date-time, `HH:MM` or a duration, as the field takes.
            package var value: String
            /// Absent when the store's plan was not looked at (a `schedule` request) or the fix places nothing.
            package var makes: Makes?
        }
        package var id: String
        package var taskId: String
        package var needed: String
        package var available: String
        package var shortBy: String
        package var binding: [String]
        package var fixes: [Fix]

        package init(_ d: PlanCore.Diagnostic, zone: some UTCOffsetProvider) {
            id = d.id
            taskId = d.taskId
            needed = ISODuration.format(d.needed)
            available = ISODuration.format(d.available)
            shortBy = ISODuration.format(d.shortBy)
            binding = d.binding.map(\.rawValue)
            fixes = d.fixes.map { f in
                let offered: PlanCore.Fix = if case .due = f, let m = d.marginDue { .due(m) } else { f }
                let makes = d.fixDays[offered].map {
                    Fix.Makes(day: $0.day.isoString, work: ISODuration.format($0.work), least: ISODuration.format($0.least),
                              crowded: $0.crowded)
                }
                return Fix(field: f.field, value: f.value(in: zone), makes: makes)
            }
        }
    }

    /// The result of adding a task.
    package struct TaskAdded: Codable, Hashable, Sendable {
        /// `scheduled`, `unschedulable` or `needsReplan`.
        package var status: String
        package var saved: Bool
        package var taskId: String
        package var sittings: [Sitting]
        package var diagnostic: Diagnostic?
        package var moves: [TaskMove]?

        package init(_ o: AddTaskOutcome, zone: some UTCOffsetProvider) {
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

    /// One agenda line: an event from a calendar, a planned sitting or a study session the user goes to.
    package struct AgendaLine: Codable, Hashable, Sendable {
        /// `event`, `sitting` or `session`.
        package var kind: String
        package var start: String
        package var end: String
        package var title: String
        package var allDay: Bool
        package var uid: String?
        package var status: String?
        package var transparent: Bool?
        package var source: String?
        package var taskId: String?
        package var project: String?
        package var index: Int?
        package var count: Int?
        /// A sitting that passed with nothing recorded on its task since it began; absent otherwise.
        package var missed: Bool?
        package var sessionId: String?
        package var course: String?
        package var location: String?

        package init(range: PlanCore.TimeRange, item: AgendaItem, zone: some UTCOffsetProvider) {
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
            case .sitting(let s, let t, let p, let m):
                kind = "sitting"
                missed = m ? true : nil
                title = t
                allDay = false
                taskId = s.taskId
                project = p
                index = s.index
                count = s.count
            case .session(let s):
                kind = "session"
                title = s.title
                allDay = false
                uid = s.uid
                sessionId = s.id
                course = s.course
                location = s.location
            }
        }
    }

    /// The user's zone and policy with every default filled in.
    package struct Settings: Codable, Hashable, Sendable {
        package var timeZone: String
        /// How far ahead repeating tasks' occurrences exist, ISO 8601.
        package var horizon: String?
        /// Whether new work is planned by how long finished work took (`plan policy set --learn`).
        package var learn: Bool?
        package var policy: ScheduleRequest.PolicySpec

        package init(_ s: PlanSettings) {
            timeZone = s.timeZone
            horizon = "P\(s.horizon / 86_400)D"
            learn = s.learn
            var p = s.policy.spec
            let defaults = PolicyDefinition.defaults(zone: .utc)
            p.dayStart = p.dayStart ?? defaults.dayStart.hhmm
            p.dayEnd = p.dayEnd ?? defaults.dayEnd.hhmm
            p.workingDays = p.workingDays ?? defaults.workingDays.sorted().map(\.code)
            p.breakBetweenSittings = p.breakBetweenSittings ?? ISODuration.format(defaults.breakBetweenSittings)
            p.granularity = p.granularity ?? ISODuration.format(defaults.granularity)
            p.busy = ScheduleRequest.BusySpec(allDay: p.busy?.allDay ?? defaults.busy.allDay,
                                              tentative: p.busy?.tentative ?? defaults.busy.tentative)
            p.placement = p.placement ?? defaults.placement.rawValue
            p.finishEarly = p.finishEarly ?? ISODuration.format(defaults.finishEarly)
            p.prefer = p.prefer ?? "any"
            policy = p
        }
    }
}

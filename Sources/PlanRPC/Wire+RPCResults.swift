import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The results of `plan rpc` methods that have no `--json` twin. Each has a
/// schema in `Schemas/` (see `Schemas/README.md`); `RPCDriftTests` fails when
/// a field is added here and not there.
extension Wire {
    /// `calendar.add`.
    public struct CalendarAdded: Codable, Hashable, Sendable {
        public var calendar: NamedCalendar
        /// VEVENTs read (masters and overrides).
        public var eventCount: Int
        public var warnings: [ImportWarning]
    }

    /// `calendar.remove`, `task.remove`.
    public struct Removed: Codable, Hashable, Sendable {
        public var removed: String
    }

    /// `project.remove`: the project and the tasks removed with it (`force`).
    public struct ProjectRemoved: Codable, Hashable, Sendable {
        public var removed: String
        public var tasks: [String]
    }

    /// `task.update`: saved, or refused because the changed task would not fit.
    public struct TaskUpdated: Codable, Hashable, Sendable {
        /// `updated` or `unschedulable` (nothing saved; see `diagnostic`).
        public var status: String
        public var saved: Bool
        /// The task as stored after the call.
        public var task: StoredTask
        public var diagnostic: Diagnostic?
    }

    /// `plan.agenda`.
    public struct Agenda: Codable, Hashable, Sendable {
        /// The first day shown, `YYYY-MM-DD` in the user's zone.
        public var from: String
        public var days: Int
        public var items: [AgendaLine]
        public var warnings: [ImportWarning]
    }

    /// `plan.export`: the text, or where it went.
    public struct Exported: Codable, Hashable, Sendable {
        /// The calendar text (CRLF line ends), when no `path` was given.
        public var ics: String?
        /// The absolute path written, when one was given.
        public var path: String?
        public var bytes: Int
        /// VEVENTs of planned sittings in it.
        public var sittings: Int
    }

    /// One occurrence of a calendar event, as `plan events --json` prints it,
    /// plus its span read in the requested zone.
    public struct Occurrence: Codable, Hashable, Sendable {
        public var uid: String?
        public var recurrenceId: String?
        /// As the file states it: `…Z` (UTC), floating `YYYY-MM-DDTHH:MM:SS`, or a date.
        public var start: String
        public var end: String
        /// `utc`, `floating` or `date`.
        public var kind: String
        public var summary: String?
        public var status: String?
        public var transparent: Bool
        public var tzid: String?
        public var source: String
        /// `start`/`end` as instants with the zone's offset.
        public var range: TimeRange

        public init(_ o: PlanCore.Occurrence, zone: some UTCOffsetProvider) {
            uid = o.uid.isEmpty ? nil : o.uid
            recurrenceId = o.recurrenceId?.wireString
            start = o.start.wireString
            end = o.end.wireString
            kind = o.start.kind
            summary = o.summary
            status = o.status
            transparent = o.transparent
            tzid = o.tzid
            source = o.source
            range = TimeRange(o.range(in: zone), zone: zone)
        }
    }

    /// `events.expand`.
    public struct Expanded: Codable, Hashable, Sendable {
        public var occurrences: [Occurrence]
        public var eventCount: Int
        public var warnings: [ImportWarning]
    }
}

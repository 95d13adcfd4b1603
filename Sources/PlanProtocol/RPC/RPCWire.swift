import PlanCore
import PlanICal
import PlanService
import PlanStore

/// The results of `plan rpc` methods that have no `--json` twin. Each has a
/// schema in `Schemas/` (see `Schemas/README.md`); `RPCDriftTests` fails when
/// a field is added here and not there.
extension Wire {
    /// `initialize`.
    public struct ServerInfo: Codable, Hashable, Sendable {
        public struct Capabilities: Codable, Hashable, Sendable {
            /// Every method the server answers, in a stable order.
            public var methods: [String]
            /// `line` and `content-length`.
            public var framings: [String]
            /// Arrays of requests are answered.
            public var batches: Bool
            /// The longest message read; longer ones are refused unread.
            public var maxMessageBytes: Int
        }
        public var serverVersion: String
        public var protocolVersion: String
        public var capabilities: Capabilities

        public init(serverVersion: String, methods: [String], maxMessageBytes: Int) {
            self.serverVersion = serverVersion
            protocolVersion = RPCServer.protocolVersion
            capabilities = Capabilities(methods: methods, framings: [Framing.line.rawValue, Framing.contentLength.rawValue],
                                         batches: true, maxMessageBytes: maxMessageBytes)
        }
    }

    /// A problem the calendar reader recovered from (not a failure): the
    /// importer's value, whose stored properties are the wire's members.
    public typealias ImportWarning = PlanICal.ImportWarning

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

    /// `plan.replan`, and `plan replan --json`.
    public struct ReplanResult: Codable, Hashable, Sendable {
        /// The tasks whose sittings changed, each with its reason.
        public var moves: [TaskMove]
        /// Future sittings that stayed exactly where they were.
        public var kept: Int
        /// Everything was re-fitted from now (`compact`).
        public var compact: Bool
        /// Tasks that do not fit around the sittings that stayed but would
        /// with `compact`.
        public var fitWithCompact: [String]
        public var diagnostics: [Diagnostic]
        public var saved: Bool
        public var warnings: [ImportWarning]

        public init(_ r: Replanned, warnings: [ImportWarning], zone: some UTCOffsetProvider) {
            moves = r.moves.map { TaskMove($0, zone: zone) }
            kept = r.kept
            compact = r.compact
            fitWithCompact = r.fitWithCompact
            diagnostics = r.plan.diagnostics.map { Diagnostic($0, zone: zone) }
            saved = r.saved
            self.warnings = warnings
        }
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

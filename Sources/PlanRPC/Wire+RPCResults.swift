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
    package struct CalendarAdded: Codable, Hashable, Sendable {
        package var calendar: NamedCalendar
        /// VEVENTs read (masters and overrides).
        package var eventCount: Int
        package var warnings: [ImportWarning]
    }

    /// `calendar.remove`, `task.remove`.
    package struct Removed: Codable, Hashable, Sendable {
        package var removed: String
    }

    /// `project.remove`: the project and the tasks removed with it (`force`).
    package struct ProjectRemoved: Codable, Hashable, Sendable {
        package var removed: String
        package var tasks: [String]
    }

    /// `task.update`: saved, or refused because the changed task would not fit.
    package struct TaskUpdated: Codable, Hashable, Sendable {
        /// `updated` or `unschedulable` (nothing saved; see `diagnostic`).
        package var status: String
        package var saved: Bool
        /// The task as stored after the call.
        package var task: StoredTask
        package var diagnostic: Diagnostic?
    }

    /// `series.update`: the series as `series.get` gives it after the call, side by side in
    /// one object with whether the change was saved, or refused because a changed occurrence
    /// would not fit (as `task.update` answers for one task).
    package struct SeriesUpdated: Codable, Hashable, Sendable {
        /// Whether it was saved (`status`, `saved`, `diagnostic`).
        package var outcome: Outcome
        /// The series as stored after the call (`series`, `occurrences`, `skipped`).
        package var shown: SeriesShown

        /// The members beside the series'.
        package struct Outcome: Codable, Hashable, Sendable {
            /// `updated` or `unschedulable` (nothing saved; see `diagnostic`).
            package var status: String
            package var saved: Bool
            package var diagnostic: Diagnostic?
        }

        init(outcome: Outcome, shown: SeriesShown) {
            self.outcome = outcome
            self.shown = shown
        }

        /// Both parts from the one object.
        package init(from decoder: any Decoder) throws {
            outcome = try Outcome(from: decoder)
            shown = try SeriesShown(from: decoder)
        }

        /// Both parts into the one object.
        package func encode(to encoder: any Encoder) throws {
            try outcome.encode(to: encoder)
            try shown.encode(to: encoder)
        }
    }

    /// `plan.agenda`.
    package struct Agenda: Codable, Hashable, Sendable {
        /// The first day shown, `YYYY-MM-DD` in the user's zone.
        package var from: String
        package var days: Int
        package var items: [AgendaLine]
        package var warnings: [ImportWarning]
    }

    /// `plan.export`: the text, or where it went.
    package struct Exported: Codable, Hashable, Sendable {
        /// The calendar text (CRLF line ends), when no `path` was given.
        package var ics: String?
        /// The absolute path written, when one was given.
        package var path: String?
        package var bytes: Int
        /// VEVENTs of planned sittings in it.
        package var sittings: Int
    }

    /// One occurrence of a calendar event, as `plan events --json` prints it,
    /// plus its span read in the requested zone.
    package struct Occurrence: Codable, Hashable, Sendable {
        package var uid: String?
        package var recurrenceId: String?
        /// As the file states it: `…Z` (UTC), floating `YYYY-MM-DDTHH:MM:SS`, or a date.
        package var start: String
        package var end: String
        /// `utc`, `floating` or `date`.
        package var kind: String
        package var summary: String?
        package var status: String?
        package var transparent: Bool
        package var tzid: String?
        package var source: String
        /// `start`/`end` as instants with the zone's offset.
        package var range: TimeRange

        package init(_ o: PlanCore.Occurrence, zone: some UTCOffsetProvider) {
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
    package struct Expanded: Codable, Hashable, Sendable {
        package var occurrences: [Occurrence]
        package var eventCount: Int
        package var warnings: [ImportWarning]
    }
}

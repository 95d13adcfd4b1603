import Foundation
import PlanCore
import PlanJSON

/// The response of `plan schedule` and of the `schedule` RPC method, as JSON
/// spells it (`Schemas/schedule-response.schema.json`): times as
/// `YYYY-MM-DDTHH:MM:SS±HH:MM` in the request's zone, durations in the
/// canonical form of ``ISODuration/format(_:)``.
package struct ScheduleResponse: Codable, Hashable, Sendable {
    package var sittings: [Wire.Sitting]
    package var tasks: [TaskEntry]
    package var diagnostics: [Wire.Diagnostic]
    /// The busiest day of the coming fortnight and the least possible (``FortnightLoad``).
    package var load: Wire.Load?

    package struct TaskEntry: Codable, Hashable, Sendable {
        package var id: String
        /// `scheduled`, `unschedulable` or `done`.
        package var status: String
        package var scheduled: String
        package var firstStart: String?
        package var lastEnd: String?
        package var slack: String?
    }

    /// The wire form of a plan, with times on the clock of `zone`.
    package init(plan: Plan, load: FortnightLoad? = nil, zone: some UTCOffsetProvider) {
        self.load = load.map(Wire.Load.init)
        sittings = plan.sittings.map { Wire.Sitting($0, zone: zone) }
        tasks = plan.tasks.map { t in
            TaskEntry(id: t.id, status: t.status.rawValue, scheduled: ISODuration.format(t.scheduled),
                      firstStart: t.firstStart.map { wireString($0, in: zone) },
                      lastEnd: t.lastEnd.map { wireString($0, in: zone) },
                      slack: t.slack.map(ISODuration.format))
        }
        diagnostics = plan.diagnostics.map { Wire.Diagnostic($0, zone: zone) }
    }

    /// The JSON bytes: fields in the contract's order, one sitting, task or
    /// diagnostic per line, two-space indent, a final newline. The same
    /// response always gives the same bytes.
    package func jsonData() -> Data { Data(jsonText().utf8) }

    package func jsonText() -> String { json.prettyText(opening: .firstLevels(2)) }

    /// The response as one JSON value, members in the contract's order (what
    /// the `schedule` method sends, compact).
    package var json: JSONValue {
        .object([
            ("sittings", .array(sittings.map { s in
                .object([("taskId", .string(s.taskId)), ("start", .string(s.start)), ("end", .string(s.end)),
                         ("index", .number(s.index)), ("count", .number(s.count))])
            })),
            ("tasks", .array(tasks.map { t in
                .object(omittingAbsent: [("id", .string(t.id)), ("status", .string(t.status)), ("scheduled", .string(t.scheduled)),
                                         ("firstStart", t.firstStart.map(JSONValue.string)), ("lastEnd", t.lastEnd.map(JSONValue.string)),
                                         ("slack", t.slack.map(JSONValue.string))])
            })),
            ("diagnostics", .array(diagnostics.map { d in
                .object([("id", .string(d.id)), ("taskId", .string(d.taskId)), ("needed", .string(d.needed)),
                         ("available", .string(d.available)), ("shortBy", .string(d.shortBy)),
                         ("binding", .array(d.binding.map(JSONValue.string))),
                         ("fixes", .array(d.fixes.map { f in .object([("field", .string(f.field)), ("value", .string(f.value))]) }))])
            })),
        ] + (load.map { [("load", $0.json)] } ?? []))
    }
}

import Foundation
import PlanCore

/// The response of `plan schedule` and of the `schedule` RPC method, as JSON
/// spells it (`Schemas/schedule-response.schema.json`): times as
/// `YYYY-MM-DDTHH:MM:SS±HH:MM` in the request's zone, durations in the
/// canonical form of ``ISODuration/format(_:)``.
public struct ScheduleResponse: Codable, Hashable, Sendable {
    public var sittings: [Wire.Sitting]
    public var tasks: [TaskEntry]
    public var diagnostics: [Wire.Diagnostic]

    public struct TaskEntry: Codable, Hashable, Sendable {
        public var id: String
        /// `scheduled`, `unschedulable` or `done`.
        public var status: String
        public var scheduled: String
        public var firstStart: String?
        public var lastEnd: String?
        public var slack: String?
    }

    /// The wire form of a plan, with times on the clock of `zone`.
    public init(plan: Plan, zone: some UTCOffsetProvider) {
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
    public func jsonData() -> Data { Data(jsonText().utf8) }

    public func jsonText() -> String {
        let w = JSONWriter(capacity: 256 + 160 * (sittings.count + tasks.count + diagnostics.count))
        w.ascii("{\n")
        w.lines("sittings", sittings) { s in
            w.member("{\"taskId\": ", s.taskId)
            w.member(", \"start\": ", s.start)
            w.member(", \"end\": ", s.end)
            w.ascii(", \"index\": ")
            w.int(s.index)
            w.ascii(", \"count\": ")
            w.int(s.count)
            w.ascii("}")
        }
        w.ascii(",\n")
        w.lines("tasks", tasks) { t in
            w.member("{\"id\": ", t.id)
            w.member(", \"status\": ", t.status)
            w.member(", \"scheduled\": ", t.scheduled)
            if let v = t.firstStart { w.member(", \"firstStart\": ", v) }
            if let v = t.lastEnd { w.member(", \"lastEnd\": ", v) }
            if let v = t.slack { w.member(", \"slack\": ", v) }
            w.ascii("}")
        }
        w.ascii(",\n")
        w.lines("diagnostics", diagnostics) { d in
            w.member("{\"id\": ", d.id)
            w.member(", \"taskId\": ", d.taskId)
            w.member(", \"needed\": ", d.needed)
            w.member(", \"available\": ", d.available)
            w.member(", \"shortBy\": ", d.shortBy)
            w.ascii(", \"binding\": [")
            w.separated(d.binding) { w.string($0) }
            w.ascii("], \"fixes\": [")
            w.separated(d.fixes) { f in
                w.member("{\"field\": ", f.field)
                w.member(", \"value\": ", f.value)
                w.ascii("}")
            }
            w.ascii("]}")
        }
        w.ascii("\n}\n")
        return w.text
    }
}

private extension JSONWriter {
    /// `  "name": [` and one item per line, four spaces in, or `  "name": []`.
    func lines<Item>(_ name: StaticString, _ items: [Item], _ item: (Item) -> Void) {
        ascii("  \"")
        ascii(name)
        if items.isEmpty {
            ascii("\": []")
            return
        }
        ascii("\": [\n")
        for (i, x) in items.enumerated() {
            ascii(i == 0 ? "    " : ",\n    ")
            item(x)
        }
        ascii("\n  ]")
    }

    /// The items, `, ` between two.
    func separated<Item>(_ items: [Item], _ item: (Item) -> Void) {
        for (i, x) in items.enumerated() {
            if i > 0 { ascii(", ") }
            item(x)
        }
    }
}

extension Plan {
    /// The response JSON of the contract (see ``ScheduleResponse/jsonData()``).
    public func jsonData(zone: some UTCOffsetProvider) -> Data {
        ScheduleResponse(plan: self, zone: zone).jsonData()
    }
}

import Foundation

/// The response of `plan schedule` and of the `schedule` RPC method, as JSON
/// spells it (`Schemas/schedule-response.schema.json`): times as
/// `YYYY-MM-DDTHH:MM:SS±HH:MM` in the request's zone, durations in the
/// canonical form of ``ISODuration/format(_:)``.
public struct ScheduleResponse: Codable, Hashable, Sendable {
    public var sittings: [SittingEntry]
    public var tasks: [TaskEntry]
    public var diagnostics: [DiagnosticEntry]

    public struct SittingEntry: Codable, Hashable, Sendable {
        public var taskId: String
        public var start: String
        public var end: String
        public var index: Int
        public var count: Int
    }

    public struct TaskEntry: Codable, Hashable, Sendable {
        public var id: String
        /// `scheduled`, `unschedulable` or `done`.
        public var status: String
        public var scheduled: String
        public var firstStart: String?
        public var lastEnd: String?
        public var slack: String?
    }

    public struct DiagnosticEntry: Codable, Hashable, Sendable {
        public var id: String
        public var taskId: String
        public var needed: String
        public var available: String
        public var shortBy: String
        public var binding: [String]
        public var fixes: [FixEntry]
    }

    public struct FixEntry: Codable, Hashable, Sendable {
        /// `due`, `start`, `earliest`, `latest`, `span` or `minSitting`.
        public var field: String
        /// A date-time, `HH:MM` or a duration, as the field takes.
        public var value: String
    }

    /// The wire form of a plan, with times on the clock of `zone`.
    public init(plan: Plan, zone: some UTCOffsetProvider) {
        sittings = plan.sittings.map { s in
            SittingEntry(taskId: s.taskId, start: wireString(s.range.start, in: zone),
                         end: wireString(s.range.end, in: zone), index: s.index, count: s.count)
        }
        tasks = plan.tasks.map { t in
            TaskEntry(id: t.id, status: t.status.rawValue, scheduled: ISODuration.format(t.scheduled),
                      firstStart: t.firstStart.map { wireString($0, in: zone) },
                      lastEnd: t.lastEnd.map { wireString($0, in: zone) },
                      slack: t.slack.map(ISODuration.format))
        }
        diagnostics = plan.diagnostics.map { d in
            DiagnosticEntry(id: d.id, taskId: d.taskId, needed: ISODuration.format(d.needed),
                            available: ISODuration.format(d.available), shortBy: ISODuration.format(d.shortBy),
                            binding: d.binding.map(\.rawValue),
                            fixes: d.fixes.map { FixEntry(field: $0.field, value: $0.value(in: zone)) })
        }
    }

    /// The JSON bytes: fields in the contract's order, one sitting, task or
    /// diagnostic per line, two-space indent, a final newline. The same
    /// response always gives the same bytes.
    public func jsonData() -> Data { Data(jsonText().utf8) }

    public func jsonText() -> String {
        var out = "{\n"
        func array(_ name: String, _ items: [String], last: Bool) {
            if items.isEmpty {
                out += "  \(jsonString(name)): []"
            } else {
                out += "  \(jsonString(name)): [\n"
                out += items.map { "    " + $0 }.joined(separator: ",\n")
                out += "\n  ]"
            }
            out += last ? "\n" : ",\n"
        }
        array("sittings", sittings.map { s in
            object([("taskId", jsonString(s.taskId)), ("start", jsonString(s.start)), ("end", jsonString(s.end)),
                    ("index", String(s.index)), ("count", String(s.count))])
        }, last: false)
        array("tasks", tasks.map { t in
            var fields = [("id", jsonString(t.id)), ("status", jsonString(t.status)),
                          ("scheduled", jsonString(t.scheduled))]
            if let v = t.firstStart { fields.append(("firstStart", jsonString(v))) }
            if let v = t.lastEnd { fields.append(("lastEnd", jsonString(v))) }
            if let v = t.slack { fields.append(("slack", jsonString(v))) }
            return object(fields)
        }, last: false)
        array("diagnostics", diagnostics.map { d in
            let binding = "[" + d.binding.map(jsonString).joined(separator: ", ") + "]"
            let fixes = "[" + d.fixes.map { object([("field", jsonString($0.field)), ("value", jsonString($0.value))]) }
                .joined(separator: ", ") + "]"
            return object([("id", jsonString(d.id)), ("taskId", jsonString(d.taskId)),
                           ("needed", jsonString(d.needed)), ("available", jsonString(d.available)),
                           ("shortBy", jsonString(d.shortBy)), ("binding", binding), ("fixes", fixes)])
        }, last: true)
        out += "}\n"
        return out
    }

    private func object(_ fields: [(String, String)]) -> String {
        "{" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
}

/// A JSON string literal (RFC 8259 §7): quotes, backslashes and control
/// characters escaped, everything else as UTF-8. The one escaper every JSON
/// writer of plan uses.
public func jsonString(_ s: String) -> String {
    if !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) { return "\"" + s + "\"" }
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case _ where u.value < 0x20:
            let hex = String(u.value, radix: 16)
            out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: out.unicodeScalars.append(u)
        }
    }
    return out + "\""
}

extension Plan {
    /// The response JSON of the contract (see ``ScheduleResponse/jsonData()``).
    public func jsonData(zone: some UTCOffsetProvider) -> Data {
        ScheduleResponse(plan: self, zone: zone).jsonData()
    }
}

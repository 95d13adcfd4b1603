import Foundation
import PlanCore
import PlanJSON
@testable import PlanRPC
import Testing
@testable import PlanProtocol

/// Fails when the Swift wire types, the method table or the error codes
/// change without `Schemas/` (and `Schemas/README.md`) changing with them.
@Suite struct DriftTests {
    static let schemas = SchemaCheck.root.appendingPathComponent("Schemas")

    /// Every `*.schema.json`, by `$id`.
    static let byId: [String: JSONValue] = {
        var out: [String: JSONValue] = [:]
        let e = FileManager.default.enumerator(at: schemas, includingPropertiesForKeys: nil)
        while let url = e?.nextObject() as? URL {
            guard url.lastPathComponent.hasSuffix(".schema.json"), let data = try? Data(contentsOf: url), let v = try? JSONValue.parse(Array(data)),
                  case .string(let id)? = v["$id"] else { continue }
            out[id] = v
        }
        return out
    }()

    /// The schema object at `uri` (`urn:…` or `urn:…#/json/pointer`), with
    /// `$ref`s followed.
    static func resolve(_ uri: String, base: String? = nil) -> JSONValue? {
        let full = uri.hasPrefix("#") ? (base ?? "") + uri : uri
        let parts = full.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        guard var node = byId[String(parts[0])] else { return nil }
        if parts.count == 2 {
            for token in parts[1].split(separator: "/") {
                let key = token.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
                guard let next = node[key] else { return nil }
                node = next
            }
        }
        if case .string(let ref)? = node["$ref"], node["properties"] == nil {
            return resolve(ref, base: String(parts[0]))
        }
        return node
    }

    /// The declared properties and required names of the object schema at `uri`
    /// (its own and those of its `allOf` members and `$ref`).
    static func shape(_ uri: String) -> (properties: Set<String>, required: Set<String>)? {
        guard let node = resolve(uri) else { return nil }
        var props = Set<String>(), required = Set<String>()
        func collect(_ n: JSONValue) {
            if case .object(let m)? = n["properties"] { props.formUnion(m.map(\.0)) }
            if case .array(let r)? = n["required"] { required.formUnion(r.compactMap(\.stringValue)) }
            if case .array(let all)? = n["allOf"] {
                for a in all {
                    if case .string(let ref)? = a["$ref"], let target = resolve(ref) { collect(target) } else { collect(a) }
                }
            }
            if case .string(let ref)? = n["$ref"], n["properties"] != nil, let target = resolve(ref) { collect(target) }
        }
        collect(node)
        return (props, required)
    }

    /// One wire type: a sample value decoded from the least JSON it takes,
    /// and where its schema is.
    struct Case: CustomStringConvertible, Sendable {
        var type: String
        var schema: String
        var minimal: String
        var decode: @Sendable (Data) throws -> any Encodable
        /// Properties whose own properties stand in the one object (a custom `encode(to:)`).
        var parts: [String]

        init<T: Codable & Sendable>(_ t: T.Type, _ schema: String, _ minimal: String, parts: [String] = []) {
            type = String(reflecting: t).replacingOccurrences(of: "PlanProtocol.", with: "").replacingOccurrences(of: "PlanCore.", with: "")
            self.schema = schema
            self.minimal = minimal
            decode = { try JSONDecoder().decode(T.self, from: $0) }
            self.parts = parts
        }

        var description: String { type }
    }

    static let sitting = #"{"taskId":"a","start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00","index":1,"count":1}"#
    static let range = #"{"start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00"}"#
    static let diagnostic = #"{"id":"unschedulable","taskId":"a","needed":"PT1H","available":"PT0M","shortBy":"PT1H","binding":[],"fixes":[]}"#
    static let task = #"{"id":"a","title":"A","estimate":"PT1H","due":"2026-12-01","done":"PT0M","state":"unscheduled","remaining":"PT1H","sittings":[]}"#
    static let seriesRule = #"{"id":"p","title":"P","kind":"every","rule":"week","repeats":"every week","estimate":"PT3H","madeThrough":"2026-12-21"}"#

    static let cases: [Case] = [
        Case(Wire.Sitting.self, "urn:plan:schema:sitting", sitting),
        Case(Wire.Project.self, "urn:plan:schema:project", #"{"name":"P"}"#),
        Case(Wire.NamedCalendar.self, "urn:plan:schema:calendar", #"{"name":"c","path":"/c.ics"}"#),
        Case(Wire.StoredTask.self, "urn:plan:schema:task", task, parts: ["task", "progress"]),
        Case(Wire.TimeRange.self, "urn:plan:schema:types#/$defs/range", range),
        Case(Wire.TaskMove.self, "urn:plan:schema:move", #"{"taskId":"a","before":[],"after":[]}"#),
        Case(Wire.TaskMove.Reason.self, "urn:plan:schema:move#/$defs/reason", #"{"id":"no-sittings","message":"no sittings planned"}"#),
        Case(Wire.Diagnostic.self, "urn:plan:schema:diagnostic", diagnostic),
        Case(Wire.Diagnostic.Fix.self, "urn:plan:schema:diagnostic#/$defs/fix", #"{"field":"span","value":"PT1H"}"#),
        Case(Wire.TaskAdded.self, "urn:plan:schema:methods:task.add.result", #"{"status":"scheduled","saved":true,"taskId":"a","sittings":[]}"#),
        Case(Wire.AgendaLine.self, "urn:plan:schema:agenda-item",
             #"{"kind":"event","start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00","title":"x","allDay":false,"transparent":false,"source":"c.ics"}"#),
        Case(Wire.Settings.self, "urn:plan:schema:settings", #"{"timeZone":"UTC","policy":{}}"#),
        Case(ScheduleRequest.PolicySpec.self, "urn:plan:schema:policy", "{}"),
        Case(ScheduleRequest.BusySpec.self, "urn:plan:schema:schedule-request#/$defs/policy/properties/busy", "{}"),
        Case(Wire.ServerInfo.self, "urn:plan:schema:methods:initialize.result",
             #"{"serverVersion":"x","protocolVersion":"1.0","capabilities":{"methods":[],"framings":[],"batches":true,"maxMessageBytes":1}}"#),
        Case(Wire.ServerInfo.Capabilities.self, "urn:plan:schema:methods:initialize.result#/properties/capabilities",
             #"{"methods":[],"framings":[],"batches":true,"maxMessageBytes":1}"#),
        Case(Wire.ImportWarning.self, "urn:plan:schema:warning", #"{"id":"bad-value","file":"c.ics","message":"m"}"#),
        Case(Wire.CalendarAdded.self, "urn:plan:schema:methods:calendar.add.result",
             #"{"calendar":{"name":"c","path":"/c.ics"},"eventCount":0,"warnings":[]}"#),
        Case(Wire.Removed.self, "urn:plan:schema:methods:calendar.remove.result", #"{"removed":"c"}"#),
        Case(Wire.Removed.self, "urn:plan:schema:methods:task.remove.result", #"{"removed":"a"}"#),
        Case(Wire.ProjectRemoved.self, "urn:plan:schema:methods:project.remove.result", #"{"removed":"P","tasks":[]}"#),
        Case(Wire.TaskUpdated.self, "urn:plan:schema:methods:task.update.result", #"{"status":"updated","saved":true,"task":\#(task)}"#),
        Case(Wire.Series.self, "urn:plan:schema:series#/$defs/rule", seriesRule),
        Case(Wire.SeriesShown.self, "urn:plan:schema:series", #"{"series":\#(seriesRule),"occurrences":[\#(task)],"skipped":[]}"#),
        Case(Wire.SeriesAdded.self, "urn:plan:schema:methods:series.add.result",
             #"{"status":"scheduled","saved":true,"series":\#(seriesRule),"occurrences":[],"sittings":[],"diagnostics":[]}"#),
        Case(Wire.SeriesOccurrence.self, "urn:plan:schema:methods:series.add.result#/$defs/occurrence",
             #"{"id":"p-2026-11-27","due":"2026-11-27T23:59:00-05:00","fits":true}"#),
        Case(Wire.SeriesUpdated.self, "urn:plan:schema:methods:series.update.result",
             #"{"status":"updated","saved":true,"series":\#(seriesRule),"occurrences":[],"skipped":[]}"#, parts: ["outcome", "shown"]),
        Case(Wire.SeriesSkipped.self, "urn:plan:schema:methods:series.skip.result", #"{"skipped":"p-2026-11-27","series":"p"}"#),
        Case(Wire.SeriesRemovedResult.self, "urn:plan:schema:methods:series.remove.result", #"{"series":"p","removed":[]}"#),
        Case(Wire.Agenda.self, "urn:plan:schema:methods:plan.agenda.result", #"{"from":"2026-11-23","days":7,"items":[],"warnings":[]}"#),
        Case(Wire.ReplanResult.self, "urn:plan:schema:methods:plan.replan.result", #"{"moves":[],"kept":0,"compact":false,"fitWithCompact":[],"diagnostics":[],"saved":true,"warnings":[]}"#),
        Case(Wire.Exported.self, "urn:plan:schema:methods:plan.export.result", #"{"ics":"BEGIN:VCALENDAR\r\n","bytes":17,"sittings":0}"#),
        Case(Wire.Occurrence.self, "urn:plan:schema:occurrence",
             #"{"start":"2026-11-23","end":"2026-11-24","kind":"date","transparent":false,"source":"c.ics","range":\#(range)}"#),
        Case(Wire.Expanded.self, "urn:plan:schema:methods:events.expand.result", #"{"occurrences":[],"eventCount":0,"warnings":[]}"#),
        Case(Wire.GroupFound.self, "urn:plan:schema:methods:group.find.result",
             #"{"duration":"PT2H","within":\#(range),"between":"09:00-21:00","days":["MO"],"granularity":"PT15M","minMembers":1,"members":[],"slots":[],"warnings":[]}"#),
        Case(Wire.GroupFound.Slot.self, "urn:plan:schema:methods:group.find.result#/$defs/slot",
             #"{"start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00","everyone":true,"canCome":[],"cannotCome":[],"outsideHours":[],"local":[],"wouldMove":[]}"#),
        Case(Wire.GroupFound.LocalTime.self, "urn:plan:schema:methods:group.find.result#/$defs/localTime",
             #"{"member":"a","zone":"UTC","start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00"}"#),
        Case(Wire.GroupFound.Displaced.self, "urn:plan:schema:methods:group.find.result#/$defs/displaced",
             #"{"member":"a","label":"x","start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00"}"#),
        Case(Wire.GroupSession.self, "urn:plan:schema:group-session",
             #"{"id":"s","uid":"s@uni.edu","sequence":0,"title":"S","start":"2026-12-02T18:00:00-05:00","end":"2026-12-02T20:00:00-05:00","organizer":{"email":"a@uni.edu","status":"ACCEPTED"},"attendees":[],"cancelled":false,"empty":false}"#),
        Case(Wire.GroupSession.Person.self, "urn:plan:schema:group-session#/$defs/person", #"{"email":"a@uni.edu","status":"ACCEPTED"}"#),
        Case(Wire.GroupChanged.self, "urn:plan:schema:group-change",
             #"{"session":{"id":"s","uid":"s@uni.edu","sequence":0,"title":"S","start":"2026-12-02T18:00:00-05:00","end":"2026-12-02T20:00:00-05:00","organizer":{"email":"a@uni.edu","status":"ACCEPTED"},"attendees":[],"cancelled":false,"empty":false},"moves":[],"messages":[]}"#),
        Case(Wire.SyncTarget.self, "urn:plan:schema:methods:calendar.target.result", #"{"created":false}"#),
        Case(Wire.SyncResult.self, "urn:plan:schema:methods:sync.result",
             #"{"target":"https://h/c/","dryRun":false,"created":0,"updated":0,"deleted":0,"unchanged":0,"changes":[],"conflicts":[],"requests":{}}"#),
        Case(Wire.SyncResult.Change.self, "urn:plan:schema:methods:sync.result#/$defs/change",
             #"{"action":"create","uid":"a-1@plan","taskId":"a","start":"2026-11-23T09:00:00-05:00","end":"2026-11-23T10:00:00-05:00","summary":"A (1/1)"}"#),
        Case(Wire.SyncResult.Conflict.self, "urn:plan:schema:methods:sync.result#/$defs/conflict", #"{"kind":"moved","uid":"a-1@plan"}"#),
        Case(Wire.CatalogSummary.self, "urn:plan:schema:methods:courses.import.result",
             #"{"term":"t","timeZone":"UTC","start":"2027-01-01","end":"2027-05-01","courses":0,"sections":0,"source":"c.json","warnings":[]}"#),
        Case(Wire.RatingsImported.self, "urn:plan:schema:methods:courses.ratings.import.result",
             #"{"source":"r.csv","term":"t","rows":0,"skipped":0,"sections":0,"gainedGPA":0,"gainedRating":0,"replacedGPA":0,"replacedRating":0,"instructors":0,"instructorsWithoutValues":0,"unmatched":[],"unmatchedCount":0,"ambiguous":[],"ambiguousCount":0}"#),
        Case(Wire.RatingsImported.Ambiguity.self, "urn:plan:schema:methods:courses.ratings.import.result#/$defs/ambiguity",
             #"{"name":"a","candidates":[],"rivals":[]}"#),
    ]

    /// Every stored property is declared in the schema; every non-optional
    /// one is required there; the schema declares nothing Swift lacks.
    @Test(arguments: cases)
    func wireTypeMatchesItsSchema(_ c: Case) throws {
        let fix = "update \(c.schema) (Schemas/…schema.json) with the type, and Schemas/README.md if a method changed"
        guard let shape = Self.shape(c.schema) else {
            Issue.record("\(c.type): no schema at \(c.schema); \(fix)")
            return
        }
        let sample: any Encodable
        do {
            sample = try c.decode(Data(c.minimal.utf8))
        } catch {
            Issue.record("\(c.type) no longer decodes from the sample \(c.minimal) (\(error)): a field was added or renamed; update the sample in DriftTests and \(fix)")
            return
        }
        var swiftAll = Set<String>(), swiftRequired = Set<String>()
        // A type made of parts side by side in one object (`Wire.StoredTask`) has its parts' properties.
        func collect(_ value: Any, flattening parts: [String]) {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label else { continue }
                if parts.contains(label) { collect(child.value, flattening: []); continue }
                swiftAll.insert(label)
                if Mirror(reflecting: child.value).displayStyle != .optional { swiftRequired.insert(label) }
            }
        }
        collect(sample, flattening: c.parts)
        // The keys the encoder really writes are the property names (no custom CodingKeys).
        let encoded = try JSONValue.parse(Array(try JSONEncoder().encode(sample)))
        if case .object(let members) = encoded {
            for (k, _) in members { #expect(swiftAll.contains(k), "\(c.type) encodes \"\(k)\", not a stored property: custom CodingKeys? \(fix)") }
        }
        for k in swiftAll.subtracting(shape.properties).sorted() {
            Issue.record("\(c.type).\(k) is not declared in \(c.schema): \(fix)")
        }
        for k in shape.properties.subtracting(swiftAll).sorted() {
            Issue.record("\(c.schema) declares \"\(k)\", which \(c.type) does not have: \(fix)")
        }
        #expect(swiftRequired == shape.required,
                "\(c.type): non-optional fields \(swiftRequired.sorted()) but \(c.schema) requires \(shape.required.sorted()); \(fix)")
    }

    /// The samples are valid against their schemas, and every schema is a
    /// valid 2020-12 schema.
    @Test func samplesAndSchemasAreValid() throws {
        let jobs = try Self.cases.map { c in (schema: c.schema, doc: try JSONValue.parse(Array(try JSONEncoder().encode(c.decode(Data(c.minimal.utf8)))))) }
        guard try SchemaCheck.expectValid(jobs) else { return }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", Self.schemas.appendingPathComponent("validate.py").path, "--check"]
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 0, "python3 Schemas/validate.py --check: \(message)")
    }

    /// Each method has its two schema files, is in the request schema's list
    /// and in the README; nothing is described that the server lacks.
    @Test func everyMethodIsDescribed() throws {
        let methods = RPCServer.methodNames
        let readme = try String(contentsOf: Self.schemas.appendingPathComponent("README.md"), encoding: .utf8)
        for m in methods {
            for side in ["params", "result"] {
                #expect(Self.byId["urn:plan:schema:methods:\(m).\(side)"] != nil,
                        "Schemas/methods/\(m).\(side).schema.json is missing (with $id urn:plan:schema:methods:\(m).\(side))")
            }
            #expect(readme.contains("`\(m)`"), "Schemas/README.md does not list the method `\(m)`")
        }
        let described = Set(Self.byId.keys.filter { $0.hasPrefix("urn:plan:schema:methods:") }
            .map { String($0.dropFirst("urn:plan:schema:methods:".count).split(separator: ".").dropLast().joined(separator: ".")) })
        #expect(described == Set(methods + ["exit"]), "Schemas/methods/ describes \(described.subtracting(methods + ["exit"]).sorted()), which the server lacks")
        let listed = Self.resolve("urn:plan:schema:rpc-request#/$defs/request/properties/method")?["enum"]
        #expect(listed == .array((methods + ["exit"]).map(JSONValue.string)), "the method enum of Schemas/rpc-request.schema.json")
        #expect(readme.contains("Protocol version: **\(RPCServer.protocolVersion)**"), "Schemas/README.md states the protocol version")
    }

    /// Each error code is in `error.schema.json` (code and message) and in the README.
    @Test func everyErrorCodeIsDocumented() throws {
        let readme = try String(contentsOf: Self.schemas.appendingPathComponent("README.md"), encoding: .utf8)
        let error = try #require(Self.byId["urn:plan:schema:error"])
        let codes = error["properties"]?["code"]?["enum"]
        let messages = error["properties"]?["message"]?["enum"]
        #expect(codes == .array(RPCErrorCode.allCases.map { .number(String($0.rawValue)) }), "the code enum of Schemas/error.schema.json")
        #expect(messages == .array(RPCErrorCode.allCases.map { .string($0.message) }), "the message enum of Schemas/error.schema.json")
        for c in RPCErrorCode.allCases {
            #expect(readme.contains("`\(c.rawValue)`"), "Schemas/README.md does not document \(c.rawValue)")
            #expect((-32099 ... -32000).contains(c.rawValue) || [-32700, -32600, -32601, -32602, -32603].contains(c.rawValue))
        }
    }

    /// The schemas are not too lax: documents that must fail, fail.
    @Test func schemasRefuseWhatTheServerRefuses() throws {
        let bad: [(schema: String, doc: String)] = [
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"task.add","params":{"title":"A","estimate":"-1h","due":"fri"}}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"task.add","params":{"title":"A","estimat":"1h","due":"fri"}}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"nope"}"#),
            ("urn:plan:schema:rpc-request", "[]"),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":{},"method":"task.list"}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"schedule","params":{"timeZone":"UTC","tasks":[],"calendars":[{"path":"a","ics":"b"}]}}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"events.expand","params":{"from":"2026-11-23"}}"#),
            ("urn:plan:schema:rpc-response", #"{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":-32603,"message":"Internal error","data":{"reason":"x"}}}"#),
            ("urn:plan:schema:rpc-response", #"{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params","data":{"reason":"no pointer"}}}"#),
            ("urn:plan:schema:rpc-response", #"{"jsonrpc":"2.0","id":1,"error":{"code":-31000,"message":"Other","data":{"reason":"x"}}}"#),
            ("urn:plan:schema:methods:task.add.result", #"{"status":"unschedulable","saved":false,"taskId":"a","sittings":[]}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"series.add","params":{"title":"A","estimate":"1h","every":"week","each":"week","due":"fri"}}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"series.add","params":{"title":"A","estimate":"1h","every":"week"}}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"series.add","params":{"title":"A","estimate":"1h","each":"week","due":"fri"}}"#),
            ("urn:plan:schema:rpc-request", #"{"jsonrpc":"2.0","id":1,"method":"series.update","params":{"series":"a","due":"fri"}}"#),
            ("urn:plan:schema:methods:series.update.result", #"{"status":"unschedulable","saved":false,"series":\#(Self.seriesRule),"occurrences":[],"skipped":[]}"#),
            ("urn:plan:schema:task", #"{"id":"a","title":"A","estimate":"PT1H","due":"2026-12-01","done":"PT0M","state":"sleeping","remaining":"PT1H","sittings":[]}"#),
            ("urn:plan:schema:sitting", #"{"taskId":"a","start":"2026-11-23T09:00:00","end":"2026-11-23T10:00:00-05:00","index":1,"count":1}"#),
        ]
        try SchemaCheck.expectInvalid(try bad.map { ($0.schema, try JSONValue.parse($0.doc)) })
    }
}

import Foundation
import PlanProtocol
import Testing
@testable import PlanCore

/// Requests and responses checked against `Schemas/*.schema.json` with
/// Python's `jsonschema` (Draft 2020-12), when it is installed.
@Suite struct SchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Validates each document against a schema; returns one error message
    /// (or "") per document, or nil when python3 or jsonschema is missing.
    static func validate(_ documents: [String], against schema: String) throws -> [String]? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (i, d) in documents.enumerated() {
            try Data(d.utf8).write(to: dir.appendingPathComponent("\(i).json"))
        }
        let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("NO-JSONSCHEMA"); sys.exit(0)
        schema = json.load(open(sys.argv[1]))
        v = jsonschema.Draft202012Validator(schema)
        for i in range(int(sys.argv[3])):
            doc = json.load(open(f"{sys.argv[2]}/{i}.json"))
            errs = sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path))
            print(json.dumps("; ".join(f"{list(e.absolute_path)}: {e.message}" for e in errs)))
        """
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", script, root.appendingPathComponent("Schemas/\(schema)").path, dir.path,
                       String(documents.count)]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        if p.terminationStatus != 0 || text.hasPrefix("NO-JSONSCHEMA") { return nil }
        return text.split(separator: "\n").map { try! JSONDecoder().decode(String.self, from: Data($0.utf8)) }
    }

    static let contractRequest = """
    {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
     "policy": {"dayStart": "07:00", "dayEnd": "22:00", "workingDays": ["MO","TU","WE","TH","FR","SA","SU"],
                "buffer": "PT10M", "breakBetweenSittings": "PT15M", "granularity": "PT5M", "maxPerDay": "PT6H",
                "busy": {"allDay": false, "tentative": true}},
     "tasks": [
      {"id": "essay", "title": "History essay", "project": "HIST200", "estimate": "PT6H", "span": "PT1H30M",
       "minSitting": "PT30M", "earliest": "09:00", "latest": "21:00", "start": "2026-11-24", "due": "2026-12-10T17:00",
       "priority": 2, "after": ["reading"], "done": "PT1H"},
      {"id": "reading", "title": "Reading", "estimate": "PT2H", "due": "2026-11-24"},
      {"id": "lab", "title": "Lab report", "estimate": "PT30H", "earliest": "09:00", "latest": "12:00", "due": "2026-11-26T12:00"}
     ]}
    """

    @Test func responsesMatchTheResponseSchema() throws {
        var docs: [String] = []
        let run = try Run(Self.contractRequest)
        docs.append(run.response.jsonText())
        for seed in UInt64(0)..<40 {
            var gen = InstanceGenerator(seed: 30_000 + seed)
            let inst = gen.instance(seed % 2 == 0 ? .medium : .small)
            docs.append(ScheduleResponse(plan: inst.plan(), zone: inst.policy.zone).jsonText())
        }
        #expect(docs.contains { $0.contains("\"fixes\": [{") }, "samples should include fixes")
        // Documents that must fail: a time without offset, an unknown binding id, a scheduled task without slack.
        let bad = [
            docs[0].replacingOccurrences(of: "-05:00\"", with: "\""),
            #"{"sittings": [], "tasks": [], "diagnostics": [{"id": "unschedulable", "taskId": "x", "needed": "PT1H", "available": "PT0M", "shortBy": "PT1H", "binding": ["weather"], "fixes": []}]}"#,
            #"{"sittings": [], "tasks": [{"id": "x", "status": "scheduled", "scheduled": "PT1H"}], "diagnostics": []}"#,
            #"{"sittings": [], "tasks": [{"id": "x", "status": "done", "scheduled": "PT1H30"}], "diagnostics": []}"#,
        ]
        guard let results = try Self.validate(docs + bad, against: "schedule-response.schema.json") else {
            print("skipped: python3 jsonschema not available")
            return
        }
        for (i, r) in results.prefix(docs.count).enumerated() { #expect(r == "", "document \(i): \(r)\n\(docs[i])") }
        for (i, r) in results.suffix(bad.count).enumerated() { #expect(r != "", "bad document \(i) passed") }
    }

    @Test func requestsMatchTheRequestSchema() throws {
        let good = [
            Self.contractRequest,
            #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-12-01"}]}"#,
            #"{"timeZone": "UTC", "tasks": [], "policy": {"dayEnd": "24:00", "granularity": "PT1H"}, "x-editor": {"v": 1}}"#,
        ]
        let bad = [
            #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": "1h", "due": "2026-12-01"}]}"#,
            #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H"}]}"#,
            #"{"timeZone": "UTC", "tasks": [], "policy": {"granularity": "PT7M"}}"#,
            #"{"timeZone": "UTC", "tasks": [], "policy": {"dayStart": "24:00"}}"#,
            #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-12-01", "priority": 5}]}"#,
            #"{"tasks": []}"#,
        ]
        // Every good request is also accepted by the implementation.
        for g in good { _ = try ScheduleRequest.decode(Data(g.utf8)).validated(defaultNow: Instant(seconds: 0)) }
        guard let results = try Self.validate(good + bad, against: "schedule-request.schema.json") else {
            print("skipped: python3 jsonschema not available")
            return
        }
        for (i, r) in results.prefix(good.count).enumerated() { #expect(r == "", "request \(i): \(r)") }
        for (i, r) in results.suffix(bad.count).enumerated() { #expect(r != "", "bad request \(i) passed") }
    }
}

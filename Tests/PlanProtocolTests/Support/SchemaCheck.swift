import Foundation
import PlanJSON
@testable import PlanRPC
import Testing
@testable import PlanProtocol

/// Checks documents against `Schemas/` with a real JSON Schema validator:
/// Python's `jsonschema` (Draft 2020-12, a `referencing` registry over every
/// schema file) through `Schemas/validate.py`.
enum SchemaCheck {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// One error string per job ("" when valid), or nil when python3 or
    /// jsonschema is missing.
    static func validate(_ jobs: [(schema: String, doc: JSONValue)]) throws -> [String]? {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("jobs.json")
        let text = JSONValue.array(jobs.map { .object([("schema", .string($0.schema)), ("doc", $0.doc)]) }).text
        try Data(text.utf8).write(to: file)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", root.appendingPathComponent("Schemas/validate.py").path, "--jobs", file.path]
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        do { try p.run() } catch { return nil }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errText = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        if p.terminationStatus == 3 || p.terminationStatus == 127 { return nil }
        guard p.terminationStatus == 0, case .array(let items) = try JSONValue.parse(Array(data)) else {
            Issue.record("Schemas/validate.py failed (status \(p.terminationStatus)): \(errText)")
            return []
        }
        return items.map { $0.stringValue ?? "?" }
    }

    /// Expects every job to be valid; prints the skip note when the validator
    /// is missing. Returns false when skipped.
    @discardableResult
    static func expectValid(_ jobs: [(schema: String, doc: JSONValue)], sourceLocation: SourceLocation = #_sourceLocation) throws -> Bool {
        guard let results = try validate(jobs) else {
            print("skipped: python jsonschema not available")
            return false
        }
        for (job, problem) in zip(jobs, results) where !problem.isEmpty {
            Issue.record("not valid against \(job.schema): \(problem)\n\(job.doc.text.prefix(2000))", sourceLocation: sourceLocation)
        }
        return true
    }

    /// Expects every job to be invalid (the schemas are not too lax).
    static func expectInvalid(_ jobs: [(schema: String, doc: JSONValue)], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let results = try validate(jobs) else {
            print("skipped: python jsonschema not available")
            return
        }
        for (job, problem) in zip(jobs, results) where problem.isEmpty {
            Issue.record("unexpectedly valid against \(job.schema): \(job.doc.text.prefix(500))", sourceLocation: sourceLocation)
        }
    }

    /// The jobs that check one exchange: the response envelope, and for a
    /// success the request envelope (with its params) and the result against
    /// its method's result schema.
    static func exchangeJobs(request: JSONValue?, response: JSONValue) -> [(schema: String, doc: JSONValue)] {
        var jobs: [(schema: String, doc: JSONValue)] = [("urn:plan:schema:rpc-response", response)]
        if let request, response["result"] != nil, case .string(let method)? = request["method"], RPCServer.methodNames.contains(method) {
            jobs.append(("urn:plan:schema:rpc-request", request))
            if let result = response["result"] { jobs.append(("urn:plan:schema:methods:\(method).result", result)) }
        }
        return jobs
    }
}

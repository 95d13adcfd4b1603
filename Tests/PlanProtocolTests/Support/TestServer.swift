import Foundation
import PlanCore
import PlanJSON
@testable import PlanRPC
import PlanService
import PlanStore
import Testing
@testable import PlanProtocol

/// An in-process server on a temporary store with a fixed clock, that keeps
/// every exchange so a test can check them all against the schemas.
final class TestServer {
    /// Monday 2026-11-23 08:00 in New York: the week of the example calendar.
    static let now: Instant = {
        guard case .instant(let i)? = DateText.parse("2026-11-23T08:00:00-05:00") else { fatalError("bad fixed now") }
        return i
    }()
    static let zone = "America/New_York"
    static var exampleCalendar: String { SchemaCheck.root.appendingPathComponent("Examples/fall-2026-classes.ics").path }

    let directory: URL
    let storePath: String
    var logs: [String] = []
    var exchanges: [(request: JSONValue?, response: JSONValue)] = []
    private(set) var server: RPCServer!
    private var nextId = 1

    init(maxMessageBytes: Int = 16 * 1024 * 1024) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plan-rpc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        storePath = directory.appendingPathComponent("plan.sqlite").path
        let path = storePath
        let env = RPCEnvironment(
            serverVersion: "test", localZone: Self.zone, clock: { Self.now },
            openService: { () throws(RPCError) -> PlanService in
                do throws(StoreError) {
                    return PlanService(store: try PlanStore(path: path), now: Self.now, environment: ["TZ": Self.zone])
                } catch {
                    throw RPCError(ServiceError.store(error))
                }
            },
            log: { [weak self] in self?.logs.append($0) })
        server = RPCServer(environment: env, maxMessageBytes: maxMessageBytes)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// Sends raw text (one message) and returns the parsed response (nil for none).
    @discardableResult
    func send(_ text: String) -> JSONValue? {
        guard let out = server.handle(text) else { return nil }
        let response: JSONValue
        do {
            response = try JSONValue.parse(out)
        } catch {
            Issue.record("the server wrote something that is not JSON: \(out)")
            return nil
        }
        #expect(!out.contains("\n"), "a response must fit on one line")
        let request = try? JSONValue.parse(text)
        if case .array(let answers) = response, case .array(let requests)? = request {
            // Pair batch answers with their requests by id.
            for a in answers {
                exchanges.append((requests.first { $0["id"] != nil && $0["id"] == a["id"] }, a))
            }
        } else {
            exchanges.append((request, response))
        }
        return response
    }

    /// Calls `method` and returns the whole response.
    @discardableResult
    func call(_ method: String, _ params: String? = nil) -> JSONValue {
        let id = nextId
        nextId += 1
        let text = "{\"jsonrpc\":\"2.0\",\"id\":\(id),\"method\":\"\(method)\"" + (params.map { ",\"params\":\($0)" } ?? "") + "}"
        guard let r = send(text) else {
            Issue.record("no response to \(method)")
            return .null
        }
        #expect(r["id"] == .number(String(id)), "the response carries the request's id")
        return r
    }

    /// Calls `method` and expects a result.
    @discardableResult
    func result(_ method: String, _ params: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
        let r = call(method, params)
        guard let result = r["result"] else {
            Issue.record("\(method) failed: \(r.text)", sourceLocation: sourceLocation)
            return .null
        }
        return result
    }

    /// Calls `method` and expects an error with `code` (and `pointer` when given).
    @discardableResult
    func error(_ method: String, _ params: String? = nil, code: Int, pointer: String? = nil,
               sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
        let r = call(method, params)
        return Self.expectError(r, code: code, pointer: pointer, sourceLocation: sourceLocation)
    }

    @discardableResult
    static func expectError(_ r: JSONValue?, code: Int, pointer: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) -> JSONValue {
        guard let e = r?["error"] else {
            Issue.record("expected error \(code), got \(r?.text ?? "no response")", sourceLocation: sourceLocation)
            return .null
        }
        #expect(e["code"]?.intValue == code, "code: \(e.text)", sourceLocation: sourceLocation)
        if let pointer { #expect(e["data"]?["pointer"] == .string(pointer), "pointer: \(e.text)", sourceLocation: sourceLocation) }
        #expect(e["data"]?["reason"]?.stringValue?.isEmpty == false, "a reason is given", sourceLocation: sourceLocation)
        return e
    }

    /// Checks every exchange so far against the schemas.
    func validateAll(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try SchemaCheck.expectValid(exchanges.flatMap { SchemaCheck.exchangeJobs(request: $0.request, response: $0.response) },
                                    sourceLocation: sourceLocation)
    }
}

import Foundation
import Testing
@testable import PlanProtocol

/// Bad input of every kind gets its exact error code (and pointer), and the
/// server answers the next request as if nothing happened.
@Suite struct BadInputTests {
    /// Sends `text`, expects `code` at `pointer`, then checks the server still works.
    func expect(_ s: TestServer, _ text: String, code: Int, pointer: String? = nil, kind: String? = nil,
                sourceLocation: SourceLocation = #_sourceLocation) {
        let e = TestServer.expectError(s.send(text), code: code, pointer: pointer, sourceLocation: sourceLocation)
        if let kind { #expect(e["data"]?["kind"] == .string(kind), "kind: \(e.text)", sourceLocation: sourceLocation) }
        #expect(s.call("project.list")["result"] != nil, "still answering after: \(text.prefix(80))", sourceLocation: sourceLocation)
    }

    func request(_ method: String, _ params: String) -> String {
        #"{"jsonrpc":"2.0","id":99,"method":"\#(method)","params":\#(params)}"#
    }

    @Test func brokenJSON() throws {
        let s = try TestServer()
        for text in [#"{"jsonrpc":"2.0","id":1,"method":"task.list""#, "{jsonrpc: 2.0}", "[1,2", "\u{FEFF}{}", "{\"a\":\"\u{01}\"}", "plain words"] {
            expect(s, text, code: -32700)
        }
        // Invalid UTF-8 inside a string.
        #expect(s.server.handle([0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D])?.contains("-32700") == true)
        try s.validateAll()
    }

    @Test func wrongTypesAndMissingFields() throws {
        let s = try TestServer()
        expect(s, request("task.add", #"{"title": 5, "estimate": "1h", "due": "fri"}"#), code: -32602, pointer: "/title")
        expect(s, request("task.add", #"{"title": "A", "estimate": 60, "due": "fri"}"#), code: -32602, pointer: "/estimate")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "priority": "high"}"#), code: -32602, pointer: "/priority")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "priority": 2.5}"#), code: -32602, pointer: "/priority")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "priority": 9}"#), code: -32602, pointer: "/priority")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "after": "x"}"#), code: -32602, pointer: "/after")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "after": [1]}"#), code: -32602, pointer: "/after/0")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "dryRun": "yes"}"#), code: -32602, pointer: "/dryRun")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": null}"#), code: -32602, pointer: "/due")
        expect(s, request("task.add", #"{"estimate": "1h", "due": "fri"}"#), code: -32602, pointer: "/title")
        expect(s, request("task.add", #"{"title": "A", "due": "fri"}"#), code: -32602, pointer: "/estimate")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h"}"#), code: -32602, pointer: "/due")
        expect(s, request("task.add", #"{"title": "   ", "estimate": "1h", "due": "fri"}"#), code: -32602, pointer: "/title")
        expect(s, request("task.add", #"{"title": "A", "estimat": "1h", "due": "fri"}"#), code: -32602, pointer: "/estimat")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "earliest": "9am"}"#), code: -32602, pointer: "/earliest")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "latest": "24:30"}"#), code: -32602, pointer: "/latest")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "fri", "after": ["ghost"]}"#), code: -32003, pointer: "/after/0")
        expect(s, request("task.done", #"{}"#), code: -32602, pointer: "/task")
        expect(s, request("task.get", #"{"task": ["a"]}"#), code: -32602, pointer: "/task")
        expect(s, request("plan.agenda", #"{"days": 0}"#), code: -32602, pointer: "/days")
        expect(s, request("plan.agenda", #"{"days": 1000}"#), code: -32602, pointer: "/days")
        expect(s, request("calendar.add", #"{}"#), code: -32602, pointer: "/path")
        expect(s, request("project.remove", #"{"name": "x", "force": 1}"#), code: -32602, pointer: "/force")
        expect(s, request("task.list", #"{"all": true}"#), code: -32602, pointer: "/all")
        expect(s, request("schedule", #"{"tasks": []}"#), code: -32602, pointer: "/timeZone", kind: "missingField")
        expect(s, request("schedule", #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": 5, "due": "2026-12-01"}]}"#),
               code: -32602, pointer: "/tasks/0/estimate", kind: "wrongType")
        expect(s, request("schedule", #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H"}]}"#),
               code: -32602, pointer: "/tasks/0/due", kind: "missingField")
        try s.validateAll()
    }

    @Test func unknownMethods() throws {
        let s = try TestServer()
        for m in ["task.delete", "rpc.discover", "", "TASK.LIST", "exit.now"] {
            expect(s, #"{"jsonrpc":"2.0","id":1,"method":"\#(m)"}"#, code: -32601)
        }
        try s.validateAll()
    }

    @Test func impossibleDates() throws {
        let s = try TestServer()
        for (due, pointer) in [("2026-02-30", "/due"), ("2026-13-01", "/due"), ("2026-12-10T25:00", "/due"), ("someday", "/due"),
                               ("2026-11-31", "/due"), ("2027-02-29", "/due"), ("2026-12-10T17:00+25:00", "/due")] {
            expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "\#(due)"}"#), code: -32602, pointer: pointer)
        }
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "2026-12-10", "start": "2026-12-32"}"#), code: -32602, pointer: "/start")
        // Far outside any plan.
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "9999-12-31"}"#), code: -32602, pointer: "/due")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "+99999d"}"#), code: -32602, pointer: "/due")
        // Start after due: the contract's own check.
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "due": "2026-12-01", "start": "2026-12-05"}"#),
               code: -32602, pointer: "/start", kind: "startAfterDue")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-02-30"}]}"#),
               code: -32602, pointer: "/tasks/0/due", kind: "badValue")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00", "tasks": []}"#), code: -32602, pointer: "/now")
        expect(s, request("schedule", #"{"timeZone": "Atlantis/Capital", "tasks": []}"#), code: -32602, pointer: "/timeZone", kind: "unknownZone")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "3026-01-01"}]}"#),
               code: -32602, pointer: "/tasks/0/due")
        try s.validateAll()
    }

    @Test func negativeAndAbsurdDurations() throws {
        let s = try TestServer()
        expect(s, request("task.add", #"{"title": "A", "estimate": "-PT1H", "due": "fri"}"#), code: -32602, pointer: "/estimate", kind: "negativeDuration")
        expect(s, request("task.add", #"{"title": "A", "estimate": "-90m", "due": "fri"}"#), code: -32602, pointer: "/estimate", kind: "negativeDuration")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "span": "-30m", "due": "fri"}"#), code: -32602, pointer: "/span")
        expect(s, request("task.add", #"{"title": "A", "estimate": "P9999W", "due": "fri"}"#), code: -32602, pointer: "/estimate")
        expect(s, request("task.add", #"{"title": "A", "estimate": "PT99999999999999999999H", "due": "fri"}"#), code: -32602, pointer: "/estimate")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1e9h", "due": "fri"}"#), code: -32602, pointer: "/estimate")
        expect(s, request("task.add", #"{"title": "A", "estimate": "forever", "due": "fri"}"#), code: -32602, pointer: "/estimate")
        expect(s, request("task.add", #"{"title": "A", "estimate": "1h", "span": "0m", "due": "fri"}"#), code: -32602, pointer: "/span")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "-PT1H", "due": "2026-12-01"}]}"#),
               code: -32602, pointer: "/tasks/0/estimate", kind: "negativeDuration")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "P9999W", "due": "2026-12-01"}]}"#),
               code: -32602, pointer: "/tasks/0/estimate")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "policy": {"buffer": "-PT5M"}, "tasks": []}"#),
               code: -32602, pointer: "/policy/buffer", kind: "negativeDuration")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "policy": {"granularity": "PT7M"}, "tasks": []}"#),
               code: -32602, pointer: "/policy/granularity", kind: "badGranularity")
        expect(s, request("policy.set", #"{"buffer": "-5m"}"#), code: -32602, pointer: "/buffer", kind: "negativeDuration")
        expect(s, request("policy.set", #"{"maxPerDay": "P100W"}"#), code: -32602, pointer: "/maxPerDay")
        try s.validateAll()
    }

    @Test func dependencyCycles() throws {
        let s = try TestServer()
        let cycle = """
            {"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [
              {"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-12-01", "after": ["c"]},
              {"id": "b", "title": "B", "estimate": "PT1H", "due": "2026-12-01", "after": ["a"]},
              {"id": "c", "title": "C", "estimate": "PT1H", "due": "2026-12-01", "after": ["b"]}]}
            """
        let e = TestServer.expectError(s.send(request("schedule", cycle)), code: -32602, pointer: "/tasks/0/after")
        #expect(e["data"]?["kind"] == .string("cycle"))
        #expect(e["data"]?["reason"]?.stringValue?.contains("a → c → b → a") == true, "names the tasks: \(e.text)")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-12-01", "after": ["a"]}]}"#),
               code: -32602, pointer: "/tasks/0/after", kind: "cycle")
        expect(s, request("schedule", #"{"timeZone": "UTC", "now": "2026-11-23T08:00:00Z", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-12-01", "after": ["zz"]}]}"#),
               code: -32602, pointer: "/tasks/0/after/0", kind: "unknownTask")
        // Through the store: b after a, then a after b.
        s.result("task.add", #"{"id": "a", "title": "A", "estimate": "1h", "due": "2026-12-01"}"#)
        s.result("task.add", #"{"id": "b", "title": "B", "estimate": "1h", "due": "2026-12-02", "after": ["a"]}"#)
        expect(s, request("task.update", #"{"task": "a", "after": ["b"]}"#), code: -32602, pointer: "/after", kind: "cycle")
        #expect(s.result("task.get", #"{"task": "a"}"#)["after"] == nil, "the refused change was not saved")
        try s.validateAll()
    }

    @Test func deepNestingAndHugeNumbersDoNotHurt() throws {
        let s = try TestServer()
        expect(s, String(repeating: "[", count: 200_000), code: -32700)
        expect(s, request("plan.agenda", #"{"days": 1e400}"#), code: -32602, pointer: "/days")
        expect(s, request("plan.agenda", #"{"days": 99999999999999999999999}"#), code: -32602, pointer: "/days")
        try s.validateAll()
    }
}

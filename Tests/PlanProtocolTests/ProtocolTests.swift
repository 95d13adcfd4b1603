import Foundation
import PlanCore
import PlanJSON
@testable import PlanRPC
import Testing
@testable import PlanProtocol

/// JSON-RPC 2.0 itself: envelopes, ids, notifications, batches, lifecycle.
@Suite struct ProtocolTests {
    @Test func initializeReportsVersionsAndEveryMethod() throws {
        let s = try TestServer()
        let r = s.result("initialize", #"{"protocolVersion": "1.2", "clientInfo": {"name": "test"}, "processId": 1, "rootUri": null}"#)
        #expect(r["protocolVersion"] == .string("1.0"))
        #expect(r["serverVersion"] == .string("test"))
        #expect(r["capabilities"]?["methods"] == .array(RPCServer.methodNames.map(JSONValue.string)))
        #expect(r["capabilities"]?["maxMessageBytes"]?.intValue == 16 * 1024 * 1024)
        s.error("initialize", #"{"protocolVersion": "2.0"}"#, code: -32602, pointer: "/protocolVersion")
        try s.validateAll()
    }

    @Test func idsComeBackAsTheyWereSent() throws {
        let s = try TestServer()
        for id in [#""abc""#, "7", "-3", "1.5e3", "12345678901234567890", "null"] {
            let r = s.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"task.list"}"#)
            #expect(r?.text.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"result":"#) == true, "id \(id): \(r?.text ?? "")")
        }
        try s.validateAll()
    }

    @Test func notificationsGetNoResponseEvenWhenTheyFail() throws {
        let s = try TestServer()
        #expect(s.send(#"{"jsonrpc":"2.0","method":"task.list"}"#) == nil)
        #expect(s.send(#"{"jsonrpc":"2.0","method":"no.such.method"}"#) == nil)
        #expect(s.send(#"{"jsonrpc":"2.0","method":"task.add","params":{"title":1}}"#) == nil)
        #expect(s.logs.contains { $0.contains("no.such.method") }, "failures are logged on stderr")
    }

    @Test func batchesAnswerEachRequestInOrderAndSkipNotifications() throws {
        let s = try TestServer()
        let r = s.send("""
        [{"jsonrpc":"2.0","id":1,"method":"project.add","params":{"name":"CS201"}},
         {"jsonrpc":"2.0","method":"project.list"},
         {"jsonrpc":"2.0","id":2,"method":"project.list"},
         {"jsonrpc":"2.0","id":3,"method":"nope"},
         42]
        """)
        guard case .array(let answers)? = r else {
            Issue.record("expected an array, got \(r?.text ?? "nothing")")
            return
        }
        #expect(answers.count == 4)
        #expect(answers.map { $0["id"] ?? .string("?") } == [.number("1"), .number("2"), .number("3"), .null])
        #expect(answers[1]["result"] == .array([.object([("name", .string("CS201"))])]))
        TestServer.expectError(answers[2], code: -32601)
        TestServer.expectError(answers[3], code: -32600)
        // Only notifications: nothing at all comes back.
        #expect(s.send(#"[{"jsonrpc":"2.0","method":"task.list"},{"jsonrpc":"2.0","method":"project.list"}]"#) == nil)
        // An empty batch is one error.
        TestServer.expectError(s.send("[]"), code: -32600)
        try s.validateAll()
    }

    /// The batch bound: 1,000 requests are answered; 1,001 are one -32600 and none of them runs.
    @Test func aBatchOverTheLimitIsRefusedWhole() throws {
        let s = try TestServer()
        let atLimit = (1...RPCLimits.maxBatch).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"no.such"}"# }
        guard case .array(let answers)? = s.send("[" + atLimit.joined(separator: ",") + "]") else {
            Issue.record("a batch at the limit is answered with an array")
            return
        }
        #expect(answers.count == 1_000)
        #expect(answers.last?["id"] == .number("1000"))
        let add = #"{"jsonrpc":"2.0","id":0,"method":"project.add","params":{"name":"CS201"}}"#
        let pastLimit = [add] + atLimit
        #expect(pastLimit.count == RPCLimits.maxBatch + 1)
        let e = TestServer.expectError(s.send("[" + pastLimit.joined(separator: ",") + "]"), code: -32600)
        #expect(e["data"]?["reason"]?.stringValue?.contains("a batch of 1001 requests; at most 1000") == true, "\(e.text)")
        #expect(s.result("project.list") == .array([]), "no request of a refused batch ran")
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1}"#, "/method"),
        (#"{"jsonrpc":"2.0","id":1,"method":5}"#, "/method"),
        (#"{"id":1,"method":"task.list"}"#, "/jsonrpc"),
        (#"{"jsonrpc":"1.0","id":1,"method":"task.list"}"#, "/jsonrpc"),
        (#"{"jsonrpc":"2.0","id":{"x":1},"method":"task.list"}"#, "/id"),
        (#"{"jsonrpc":"2.0","id":[1],"method":"task.list"}"#, "/id"),
        (#"{"jsonrpc":"2.0","id":1,"method":"task.list","params":"all"}"#, "/params"),
        (#""task.list""#, nil),
        ("null", nil),
    ])
    func invalidRequestsAreRefused(_ text: String, _ pointer: String?) throws {
        let s = try TestServer()
        let e = TestServer.expectError(s.send(text), code: -32600, pointer: pointer)
        #expect(e != .null)
        // Still serving.
        s.result("task.list")
        try s.validateAll()
    }

    @Test func positionalParamsAreRefusedUnlessEmpty() throws {
        let s = try TestServer()
        s.result("task.list", "[]")
        s.error("task.get", #"["essay"]"#, code: -32602, pointer: "")
        try s.validateAll()
    }

    @Test func shutdownThenExit() throws {
        let s = try TestServer()
        #expect(s.result("shutdown") == .null)
        s.error("task.list", code: -32600)
        #expect(s.server.exitStatus == nil)
        #expect(s.send(#"{"jsonrpc":"2.0","method":"exit"}"#) == nil)
        #expect(s.server.exitStatus == 0)
        try s.validateAll()
    }

    @Test func exitWithoutShutdownEndsWithStatus1() throws {
        let s = try TestServer()
        var reader = FrameReader(source: MemorySource("{\"jsonrpc\":\"2.0\",\"method\":\"exit\"}\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task.list\"}\n"))
        var written: [UInt8] = []
        let status = s.server.serve(&reader) { written += $0; return true }
        #expect(status == 1)
        #expect(written.isEmpty, "nothing after exit is read")
    }

    @Test func serveAnswersInTheFramingAskedAndStopsAtEndOfInput() throws {
        let s = try TestServer()
        let body = #"{"jsonrpc":"2.0","id":"h","method":"project.list"}"#
        let input = "{\"jsonrpc\":\"2.0\",\"id\":\"l\",\"method\":\"project.list\"}\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
        var reader = FrameReader(source: MemorySource(input, piece: 5))
        var written: [UInt8] = []
        let status = s.server.serve(&reader) { written += $0; return true }
        #expect(status == 0)
        let text = String(decoding: written, as: UTF8.self)
        let first = #"{"jsonrpc":"2.0","id":"l","result":[]}"#
        let second = #"{"jsonrpc":"2.0","id":"h","result":[]}"#
        #expect(text == first + "\n" + "Content-Length: \(second.utf8.count)\r\n\r\n" + second)
    }

    @Test func onceAnswersOneMessageOnly() throws {
        let s = try TestServer()
        var reader = FrameReader(source: MemorySource("[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task.list\"},{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"task.list\"}]\n{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"task.list\"}\n"))
        var lines: [String] = []
        _ = s.server.serve(&reader, once: true) { lines.append(String(decoding: $0, as: UTF8.self)); return true }
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("[") == true)
    }

    @Test func aClientThatGoesAwayStopsTheLoop() throws {
        let s = try TestServer()
        var reader = FrameReader(source: MemorySource(String(repeating: "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task.list\"}\n", count: 5)))
        var writes = 0
        let status = s.server.serve(&reader) { _ in writes += 1; return false }
        #expect(status == 0)
        #expect(writes == 1)
    }

    @Test func oversizedMessagesAreRefusedAndTheNextIsAnswered() throws {
        let s = try TestServer(maxMessageBytes: 1024)
        let big = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"task.list\",\"params\":{\"pad\":\"" + String(repeating: "x", count: 5000) + "\"}}"
        let input = big + "\n" + "Content-Length: 5000\r\n\r\n" + String(repeating: " ", count: 5000)
            + "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"task.list\"}\n"
        var reader = FrameReader(source: MemorySource(input), limit: 1024, chunk: 256)
        var answers: [String] = []
        _ = s.server.serve(&reader) { answers.append(String(decoding: $0, as: UTF8.self)); return true }
        #expect(answers.count == 3)
        #expect(answers[0].contains("\"code\":-32600") && answers[0].contains("\"id\":null"))
        #expect(answers[1].hasPrefix("Content-Length:") && answers[1].contains("\"code\":-32600") && answers[1].contains("5000 bytes"))
        #expect(answers[2] == #"{"jsonrpc":"2.0","id":2,"result":[]}"# + "\n")
        let docs = answers.map { a in a.hasPrefix("Content-Length") ? String(a[a.range(of: "\r\n\r\n")!.upperBound...]) : a }
        try SchemaCheck.expectValid(try docs.map { ("urn:plan:schema:rpc-response", try JSONValue.parse($0)) })
    }
}

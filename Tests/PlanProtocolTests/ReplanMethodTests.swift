import Foundation
import PlanCore
import PlanJSON
import Testing
@testable import PlanProtocol

/// `plan.replan` with and without `compact`, each response checked against `Schemas/`.
@Suite struct ReplanMethodTests {
    @Test func keepsWhatStillFitsOrCompactsOnRequest() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(JSONValue.quoted(TestServer.exampleCalendar))}"#)
        s.result("task.add", #"{"title": "Reading", "estimate": "3h", "span": "1h", "due": "2026-11-27"}"#)
        s.result("task.add", #"{"title": "Essay", "estimate": "4h", "span": "1h", "due": "2026-11-30"}"#)
        guard case .array(let essay)? = s.result("task.get", #"{"task": "essay"}"#)["sittings"] else {
            Issue.record("no sittings")
            return
        }
        s.result("task.done", #"{"task": "reading"}"#)

        // Without compact: the reading's time stays free, the essay stays put.
        let kept = s.result("plan.replan", #"{"dryRun": true}"#)
        #expect(kept["moves"] == .array([]))
        #expect(kept["kept"]?.intValue == essay.count)
        #expect(kept["compact"] == .bool(false) && kept["saved"] == .bool(false))
        #expect(kept["fitWithCompact"] == .array([]))
        #expect(s.result("plan.replan")["saved"] == .bool(true))

        // With compact: the essay moves into the freed time, for no other reason.
        let compact = s.result("plan.replan", #"{"compact": true}"#)
        #expect(compact["compact"] == .bool(true) && compact["saved"] == .bool(true))
        guard case .array(let moves)? = compact["moves"] else {
            Issue.record("no moves")
            return
        }
        #expect(moves.map { $0["taskId"] } == [.string("essay")])
        #expect(moves.first?["reason"]?["id"] == .string("compact"))
        #expect(moves.first?["reason"]?["message"] == .string("re-fitted from now (--compact)"))

        // A shorter day moves what it rules out, and says so.
        s.result("policy.set", #"{"dayStart": "12:00"}"#)
        let policy = s.result("plan.replan", #"{"dryRun": true}"#)
        if case .array(let moved)? = policy["moves"], let first = moved.first {
            #expect(first["reason"]?["id"] == .string("window"))
            #expect(first["reason"]?["message"]?.stringValue?.hasPrefix("policy changed: outside 12:00–21:00 on ") == true)
            #expect(first["reason"]?["sitting"]?["start"] != nil)
        } else {
            Issue.record("a day starting at 12:00 moves the essay: \(policy.text)")
        }

        s.error("plan.replan", #"{"compact": "yes"}"#, code: -32602, pointer: "/compact")
        s.error("plan.replan", #"{"compactt": true}"#, code: -32602, pointer: "/compactt")
        try s.validateAll()
    }
}

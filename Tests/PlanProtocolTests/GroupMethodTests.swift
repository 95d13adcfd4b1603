import Foundation
import Testing
@testable import PlanProtocol

/// `group.find` over RPC: the same search as `plan group find`, its result
/// valid against `Schemas/methods/group.find.result.schema.json`.
@Suite struct GroupMethodTests {
    static func example(_ name: String) -> String { SchemaCheck.root.appendingPathComponent("Examples/groups/\(name)").path }

    @Test func findsTimesAndRefusesWhatItCannotRead() throws {
        let s = try TestServer()
        let members = "[\"\(Self.example("alice.ics"))\", \"\(Self.example("bob.ics"))\", \"me\"]"
        let r = s.result("group.find", #"{"members": \#(members), "duration": "2h", "within": "2026-12-01..2026-12-03", "top": 2}"#)
        guard case .array(let slots)? = r["slots"] else {
            Issue.record("no slots: \(r.text)")
            return
        }
        // Wednesday 19:00–21:00 New York (18:00 in Chicago) is the first time all three are free.
        #expect(slots.first?["start"] == .string("2026-12-02T19:00:00-05:00"), "\(r.text)")
        #expect(slots.first?["everyone"] == .bool(true))
        if case .array(let local)? = slots.first?["local"] {
            #expect(local.count == 3 && local[1]["start"] == .string("2026-12-02T18:00:00-06:00"), "\(local)")
        } else {
            Issue.record("no local times: \(r.text)")
        }
        // With no classes of mine, Thursday 17:00 (after Alice's shift, before Bob's evening) is next.
        #expect(slots.count == 2 && slots[1]["start"] == .string("2026-12-03T17:00:00-05:00") && slots[1]["cannotCome"] == .array([]), "\(r.text)")
        s.error("group.find", #"{"members": [], "duration": "2h"}"#, code: -32602, pointer: "/members")
        s.error("group.find", #"{"members": ["me"], "duration": "2h", "between": "9-5"}"#, code: -32602, pointer: "/between")
        s.error("group.find", #"{"members": ["me"], "duration": "2h", "minMembers": 2}"#, code: -32602, pointer: "/minMembers")
        // A CalDAV member out of reach (nothing listens on port 1): calendar unreadable, as a missing file is.
        s.error("group.find", #"{"members": ["me", "caldav:http://127.0.0.1:1/bob/"], "duration": "2h"}"#, code: -32001)
        s.error("group.find", #"{"members": ["me", "freebusy:http://127.0.0.1:1/bob/"], "duration": "2h"}"#, code: -32001)
        s.error("group.find", #"{"members": ["/nonexistent/bob.ics"], "duration": "2h"}"#, code: -32001)
        try s.validateAll()
    }
}

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

    /// `me`, `group.create|reply|list|leave|join|cancel` over RPC: the same
    /// operations as `plan group`, results valid against their schemas, bad
    /// params pointed at.
    @Test func createsAnswersListsAndCancelsASession() throws {
        let s = try TestServer()
        #expect(s.result("me")["email"] == .null)
        s.error("group.create", #"{"title": "Review", "at": "2026-12-02T19:00", "duration": "2h"}"#, code: -32004)
        s.error("me", #"{"email": "not-an-address"}"#, code: -32004)
        #expect(s.result("me", #"{"name": "Ada Byron", "email": "ada@uni.edu"}"#)["email"] == .string("ada@uni.edu"))

        s.error("group.create", #"{"title": "Review", "at": "soon", "duration": "2h"}"#, code: -32602, pointer: "/at")
        s.error("group.create", #"{"title": "Review", "at": "2026-12-02T19:00", "duration": "forever"}"#, code: -32602, pointer: "/duration")
        s.error("group.create", #"{"title": "Review", "at": "2026-12-02T19:00", "duration": "2h", "geo": "north"}"#, code: -32602, pointer: "/geo")
        s.error("group.create", #"{"title": "Review", "at": "2026-12-02T19:00", "duration": "2h", "room": "204"}"#, code: -32602, pointer: "/room")
        let created = s.result("group.create", #"{"title": "CS 201 midterm review", "course": "CS201", "at": "2026-12-02T19:00", "duration": "2h", "location": "Library, room 204", "geo": "40.0012,-83.0153", "invite": ["alice@uni.edu", "bob@uni.edu"]}"#)
        #expect(created["session"]?["id"] == .string("cs-201-midterm-review"), "\(created.text)")
        #expect(created["session"]?["uid"] == .string("cs-201-midterm-review-20261203T0000Z@uni.edu"))
        #expect(created["session"]?["start"] == .string("2026-12-02T19:00:00-05:00") && created["session"]?["me"] == .string("ACCEPTED"))
        #expect(created["session"]?["latitude"] == .number("40.0012") && created["messages"] == .array([]))

        let replied = s.result("group.reply", #"{"file": "\#(Self.example("alice-accepts.ics"))"}"#)
        guard case .array(let attendees)? = replied["attendees"] else {
            Issue.record("no attendees: \(replied.text)")
            return
        }
        #expect(attendees.first?["status"] == .string("ACCEPTED"), "\(replied.text)")
        s.error("group.reply", #"{"file": "/nonexistent/reply.ics"}"#, code: -32001)

        let left = s.result("group.leave", #"{"id": "cs-201-midterm-review"}"#)
        #expect(left["session"]?["me"] == .string("DECLINED"), "\(left.text)")
        let joined = s.result("group.join", #"{"id": "CS-201-MIDTERM-REVIEW"}"#)
        #expect(joined["session"]?["me"] == .string("ACCEPTED"), "\(joined.text)")
        s.error("group.join", #"{"id": "nothing-here"}"#, code: -32003)
        s.error("group.join", #"{"id": ""}"#, code: -32602, pointer: "/id")

        guard case .array(let listed)? = Optional(s.result("group.list", #"{"course": "cs201", "from": "all"}"#)) else {
            Issue.record("group.list is not an array")
            return
        }
        #expect(listed.count == 1 && listed[0]["title"] == .string("CS 201 midterm review"))
        #expect(s.result("group.list", #"{"from": "2026-12-03"}"#) == .array([]))
        s.error("group.list", #"{"from": "someday"}"#, code: -32602, pointer: "/from")
        // A group calendar that cannot be read: one error naming it.
        s.error("group.list", #"{"calendar": "http://127.0.0.1:1/group/"}"#, code: -32001)

        let cancelled = s.result("group.cancel", #"{"id": "cs-201-midterm-review"}"#)
        #expect(cancelled["session"]?["cancelled"] == .bool(true) && cancelled["session"]?["sequence"] == .number("1"), "\(cancelled.text)")
        s.error("group.cancel", #"{"id": "cs-201-midterm-review"}"#, code: -32004)
        try s.validateAll()
    }
}

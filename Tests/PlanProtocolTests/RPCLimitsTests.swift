import Foundation
import PlanCore
@testable import PlanRPC
import Testing
@testable import PlanProtocol

/// The limits `plan rpc` puts on values the contract allows (``RPCLimits``),
/// each hit exactly (accepted) and one step past (refused with -32602 at the
/// member's pointer).
@Suite struct RPCLimitsTests {
    static let ics = "BEGIN:VCALENDAR\\r\\nVERSION:2.0\\r\\nPRODID:t\\r\\nBEGIN:VEVENT\\r\\nUID:a\\r\\nDTSTAMP:20260101T000000Z\\r\\nDTSTART:20260105T090000Z\\r\\nEND:VEVENT\\r\\nEND:VCALENDAR\\r\\n"

    @Test func aDurationOfAtMost366Days() throws {
        let s = try TestServer()
        #expect(RPCLimits.maxDuration == 8_784 * 3_600)
        s.result("task.add", #"{"title": "A", "estimate": "1h", "span": "8784h", "due": "+20d"}"#)
        s.error("task.add", #"{"title": "B", "estimate": "1h", "span": "8785h", "due": "+20d"}"#, code: -32602, pointer: "/span")
    }

    /// Now is 2026-11-23 08:00 in New York; ten years (3,653 days) later is
    /// 2036-11-23 08:00, at the same offset.
    @Test func aDueAtMostTenYearsAway() throws {
        let s = try TestServer()
        #expect(RPCLimits.maxHorizon == 3_653 * 86_400)
        s.result("task.add", #"{"title": "A", "estimate": "1h", "due": "2036-11-23T08:00"}"#)
        s.error("task.add", #"{"title": "B", "estimate": "1h", "due": "2036-11-23T08:01"}"#, code: -32602, pointer: "/due")
    }

    @Test func anAgendaOfAtMost366Days() throws {
        let s = try TestServer()
        s.result("plan.agenda", #"{"days": 366}"#)
        s.error("plan.agenda", #"{"days": 367}"#, code: -32602, pointer: "/days")
    }

    @Test func anExpandWindowOfAtMost3660Days() throws {
        let s = try TestServer()
        #expect(RPCLimits.maxExpandWindow == 3_660 * 86_400)
        let r = s.result("events.expand", #"{"ics": "\#(Self.ics)", "tz": "UTC", "from": "2026-01-01T00:00:00Z", "to": "2036-01-09T00:00:00Z"}"#)
        #expect(r != .null)
        s.error("events.expand", #"{"ics": "\#(Self.ics)", "tz": "UTC", "from": "2026-01-01T00:00:00Z", "to": "2036-01-09T00:00:01Z"}"#,
                code: -32602, pointer: "/to")
    }

    @Test func atMostAThousandCombinations() throws {
        let s = try TestServer()
        s.result("courses.import", #"{"path": \#(CoursesMethodTests.catalog)}"#)
        s.result("courses.build", #"{"courses": ["CMSC330"], "top": 1000}"#)
        s.error("courses.build", #"{"courses": ["CMSC330"], "top": 1001}"#, code: -32602, pointer: "/top")
    }
}

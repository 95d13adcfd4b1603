import Foundation
import PlanProtocol
import Testing
@testable import PlanCore

/// A request's task reads its start and due as the request contract always
/// has (every form ``WireTime`` takes, offsets with or without seconds or a
/// colon), and of several wrong fields the first in the contract's order is
/// the one reported — what `plan schedule` and the `schedule` method of the
/// release before typed tasks (commit 96c9ab4) answered.
@Suite struct RequestTaskTimeTests {
    static func validated(_ task: String) throws(ScheduleRequestError) -> ScheduleInput {
        try ScheduleRequest.decode(Data(RequestValidationTests.request(tasks: task).utf8)).validated()
    }

    /// The text, the instant it names, the offset it was written with.
    @Test(arguments: [
        ("2026-12-10T17:00Z", 1_796_922_000, 0),
        ("2026-12-10t17:00z", 1_796_922_000, 0),
        ("2026-12-10T17:00+0530", 1_796_902_200, 19_800),
        ("2026-12-10T17:00+05", 1_796_904_000, 18_000),
        ("2026-12-10T17:00-05:00", 1_796_940_000, -18_000),
        ("2026-12-10T17:00:30Z", 1_796_922_030, 0),
        ("2026-12-10T17:00:00-0330", 1_796_934_600, -12_600),
    ] as [(String, Int64, Int)])
    func offsetsWithoutSecondsOrColonAreRead(_ text: String, _ seconds: Int64, _ offset: Int) throws {
        #expect(TaskTime(contract: text) == .instant(Instant(seconds: seconds), offset: offset))
        let due = try Self.validated(#"{"id": "a", "title": "A", "estimate": "PT1H", "due": "\#(text)"}"#)
        #expect(due.tasks[0].due == Instant(seconds: seconds))
        let start = try Self.validated(#"{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-12-20", "start": "\#(text)"}"#)
        #expect(start.tasks[0].start == Instant(seconds: seconds))
        // Written back in the contract's full form, which reads as the same value.
        let written = try #require(TaskTime(contract: text)).contractText
        #expect(TaskTime(contract: written) == TaskTime(contract: text))
    }

    @Test(arguments: ["2026-12-10T17:00+5", "2026-12-10T17:00+05:3", "2026-12-10T17Z", "2026-12-10T17:00+2400",
                      "2026-12-10T17:00:60Z", "2026-12-10 17:00Z", "2026-12-10T17:00+05:30:00", "2026-12-10T17:00:00.5Z"])
    func otherTextIsStillRefused(_ text: String) {
        #expect(TaskTime(contract: text) == nil)
        #expect(WireTime.parse(text) == nil)
        let error = #expect(throws: ScheduleRequestError.self) {
            try Self.validated(#"{"id": "a", "title": "A", "estimate": "PT1H", "due": "\#(text)"}"#)
        }
        #expect(error?.field == "/tasks/0/due")
        #expect(error?.message == "\"\(text)\" is not an ISO 8601 date or date-time (e.g. 2026-12-10 or 2026-12-10T17:00)")
    }

    /// Two wrong fields of one task (the extra members), the field reported, its kind.
    @Test(arguments: [
        (#""done": "x", "span": "-PT1H""#, "span", ScheduleRequestError.Kind.negativeDuration),
        (#""done": "-PT1M", "minSitting": "x""#, "minSitting", .badValue),
        (#""priority": 9, "start": "2026-12-40""#, "start", .badValue),
        (#""start": "soon", "earliest": "10:00", "latest": "09:00""#, "latest", .badValue),
        (#""done": "x", "priority": 9"#, "priority", .badValue),
        (#""start": "2026-12-31", "done": "-PT1M""#, "done", .negativeDuration),
        (#""span": "PT3M", "earliest": "24:00""#, "span", .badValue),
        (#""latest": "9am", "span": "PT0M""#, "span", .badValue),
        (#""start": "2026-12-40", "estimate": "-PT1H""#, "estimate", .negativeDuration),
    ] as [(String, String, ScheduleRequestError.Kind)])
    func theFirstWrongFieldInTheContractsOrderIsReported(_ extra: String, _ field: String, _ kind: ScheduleRequestError.Kind) {
        let task = RequestValidationTests.task("lab", extra)
            .replacingOccurrences(of: #""estimate": "PT2H", "#, with: extra.contains("estimate") ? "" : #""estimate": "PT2H", "#)
        let error = #expect(throws: ScheduleRequestError.self) { try Self.validated(task) }
        #expect(error?.field == "/tasks/0/\(field)")
        #expect(error?.kind == kind)
    }
}

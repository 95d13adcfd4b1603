import Foundation
import PlanProtocol
import PlanRender
import Testing
@testable import PlanCore

/// The JSON and text renderings of a response, byte for byte.
@Suite struct RenderingTests {
    static func contractRun() throws -> Run {
        let json = SchemaTests.contractRequest
        let busy = try classes([date("2026-11-24"), date("2026-11-26")], ["10:00-11:15", "13:00-14:15"], json: json)
        return try Run(json, busy: busy)
    }

    @Test func jsonIsTheContractsShape() throws {
        let run = try Self.contractRun()
        #expect(run.response.jsonText() == #"""
        {
          "sittings": [
            {"taskId": "reading", "start": "2026-11-23T08:00:00-05:00", "end": "2026-11-23T10:00:00-05:00", "index": 1, "count": 1},
            {"taskId": "essay", "start": "2026-11-26T14:25:00-05:00", "end": "2026-11-26T15:55:00-05:00", "index": 1, "count": 4},
            {"taskId": "essay", "start": "2026-11-30T09:00:00-05:00", "end": "2026-11-30T10:30:00-05:00", "index": 2, "count": 4},
            {"taskId": "essay", "start": "2026-12-04T09:00:00-05:00", "end": "2026-12-04T10:15:00-05:00", "index": 3, "count": 4},
            {"taskId": "essay", "start": "2026-12-08T09:00:00-05:00", "end": "2026-12-08T09:45:00-05:00", "index": 4, "count": 4}
          ],
          "tasks": [
            {"id": "essay", "status": "scheduled", "scheduled": "PT5H", "firstStart": "2026-11-26T14:25:00-05:00", "lastEnd": "2026-12-08T09:45:00-05:00", "slack": "PT55H15M"},
            {"id": "reading", "status": "scheduled", "scheduled": "PT2H", "firstStart": "2026-11-23T08:00:00-05:00", "lastEnd": "2026-11-23T10:00:00-05:00", "slack": "PT38H"},
            {"id": "lab", "status": "unschedulable", "scheduled": "PT0M"}
          ],
          "diagnostics": [
            {"id": "unschedulable", "taskId": "lab", "needed": "PT30H", "available": "PT7H35M", "shortBy": "PT22H25M", "binding": ["window", "span", "busy", "otherTasks", "due"], "fixes": [{"field": "due", "value": "2026-12-04T11:40:00-05:00"}]}
          ]
        }

        """#)
        // It is JSON, and decodes back to the same response.
        let decoded = try JSONDecoder().decode(ScheduleResponse.self, from: run.response.jsonData())
        #expect(decoded == run.response)
    }

    @Test func textIsDayByDayThenTotalsThenExplanations() throws {
        let run = try Self.contractRun()
        #expect(run.plan.text(zone: run.zone) == """
        Mon 2026-11-23  2h
          08:00–10:00  Reading (1/1)

        Thu 2026-11-26  1h30m
          14:25–15:55  History essay (1/4)

        Mon 2026-11-30  1h30m
          09:00–10:30  History essay (2/4)

        Fri 2026-12-04  1h15m
          09:00–10:15  History essay (3/4)

        Tue 2026-12-08  45m
          09:00–09:45  History essay (4/4)

        Tasks
          History essay  5h in 4 sittings, done by Tue 2026-12-08 09:45, 2d 7h before due
          Reading        2h in 1 sitting, done by Mon 2026-11-23 10:00, 38h before due
          Lab report     does not fit (30h needed)
          Total: 7h in 5 sittings; 2 scheduled, 1 not fitting, 0 done

        Does not fit: Lab report (lab)
          Needs 30h, but only 7h35m fits by Thu 2026-11-26 12:00 (short by 22h25m).
          Limited by: the daily window (--earliest/--latest, --day-start/--day-end), the longest sitting (--span), calendar events, tasks planned before it, the due date (--due).
          Any one of these changes would make it fit:
            - move due to Sun 2026-12-06 11:40 (keeps the --finish-early margin)
            - or, at the tightest, move due to Fri 2026-12-04 11:40 (finishing just in time)

        """)
    }

    @Test func emptyPlan() throws {
        let run = try Run(#"{"timeZone": "UTC", "now": "2026-11-23T09:00:00Z", "tasks": []}"#)
        #expect(run.response.jsonText() == "{\n  \"sittings\": [],\n  \"tasks\": [],\n  \"diagnostics\": []\n}\n")
        #expect(run.plan.text(zone: run.zone) == """
        No sittings.

        Tasks
          Total: 0m in 0 sittings; 0 scheduled, 0 not fitting, 0 done

        """)
    }

    @Test func stringsAreEscaped() throws {
        let run = try Run(#"{"timeZone": "UTC", "now": "2026-11-23T09:00:00Z", "tasks": [{"id": "a\"b\\c\n\u0001é", "title": "T", "estimate": "PT1H", "due": "2026-11-24"}]}"#)
        let text = run.response.jsonText()
        #expect(text.contains(#""taskId": "a\"b\\c\n\u0001é""#))
        let decoded = try JSONDecoder().decode(ScheduleResponse.self, from: Data(text.utf8))
        #expect(decoded.tasks[0].id == "a\"b\\c\n\u{1}é")
    }

    /// Every fix field and limit has its phrase.
    @Test func fixesInPlainEnglish() {
        let ny = SystemZone(identifier: "America/New_York")!
        let t = ny.resolve(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 12), hour: 17))
        #expect(Fix.due(t).phrase(ny) == "move due to Sat 2026-12-12 17:00")
        #expect(Fix.start(t).phrase(ny) == "let it start from Sat 2026-12-12 17:00")
        #expect(Fix.earliest(TimeOfDay(hour: 7)).phrase(ny) == "set earliest to 07:00")
        #expect(Fix.latest(.endOfDay).phrase(ny) == "set latest to 24:00")
        #expect(Fix.span(9000).phrase(ny) == "allow sittings up to 2h30m (--span)")
        #expect(Fix.minSitting(1200).phrase(ny) == "allow sittings as short as 20m (--min)")
        #expect(Set(Limit.allCases.map(\.phrase)).count == Limit.allCases.count)
    }
}

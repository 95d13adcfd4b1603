import Foundation
import Testing
@testable import PlanCore

@Suite struct ScratchTests {
    @Test func example() throws {
        let json = """
        {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
         "policy": {"dayStart": "07:00", "dayEnd": "22:00", "buffer": "PT10M", "breakBetweenSittings": "PT15M",
                    "granularity": "PT5M", "maxPerDay": "PT6H", "busy": {"allDay": false, "tentative": true}},
         "tasks": [
          {"id": "essay", "title": "History essay", "project": "HIST200", "estimate": "PT6H", "span": "PT1H30M",
           "minSitting": "PT30M", "earliest": "09:00", "latest": "21:00", "start": "2026-11-24", "due": "2026-12-10T17:00",
           "priority": 2, "after": ["reading"], "done": "PT1H"},
          {"id": "reading", "title": "Reading", "estimate": "PT2H", "due": "2026-11-25"},
          {"id": "lab", "title": "Lab report", "estimate": "PT30H", "span": "PT2H", "earliest": "09:00", "latest": "12:00", "due": "2026-11-26T12:00"}
         ]}
        """
        let req = try ScheduleRequest.decode(Data(json.utf8))
        let input = try req.validated()
        let plan = input.scheduler.plan(tasks: input.tasks, busy: [])
        print(String(decoding: plan.jsonData(zone: input.policy.zone), as: UTF8.self))
        print(plan.text(zone: input.policy.zone))
    }
}

import Foundation
import PlanCore
import PlanJSON
@testable import PlanRPC
import Testing
@testable import PlanProtocol

/// Every method on a real store, each response checked against `Schemas/`.
@Suite struct MethodTests {
    var calendar: String { JSONValue.quoted(TestServer.exampleCalendar) }

    @Test func calendarsAndProjects() throws {
        let s = try TestServer()
        let added = s.result("calendar.add", #"{"path": \#(calendar), "name": "classes"}"#)
        #expect(added["calendar"]?["name"] == .string("classes"))
        #expect(added["eventCount"]?.intValue == 15)
        s.error("calendar.add", #"{"path": \#(calendar), "name": "Classes"}"#, code: -32004)
        s.error("calendar.add", #"{"path": "/nonexistent/x.ics"}"#, code: -32001, pointer: "/path")
        let junk = s.directory.appendingPathComponent("junk.ics")
        try Data("this is not a calendar\n".utf8).write(to: junk)
        s.error("calendar.add", #"{"path": \#(JSONValue.quoted(junk.path))}"#, code: -32002, pointer: "/path")
        #expect(s.result("calendar.list") == .array([added["calendar"]!]))
        #expect(s.result("calendar.remove", #"{"name": "classes"}"#)["removed"] == .string("classes"))
        s.error("calendar.remove", #"{"name": "classes"}"#, code: -32003)

        #expect(s.result("project.add", ##"{"name": "HIST200", "color": "#aa3300", "notes": "Tue/Thu"}"##)["color"] == .string("#aa3300"))
        s.error("project.add", #"{"name": "hist200"}"#, code: -32004)
        s.result("task.add", #"{"title": "Essay", "project": "HIST200", "estimate": "2h", "due": "2026-12-10"}"#)
        s.error("project.remove", #"{"name": "HIST200"}"#, code: -32004)
        let removed = s.result("project.remove", #"{"name": "HIST200", "force": true}"#)
        #expect(removed["tasks"] == .array([.string("essay")]))
        #expect(s.result("project.list") == .array([]))
        s.error("project.remove", #"{"name": "HIST200"}"#, code: -32003)
        try s.validateAll()
    }

    @Test func addTaskPlacesAroundClassesOrExplainsWhyNot() throws {
        let s = try TestServer()
        let r = s.result("task.add", """
            {"title": "History essay", "project": "HIST200", "estimate": "PT6H", "span": "90m", "minSitting": "30m",
             "earliest": "09:00", "latest": "21:00", "due": "2026-12-10", "priority": 2, "notes": "Atlantic trade",
             "calendars": [\(calendar)]}
            """)
        #expect(r["status"] == .string("scheduled"))
        #expect(r["saved"] == .bool(true))
        #expect(r["taskId"] == .string("history-essay"))
        guard case .array(let sittings)? = r["sittings"] else { Issue.record("no sittings"); return }
        #expect(!sittings.isEmpty)
        // The same title again is refused at the title, naming the task there and a free id.
        let again = s.error("task.add", #"{"title": "history essay ", "estimate": "1h", "due": "+20d", "calendars": [\#(calendar)]}"#,
                            code: -32004, pointer: "/title")
        #expect(again["data"]?["reason"]?.stringValue?.hasPrefix(#"a task "History essay" exists already (history-essay, due Thu 2026-12-10); "#
                                                                 + "give this one its own id with --id history-essay-2") == true, "\(again.text)")
        // With an id it is another task. The class calendar is registered once, even when named again.
        s.result("task.add", #"{"title": "History essay", "id": "history-essay-2", "estimate": "1h", "due": "+20d", "after": ["history-essay"], "calendars": [\#(calendar)]}"#)
        #expect(s.result("calendar.list").text.components(separatedBy: "fall-2026-classes.ics").count == 2)
        let second = s.result("task.list")
        #expect(second.text.contains(#""id":"history-essay-2""#))
        #expect(second.text.contains(#""after":["history-essay"]"#))

        // Does not fit: a result, nothing saved.
        let no = s.result("task.add", #"{"title": "Huge", "estimate": "PT300H", "due": "2026-11-25"}"#)
        #expect(no["status"] == .string("unschedulable"))
        #expect(no["saved"] == .bool(false))
        #expect(no["diagnostic"]?["id"] == .string("unschedulable"))
        s.error("task.get", #"{"task": "huge"}"#, code: -32003, pointer: "/task")

        // Dry run: planned, not saved.
        let dry = s.result("task.add", #"{"title": "Reading", "estimate": "1h", "due": "tomorrow", "dryRun": true}"#)
        #expect(dry["saved"] == .bool(false) && dry["status"] == .string("scheduled"))
        s.error("task.get", #"{"task": "reading"}"#, code: -32003)
        // A taken id is refused.
        s.error("task.add", #"{"id": "history-essay", "title": "Again", "estimate": "1h", "due": "fri"}"#, code: -32004)
        try s.validateAll()
    }

    @Test func updateDoneRemove() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(calendar)}"#)
        s.result("task.add", #"{"title": "Lab report", "estimate": "3h", "due": "2026-11-27"}"#)
        s.result("task.add", #"{"title": "Problem set", "estimate": "2h", "due": "2026-11-28", "after": ["lab-report"]}"#)
        let u = s.result("task.update", #"{"task": "Lab report", "estimate": "4h", "priority": 1, "notes": "bring data"}"#)
        #expect(u["status"] == .string("updated") && u["saved"] == .bool(true))
        #expect(u["task"]?["estimate"] == .string("PT4H"))
        // A change that does not fit: refused as a result, the task unchanged.
        let refused = s.result("task.update", #"{"task": "lab-report", "estimate": "PT200H"}"#)
        #expect(refused["status"] == .string("unschedulable") && refused["saved"] == .bool(false))
        #expect(refused["task"]?["estimate"] == .string("PT4H"))
        #expect(refused["diagnostic"]?["taskId"] == .string("lab-report"))
        // A cycle through after.
        s.error("task.update", #"{"task": "lab-report", "after": ["problem-set"]}"#, code: -32602, pointer: "/after")
        s.error("task.update", #"{"task": "lab-report", "after": ["lab-report"]}"#, code: -32602, pointer: "/after")

        let half = s.result("task.done", #"{"task": "lab-report", "spent": "90m"}"#)
        #expect(half["done"] == .string("PT1H30M") && half["remaining"] == .string("PT2H30M"))
        let all = s.result("task.done", #"{"task": "lab-report"}"#)
        #expect(all["state"] == .string("done"))
        s.error("task.done", #"{"task": "lab-report", "spent": "0m"}"#, code: -32602, pointer: "/spent")

        s.error("task.remove", #"{"task": "lab-report"}"#, code: -32004)
        #expect(s.result("task.remove", #"{"task": "Problem set"}"#)["removed"] == .string("problem-set"))
        #expect(s.result("task.remove", #"{"task": "lab-report"}"#)["removed"] == .string("lab-report"))
        s.error("task.remove", #"{"task": "lab-report"}"#, code: -32003, pointer: "/task")
        try s.validateAll()
    }

    @Test func agendaReplanExport() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(calendar)}"#)
        s.result("task.add", #"{"title": "Essay", "project": "HIST200", "estimate": "3h", "due": "2026-11-24"}"#)
        let agenda = s.result("plan.agenda", #"{"from": "2026-11-23", "days": 2}"#)
        #expect(agenda["from"] == .string("2026-11-23"))
        #expect(agenda.text.contains(#""kind":"event""#) && agenda.text.contains(#""kind":"sitting""#))
        #expect(s.result("plan.agenda")["days"]?.intValue == 7)

        let dry = s.result("plan.replan", #"{"dryRun": true}"#)
        #expect(dry["saved"] == .bool(false))
        #expect(s.result("plan.replan")["saved"] == .bool(true))

        let text = s.result("plan.export")
        #expect(text["ics"]?.stringValue?.hasPrefix("BEGIN:VCALENDAR\r\n") == true)
        #expect(text["sittings"]?.intValue == 2)
        #expect(text["ics"]?.stringValue?.contains("cs201-lec@") == true, "the classes are kept")
        let onlyPlan = s.result("plan.export", #"{"onlyPlan": true, "from": "2026-11-23", "to": "2026-11-24"}"#)
        #expect(onlyPlan["ics"]?.stringValue?.contains("cs201-lec@") == false)
        let out = s.directory.appendingPathComponent("merged.ics").path
        let written = s.result("plan.export", #"{"path": \#(JSONValue.quoted(out))}"#)
        #expect(written["path"] == .string(out))
        #expect(try String(contentsOfFile: out, encoding: .utf8).utf8.count == written["bytes"]?.intValue)
        s.error("plan.export", #"{"path": "/nonexistent-dir/x.ics"}"#, code: -32007, pointer: "/path")
        s.error("plan.export", #"{"from": "2026-11-25", "to": "2026-11-24"}"#, code: -32602, pointer: "/to")
        try s.validateAll()
    }

    @Test func policy() throws {
        let s = try TestServer()
        let before = s.result("policy.get")
        #expect(before["timeZone"] == .string("America/New_York"))
        #expect(before["policy"]?["dayStart"] == .string("09:00"))
        #expect(before["policy"]?["placement"] == .string("balanced") && before["policy"]?["finishEarly"] == .string("PT24H"))
        let after = s.result("policy.set", """
            {"dayStart": "08:00", "dayEnd": "23:00", "workingDays": ["MO","TU","WE","TH","FR"], "buffer": "10m",
             "breakBetweenSittings": "PT20M", "granularity": "15m", "maxPerDay": "5h", "busy": {"allDay": true}}
            """)
        #expect(after["policy"]?["granularity"] == .string("PT15M"))
        #expect(after["policy"]?["buffer"] == .string("PT10M"))
        #expect(after["policy"]?["busy"]?["allDay"] == .bool(true))
        #expect(s.result("policy.set", #"{"buffer": "0m", "maxPerDay": "PT0M"}"#)["policy"]?["buffer"] == nil)
        s.error("policy.set", #"{"granularity": "7m"}"#, code: -32602, pointer: "/granularity")
        s.error("policy.set", #"{"timeZone": "Mars/Olympus"}"#, code: -32602, pointer: "/timeZone")
        s.error("policy.set", #"{"dayStart": "22:00", "dayEnd": "21:00"}"#, code: -32602, pointer: "/dayEnd")
        s.error("policy.set", #"{"workingDays": ["XX"]}"#, code: -32602, pointer: "/workingDays/0")
        s.error("policy.set", #"{"busy": {"allday": true}}"#, code: -32602, pointer: "/busy/allday")
        #expect(s.result("policy.get")["policy"]?["dayStart"] == .string("08:00"), "refused changes left it as it was")
        try s.validateAll()
    }

    @Test func eventsExpandFromAFileOrText() throws {
        let s = try TestServer()
        let file = s.result("events.expand", #"{"path": \#(calendar), "from": "2026-11-23", "to": "2026-11-30", "tz": "America/New_York"}"#)
        guard case .array(let occurrences)? = file["occurrences"] else { Issue.record("no occurrences"); return }
        #expect(occurrences.count == 6, "the Thanksgiving week of Examples/README.md")
        let ics = try String(contentsOfFile: TestServer.exampleCalendar, encoding: .utf8)
        let text = s.result("events.expand", #"{"ics": \#(JSONValue.quoted(ics)), "from": "2026-11-23", "to": "2026-11-30"}"#)
        guard case .array(let fromText)? = text["occurrences"] else { Issue.record("no occurrences"); return }
        #expect(fromText.count == 6)
        #expect(fromText.first?["source"] == .string("<ics>"))
        s.error("events.expand", #"{"path": \#(calendar), "ics": "x"}"#, code: -32602, pointer: "")
        s.error("events.expand", #"{"from": "2026-11-23"}"#, code: -32602, pointer: "")
        s.error("events.expand", #"{"ics": "no calendar here"}"#, code: -32002, pointer: "/ics")
        s.error("events.expand", #"{"path": "/nope.ics"}"#, code: -32001, pointer: "/path")
        s.error("events.expand", #"{"path": \#(calendar), "tz": "Nowhere/Special"}"#, code: -32602, pointer: "/tz")
        s.error("events.expand", #"{"path": \#(calendar), "from": "2026-11-30", "to": "2026-11-23"}"#, code: -32602, pointer: "/to")
        s.error("events.expand", #"{"path": \#(calendar), "from": "2026-01-01", "to": "2046-01-01"}"#, code: -32602, pointer: "/to")
        try s.validateAll()
    }

    /// `schedule` gives the contract's response: the same members, in the
    /// same order, as ``ScheduleResponse/jsonText()``.
    @Test func scheduleIsTheContract() throws {
        let s = try TestServer()
        let request = """
            {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
             "policy": {"buffer": "PT10M", "maxPerDay": "PT6H"},
             "tasks": [{"id": "essay", "title": "History essay", "estimate": "PT6H", "span": "PT1H30M", "due": "2026-12-10T17:00", "after": ["reading"]},
                       {"id": "reading", "title": "Reading", "estimate": "PT2H", "due": "2026-11-24"},
                       {"id": "lab", "title": "Lab", "estimate": "PT30H", "earliest": "09:00", "latest": "12:00", "due": "2026-11-26T12:00"}],
             "x-editor": {"anything": true}
            """
        let ics = try String(contentsOfFile: TestServer.exampleCalendar, encoding: .utf8)
        let byPath = s.result("schedule", request + #", "calendars": [{"path": \#(calendar)}]}"#)
        let byText = s.result("schedule", request + #", "calendars": [{"ics": \#(JSONValue.quoted(ics))}]}"#)
        #expect(byPath == byText)
        #expect(byPath.text.contains(#""status":"unschedulable""#), "the lab does not fit: a result")

        // The same request through the contract's own code.
        let input = try ScheduleRequest.decode(Data((request + "}").utf8)).validated()
        let (response, _) = try StatelessSchedule.run(input, calendars: [.path(TestServer.exampleCalendar)])
        #expect(byPath.text == (try JSONValue.parse(response.jsonText())).text)
        try SchemaCheck.expectValid([("urn:plan:schema:schedule-response", byPath)])

        s.error("schedule", request + #", "calendars": [{"path": "/nope.ics"}]}"#, code: -32001, pointer: "/calendars/0")
        s.error("schedule", request + #", "calendars": [{"ics": "garbage"}]}"#, code: -32002, pointer: "/calendars/0")
        s.error("schedule", request + #", "calendars": [{"file": "x.ics"}]}"#, code: -32602, pointer: "/calendars/0/file")
        s.error("schedule", request + #", "calendars": "x.ics"}"#, code: -32602, pointer: "/calendars")
        try s.validateAll()
    }

    @Test func scheduleWithoutNowUsesTheServerClock() throws {
        let s = try TestServer()
        let r = s.result("schedule", #"{"timeZone": "UTC", "tasks": [{"id": "a", "title": "A", "estimate": "PT1H", "due": "2026-11-24"}]}"#)
        #expect(r["sittings"]?.text.contains("2026-11-23T13:00:00+00:00") == true)
        try s.validateAll()
    }
}

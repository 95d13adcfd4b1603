import Foundation
import PlanProtocol
import Testing
@testable import PlanCore

/// Every kind of invalid request is an error naming the task and the field.
@Suite struct RequestValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var kind: ScheduleRequestError.Kind
        var taskId: String?
        var field: String
        /// A fragment the message must contain.
        var says: String
        var testDescription: String { name }
    }

    static func request(policy: String = "", tasks: String, zone: String = "America/New_York",
                        now: String = "\"now\": \"2026-11-23T08:00:00-05:00\",") -> String {
        """
        {"timeZone": "\(zone)", \(now) \(policy.isEmpty ? "" : "\"policy\": {\(policy)},") "tasks": [\(tasks)]}
        """
    }

    static let essay = #"{"id": "essay", "title": "Essay", "estimate": "PT2H", "due": "2026-12-10"}"#
    static func task(_ id: String, _ extra: String) -> String {
        #"{"id": "\#(id)", "title": "T", "estimate": "PT2H", "due": "2026-12-10", \#(extra)}"#
    }

    static let cases: [Case] = [
        Case(name: "cycle in after", json: request(tasks: [
            essay, task("lab", #""after": ["reading"]"#), task("reading", #""after": ["notes"]"#),
            task("notes", #""after": ["lab"]"#)].joined(separator: ",")),
             kind: .cycle, taskId: "lab", field: "/tasks/1/after", says: "lab → reading → notes → lab"),
        Case(name: "task after itself", json: request(tasks: task("lab", #""after": ["lab"]"#)),
             kind: .cycle, taskId: "lab", field: "/tasks/0/after", says: "lab → lab"),
        Case(name: "after names an unknown id", json: request(tasks: [essay, task("lab", #""after": ["essay", "readng"]"#)]
            .joined(separator: ",")),
             kind: .unknownTask, taskId: "lab", field: "/tasks/1/after/1", says: "\"readng\""),
        Case(name: "start after due", json: request(tasks: task("lab", #""start": "2026-12-12""#)),
             kind: .startAfterDue, taskId: "lab", field: "/tasks/0/start", says: "after due"),
        Case(name: "negative estimate", json: request(tasks: #"{"id": "lab", "title": "T", "estimate": "-PT2H", "due": "2026-12-10"}"#),
             kind: .negativeDuration, taskId: "lab", field: "/tasks/0/estimate", says: "negative"),
        Case(name: "negative done", json: request(tasks: task("lab", #""done": "-PT30M""#)),
             kind: .negativeDuration, taskId: "lab", field: "/tasks/0/done", says: "negative"),
        Case(name: "negative buffer", json: request(policy: #""buffer": "-PT5M""#, tasks: essay),
             kind: .negativeDuration, taskId: nil, field: "/policy/buffer", says: "negative"),
        Case(name: "granularity not dividing an hour", json: request(policy: #""granularity": "PT7M""#, tasks: essay),
             kind: .badGranularity, taskId: nil, field: "/policy/granularity", says: "PT7M"),
        Case(name: "granularity longer than an hour", json: request(policy: #""granularity": "PT90M""#, tasks: essay),
             kind: .badGranularity, taskId: nil, field: "/policy/granularity", says: "divide an hour"),
        Case(name: "granularity of seconds", json: request(policy: #""granularity": "PT30S""#, tasks: essay),
             kind: .badGranularity, taskId: nil, field: "/policy/granularity", says: "whole minutes"),
        Case(name: "unknown zone", json: request(tasks: essay, zone: "Mars/Olympus_Mons"),
             kind: .unknownZone, taskId: nil, field: "/timeZone", says: "Mars/Olympus_Mons"),
        Case(name: "missing due", json: request(tasks: #"{"id": "lab", "title": "T", "estimate": "PT2H"}"#),
             kind: .missingField, taskId: "lab", field: "/tasks/0/due", says: "\"due\""),
        Case(name: "priority as text", json: request(tasks: task("lab", #""priority": "high""#)),
             kind: .wrongType, taskId: "lab", field: "/tasks/0/priority", says: "integer"),
        Case(name: "priority out of range", json: request(tasks: task("lab", #""priority": 5"#)),
             kind: .badValue, taskId: "lab", field: "/tasks/0/priority", says: "1 highest"),
        Case(name: "duration not ISO 8601", json: request(tasks: task("lab", #""span": "90 minutes""#)),
             kind: .badValue, taskId: "lab", field: "/tasks/0/span", says: "ISO 8601"),
        Case(name: "span shorter than the grid", json: request(tasks: task("lab", #""span": "PT3M""#)),
             kind: .badValue, taskId: "lab", field: "/tasks/0/span", says: "granularity"),
        Case(name: "24:00 as earliest", json: request(tasks: task("lab", #""earliest": "24:00""#)),
             kind: .badValue, taskId: "lab", field: "/tasks/0/earliest", says: "HH:MM"),
        Case(name: "empty task window", json: request(tasks: task("lab", #""earliest": "18:00", "latest": "09:00""#)),
             kind: .badValue, taskId: "lab", field: "/tasks/0/latest", says: "empty"),
        Case(name: "empty day window", json: request(policy: #""dayStart": "22:00", "dayEnd": "07:00""#, tasks: essay),
             kind: .badValue, taskId: nil, field: "/policy/dayEnd", says: "empty"),
        Case(name: "bad due date", json: request(tasks: #"{"id": "lab", "title": "T", "estimate": "PT2H", "due": "2026-02-30"}"#),
             kind: .badValue, taskId: "lab", field: "/tasks/0/due", says: "2026-02-30"),
        Case(name: "now without offset", json: request(tasks: essay, now: #""now": "2026-11-23T08:00","#),
             kind: .badValue, taskId: nil, field: "/now", says: "offset"),
        Case(name: "unknown working day", json: request(policy: #""workingDays": ["MO", "Tuesday"]"#, tasks: essay),
             kind: .badValue, taskId: nil, field: "/policy/workingDays/1", says: "Tuesday"),
        Case(name: "duplicate id", json: request(tasks: [essay, essay].joined(separator: ",")),
             kind: .duplicateId, taskId: "essay", field: "/tasks/1/id", says: "/tasks/0"),
        Case(name: "not JSON", json: "{\"timeZone\": ", kind: .malformedJSON, taskId: nil, field: "", says: "JSON"),
    ]

    @Test(arguments: cases)
    func invalidRequestNamesTaskAndField(_ c: Case) {
        do {
            let input = try ScheduleRequest.decode(Data(c.json.utf8)).validated()
            Issue.record("accepted: \(input.tasks.map(\.id))")
        } catch {
            #expect(error.kind == c.kind)
            #expect(error.taskId == c.taskId)
            #expect(error.field == c.field)
            #expect(error.message.contains(c.says), "message: \(error.message)")
            if let id = c.taskId { #expect(error.description.hasPrefix("task \"\(id)\" (\(c.field)): ")) }
        }
    }

    @Test func defaultsFollowTheContract() throws {
        let input = try ScheduleRequest.decode(Data(Self.request(tasks: Self.essay).utf8)).validated()
        let p = input.policy
        #expect(p.dayStart == TimeOfDay(hour: 9) && p.dayEnd == TimeOfDay(hour: 21))
        #expect(p.placement == .balanced && p.finishEarly == 86_400)
        #expect(p.workingDays.count == 7 && p.buffer == 0 && p.breakBetweenSittings == 900)
        #expect(p.granularity == 300 && p.maxPerDay == nil)
        #expect(p.busy == BusyRules(allDay: false, tentative: true))
        let t = input.tasks[0]
        #expect(t.span == 7200 && t.minSitting == 1800 && t.priority == 3 && t.after == [] && t.done == 0)
        #expect(t.earliest == nil && t.latest == nil && t.start == nil)
        // A date alone as due is the end of that local day.
        #expect(wireString(t.due, in: p.zone) == "2026-12-11T00:00:00-05:00")
        #expect(input.now == Instant(seconds: 1_795_438_800))
    }

    @Test func datesAndTimesAreReadInTheZone() throws {
        let json = Self.request(tasks: Self.task("lab", #""start": "2026-03-08T02:30", "due": "2026-11-01T01:30""#)
            .replacingOccurrences(of: #""due": "2026-12-10", "#, with: ""))
        let input = try ScheduleRequest.decode(Data(json.utf8)).validated()
        let zone = input.policy.zone
        // 02:30 does not exist on 8 March in New York: it moves forward by the gap.
        #expect(wireString(input.tasks[0].start!, in: zone) == "2026-03-08T03:30:00-04:00")
        // 01:30 happens twice on 1 November: the first one.
        #expect(wireString(input.tasks[0].due, in: zone) == "2026-11-01T01:30:00-04:00")
    }

    @Test func nowMayComeFromTheCaller() throws {
        let json = Self.request(tasks: Self.essay, now: "")
        let request = try ScheduleRequest.decode(Data(json.utf8))
        #expect(throws: ScheduleRequestError.self) { try request.validated() }
        #expect(try request.validated(defaultNow: Instant(seconds: 42)).now == Instant(seconds: 42))
    }
}

@Suite struct WireFormatTests {
    @Test(arguments: [
        ("PT1H30M", 5400), ("PT6H", 21_600), ("PT45M", 2700), ("PT0M", 0), ("P1D", 86_400),
        ("P1W", 604_800), ("P1DT2H", 93_600), ("PT90M", 5400), ("PT30S", 30), ("-PT1H", -3600), ("PT1H0M5S", 3605),
    ] as [(String, Int64)])
    func durationsParse(_ text: String, _ seconds: Int64) {
        #expect(ISODuration.parse(text) == seconds)
    }

    @Test(arguments: ["", "P", "PT", "1H", "PT1.5H", "PT1M1H", "P1H", "PT1D", "P1Y", "P1M", "PTH", "PT1H ", "pt1h", "P1DT"])
    func nonDurationsAreRejected(_ text: String) {
        #expect(ISODuration.parse(text) == nil)
    }

    @Test(arguments: [
        (0, "PT0M"), (300, "PT5M"), (5400, "PT1H30M"), (18_000, "PT5H"), (9000, "PT2H30M"),
        (1_216_800, "PT338H"), (59, "PT0M"), (3661, "PT1H1M"),
    ] as [(Int64, String)])
    func durationsFormatAsHoursAndMinutes(_ seconds: Int64, _ text: String) {
        #expect(ISODuration.format(seconds) == text)
        if seconds % 60 == 0 { #expect(ISODuration.parse(text) == seconds) }
    }

    @Test func timesOfDay() {
        #expect(TimeOfDay(hhmm: "09:05", allowEndOfDay: false)?.minutes == 545)
        #expect(TimeOfDay(hhmm: "24:00", allowEndOfDay: true) == .endOfDay)
        #expect(TimeOfDay(hhmm: "24:00", allowEndOfDay: false) == nil)
        #expect(TimeOfDay(hhmm: "24:01", allowEndOfDay: true) == nil)
        #expect(TimeOfDay(hhmm: "9:00", allowEndOfDay: false) == nil)
        #expect(TimeOfDay(hhmm: "12:60", allowEndOfDay: false) == nil)
        #expect(TimeOfDay.endOfDay.hhmm == "24:00")
    }

    @Test func dateTimes() {
        #expect(WireTime.parse("2026-12-10") == .date(LocalDate(year: 2026, month: 12, day: 10)))
        #expect(WireTime.parse("2026-12-10T17:00") == .local(LocalDateTime(date: LocalDate(year: 2026, month: 12, day: 10), hour: 17)))
        #expect(WireTime.parse("2026-11-23T08:00:00-05:00") == .instant(Instant(seconds: 1_795_438_800)))
        #expect(WireTime.parse("2026-11-23T13:00:00Z") == .instant(Instant(seconds: 1_795_438_800)))
        #expect(WireTime.parse("2026-11-23T18:30+0530") == .instant(Instant(seconds: 1_795_438_800)))
        for bad in ["2026-13-01", "2026-12-10T25:00", "2026-12-10 17:00", "20261210", "2026-12-10T17:00-5", "tomorrow"] {
            #expect(WireTime.parse(bad) == nil, "\(bad)")
        }
        let ny = SystemZone(identifier: "America/New_York")!
        #expect(wireString(Instant(seconds: 1_795_438_800), in: ny) == "2026-11-23T08:00:00-05:00")
        #expect(wireString(Instant(seconds: 1_795_438_800), in: SystemZone.utc) == "2026-11-23T13:00:00+00:00")
    }
}

import Foundation
import PlanCore
import PlanJSON
import Testing
@testable import PlanProtocol

/// The `series.*` methods on a real store: occurrences checked against dates worked out
/// here with Foundation's calendar, edits that touch only coming occurrences, skips and
/// ends that stick, the refusals (each pointing at its parameter), and every request and
/// result checked against `Schemas/`.
@Suite struct SeriesMethodTests {
    var calendar: String { JSONValue.quoted(TestServer.exampleCalendar) }

    /// The items of an array (none for anything else).
    static func items(_ v: JSONValue?) -> [JSONValue] {
        if case .array(let a)? = v { return a }
        return []
    }

    /// The strings `key` holds in each of `v`'s items.
    static func strings(_ v: JSONValue?, _ key: String) -> [String] { items(v).map { $0[key]?.stringValue ?? "" } }

    /// New York, the test server's zone, in Foundation's calendar.
    static let newYork: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: TestServer.zone)!
        return c
    }()

    static func formatter(_ format: String) -> DateFormatter {
        let f = DateFormatter()
        f.calendar = newYork
        f.timeZone = newYork.timeZone
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = format
        return f
    }

    /// The days after today (`TestServer.now`'s) through `days` from now whose weekday
    /// (Foundation: 1 Sunday … 7 Saturday) is `weekday`, as `Date`s at their midnight.
    static func coming(weekday: Int, withinDays days: Int) -> [Date] {
        let now = Date(timeIntervalSince1970: TimeInterval(TestServer.now.seconds))
        let last = newYork.startOfDay(for: newYork.date(byAdding: .day, value: days, to: now)!)
        var day = newYork.date(byAdding: .day, value: 1, to: newYork.startOfDay(for: now))!
        var out: [Date] = []
        while day <= last {
            if newYork.component(.weekday, from: day) == weekday { out.append(day) }
            day = newYork.date(byAdding: .day, value: 1, to: day)!
        }
        return out
    }

    /// The default planning horizon: occurrences are made through four weeks from now.
    static let horizonDays = 28

    @Test func aWeeklySeriesThroughItsLife() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(calendar)}"#)
        let fridays = Self.coming(weekday: 6, withinDays: Self.horizonDays)
        let day = Self.formatter("yyyy-MM-dd")
        let ids = fridays.map { "problem-set-" + day.string(from: $0) }
        let dues = fridays.map { Self.formatter("yyyy-MM-dd'T'HH:mm:ssxxx").string(from: Self.newYork.date(bySettingHour: 23, minute: 59, second: 0, of: $0)!) }
        #expect(ids.count == 4, "four Fridays within four weeks of Monday 2026-11-23")

        let added = s.result("series.add", #"{"title": "Problem set", "project": "MATH221", "estimate": "3h", "every": "week", "due": "fri 23:59"}"#)
        #expect(added["status"] == .string("scheduled") && added["saved"] == .bool(true))
        #expect(added["series"]?["id"] == .string("problem-set"))
        #expect(added["series"]?["kind"] == .string("every") && added["series"]?["rule"] == .string("week"))
        #expect(added["series"]?["estimate"] == .string("PT3H"))
        #expect(Self.strings(added["occurrences"], "id") == ids)
        #expect(Self.strings(added["occurrences"], "due") == dues)
        #expect(Self.items(added["occurrences"]).allSatisfy { $0["fits"] == .bool(true) })
        #expect(Set(Self.strings(added["sittings"], "taskId")) == Set(ids), "each occurrence has its sittings")
        #expect(added["diagnostics"] == .array([]))

        // Listed and got (by title) alike; the stored dues are the same local times.
        let got = s.result("series.get", #"{"series": "Problem set"}"#)
        #expect(s.result("series.list") == .array([got]))
        #expect(got["series"] == added["series"])
        #expect(Self.strings(got["occurrences"], "id") == ids)
        #expect(Self.strings(got["occurrences"], "due") == dues.map { String($0.prefix(16)) })
        #expect(got["skipped"] == .array([]))

        // A new estimate after the first is finished: only the coming ones change.
        #expect(s.result("task.done", #"{"task": \#(JSONValue.quoted(ids[0]))}"#)["state"] == .string("done"))
        let updated = s.result("series.update", #"{"series": "problem-set", "estimate": "4h", "notes": "odd problems"}"#)
        #expect(updated["status"] == .string("updated") && updated["saved"] == .bool(true))
        #expect(updated["diagnostic"] == nil)
        #expect(updated["series"]?["estimate"] == .string("PT4H"))
        #expect(Self.strings(updated["occurrences"], "estimate") == ["PT3H", "PT4H", "PT4H", "PT4H"])
        #expect(Self.strings(updated["occurrences"], "notes") == ["", "odd problems", "odd problems", "odd problems"])
        let afterUpdate = s.result("series.get", #"{"series": "problem-set"}"#)
        for k in ["series", "occurrences", "skipped"] { #expect(updated[k] == afterUpdate[k], "series.update's \(k) is series.get's") }

        // A change that does not fit: refused as a result, nothing saved.
        let refused = s.result("series.update", #"{"series": "problem-set", "estimate": "PT150H"}"#)
        #expect(refused["status"] == .string("unschedulable") && refused["saved"] == .bool(false))
        #expect(ids.dropFirst().contains(refused["diagnostic"]?["taskId"]?.stringValue ?? ""), "\(refused.text)")
        #expect(refused["series"] == afterUpdate["series"] && refused["occurrences"] == afterUpdate["occurrences"])
        #expect(s.result("series.get", #"{"series": "problem-set"}"#) == afterUpdate)

        // Skipping one: it goes and the series remembers it.
        #expect(s.result("series.skip", #"{"task": \#(JSONValue.quoted(ids[1]))}"#)
                == .object([("skipped", .string(ids[1])), ("series", .string("problem-set"))]))
        let skipped = s.result("series.get", #"{"series": "problem-set"}"#)
        #expect(skipped["skipped"] == .array([.string(ids[1])]))
        #expect(Self.strings(skipped["occurrences"], "id") == [ids[0], ids[2], ids[3]])
        s.error("task.get", #"{"task": \#(JSONValue.quoted(ids[1]))}"#, code: -32003, pointer: "/task")
        s.error("series.skip", #"{"task": \#(JSONValue.quoted(ids[1]))}"#, code: -32003, pointer: "/task")

        // Ending it from the last Friday: that one goes, the series stays until the day before.
        let lastDay = day.string(from: fridays[3])
        let dayBefore = day.string(from: Self.newYork.date(byAdding: .day, value: -1, to: fridays[3])!)
        let ended = s.result("series.remove", #"{"series": "problem-set", "from": \#(JSONValue.quoted(lastDay))}"#)
        #expect(ended == .object([("series", .string("problem-set")), ("removed", .array([.string(ids[3])])), ("endsOn", .string(dayBefore))]))
        let shortened = s.result("series.get", #"{"series": "problem-set"}"#)
        #expect(shortened["series"]?["until"] == .string(dayBefore))
        #expect(Self.strings(shortened["occurrences"], "id") == [ids[0], ids[2]])

        // Ending it now: the coming one goes, the finished one stays as a task of its own.
        let gone = s.result("series.remove", #"{"series": "problem-set"}"#)
        #expect(gone == .object([("series", .string("problem-set")), ("removed", .array([.string(ids[2])]))]))
        #expect(s.result("series.list") == .array([]))
        s.error("series.get", #"{"series": "problem-set"}"#, code: -32003, pointer: "/series")
        #expect(s.result("task.get", #"{"task": \#(JSONValue.quoted(ids[0]))}"#)["state"] == .string("done"))
        try s.validateAll()
    }

    @Test func workBeforeEachMeetingOfAClass() throws {
        let s = try TestServer()
        let lab = "CHEM 110 Lab (section L07)"
        let r = s.result("series.add", #"{"title": "Pre-lab quiz", "estimate": "1h", "before": \#(JSONValue.quoted(lab)), "calendars": [\#(calendar)]}"#)
        #expect(r["status"] == .string("scheduled") && r["series"]?["kind"] == .string("before"))
        // The lab meets on Wednesdays at 14:00 until 2026-12-11, not on 2026-11-25 (Thanksgiving).
        let stamp = Self.formatter("yyyy-MM-dd'T'HH:mm:ssxxx"), day = Self.formatter("yyyy-MM-dd")
        let meetings = Self.coming(weekday: 4, withinDays: Self.horizonDays)
            .filter { day.string(from: $0) <= "2026-12-11" && day.string(from: $0) != "2026-11-25" }
            .map { stamp.string(from: Self.newYork.date(bySettingHour: 14, minute: 0, second: 0, of: $0)!) }
        #expect(meetings.count == 2)
        #expect(Self.strings(r["occurrences"], "due") == meetings)
        #expect(s.result("calendar.list").text.contains("fall-2026-classes.ics"), "the calendar was registered first")
        try s.validateAll()
    }

    @Test func whatDoesNotFitIsAResult() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(calendar)}"#)
        let no = s.result("series.add", #"{"title": "Huge", "estimate": "PT150H", "every": "week", "due": "fri"}"#)
        #expect(no["status"] == .string("unschedulable") && no["saved"] == .bool(false))
        #expect(!Self.items(no["diagnostics"]).isEmpty)
        #expect(Self.items(no["occurrences"]).allSatisfy { $0["fits"] == .bool(false) })
        let dry = s.result("series.add", #"{"title": "Reading", "estimate": "1h", "each": "week", "dryRun": true}"#)
        #expect(dry["status"] == .string("scheduled") && dry["saved"] == .bool(false))
        #expect(s.result("series.list") == .array([]))
        #expect(s.result("task.list") == .array([]))
        try s.validateAll()
    }

    @Test func refusalsPointAtTheParameter() throws {
        let s = try TestServer()
        s.result("calendar.add", #"{"path": \#(calendar)}"#)
        let base = #""title": "Problem set", "estimate": "3h""#
        let fortnite = s.error("series.add", #"{\#(base), "every": "fortnite", "due": "fri"}"#, code: -32602, pointer: "/every")
        #expect(fortnite["data"]?["reason"]?.stringValue?.contains("fortnite") == true, "\(fortnite.text)")
        s.error("series.add", #"{\#(base), "every": "week"}"#, code: -32602, pointer: "/due")
        s.error("series.add", #"{\#(base), "every": "week", "each": "week", "due": "fri"}"#, code: -32602, pointer: "/each")
        s.error("series.add", #"{\#(base)}"#, code: -32602, pointer: "/every")
        s.error("series.add", #"{\#(base), "each": "fortnight"}"#, code: -32602, pointer: "/each")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "count": 0}"#, code: -32602, pointer: "/count")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "count": "3"}"#, code: -32602, pointer: "/count")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "count": 3, "until": "2026-12-31"}"#, code: -32602, pointer: "/count")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "startBefore": "soon"}"#, code: -32602, pointer: "/startBefore")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "until": "yesterday"}"#, code: -32602, pointer: "/until")
        s.error("series.add", #"{\#(base), "before": "Biology"}"#, code: -32602, pointer: "/before")
        s.error("series.add", #"{\#(base), "afterClass": "CHEM 110 Lab (section L07)", "within": "soon"}"#, code: -32602, pointer: "/within")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "estimate": "-1h"}"#, code: -32602, pointer: "/estimate")
        s.error("series.add", #"{\#(base), "every": "week", "due": "fri", "start": "tomorrow"}"#, code: -32602, pointer: "/start")
        s.error("series.add", #"{"title": "Problem set", "every": "week", "due": "fri"}"#, code: -32602, pointer: "/estimate")
        #expect(s.result("series.list") == .array([]) && s.result("task.list") == .array([]), "nothing was saved")

        for method in ["series.get", "series.update", "series.remove"] {
            let e = s.error(method, #"{"series": "nosuch"}"#, code: -32003, pointer: "/series")
            #expect(e["data"]?["reason"]?.stringValue?.contains("no series \"nosuch\"") == true, "\(e.text)")
        }
        s.error("series.skip", #"{"task": "nosuch"}"#, code: -32003, pointer: "/task")
        s.error("series.get", #"{"series": ""}"#, code: -32602, pointer: "/series")
        // A task of its own is no occurrence; a due belongs to one occurrence.
        s.result("task.add", #"{"title": "Essay", "estimate": "2h", "due": "2026-12-10"}"#)
        s.error("series.skip", #"{"task": "essay"}"#, code: -32004)
        s.error("series.get", #"{"series": "essay"}"#, code: -32003, pointer: "/series")
        s.result("series.add", #"{\#(base), "every": "week", "due": "fri"}"#)
        s.error("series.update", #"{"series": "problem-set", "due": "sat"}"#, code: -32602, pointer: "/due")
        s.error("series.update", #"{"series": "problem-set", "estimate": "lots"}"#, code: -32602, pointer: "/estimate")
        s.error("series.remove", #"{"series": "problem-set", "from": "someday"}"#, code: -32602, pointer: "/from")
        s.error("series.list", #"{"series": "problem-set"}"#, code: -32602, pointer: "/series")
        try s.validateAll()
    }
}

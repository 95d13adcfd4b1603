import Foundation
import PlanProtocol
import PlanRender
import Testing
@testable import PlanCore

/// A student's week in New York, starting Monday 23 November 2026. These are
/// rule 8's examples (each sitting as early as it fits): each request asks
/// for early placement, and the 07:00–22:00 day it was written with when it
/// sets no window. The last one is the same essay under the defaults.
@Suite struct StudentScenarioTests {
    static let mwf = [date("2026-11-23"), date("2026-11-25"), date("2026-11-27")]

    /// A 6-hour essay in sittings of up to 90 minutes around Monday,
    /// Wednesday and Friday classes (with a 10-minute buffer around each).
    @Test func essayAroundMondayWednesdayFridayClasses() throws {
        let json = """
        {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
         "policy": {"placement": "early", "dayStart": "09:00", "dayEnd": "17:00", "buffer": "PT10M", "granularity": "PT15M"},
         "tasks": [{"id": "essay", "title": "History essay", "estimate": "PT6H", "span": "PT1H30M",
                    "minSitting": "PT45M", "due": "2026-11-27T17:00"}]}
        """
        let busy = try classes(Self.mwf, ["09:00-10:15", "11:00-12:15", "14:00-15:15"], json: json)
        let run = try Run(json, busy: busy)
        // Monday between classes: 12:25–13:50 is free, 12:30–13:45 on the
        // grid; 15:25–17:00 gives 15:30–17:00. Tuesday has no classes; its
        // last 105 minutes become 60 + 45, never 90 + 15.
        #expect(run.sittings("essay") == ["Mon 12:30–13:45", "Mon 15:30–17:00",
                                          "Tue 09:00–10:30", "Tue 10:45–11:45", "Tue 12:00–12:45"])
        let t = run.task("essay")
        #expect(t.status == "scheduled" && t.scheduled == "PT6H")
        #expect(t.firstStart == "2026-11-23T12:30:00-05:00" && t.lastEnd == "2026-11-24T12:45:00-05:00")
        #expect(t.slack == "PT76H15M")
        #expect(run.response.sittings.map(\.index) == [1, 2, 3, 4, 5])
        #expect(run.response.sittings.allSatisfy { $0.count == 5 })
    }

    /// The same essay under the contract's defaults (balanced placement, a day's
    /// margin): one sitting a day, full spans where they fit, none on top of
    /// a class, and done a day before the due.
    @Test func theSameEssayBalanced() throws {
        let json = """
        {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
         "policy": {"dayStart": "09:00", "dayEnd": "17:00", "buffer": "PT10M", "granularity": "PT15M"},
         "tasks": [{"id": "essay", "title": "History essay", "estimate": "PT6H", "span": "PT1H30M",
                    "minSitting": "PT45M", "due": "2026-11-27T17:00"}]}
        """
        let busy = try classes(Self.mwf, ["09:00-10:15", "11:00-12:15", "14:00-15:15"], json: json)
        let run = try Run(json, busy: busy)
        let sittings = run.sittings("essay")
        #expect(sittings == ["Mon 15:30–17:00", "Tue 09:00–10:30", "Wed 15:30–17:00", "Thu 09:00–10:30"])
        #expect(Set(sittings.map { $0.prefix(3) }).count == sittings.count)
        #expect(run.task("essay").slack == "PT30H30M")
    }

    /// Rule 4's example: 70 minutes with 30-minute minimum and 60-minute span
    /// is 40 + 30, never 60 + 10.
    @Test func seventyMinutesAreFortyPlusThirty() throws {
        let run = try Run("""
        {"timeZone": "UTC", "now": "2026-11-23T09:00:00Z", "policy": {"dayStart": "07:00", "dayEnd": "22:00", "placement": "early"},
         "tasks": [{"id": "quiz", "title": "Quiz prep", "estimate": "PT1H10M", "span": "PT1H",
                    "minSitting": "PT30M", "due": "2026-11-23T18:00"}]}
        """)
        #expect(run.sittings("quiz") == ["Mon 09:00–09:40", "Mon 09:55–10:25"])
    }

    /// `earliest: 09:00` leaves too little time before Tuesday noon; the
    /// diagnostic says so and proposes the latest earliest that fits (08:00).
    @Test func earliestNineMakesItNotFit() throws {
        let json = """
        {"timeZone": "America/New_York", "now": "2026-11-23T07:00:00-05:00", "policy": {"dayStart": "07:00", "dayEnd": "22:00", "placement": "early"},
         "tasks": [{"id": "pset", "title": "Problem set", "estimate": "PT3H", "earliest": "09:00",
                    "due": "2026-11-24T12:00"}]}
        """
        var busy = try classes([date("2026-11-23")], ["09:00-22:00"], json: json)
        busy += try classes([date("2026-11-24")], ["09:00-11:00"], json: json)
        let run = try Run(json, busy: busy)
        #expect(run.task("pset").status == "unschedulable")
        #expect(run.plan.sittings.isEmpty)
        let d = try #require(run.diagnostic("pset"))
        #expect(d.needed == "PT3H" && d.available == "PT1H" && d.shortBy == "PT2H")
        #expect(d.binding == ["window", "busy", "due"])
        #expect(d.fixes.map(\.field) == ["due", "earliest"])
        #expect(d.fixes.first { $0.field == "earliest" }?.value == "08:00")
        // Tuesday 11:00–13:00 and 13:15–14:15 by the due fix.
        #expect(d.fixes.first { $0.field == "due" }?.value == "2026-11-24T14:15:00-05:00")
        let text = run.plan.text(zone: run.zone)
        #expect(text.contains("set earliest to 08:00"))
        #expect(text.contains("Needs 3h, but only 1h fits by Tue 2026-11-24 12:00 (short by 2h)."))
        // Applying the fix makes it fit.
        let fixed = try Run(json.replacingOccurrences(of: "\"earliest\": \"09:00\"", with: "\"earliest\": \"08:00\""),
                            busy: busy)
        #expect(fixed.task("pset").status == "scheduled")
        #expect(fixed.sittings("pset") == ["Mon 08:00–09:00", "Tue 08:00–09:00", "Tue 11:00–12:00"])
    }

    /// A lab report that depends on a reading starts after the reading's last
    /// sitting, and the reading goes first even though an unrelated task is
    /// due before it: its effective due is the lab report's.
    @Test func labReportAfterReading() throws {
        let json = """
        {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
         "policy": {"placement": "early", "dayStart": "09:00", "dayEnd": "12:00"},
         "tasks": [
           {"id": "lab", "title": "Lab report", "estimate": "PT3H", "after": ["reading"], "due": "2026-11-24T12:00"},
           {"id": "flash", "title": "Flashcards", "estimate": "PT1H", "due": "2026-11-25T12:00"},
           {"id": "reading", "title": "Chapter 5 reading", "estimate": "PT2H", "due": "2026-11-27"}]}
        """
        let run = try Run(json)
        #expect(run.sittings("reading") == ["Mon 09:00–11:00"])
        #expect(run.sittings("lab") == ["Mon 11:00–12:00", "Tue 09:00–11:00"])
        #expect(run.sittings("flash") == ["Tue 11:00–12:00"])
        #expect(run.plan.tasks.map(\.rank) == [1, 2, 0])
        // Without room for the reading, the lab report cannot start either.
        let tight = try Run(json.replacingOccurrences(of: "\"PT2H\", \"due\": \"2026-11-27\"",
                                                      with: "\"PT2H\", \"due\": \"2026-11-23T10:00\""))
        #expect(tight.task("reading").status == "unschedulable")
        let d = try #require(tight.diagnostic("lab"))
        #expect(d.binding == ["after"] && d.available == "PT0M" && d.fixes.isEmpty)
        #expect(tight.plan.sittings.allSatisfy { $0.taskId == "flash" })
    }

    /// A 2-hour daily maximum spreads a week's 10 hours over five days.
    @Test func weekWithMaxPerDay() throws {
        let run = try Run("""
        {"timeZone": "Europe/Berlin", "now": "2026-11-23T08:00:00+01:00",
         "policy": {"dayStart": "07:00", "dayEnd": "22:00", "placement": "early", "maxPerDay": "PT2H", "workingDays": ["MO", "TU", "WE", "TH", "FR"]},
         "tasks": [
           {"id": "thesis", "title": "Thesis chapter", "estimate": "PT6H", "span": "PT1H30M", "due": "2026-11-27T22:00"},
           {"id": "slides", "title": "Slides", "estimate": "PT3H", "due": "2026-11-27T22:00"},
           {"id": "review", "title": "Peer review", "estimate": "PT1H", "priority": 1, "due": "2026-11-27T22:00"}]}
        """)
        #expect(run.plan.tasks.allSatisfy { $0.status == .scheduled })
        #expect(run.perDay == ["2026-11-23": 7200, "2026-11-24": 7200, "2026-11-25": 7200,
                               "2026-11-26": 7200, "2026-11-27": 7200])
        // Priority 1 goes first among equal dues, then request order.
        #expect(run.sittings("review") == ["Mon 08:00–09:00"])
        // The break is between sittings of one task: the thesis starts right
        // after the review, and Monday's maximum leaves it one hour.
        #expect(run.sittings("thesis") == ["Mon 09:00–10:00", "Tue 07:00–08:30", "Tue 08:45–09:15",
                                           "Wed 07:00–08:30", "Wed 08:45–09:15", "Thu 07:00–08:00"])
        #expect(run.sittings("slides") == ["Thu 08:00–09:00", "Fri 07:00–09:00"])
    }

    /// Due at 09:00 tomorrow with classes from 07:00: it is planned the
    /// evening before.
    @Test func dueTomorrowMorningPlannedTheEveningBefore() throws {
        let json = """
        {"timeZone": "America/New_York", "now": "2026-11-23T17:40:00-05:00", "policy": {"dayStart": "07:00", "dayEnd": "22:00", "placement": "early"},
         "tasks": [{"id": "memo", "title": "Reading memo", "estimate": "PT2H", "due": "2026-11-24T09:00"}]}
        """
        let busy = try classes([date("2026-11-23")], ["18:00-19:00"], json: json)
            + classes([date("2026-11-24")], ["07:00-09:00"], json: json)
        let run = try Run(json, busy: busy)
        #expect(run.sittings("memo") == ["Mon 19:00–21:00"])
        #expect(run.task("memo").slack == "PT12H")
    }

    /// Half the work is done: only the rest is planned; all of it done means `done`.
    @Test func taskAlreadyHalfDone() throws {
        let run = try Run("""
        {"timeZone": "UTC", "now": "2026-11-23T09:00:00Z", "policy": {"dayStart": "07:00", "dayEnd": "22:00", "placement": "early"},
         "tasks": [
           {"id": "half", "title": "Half done", "estimate": "PT4H", "done": "PT2H", "due": "2026-11-24"},
           {"id": "all", "title": "All done", "estimate": "PT1H", "done": "PT1H30M", "due": "2026-11-24"}]}
        """)
        #expect(run.task("half").scheduled == "PT2H")
        #expect(run.sittings("half") == ["Mon 09:00–11:00"])
        #expect(run.task("all").status == "done" && run.task("all").scheduled == "PT0M")
        #expect(run.task("all").firstStart == nil && run.diagnostic("all") == nil)
    }

    /// A remaining 20 minutes under a 30-minute minimum is one 20-minute sitting.
    @Test func shortRemainderIsOneSitting() throws {
        let run = try Run("""
        {"timeZone": "UTC", "now": "2026-11-23T09:00:00Z", "policy": {"dayStart": "07:00", "dayEnd": "22:00", "placement": "early"},
         "tasks": [{"id": "t", "title": "Tidy notes", "estimate": "PT20M", "due": "2026-11-24"}]}
        """)
        #expect(run.sittings("t") == ["Mon 09:00–09:20"])
    }

    /// The fall-back night in New York: a window 00:00–04:00 holds five hours
    /// of clock time, and times carry the offset in effect.
    @Test func fallBackNightHasTheExtraHour() throws {
        let run = try Run("""
        {"timeZone": "America/New_York", "now": "2026-11-01T00:00:00-04:00",
         "policy": {"placement": "early", "dayStart": "00:00", "dayEnd": "04:00", "breakBetweenSittings": "PT0M"},
         "tasks": [{"id": "t", "title": "Night shift notes", "estimate": "PT5H", "span": "PT5H", "due": "2026-11-01"}]}
        """)
        #expect(run.response.sittings.map { "\($0.start) \($0.end)" }
                == ["2026-11-01T00:00:00-04:00 2026-11-01T04:00:00-05:00"])
        #expect(run.plan.text(zone: run.zone).hasPrefix("Sun 2026-11-01  5h\n  00:00–04:00  Night shift notes (1/1)\n"))
    }
}

import Foundation
import Testing

/// `plan export` writes only what plan planned around: an event it could not read is left out,
/// one whose rule it ignored goes out with its DTSTART only — each with a warning naming it — so
/// the phone never shows a class over a sitting plan put there.
@Suite struct ExportPlannedOnlyTests {
    static let calendar = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//plan//tests//EN\r
        BEGIN:VEVENT\r
        UID:good@t\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261102T150000Z\r
        DTEND:20261102T160000Z\r
        RRULE:FREQ=WEEKLY;COUNT=3\r
        SUMMARY:Lecture\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:odd-rule@t\r
        DTSTAMP:20261101T000000Z\r
        DTSTART:20261103T150000Z\r
        DTEND:20261103T160000Z\r
        RRULE:FREQ=WEEKLY;BYMONTH=13\r
        SUMMARY:Seminar\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:no-start@t\r
        DTSTAMP:20261101T000000Z\r
        SUMMARY:Lab\r
        END:VEVENT\r
        END:VCALENDAR\r

        """

    @Test func whatPlanCouldNotReadIsNotExportedAsIfItHad() throws {
        let term = try LivedTermTests.Term()
        term.now = "2026-11-02T08:00:00-05:00"
        let ics = term.dir.appendingPathComponent("classes.ics")
        try Self.calendar.write(to: ics, atomically: true, encoding: .utf8)
        try term.plan(["policy", "set", "--tz", "America/New_York"])
        try term.plan(["calendar", "add", ics.path])
        let out = try term.plan(["export", "-"])
        let events = out.stdout.components(separatedBy: "BEGIN:VEVENT").dropFirst()
        let odd = try #require(events.first { $0.contains("UID:odd-rule@t") }, "\(out.stdout)")
        #expect(!odd.contains("RRULE"), "the rule plan ignored is not written: \(odd)")
        #expect(!out.stdout.contains("UID:no-start@t"))
        #expect(try #require(events.first { $0.contains("UID:good@t") }).contains("RRULE:FREQ=WEEKLY;COUNT=3"))
        #expect(out.stderr.contains("UID \"no-start@t\": plan could not read this event and did not plan around it, so it is left out"),
                "\(out.stderr)")
        #expect(out.stderr.contains("UID \"odd-rule@t\": plan could not read this event's rule and planned around its DTSTART only"),
                "\(out.stderr)")
        // Read back by plan: the same busy time as the calendar planned from (the Seminar once).
        let back = term.dir.appendingPathComponent("back.ics")
        try out.stdout.write(to: back, atomically: true, encoding: .utf8)
        let original = try term.plan(["events", ics.path, "--from", "2026-11-01", "--to", "2026-12-01", "--json"])
        let exported = try term.plan(["events", back.path, "--from", "2026-11-01", "--to", "2026-12-01", "--json"])
        func starts(_ o: CLIRunner.Output) throws -> [String] {
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(o.stdout.utf8)) as? [[String: Any]])
            return rows.filter { ($0["uid"] as? String)?.hasSuffix("@t") == true }.map { "\($0["uid"] ?? "") \($0["start"] ?? "")" }.sorted()
        }
        #expect(try starts(original) == starts(exported))
    }
}

/// A registered calendar's warnings are said when it is added or they change; then only with --verbose.
@Suite struct CalendarWarningsSaidOnceTests {
    @Test func warningsAreSaidWhenAddedOrChangedThenOnlyVerbose() throws {
        let term = try LivedTermTests.Term()
        term.now = "2026-11-02T08:00:00-05:00"
        let ics = term.dir.appendingPathComponent("classes.ics")
        try ExportPlannedOnlyTests.calendar.write(to: ics, atomically: true, encoding: .utf8)
        try term.plan(["policy", "set", "--tz", "America/New_York"])
        let added = try term.plan(["calendar", "add", ics.path])
        #expect(added.stderr.contains("BYMONTH=13"), "said when added: \(added.stderr)")
        let next = try term.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-06"])
        #expect(!next.stderr.contains("BYMONTH=13"), "not again: \(next.stderr)")
        // A longer planning window reads the calendar again (no cached busy time): said, but only with --verbose.
        let verbose = try term.plan(["add-task", "Paper", "--estimate", "2h", "--due", "2026-12-20", "--verbose"])
        #expect(verbose.stderr.contains("warning (said before): ") && verbose.stderr.contains("BYMONTH=13"), "\(verbose.stderr)")
        // The file changes: its warnings are said again, once.
        try ExportPlannedOnlyTests.calendar.replacingOccurrences(of: "BYMONTH=13", with: "BYMONTH=14")
            .write(to: ics, atomically: true, encoding: .utf8)
        let changed = try term.plan(["replan"])
        #expect(changed.stderr.contains("BYMONTH=14"), "\(changed.stderr)")
        #expect(!(try term.plan(["replan"])).stderr.contains("BYMONTH=14"))
    }
}

/// Where sittings are shown, an occurrence of repeating work says which one it is.
@Suite struct OccurrenceLabelTests {
    @Test func agendaAndWeekSayWhichOccurrence() throws {
        let term = try LivedTermTests.Term()
        term.now = "2026-11-02T08:00:00-05:00"
        try term.plan(["policy", "set", "--tz", "America/New_York", "--horizon", "2w"])
        try term.plan(["add-task", "Gym", "--estimate", "2h", "--span", "1h", "--each", "week"])
        try term.plan(["add-task", "Problem set", "--estimate", "2h", "--every", "week", "--due", "fri 23:59"])
        let agenda = try term.plan(["agenda", "--days", "14"]).stdout
        #expect(agenda.contains("▸ Gym week of Mon 11-02 (1/"), "\(agenda)")
        #expect(agenda.contains("▸ Gym week of Mon 11-09 (1/"), "\(agenda)")
        #expect(agenda.contains("▸ Problem set for Fri 11-06 ("), "\(agenda)")
        #expect(agenda.contains("▸ Problem set for Fri 11-13 ("), "\(agenda)")
        let week = try term.plan(["week", "--from", "2026-11-02", "--json"]).stdout
        #expect(week.contains("Problem set for Fri 11-06"), "\(week.prefix(400))")
    }
}

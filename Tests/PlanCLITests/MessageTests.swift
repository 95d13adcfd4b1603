import Foundation
import Testing

/// The wordings a new user met (issue 34), each through the real binary: zero durations
/// named as zero, a past due named as past, an end of day written one way, a dry run of
/// `--replan` that says what it would do, more time spent than the work left said so, an
/// edit that changes nothing refused, plurals that agree, slack in days and hours.
@Suite struct MessageTests {
    typealias Store = ReplanCommandTests.Store

    static func run(_ s: Store, _ args: [String]) throws -> CLIRunner.Output {
        try CLIRunner.run(args, environment: s.environment)
    }

    @Test func zeroDurationsAreNamedAsZero() throws {
        let s = try Store(now: "2026-11-23T08:00:00-05:00")
        for (option, args) in [("--estimate", ["--estimate", "0m"]), ("--span", ["--estimate", "1h", "--span", "0h"]),
                               ("--min", ["--estimate", "1h", "--min", "0m"])] {
            let out = try Self.run(s, ["add-task", "x"] + args + ["--due", "fri"])
            #expect(out.status == 64, "\(args)")
            #expect(out.stderr.contains("\(option): \"0") && out.stderr.contains("is zero; it must be at least a minute"), "\(out.stderr)")
        }
        #expect(try s.plan("tasks").contains("No tasks yet"))
    }

    @Test func aPastDueIsNamedAsPastAndAnEndOfDayIs2400() throws {
        let s = try Store(now: "2026-11-23T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York")
        let out = try Self.run(s, ["add-task", "Old", "--estimate", "2h", "--due", "2026-11-01"])
        #expect(out.status == 3)
        #expect(out.stdout.contains("Needs 2h, but its due date, Sun 2026-11-01 24:00, is past (it is Mon 2026-11-23 08:00 now)."), "\(out.stdout)")
        #expect(!out.stdout.contains("2026-11-02 00:00"))
        // A due that is not past but too near, at the end of a day: 24:00 of that day, as `plan tasks` writes it.
        let near = try Self.run(s, ["add-task", "Near", "--estimate", "30h", "--due", "2026-11-24"])
        #expect(near.stdout.contains("fits by Tue 2026-11-24 24:00"), "\(near.stdout)")
    }

    @Test func aDryRunOfReplanSaysWhatItWouldDoAndSucceeds() throws {
        let s = try Store(now: "2026-11-23T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York", "--day-start", "09:00", "--day-end", "11:00", "--placement", "early")
        try s.plan("add-task", "Later", "--estimate", "2h", "--due", "2026-11-27")
        // The only room before Monday's end is Later's: it fits only if Later moves.
        let refused = try Self.run(s, ["add-task", "Sooner", "--estimate", "2h", "--due", "2026-11-23"])
        #expect(refused.status == 4, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("run again with --replan to accept"))
        let dry = try Self.run(s, ["add-task", "Sooner", "--estimate", "2h", "--due", "2026-11-23", "--replan", "--dry-run"])
        #expect(dry.status == 0, "\(dry.stdout)\(dry.stderr)")
        #expect(dry.stdout.contains("Would add \"Sooner\" (sooner) by re-making the plan; 1 other task would move (dry run: nothing saved):"), "\(dry.stdout)")
        #expect(!dry.stdout.contains("run again with --replan"))
        #expect(!(try s.plan("tasks").contains("sooner")))
        let done = try s.plan("add-task", "Sooner", "--estimate", "2h", "--due", "2026-11-23", "--replan")
        #expect(done.contains("1 other task moved:"), "\(done)")
    }

    @Test func progressAndEditsSayWhatTheyDid() throws {
        let s = try Store(now: "2026-11-23T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York")
        let ics = s.dir.appendingPathComponent("one.ics")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan//tests//EN\r\nBEGIN:VEVENT\r\nUID:a@t\r\nDTSTAMP:20261101T000000Z\r\nDTSTART:20261124T150000Z\r\nDTEND:20261124T160000Z\r\nSUMMARY:Class\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(to: ics, atomically: true, encoding: .utf8)
        #expect(try s.plan("calendar", "add", ics.path).contains("(1 event)."))
        try s.plan("add-task", "One", "--estimate", "1h", "--due", "fri")
        let over = try Self.run(s, ["done", "one", "--spent", "2h"])
        #expect(over.status == 0)
        // Time is recorded as given, never cut to the estimate.
        #expect(over.stdout.contains("One: 2h recorded, all its planned 1h; counted finished."), "\(over.stdout)")
        #expect(try s.plan("task", "show", "one").contains("progress  2h recorded of 1h"))
        let nothing = try Self.run(s, ["task", "edit", "one"])
        #expect(nothing.status == 64)
        #expect(nothing.stderr.contains("nothing to change"), "\(nothing.stderr)")
        // Slack of days reads in days and hours.
        try s.plan("add-task", "Far", "--estimate", "1h", "--due", "2027-01-20", "--placement", "early")
        let list = try s.plan("tasks")
        #expect(list.range(of: #"  \d+d( \d+h)? +Wed 2027-01-20 24:00"#, options: .regularExpression) != nil, "\(list)")
    }
}

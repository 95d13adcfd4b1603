import Foundation
import Testing

/// Repeating tasks (`plan add-task --every/--each/--before/--after-class`) through the
/// real binary: occurrences against an expansion written here with Foundation's calendar,
/// class-tied work on a calendar with a cancelled and a moved class, series edits, skips,
/// the horizon, and the refusals.
@Suite struct RepeatingTaskTests {
    typealias Store = ReplanCommandTests.Store

    /// `plan task show SERIES --json`: the occurrences' ids and dues, and the skipped ids.
    static func shown(_ s: Store, _ series: String) throws -> (ids: [String], dues: [String], rows: [[String: Any]], skipped: [String]) {
        try shown(series) { try s.plan($0) }
    }

    static func shown(_ s: LaterStore, _ series: String) throws -> (ids: [String], dues: [String], rows: [[String: Any]], skipped: [String]) {
        try shown(series) { try s.plan($0) }
    }

    static func shown(_ series: String, _ plan: ([String]) throws -> String) throws -> (ids: [String], dues: [String], rows: [[String: Any]], skipped: [String]) {
        let json = try plan(["task", "show", series, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let rows = try #require(object["occurrences"] as? [[String: Any]])
        return (rows.map { $0["id"] as? String ?? "" }, rows.map { $0["due"] as? String ?? "" }, rows,
                object["skipped"] as? [String] ?? [])
    }

    /// The dates from `first` through `last` whose weekday (Foundation: 1 Sunday … 7 Saturday) is `weekday`.
    static func dates(weekday: Int, from first: String, through last: String) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/New_York")!
        let f = DateFormatter()
        f.calendar = calendar
        f.timeZone = calendar.timeZone
        f.locale = Locale(identifier: "en_US_POSIX")
        f.dateFormat = "yyyy-MM-dd"
        var day = f.date(from: first)!
        let end = f.date(from: last)!
        var out: [String] = []
        while day <= end {
            if calendar.component(.weekday, from: day) == weekday { out.append(f.string(from: day)) }
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return out
    }

    @Test func aWeeklyDueKeepsItsWallClockTimeAcrossTheDSTChange() throws {
        // New York leaves DST on Sunday 2026-11-01.
        let s = try Store(now: "2026-10-19T08:00:00-04:00")
        try s.plan("policy", "set", "--tz", "America/New_York", "--horizon", "8w")
        try s.plan("add-task", "MATH 221 problem set", "--estimate", "2h", "--every", "week", "--due", "fri 23:59",
                   "--until", "2026-11-30")
        let got = try Self.shown(s, "math-221-problem-set")
        let fridays = Self.dates(weekday: 6, from: "2026-10-19", through: "2026-11-30")
        #expect(got.ids == fridays.map { "math-221-problem-set-" + $0 })
        #expect(got.dues == fridays.map { $0 + "T23:59" }, "\(got.dues)")
        // Each occurrence's work lies between the previous due and its own.
        for (k, row) in got.rows.enumerated() {
            let sittings = row["sittings"] as? [[String: Any]] ?? []
            #expect(!sittings.isEmpty)
            for sitting in sittings {
                let start = String((sitting["start"] as? String ?? "").prefix(10))
                #expect(start <= fridays[k])
                if k > 0 { #expect(start >= fridays[k - 1]) }
            }
        }
    }

    @Test func aMonthWithFiveFridaysHasFiveAndCountStopsThem() throws {
        let s = try Store(now: "2026-09-28T08:00:00-04:00")
        try s.plan("policy", "set", "--tz", "America/New_York", "--horizon", "10w")
        try s.plan("add-task", "Reading", "--estimate", "1h", "--every", "week", "--due", "fri", "--from", "2026-10-01", "--count", "5")
        let october = Self.dates(weekday: 6, from: "2026-10-01", through: "2026-10-31")
        #expect(october.count == 5)
        #expect(try Self.shown(s, "reading").ids == october.map { "reading-" + $0 })
        // --until is inclusive; every 2 weeks keeps its weeks from the first due.
        try s.plan("add-task", "Lab prep", "--estimate", "1h", "--every", "2 weeks", "--due", "2026-10-06T12:00", "--until", "2026-11-03",
                   "--start-before", "2d")
        let lab = try Self.shown(s, "lab-prep")
        #expect(lab.ids == ["2026-10-06", "2026-10-20", "2026-11-03"].map { "lab-prep-" + $0 })
        // --start-before: each occurrence's work may begin two days (wall clock) before its due, not earlier.
        #expect(lab.rows.map { $0["start"] as? String } == ["2026-10-04T12:00", "2026-10-18T12:00", "2026-11-01T12:00"])
        for row in lab.rows {
            for sitting in row["sittings"] as? [[String: Any]] ?? [] {
                #expect(String((sitting["start"] as? String ?? "").prefix(16)) >= (row["start"] as? String ?? ""))
            }
        }
        try s.plan(["add-task", "x", "--estimate", "1h", "--after-class", "Lab", "--within", "-1d"], status: 65)
    }

    /// A weekly seminar on Tuesdays 10:00–11:30: the 2nd meeting excluded (EXDATE), the
    /// 3rd moved to Wednesday 14:00, the 4th cancelled (STATUS:CANCELLED), the 5th as usual.
    static func seminar(moveFirstTo first: String? = nil) -> String {
        var ics = """
        BEGIN:VCALENDAR\r
        VERSION:2.0\r
        PRODID:-//plan//series tests//EN\r
        BEGIN:VEVENT\r
        UID:seminar@test\r
        DTSTAMP:20261101T000000Z\r
        DTSTART;TZID=America/New_York:20261103T100000\r
        DTEND;TZID=America/New_York:20261103T113000\r
        RRULE:FREQ=WEEKLY;COUNT=5\r
        EXDATE;TZID=America/New_York:20261110T100000\r
        SUMMARY:HIST 300 Seminar\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:seminar@test\r
        DTSTAMP:20261101T000000Z\r
        RECURRENCE-ID;TZID=America/New_York:20261117T100000\r
        DTSTART;TZID=America/New_York:20261118T140000\r
        DTEND;TZID=America/New_York:20261118T153000\r
        SUMMARY:HIST 300 Seminar\r
        END:VEVENT\r
        BEGIN:VEVENT\r
        UID:seminar@test\r
        DTSTAMP:20261101T000000Z\r
        RECURRENCE-ID;TZID=America/New_York:20261124T100000\r
        DTSTART;TZID=America/New_York:20261124T100000\r
        DTEND;TZID=America/New_York:20261124T113000\r
        STATUS:CANCELLED\r
        SUMMARY:HIST 300 Seminar\r
        END:VEVENT\r

        """
        if let first {
            ics += """
            BEGIN:VEVENT\r
            UID:seminar@test\r
            DTSTAMP:20261101T000000Z\r
            RECURRENCE-ID;TZID=America/New_York:20261103T100000\r
            DTSTART;TZID=America/New_York:\(first)\r
            DTEND;TZID=America/New_York:\(first.prefix(9))235900\r
            SUMMARY:HIST 300 Seminar\r
            END:VEVENT\r

            """
        }
        return ics + "BEGIN:VEVENT\r\nUID:lab@test\r\nDTSTAMP:20261101T000000Z\r\nDTSTART;TZID=America/New_York:20261102T140000\r\n"
            + "DTEND;TZID=America/New_York:20261102T160000\r\nRRULE:FREQ=WEEKLY;COUNT=3\r\nSUMMARY:HIST 300 Lab\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
    }

    @Test func workTiedToAClassFollowsItsCancelledAndMovedMeetings() throws {
        let s = try Store(now: "2026-11-01T08:00:00-05:00")
        let ics = s.dir.appendingPathComponent("seminar.ics")
        try Self.seminar().write(to: ics, atomically: true, encoding: .utf8)
        try s.plan("policy", "set", "--tz", "America/New_York", "--horizon", "5w")
        try s.plan("calendar", "add", ics.path)
        try s.plan("add-task", "Seminar reading", "--estimate", "2h", "--before", "hist 300 seminar")
        var got = try Self.shown(s, "seminar-reading")
        // No work for the excluded (11-10) and the cancelled (11-24) meetings; the moved one's
        // work is due at its new time and keeps its first date in its id.
        #expect(got.ids == ["seminar-reading-2026-11-03", "seminar-reading-2026-11-17", "seminar-reading-2026-12-01"])
        #expect(got.dues.map { String($0.prefix(16)) } == ["2026-11-03T10:00", "2026-11-18T14:00", "2026-12-01T10:00"], "\(got.dues)")
        // After a class: from its end, due --within later.
        try s.plan("add-task", "Lab write-up", "--estimate", "1h", "--after-class", "HIST 300 Lab", "--within", "2d")
        let lab = try Self.shown(s, "lab-write-up")
        #expect(lab.dues.map { String($0.prefix(16)) } == ["2026-11-04T16:00", "2026-11-11T16:00", "2026-11-18T16:00"], "\(lab.dues)")
        for row in lab.rows {
            let start = try #require(row["start"] as? String)
            #expect(String(start.prefix(16)) < String((row["due"] as? String ?? "").prefix(16)))
        }
        // The first seminar moves to Thursday: the next planning command moves its work.
        try Self.seminar(moveFirstTo: "20261105T090000").write(to: ics, atomically: true, encoding: .utf8)
        try s.plan("replan")
        got = try Self.shown(s, "seminar-reading")
        #expect(got.dues.first.map { String($0.prefix(16)) } == "2026-11-05T09:00", "\(got.dues)")
        for sitting in got.rows.first?["sittings"] as? [[String: Any]] ?? [] {
            #expect(String((sitting["end"] as? String ?? "").prefix(16)) <= "2026-11-05T09:00")
        }
        // A shorter horizon makes no more, and takes away none of those made.
        try s.plan("policy", "set", "--horizon", "1w")
        try s.plan("replan")
        #expect(try Self.shown(s, "seminar-reading").ids == got.ids)
    }

    @Test func refusalsNameTheValue() throws {
        let s = try Store(now: "2026-11-01T08:00:00-05:00")
        let ics = s.dir.appendingPathComponent("seminar.ics")
        try Self.seminar().write(to: ics, atomically: true, encoding: .utf8)
        try s.plan("calendar", "add", ics.path)
        func refused(_ args: [String], _ words: [String]) throws {
            let out = try CLIRunner.run(args, environment: s.environment)
            #expect(out.status == 65, "\(args): \(out.stderr)")
            for w in words { #expect(out.stderr.contains(w), "\(args): \(out.stderr)") }
        }
        try refused(["add-task", "x", "--estimate", "1h", "--before", "Biology"], ["--before", "no class called \"Biology\"", "HIST 300 Seminar"])
        try refused(["add-task", "x", "--estimate", "1h", "--before", "HIST 300"], ["several classes", "HIST 300 Lab", "HIST 300 Seminar"])
        try refused(["add-task", "x", "--estimate", "1h", "--every", "fortnite", "--due", "fri"], ["--every", "\"every fortnite\""])
        try refused(["add-task", "x", "--estimate", "1h", "--each", "fortnight"], ["--each", "fortnight"])
        try refused(["add-task", "x", "--estimate", "1h", "--every", "week"], ["--due", "first due"])
        // A first due on a day the rule does not give is said, not dropped.
        try refused(["add-task", "x", "--estimate", "1h", "--every", "mon", "--due", "fri"],
                    ["--due: \"fri\" is Fri 2026-11-06, not a day --every \"mon\" gives (Mon): give the first due on one of them, or add Fri to --every"])
        // A count out of its range is a usage error (64), as the help's table of exit codes says.
        for count in ["0", "1001"] {
            let out = try CLIRunner.run(["add-task", "x", "--estimate", "1h", "--every", "week", "--due", "fri", "--count", count], environment: s.environment)
            #expect(out.status == 64 && out.stderr.contains("--count: \(count) is not a number of occurrences (1 to 1000)"), "\(out)")
        }
        // Nothing was saved by any of them.
        #expect(try s.plan("tasks").contains("No tasks yet"))
    }

    @Test func seriesEditsTouchOnlyComingOccurrencesAndSkipsAndEndsStick() throws {
        let s = try Store(now: "2026-11-02T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York")
        try s.plan("add-task", "Problem set", "--estimate", "3h", "--every", "week", "--due", "fri 23:59")
        let ids = try Self.shown(s, "problem-set").ids
        #expect(ids == ["2026-11-06", "2026-11-13", "2026-11-20", "2026-11-27"].map { "problem-set-" + $0 })
        try s.plan("done", ids[0])
        try s.plan("task", "edit", "problem-set", "--estimate", "4h")
        var got = try Self.shown(s, "problem-set")
        #expect(got.rows.map { $0["estimate"] as? String } == ["PT3H", "PT4H", "PT4H", "PT4H"])
        try s.plan("done", ids[1], "--skip")
        // A week later the horizon has moved: the next occurrences are made with the new
        // estimate, the skipped one is not made again, and what was planned stays.
        let before = try s.sittings()
        let later = Store.later(s, now: "2026-11-09T08:00:00-05:00")
        try later.plan("replan")
        got = try Self.shown(later, "problem-set")
        #expect(got.ids == [ids[0], ids[2], ids[3], "problem-set-2026-12-04"])
        #expect(got.skipped == [ids[1]])
        #expect(got.rows.last?["estimate"] as? String == "PT4H")
        let after = try later.sittings()
        for id in [ids[2], ids[3]] { #expect(after[id] == before[id], "\(id) moved") }
        // Ending it from a date removes the coming occurrences from then on.
        let out = try later.plan("task", "remove", "problem-set", "--from", "2026-11-25")
        #expect(out.contains("ends on 2026-11-24"), "\(out)")
        #expect(try Self.shown(later, "problem-set").ids == [ids[0], ids[2]])
        try later.plan(["done", ids[2], "--skip", "--spent", "1h"], status: 64)
        try later.plan(["task", "remove", ids[0], "--from", "2026-11-25"], status: 64)
    }

    @Test func aHabitsHoursStayInsideItsWeek() throws {
        let s = try Store(now: "2026-11-04T08:00:00-05:00")
        try s.plan("policy", "set", "--tz", "America/New_York")
        try s.plan("add-task", "Revision", "--estimate", "4h", "--each", "week", "--prefer", "evening")
        let got = try Self.shown(s, "revision")
        let sundays = Self.dates(weekday: 1, from: "2026-11-04", through: "2026-12-06")
        #expect(got.ids == sundays.map { "revision-" + $0 })
        for (k, row) in got.rows.enumerated() {
            let sittings = row["sittings"] as? [[String: Any]] ?? []
            let total = sittings.count
            #expect(total > 0)
            let monday = k == 0 ? "2026-11-04" : Self.dates(weekday: 2, from: "2026-11-04", through: sundays[k]).last!
            for sitting in sittings {
                let day = String((sitting["start"] as? String ?? "").prefix(10))
                #expect(day >= monday && day <= sundays[k], "\(day) outside \(monday)…\(sundays[k])")
            }
        }
        // The week grid and the export show occurrences as they show any task.
        #expect(try s.plan("week", "--from", "2026-11-09").contains("Revision"))
        let ics = try s.plan("export", "-", "--only-plan")
        #expect(ics.contains("X-PLAN-TASK-ID:revision-2026-11-15"), "\(ics.prefix(600))")
        #expect(ics.contains("SUMMARY:Revision\r\n"))
        let list = try s.plan("tasks")
        // One line under the series' header: the habit, its rule and its next occurrence (then the load line).
        let lines = list.split(separator: "\n").filter { !$0.hasPrefix("Busiest day") && !$0.hasPrefix("  the least") }
        #expect(lines.count == 2 && lines[0].hasPrefix("SERIES") && lines[1].hasPrefix("revision"), "\(list)")
        #expect(lines.last?.contains("each week") == true && lines.last?.contains("revision-2026-11-08") == true, "\(list)")
        #expect(list.contains("Busiest day of the next 14 days: "), "\(list)")
    }
}

extension ReplanCommandTests.Store {
    /// The same store seen at another `now`.
    static func later(_ s: ReplanCommandTests.Store, now: String) -> LaterStore { LaterStore(base: s, now: now) }
}

/// A store's environment at another `now` (the store itself is `base`'s).
struct LaterStore {
    let base: ReplanCommandTests.Store
    let now: String

    @discardableResult
    func plan(_ args: String..., status: Int32 = 0) throws -> String { try plan(args, status: status) }

    @discardableResult
    func plan(_ args: [String], status: Int32 = 0) throws -> String {
        var env = base.environment
        env["PLAN_NOW"] = now
        let out = try CLIRunner.run(args, environment: env)
        #expect(out.status == status, "plan \(args.joined(separator: " ")): \(out.stdout)\(out.stderr)")
        return out.stdout
    }

    func sittings() throws -> [String: [String]] {
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(try plan("tasks", "--json").utf8)) as? [[String: Any]])
        var out: [String: [String]] = [:]
        for row in rows {
            out[row["id"] as? String ?? ""] = ((row["sittings"] as? [[String: Any]]) ?? []).map { "\($0["start"] ?? "")–\($0["end"] ?? "")" }
        }
        return out
    }
}

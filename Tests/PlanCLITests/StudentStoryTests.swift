import Foundation
import Testing

/// The whole student story through the real binary: a semester of classes,
/// three projects, eight tasks (one depends on another, one does not fit),
/// then tasks, agenda, done, replan (which keeps the week), replan --compact
/// and export — compared with a golden transcript, with the clock fixed by
/// PLAN_NOW.
@Suite(.serialized) struct StudentStoryTests {
    static let now = "2026-11-02T08:00:00-05:00"

    struct Step {
        var args: [String]
        var expectedStatus: Int32
        /// The clock for this step, when the story has moved on from ``now``.
        var now: String? = nil
    }

    /// Monday evening, when the day's work is recorded, and Tuesday morning.
    static let evening = "2026-11-02T22:00:00-05:00", tuesday = "2026-11-03T08:00:00-05:00"

    static let steps: [Step] = [
        Step(args: ["policy", "set", "--tz", "America/New_York", "--day-start", "08:00", "--day-end", "22:00",
                    "--buffer", "10m", "--max-per-day", "6h"], expectedStatus: 0),
        Step(args: ["project", "add", "HIST200", "--color", "blue"], expectedStatus: 0),
        Step(args: ["project", "add", "CS201", "--color", "green"], expectedStatus: 0),
        Step(args: ["project", "add", "CHEM110", "--color", "red"], expectedStatus: 0),
        Step(args: ["add-task", "Reading: Atlantic trade", "--project", "HIST200", "--estimate", "3h", "--span", "1h",
                    "--due", "2026-11-06", "--calendar", "Examples/fall-2026-classes.ics"], expectedStatus: 0),
        Step(args: ["add-task", "History essay", "--project", "HIST200", "--estimate", "6h", "--span", "90m",
                    "--due", "2026-11-13", "--after", "Reading: Atlantic trade", "--earliest", "09:00"], expectedStatus: 0),
        Step(args: ["add-task", "Problem set 7", "--project", "CS201", "--estimate", "4h", "--span", "2h",
                    "--due", "2026-11-05T23:59"], expectedStatus: 0),
        Step(args: ["add-task", "Lab report 5", "--project", "CHEM110", "--estimate", "3h", "--min", "45m",
                    "--due", "2026-11-09"], expectedStatus: 0),
        Step(args: ["add-task", "Linked lists project", "--project", "CS201", "--estimate", "10h", "--span", "2h",
                    "--due", "2026-11-20", "--priority", "2"], expectedStatus: 0),
        Step(args: ["add-task", "Midterm review", "--project", "CHEM110", "--estimate", "5h", "--span", "1h",
                    "--due", "2026-11-12", "--latest", "21:00"], expectedStatus: 0),
        Step(args: ["add-task", "Problem set 8", "--project", "CS201", "--estimate", "4h", "--due", "2026-11-12",
                    "--notes", "Chapters 9-10; hand in on Gradescope"], expectedStatus: 0),
        Step(args: ["add-task", "Cram all of chemistry", "--project", "CHEM110", "--estimate", "20h", "--span", "2h",
                    "--due", "2026-11-03", "--earliest", "09:00"], expectedStatus: 3),
        Step(args: ["tasks"], expectedStatus: 0),
        Step(args: ["agenda", "--from", "2026-11-02", "--days", "3"], expectedStatus: 0),
        // Monday evening: the problem set's hour done; the reading's hour ran over, and a bit is left;
        // Problem set 8's sitting was missed.
        Step(args: ["done", "problem-set-7", "--spent", "1h"], expectedStatus: 0, now: evening),
        Step(args: ["done", "Reading: Atlantic trade", "--spent", "1h20m", "--left", "1h"], expectedStatus: 0, now: evening),
        Step(args: ["tasks"], expectedStatus: 0, now: tuesday),
        Step(args: ["replan"], expectedStatus: 0, now: tuesday),
        Step(args: ["replan", "--compact"], expectedStatus: 0, now: tuesday),
        Step(args: ["task", "show", "history-essay"], expectedStatus: 0, now: tuesday),
        Step(args: ["week", "--from", "2026-11-02", "--png", "OUT/week.png"], expectedStatus: 0, now: tuesday),
        Step(args: ["export", "OUT/plan.ics"], expectedStatus: 0, now: tuesday),
        Step(args: ["review"], expectedStatus: 0, now: tuesday),
    ]

    /// The story's store and clock, with the store in `dir`.
    static func environment(_ dir: URL, now: String = now) -> [String: String] {
        ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": now]
    }

    /// Plays every step in `dir` (the store there, the export as
    /// `dir/plan.ics`), checking each exit code; returns the transcript with
    /// `dir` written as `$TMP`.
    static func play(in dir: URL) throws -> String {
        var transcript = ""
        for step in steps {
            let args = step.args.map { $0.replacingOccurrences(of: "OUT/", with: dir.path + "/") }
            let out = try CLIRunner.run(args, environment: environment(dir, now: step.now ?? now))
            #expect(out.status == step.expectedStatus, "plan \(step.args.joined(separator: " ")): \(out.stderr)")
            transcript += "$ plan \(step.args.joined(separator: " "))\nexit: \(out.status)\n\(out.stdout)"
            if !out.stderr.isEmpty { transcript += "stderr:\n\(out.stderr)" }
            transcript += "\n"
        }
        return transcript.replacingOccurrences(of: dir.path, with: "$TMP")
    }

    @Test func wholeStory() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-story-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        let transcript = try Self.play(in: dir)
        try CLIRunner.expectGolden("student-story", CLIRunner.Output(stdout: transcript, stderr: "", status: 0))

        // The exported calendar: classes as they were plus one event per sitting.
        let ics = try String(contentsOf: dir.appendingPathComponent("plan.ics"), encoding: .utf8)
        #expect(ics.contains("X-PLAN-TASK-ID:history-essay"))
        #expect(ics.contains("SUMMARY:HIST200: History essay\r\n"))
        #expect(ics.contains("RRULE:FREQ=WEEKLY"))
        #expect(!ics.contains("X-LIC-ERROR"))
        let readBack = try CLIRunner.run(["events", dir.appendingPathComponent("plan.ics").path, "--from", "2026-11-02",
                                          "--to", "2026-11-21", "--json"], environment: env)
        #expect(readBack.status == 0)
        #expect(readBack.stderr.isEmpty, "reading the export back warned: \(readBack.stderr)")
        let tasks = try CLIRunner.run(["tasks", "--json"], environment: env)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(tasks.stdout.utf8)) as? [[String: Any]])
        #expect(rows.count == 7, "the task that does not fit was not saved")
        let sittings = rows.flatMap { ($0["sittings"] as? [[String: Any]]) ?? [] }
        let planned = try #require(try JSONSerialization.jsonObject(with: Data(readBack.stdout.utf8)) as? [[String: Any]])
            .filter { ($0["uid"] as? String)?.hasSuffix("@plan") == true }
        #expect(planned.count == sittings.count)

        try Self.checkWithPython(ics: dir.appendingPathComponent("plan.ics"), sittingCount: sittings.count)
    }

    /// Python icalendar + recurring-ical-events read the export: its
    /// occurrences are the classes (as plan reads the example) plus the sittings.
    static func checkWithPython(ics: URL, sittingCount: Int) throws {
        let script = """
        import sys, json, datetime as dt
        try:
            import icalendar, recurring_ical_events as rie
        except ImportError:
            print("SKIP"); sys.exit(0)
        def n(path):
            cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
            a = dt.datetime(2026, 8, 1, tzinfo=dt.timezone.utc); b = dt.datetime(2027, 1, 1, tzinfo=dt.timezone.utc)
            evs = list(rie.of(cal).between(a, b))
            return len(evs), sum(1 for e in evs if str(e.get('UID')).endswith('@plan'))
        total, planned = n(sys.argv[1])
        classes, _ = n(sys.argv[2])
        print(json.dumps({"total": total, "planned": planned, "classes": classes}))
        """
        let out = try CLIRunner.runTool(["python3", "-c", script, ics.path,
                                         CLIRunner.packageRoot.appendingPathComponent("Examples/fall-2026-classes.ics").path])
        let text = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        if out.status == 127 {
            print("skipped: python3 not available to read the export back")
            return
        }
        if text == "SKIP" || out.status != 0 {
            print("skipped: python icalendar / recurring-ical-events not available to read the export back")
            return
        }
        let r = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Int])
        #expect(r["planned"] == sittingCount)
        #expect(r["total"] == (r["classes"] ?? -1) + sittingCount)
    }
}

import Foundation
import Testing

/// `plan courses` through the real binary, on a small catalog written for
/// these tests (`Courses/small-catalog.json`): import, search, build (text,
/// JSON against its schema, every kind of "nothing fits"), save, use as the
/// class calendar, and a task planned around it — a golden transcript.
@Suite(.serialized) struct CoursesCommandTests {
    static let catalog = "Tests/PlanCLITests/Courses/small-catalog.json"
    static let now = "2027-09-01T08:00:00-04:00"

    struct Step {
        var args: [String]
        var status: Int32
    }

    static let steps: [Step] = [
        Step(args: ["courses", "build", "CMSC330"], status: 65),
        Step(args: ["courses", "import", catalog], status: 0),
        Step(args: ["courses", "search", "algebra"], status: 0),
        Step(args: ["courses", "search", "cmsc"], status: 0),
        Step(args: ["courses", "search", "CMSC330 math240"], status: 0),
        Step(args: ["courses", "search", "liskov"], status: 0),
        Step(args: ["courses", "search", "nobody at all"], status: 0),
        Step(args: ["courses", "save", "1"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "HIST200"], status: 0),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "--only-open", "--top", "1"], status: 0),
        Step(args: ["courses", "build", "CMSC330", "PHYS161", "--exclude", "CMSC330-0201"], status: 3),
        Step(args: ["courses", "build", "CMSC330", "PHYS161", "--no-earlier", "10:30"], status: 3),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "--max-days", "1"], status: 3),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "PHYS161", "ENGL101"], status: 3),
        Step(args: ["courses", "build", "CMSC33", "MATH240"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "--free-day", "XX"], status: 64),
        // Days and times as timetables print them and people type them.
        Step(args: ["courses", "build", "CMSC330", "MATH240", "--free-day", "F", "--free-day", "TR", "--no-earlier", "9am", "--top", "1"], status: 3),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "--free-day", "Friday", "--no-later", "5:30pm", "--top", "1"], status: 0),
        // Options that cannot apply, and loads past the limits, are refused with the reason.
        Step(args: ["courses", "build", "MATH240", "PHYS161", "--only-open"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "--exclude", "CMSC330-9999"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "--exclude", "PHYS161-0101"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "PHYS161", "HIST200", "ENGL101", "--max-courses", "4"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "PHYS161", "--max-credits", "9"], status: 65),
        Step(args: ["courses", "build", "CMSC330", "PHYS161", "--free-day", "MO,TU,WE,TH,FR", "--json"], status: 3),
        Step(args: ["courses", "build", "CMSC330", "--exclude", "0101"], status: 64),
        Step(args: ["courses", "build", "CMSC330", "--weight", "gpa=0", "--weight", "rating=0"], status: 64),
        Step(args: ["courses", "build", "CMSC330", "MATH240", "HIST200", "--weight", "gpa=3"], status: 0),
        Step(args: ["courses", "save", "9"], status: 65),
        Step(args: ["courses", "save", "1", "--name", "fall-2027"], status: 0),
        Step(args: ["courses", "save", "2"], status: 0),
        Step(args: ["courses", "save", "1", "--name", "fall-2027"], status: 65),
        Step(args: ["courses", "saved"], status: 0),
        Step(args: ["courses", "show", "fall-2027"], status: 0),
        Step(args: ["courses", "show", "spring"], status: 65),
        // Study planned before the classes are known: `use` moves what now collides, and says so.
        Step(args: ["add-task", "Reading", "--estimate", "4h", "--span", "2h", "--due", "2027-09-02", "--earliest", "09:00", "--latest", "12:00",
                    "--placement", "early"], status: 0),
        Step(args: ["courses", "use", "fall-2027", "--out", "OUT/classes.ics"], status: 0),
        Step(args: ["calendar", "list"], status: 0),
        Step(args: ["add-task", "Problem set 1", "--project", "MATH240", "--estimate", "4h", "--span", "2h", "--due", "2027-09-03"], status: 0),
        Step(args: ["agenda", "--from", "2027-09-01", "--days", "2"], status: 0),
        Step(args: ["courses", "remove", "fall-2027-2"], status: 0),
        Step(args: ["courses", "saved"], status: 0),
        Step(args: ["courses", "import", "Tests/PlanCLITests/Courses/missing.json"], status: 66),
        Step(args: ["courses", "import", "Examples/catalog-sample.csv"], status: 65),
    ]

    static func environment(_ dir: URL) -> [String: String] {
        ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": now]
    }

    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-courses-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func theWholeWayFromCatalogToPlan() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var transcript = ""
        for step in Self.steps {
            let args = step.args.map { $0.replacingOccurrences(of: "OUT/", with: dir.path + "/") }
            let out = try CLIRunner.run(args, environment: Self.environment(dir))
            #expect(out.status == step.status, "plan \(step.args.joined(separator: " ")): \(out.stderr)")
            transcript += "$ plan \(step.args.joined(separator: " "))\nexit: \(out.status)\n\(out.stdout)"
            if !out.stderr.isEmpty { transcript += "stderr:\n\(out.stderr)" }
            transcript += "\n"
        }
        transcript = transcript.replacingOccurrences(of: dir.path, with: "$TMP")
        try CLIRunner.expectGolden("courses-story", CLIRunner.Output(stdout: transcript, stderr: "", status: 0))

        // The task's sittings keep clear of every class meeting the calendar holds.
        let env = Self.environment(dir)
        let task = try CLIRunner.run(["task", "show", "problem-set-1", "--json"], environment: env)
        let sittings = try #require((try JSONSerialization.jsonObject(with: Data(task.stdout.utf8)) as? [String: Any])?["sittings"] as? [[String: Any]])
        #expect(sittings.count == 2)
        let events = try CLIRunner.run(["events", dir.appendingPathComponent("classes.ics").path, "--from", "2027-08-30",
                                        "--to", "2027-12-11", "--json"], environment: env)
        #expect(events.status == 0 && events.stderr.isEmpty)
        let classes = try #require(try JSONSerialization.jsonObject(with: Data(events.stdout.utf8)) as? [[String: Any]])
        let format = ISO8601DateFormatter()
        func range(_ o: [String: Any]) -> (Date, Date)? {
            guard let s = (o["start"] as? String).flatMap(format.date), let e = (o["end"] as? String).flatMap(format.date) else { return nil }
            return (s, e)
        }
        // MATH240 0101 MW (30 Mondays and Wednesdays less Labor Day and Thanksgiving eve) and CMSC330 0201 TR (30 less Thanksgiving).
        #expect(classes.count == 28 + 29)
        for s in sittings.compactMap(range) {
            for c in classes.compactMap(range) { #expect(!(s.0 < c.1 && c.0 < s.1), "a sitting overlaps a class") }
        }
    }

    @Test func theBuildAsJSONFollowsItsSchema() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        var jobs: [(String, String)] = []
        for args in [["CMSC330", "MATH240", "HIST200"], ["CMSC330", "PHYS161", "--exclude", "CMSC330-0201"],
                     ["CMSC330", "PHYS161", "--no-earlier", "10:30"], ["CMSC330", "MATH240", "--max-days", "1"],
                     ["CMSC330", "MATH240", "PHYS161", "ENGL101"]] {
            let out = try CLIRunner.run(["courses", "build"] + args + ["--catalog", Self.catalog, "--json"], environment: env)
            #expect(out.status == 0 || out.status == 3, "\(args): \(out.stderr)")
            jobs.append(("urn:plan:schema:timetable-build", out.stdout))
        }
        jobs.append(("urn:plan:schema:catalog", try String(contentsOfFile: CLIRunner.packageRoot.appendingPathComponent(Self.catalog).path, encoding: .utf8)))
        try RPCTests.expectValid(jobs)
    }

    /// Sections at the same time with the same instructor in different rooms are two choices; only
    /// sections that differ in nothing but the id are listed together, and `save` keeps the one
    /// registered for (`--section`), whose room the class calendar then has.
    @Test func theSectionSavedIsTheOneRegisteredFor() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        func section(_ id: String, _ room: String) -> String {
            #"{"id": "\#(id)", "instructors": ["Ada Byron"], "gpa": 3.1, "meetings": [{"days": ["MO", "WE"], "start": "10:00", "end": "10:50", "room": "\#(room)"}]}"#
        }
        let catalog = #"{"term": {"name": "Fall 2027", "timeZone": "America/New_York", "start": "2027-08-30", "end": "2027-12-10"}, "#
            + #""courses": [{"code": "CMSC131", "title": "Object-Oriented Programming I", "credits": 4, "sections": ["#
            + [section("0103", "IRB 1116"), section("0101", "IRB 1116"), section("0102", "IRB 0324")].joined(separator: ", ") + "]}]}"
        let file = dir.appendingPathComponent("catalog.json")
        try catalog.write(to: file, atomically: true, encoding: .utf8)
        func plan(_ args: [String], _ status: Int32 = 0) throws -> String {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == status, "plan \(args.joined(separator: " ")): \(out.stderr)")
            return out.stdout + out.stderr
        }
        _ = try plan(["courses", "import", file.path])
        let built = try plan(["courses", "build", "CMSC131", "--variants", "--json"])
        let combos = try #require((try JSONSerialization.jsonObject(with: Data(built.utf8)) as? [String: Any])?["combinations"] as? [[String: Any]])
        let ids = combos.compactMap { (($0["sections"] as? [[String: Any]])?.first?["ids"] as? [String]) }
        #expect(ids == [["0101", "0103"], ["0102"]])

        let saved = try plan(["courses", "save", "1"])
        #expect(saved.contains("CMSC131 0101"), "\(saved)")
        #expect(saved.contains("CMSC131: kept 0101; 0103 is identical but for the id"), "\(saved)")
        let wrong = try plan(["courses", "save", "1", "--name", "b", "--section", "CMSC131-0102"], 65)
        #expect(wrong.contains("sections 0101, 0103, identical but for their ids"), "\(wrong)")
        let other = try plan(["courses", "save", "1", "--name", "b", "--section", "cmsc 131:0103", "--json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(other.utf8)) as? [String: Any])
        #expect((json["sections"] as? [[String: Any]])?.first?["ids"] as? [String] == ["0103"])
        #expect((json["identical"] as? [[String: Any]])?.first?["ids"] as? [String] == ["0101"])
        _ = try plan(["courses", "save", "1", "--name", "c", "--section", "CMSC131"], 64)

        _ = try plan(["courses", "use", "b", "--out", dir.appendingPathComponent("b.ics").path])
        let ics = try String(contentsOf: dir.appendingPathComponent("b.ics"), encoding: .utf8)
        #expect(ics.contains("LOCATION:IRB 1116"))
        #expect(ics.contains("section 0103\\n"))
        #expect(!ics.contains("0101"))
        // A new catalog forgets the last build, and save says so plainly.
        _ = try plan(["courses", "import", file.path])
        #expect(try plan(["courses", "save", "1"], 65).contains("nothing built yet: run `plan courses build COURSE…` first"))
    }

    /// A catalog that lists lectures, labs and discussions as separate sections
    /// (`Examples/catalog-linked.json`, Illinois-shaped): each choice is a lecture with one
    /// of each of its linked sections, and the class calendar has every part in its room.
    @Test func linkedSectionsFromCatalogToClassCalendar() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        func plan(_ args: [String], _ status: Int32 = 0) throws -> String {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == status, "plan \(args.joined(separator: " ")): \(out.stderr)")
            return out.stdout + out.stderr
        }
        _ = try plan(["courses", "import", "Examples/catalog-linked.json"])
        let built = try CLIRunner.run(["courses", "build", "CS225", "PHYS211", "--json"], environment: env).stdout
        let none = try CLIRunner.run(["courses", "build", "PHYS211", "--exclude", "PHYS211-L1", "--exclude", "PHYS211-L2", "--json"], environment: env).stdout
        try RPCTests.expectValid([("urn:plan:schema:timetable-build", built), ("urn:plan:schema:timetable-build", none)])
        #expect(none.contains(#""kind": "noWayToTake""#))
        let text = try plan(["courses", "build", "CS225", "PHYS211"])
        // AL1 (3.28, 4.3) with a lab that fits: AYA (Thursday 9:00) clashes with the PHYS211 lecture (TR 9:30).
        #expect(text.contains("#1  score 79.4"), "\(text)")
        #expect(text.contains("CS225 AL1+AYB · MW 10:00–10:50 lecture Siebel 1404; R 11:00–12:50 lab Siebel 0218 · Carl Evans"), "\(text)")
        #expect(text.contains("PHYS211 A1+ADB+L1 · TR 09:30–10:45 lecture Loomis 141; M 15:00–16:50 discussion Loomis 257; M 13:00–14:50 lab Loomis 276"), "\(text)")
        // AL2 (MW 14:00) and lab L1 (M 13:00–14:50) clash: with AL2, PHYS211 takes lab L2.
        #expect(text.contains("PHYS211 A1+ADB+L2"), "\(text)")
        #expect(!text.contains("AYA"), "\(text)")
        _ = try plan(["courses", "save", "1"])
        _ = try plan(["courses", "use", "fall-2027", "--out", dir.appendingPathComponent("c.ics").path])
        let ics = try String(contentsOf: dir.appendingPathComponent("c.ics"), encoding: .utf8)
        for summary in ["CS225 Lecture", "CS225 Lab", "PHYS211 Lecture", "PHYS211 Discussion", "PHYS211 Lab"] {
            #expect(ics.contains("SUMMARY:\(summary)\r\n"), "\(summary)")
        }
        #expect(ics.contains("LOCATION:Loomis 276\r\n") && ics.contains("LOCATION:Siebel 1404\r\n"))
    }

    /// The class calendar as Python icalendar + recurring-ical-events expand it: the same meetings.
    @Test func theClassCalendarReadsTheSameInPython() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.environment(dir)
        for args in [["courses", "import", Self.catalog], ["courses", "build", "CMSC330", "MATH240", "PHYS161", "HIST200"],
                     ["courses", "save", "1"], ["courses", "use", "fall-2027", "--out", dir.appendingPathComponent("c.ics").path]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 0, "plan \(args.joined(separator: " ")): \(out.stderr)")
        }
        let ours = try CLIRunner.run(["events", dir.appendingPathComponent("c.ics").path, "--from", "2027-01-01", "--to", "2028-06-01",
                                      "--json", "--tz", "UTC"], environment: env)
        let mine = try #require(try JSONSerialization.jsonObject(with: Data(ours.stdout.utf8)) as? [[String: Any]])
            .compactMap { $0["start"] as? String }.sorted()
        let script = """
        import sys, json, datetime as dt
        try:
            import icalendar, recurring_ical_events as rie
        except ImportError:
            print("SKIP"); sys.exit(0)
        cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
        a = dt.datetime(2027, 1, 1, tzinfo=dt.timezone.utc); b = dt.datetime(2028, 6, 1, tzinfo=dt.timezone.utc)
        print(json.dumps(sorted(e['DTSTART'].dt.astimezone(dt.timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ') for e in rie.of(cal).between(a, b))))
        """
        let out = try CLIRunner.runTool(["python3", "-c", script, dir.appendingPathComponent("c.ics").path])
        let text = out.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        guard out.status == 0, text != "SKIP" else {
            print("skipped: python icalendar / recurring-ical-events not available to read the class calendar")
            return
        }
        let theirs = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String])
        // The one combination: CMSC330 0201 and MATH240 0201 (TR, 29 meetings each), PHYS161 0101
        // (MW lecture, 28; Friday lab from 2027-09-13, 12), HIST200 online.
        #expect(mine.count == 29 + 29 + 28 + 12)
        #expect(theirs == mine)
    }
}

import Foundation
import Testing

/// `plan week` through the real binary: golden grids for the bundled class
/// schedule with planned sittings, a Saturday exam, overlaps, an online course
/// of the timetable in use, the two DST weeks and narrow terminals; the JSON
/// against its schema; the pictures; and the README's picture kept current.
@Suite(.serialized) struct WeekCommandTests {
    static let classes = "Examples/fall-2026-classes.ics"
    static let dir = "Tests/PlanCLITests/Week/"

    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-week-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    static func env(_ dir: URL, now: String = "2026-11-16T08:00:00-05:00", columns: Int = 100) -> [String: String] {
        ["PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path, "PLAN_NOW": now, "COLUMNS": String(columns)]
    }

    /// The example week of `Examples/make-week.sh`: classes, a project colour, two tasks.
    static func exampleStore(_ dir: URL) throws -> [String: String] {
        let env = env(dir)
        for args in [["calendar", "add", classes, "--name", "Fall 2026 classes"], ["project", "add", "HIST200", "--color", "teal"],
                     ["add-task", "History essay", "--project", "HIST200", "--estimate", "6h", "--span", "90m", "--due", "2026-11-20", "--earliest", "09:00"],
                     ["add-task", "Problem set 9", "--project", "MATH 221", "--estimate", "3h", "--span", "90m", "--due", "2026-11-19", "--latest", "18:00"]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 0, "plan \(args.joined(separator: " ")): \(out.stderr)")
        }
        return env
    }

    @Test(arguments: [100, 80, 60])
    func theExampleWeek(columns: Int) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        var env = try Self.exampleStore(dir)
        env["COLUMNS"] = String(columns)
        let out = try CLIRunner.run(["week"], environment: env)
        try CLIRunner.expectGolden("week-example-\(columns)", out)
        // Never wider than the terminal.
        for line in out.stdout.split(separator: "\n") { #expect(line.count <= columns, "\(line)") }
        let classesOnly = try CLIRunner.run(["week", "--only-classes"], environment: env)
        #expect(!classesOnly.stdout.contains("▸"))
    }

    @Test func aSaturdayExamShowsSaturday() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["week", "--from", "2026-12-07", "--calendar", Self.classes, "--calendar", Self.dir + "saturday-exam.ics"],
                                    environment: Self.env(dir))
        try CLIRunner.expectGolden("week-saturday-exam", out)
        #expect(out.stdout.contains("Sat 12-12") && !out.stdout.contains("Sun 12-13"))
    }

    @Test func overlapsSitSideBySide() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["week", "--from", "2026-11-16", "--calendar", Self.dir + "overlaps.ics"], environment: Self.env(dir))
        try CLIRunner.expectGolden("week-overlaps", out)
        let json = try CLIRunner.run(["week", "--from", "2026-11-16", "--calendar", Self.dir + "overlaps.ics", "--json"], environment: Self.env(dir))
        let blocks = try #require((try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])?["blocks"] as? [[String: Any]])
        // Five busy events (the free one left out), each in its own lane where they meet.
        #expect(blocks.count == 5)
        let lanes = blocks.map { "\($0["title"] ?? "")@\($0["lane"] ?? "")/\($0["lanes"] ?? "")" }
        #expect(lanes.contains("Lab@0/2") && lanes.contains("Advisor meeting@1/2") && lanes.contains("Lecture@1/2"), "\(lanes)")
        #expect(lanes.filter { $0.hasPrefix("Club meeting") }.sorted() == ["Club meeting@0/2", "Club meeting@1/2"])
    }

    @Test func anOnlineCourseIsListedUnderTheGrid() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = Self.env(dir, now: "2027-09-01T08:00:00-04:00")
        for args in [["courses", "import", "Tests/PlanCLITests/Courses/small-catalog.json"], ["courses", "build", "CMSC330", "MATH240", "HIST200"],
                     ["courses", "save", "1", "--name", "fall-2027"], ["courses", "use", "fall-2027", "--out", dir.appendingPathComponent("c.ics").path]] {
            let out = try CLIRunner.run(args, environment: env)
            #expect(out.status == 0, "plan \(args.joined(separator: " ")): \(out.stderr)")
        }
        let out = try CLIRunner.run(["week", "--from", "2027-09-06"], environment: env)
        try CLIRunner.expectGolden("week-online-course", out)
        #expect(out.stdout.contains("HIST200  The Atlantic World, 1500-1800  no set time"))
    }

    @Test(arguments: ["2026-03-02", "2026-10-26"])
    func aDSTWeek(from: String) throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.run(["week", "--from", from, "--calendar", Self.dir + "dst.ics"], environment: Self.env(dir))
        try CLIRunner.expectGolden("week-dst-\(from)", out)
        #expect(out.stdout.contains(from == "2026-03-02" ? "no 02:00" : "01:00 twice"))
    }

    @Test func theJSONFollowsItsSchema() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try Self.exampleStore(dir)
        var jobs: [(String, String)] = []
        for args in [["week"], ["week", "--from", "2026-11-23"], ["week", "--from", "2026-10-26", "--calendar", Self.dir + "dst.ics", "--only-classes"]] {
            let out = try CLIRunner.run(args + ["--json"], environment: env)
            #expect(out.status == 0, "\(out.stderr)")
            jobs.append(("urn:plan:schema:week", out.stdout))
        }
        _ = try RPCTests.expectValid(jobs)
    }

    @Test func badOptionsSayWhatToDo() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (args, status, text) in [(["--size", "12x8"], Int32(64), "--size 12x8"), (["--days", "0"], 64, "--days 0"),
                                     (["--tz", "Mars/Base"], 64, "--tz Mars/Base"), (["--from", "someday"], 64, "--from: \"someday\" is not a date"),
                                     (["--calendar", "nope.ics"], 66, "nope.ics")] {
            let out = try CLIRunner.run(["week"] + args, environment: Self.env(dir))
            #expect(out.status == status, "\(args): \(out.stderr)")
            #expect(out.stderr.contains(text), "\(args): \(out.stderr)")
        }
    }

    /// The picture: SVG that XML reads, PNG of the asked size with more than a few colours.
    @Test func thePictures() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let env = try Self.exampleStore(dir)
        let svg = dir.appendingPathComponent("w.svg").path, png = dir.appendingPathComponent("w.png").path
        let out = try CLIRunner.run(["week", "--svg", svg, "--png", png, "--size", "1200x800"], environment: env)
        #expect(out.status == 0, "\(out.stderr)")
        let check = try CLIRunner.runTool(["python3", "-c", """
        import sys, struct, zlib, xml.etree.ElementTree as E
        E.parse(sys.argv[1])
        data = open(sys.argv[2], 'rb').read()
        assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n'
        w, h, depth, kind = struct.unpack('>IIBB', data[16:26])
        pos, idat = 8, b''
        while pos < len(data):
            n, t = struct.unpack('>I4s', data[pos:pos + 8])
            if t == b'IDAT': idat += data[pos + 8:pos + 8 + n]
            pos += 12 + n
        raw = zlib.decompress(idat)
        stride = 1 + w * (4 if kind == 6 else 3)
        # Count distinct filtered rows: a blank image has one kind of row.
        print(w, h, len(set(raw[i * stride:(i + 1) * stride] for i in range(h))) > 50)
        """, svg, png])
        #expect(check.stdout == "1200 800 True\n", "\(check.stderr)")
    }

    /// `Examples/week.svg` is what `bash Examples/make-week.sh` makes now.
    @Test func theREADMEPictureIsCurrent() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = try CLIRunner.runTool(["bash", "Examples/make-week.sh", dir.path], environment: ["PLAN": CLIRunner.binary.path])
        #expect(out.status == 0, "\(out.stderr)")
        let made = try Data(contentsOf: dir.appendingPathComponent("week.svg"))
        let committed = try Data(contentsOf: CLIRunner.packageRoot.appendingPathComponent("Examples/week.svg"))
        #expect(made == committed, "Examples/week.svg is stale: run `bash Examples/make-week.sh` and commit Examples/week.svg and week.png")
    }
}

import Foundation
import Testing

/// The bundled example's export (the README's first command: the student
/// story, then `plan export`) read by other people's readers: Python
/// `icalendar`, `vobject`, `ical` and `ics` each parse it and see every event
/// and every sitting at the instant plan planned it, and `khal import --batch`
/// takes it into a vdir that `khal list` shows (issue 12, item 10). A reader
/// that is not installed is skipped with a message; `.ci/run` installs them.
@Suite(.serialized) struct ExportReadersTests {
    /// The story played once: the export's text and the sittings plan
    /// planned (UID → UTC seconds of the start).
    struct Played {
        var ics: URL
        var text: String
        var sittings: [String: Int]
        var startsLocal: [String]
    }

    static func play(in dir: URL) throws -> Played {
        _ = try StudentStoryTests.play(in: dir)
        let ics = dir.appendingPathComponent("plan.ics")
        let text = try String(contentsOf: ics, encoding: .utf8)
        let tasks = try CLIRunner.run(["tasks", "--json"], environment: StudentStoryTests.environment(dir))
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(tasks.stdout.utf8)) as? [[String: Any]])
        var sittings: [String: Int] = [:]
        var startsLocal: [String] = []
        for s in rows.flatMap({ ($0["sittings"] as? [[String: Any]]) ?? [] }) {
            let task = try #require(s["taskId"] as? String), index = try #require(s["index"] as? Int)
            let start = try #require(s["start"] as? String)
            let date = try #require(ISO8601DateFormatter().date(from: start))
            sittings["\(task)-\(index)@plan"] = Int(date.timeIntervalSince1970)
            startsLocal.append(String(start.prefix(16)))  // 2026-11-02T08:00, New York time
        }
        #expect(!sittings.isEmpty)
        return Played(ics: ics, text: text, sittings: sittings, startsLocal: startsLocal.sorted())
    }

    /// Reads the file with one library; prints one JSON object, or `SKIP`
    /// when the library is not installed.
    static let script = """
    import sys, json
    lib, path = sys.argv[1], sys.argv[2]
    text = open(path, encoding="utf-8").read()
    try:
        if lib == "icalendar":
            import icalendar
            evs = icalendar.Calendar.from_ical(text).walk("VEVENT")
            pairs = [(str(e.get("UID")), e.decoded("DTSTART")) for e in evs]
        elif lib == "vobject":
            import vobject
            evs = list(vobject.readOne(text).vevent_list)
            pairs = [(e.uid.value, e.dtstart.value) for e in evs]
        elif lib == "ical":
            from ical.calendar_stream import IcsCalendarStream
            evs = IcsCalendarStream.calendar_from_ics(text).events
            pairs = [(e.uid, e.dtstart) for e in evs]
        elif lib == "ics":
            import ics
            evs = list(ics.Calendar(text).events)
            pairs = [(e.uid, e.begin.datetime) for e in evs]
    except ImportError as e:
        print("SKIP", e); sys.exit(0)
    planned = {u: int(d.timestamp()) for u, d in pairs if u.endswith("@plan")}
    print(json.dumps({"events": len(pairs), "sittings": planned}))
    """

    @Test(arguments: ["icalendar", "vobject", "ical", "ics"])
    func pythonReaderSeesEveryEventAndSitting(library: String) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-readers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let played = try Self.play(in: dir)
        // Sittings are written in the user's zone, with its VTIMEZONE once.
        #expect(played.text.contains("DTSTART;TZID=America/New_York:"))
        #expect(played.text.components(separatedBy: "BEGIN:VTIMEZONE").count - 1 == 1)
        #expect(played.text.contains("CATEGORIES:CLASS,CS 201\r\n"))

        let out = try CLIRunner.runTool(["python3", "-c", Self.script, library, played.ics.path])
        if out.status == 127 {
            print("skipped: python3 is not installed, so \(library) cannot read the export")
            return
        }
        if out.stdout.hasPrefix("SKIP") {
            print("skipped: the Python library \(library) is not installed (bash .ci/run installs it)")
            return
        }
        #expect(out.status == 0, "\(library) could not read the export: \(out.stderr.suffix(800))")
        let r = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any], "\(library): \(out.stdout)")
        let events = played.text.components(separatedBy: "BEGIN:VEVENT").count - 1
        #expect(r["events"] as? Int == events, "\(library) saw \(r["events"] ?? "nothing") of \(events) events")
        #expect(r["sittings"] as? [String: Int] == played.sittings, "\(library) placed the sittings elsewhere")
    }

    @Test func khalImportsIt() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-khal-\(UUID().uuidString)")
        let vdir = dir.appendingPathComponent("calendar")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent("khal.conf")
        try """
        [calendars]
        [[plan]]
        path = \(vdir.path)
        type = calendar
        [locale]
        timeformat = %H:%M
        dateformat = %Y-%m-%d
        longdateformat = %Y-%m-%d
        datetimeformat = %Y-%m-%dT%H:%M
        longdatetimeformat = %Y-%m-%dT%H:%M
        local_timezone = America/New_York
        default_timezone = America/New_York
        [sqlite]
        path = \(dir.appendingPathComponent("khal.db").path)

        """.write(to: config, atomically: true, encoding: .utf8)
        let env = ["XDG_CONFIG_HOME": dir.path, "XDG_DATA_HOME": dir.path, "HOME": dir.path]
        let khal = ["python3", "-m", "khal", "-c", config.path]
        let version = try CLIRunner.runTool(khal + ["--version"], environment: env)
        if version.status != 0 {
            print("skipped: khal is not installed (bash .ci/run installs it)")
            return
        }
        let played = try Self.play(in: dir)

        let imported = try CLIRunner.runTool(khal + ["import", "--batch", "-a", "plan", played.ics.path], environment: env)
        #expect(imported.status == 0, "khal import: \(imported.stderr)")
        // One vdir item per UID (an override joins its series), and every sitting among them.
        let uids = Set(played.text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") })
        let items = try FileManager.default.contentsOfDirectory(atPath: vdir.path).filter { $0.hasSuffix(".ics") }
        #expect(items.count == uids.count)
        let stored = try items.map { try String(contentsOf: vdir.appendingPathComponent($0), encoding: .utf8) }.joined()
        for uid in played.sittings.keys { #expect(stored.contains("UID:\(uid)"), "\(uid) not in the vdir") }

        let calendars = try CLIRunner.runTool(khal + ["printcalendars"], environment: env)
        #expect(calendars.stdout.split(separator: "\n").contains("plan"))
        // khal shows each sitting at its planned New York time.
        let listed = try CLIRunner.runTool(khal + ["list", "--format", "{start} {uid}", "--day-format", "",
                                                   "2026-11-01", "2026-12-01"], environment: env)
        #expect(listed.status == 0, "khal list: \(listed.stderr)")
        let sittingStarts = listed.stdout.split(separator: "\n").filter { $0.hasSuffix("@plan") }.map { String($0.prefix(16)) }
        #expect(sittingStarts.sorted() == played.startsLocal)
    }
}

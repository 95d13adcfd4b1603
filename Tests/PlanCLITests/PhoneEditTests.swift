import Foundation
import Testing

/// What the student does to plan's events on the phone, made with the
/// Python `caldav` client against real Radicale and Xandikos: a sitting
/// moved 25 h later, one retitled, one given an alarm and a colour, one
/// deleted. `plan sync` keeps each as the student meant it (docs/reference.md, "Your
/// plan on your phone"); each test says plainly when it skipped.
@Suite(.serialized) struct PhoneEditTests {
    /// `uid|start|end|summary|alarms|color|sequence|last-modified?` of each plan event, by start.
    static let readEvents = """
        rows = []
        for e, c in events('study/'):
            if not c.get('X-PLAN-TASK-ID'): continue
            s = int(c.decoded('DTSTART').timestamp()); t = int(c.decoded('DTEND').timestamp())
            alarms = len([a for a in c.subcomponents if a.name == 'VALARM'])
            rows.append((s, f"{c.get('UID')}|{s}|{t}|{c.get('SUMMARY')}|{alarms}|{c.get('COLOR', '')}|{c.get('SEQUENCE', 0)}|{'LAST-MODIFIED' in c}"))
        print('\\n'.join(r for _, r in sorted(rows)))
        """

    struct Event {
        var uid: String, start: Int, end: Int, summary: String, alarms: Int, color: String, sequence: Int, lastModified: Bool

        init(_ row: Substring) {
            let f = row.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            uid = f[0]; start = Int(f[1])!; end = Int(f[2])!; summary = f[3]; alarms = Int(f[4])!; color = f[5]
            sequence = Int(f[6])!; lastModified = f[7] == "True"
        }
    }

    static func events(_ s: CalDAVTests.Setup) throws -> [Event] {
        try s.python(readEvents).split(separator: "\n").map(Event.init)
    }

    /// `{"created":…,"updated":…,"deleted":…}` of a `plan sync --json` output, as one string.
    static func counts(_ json: String) -> String {
        ["created", "updated", "deleted"].map { key in
            guard let r = json.range(of: "\"\(key)\":") else { return "\(key)=?" }
            return "\(key)=" + json[r.upperBound...].prefix { $0.isNumber }
        }.joined(separator: " ")
    }

    @Test(arguments: ["radicale", "xandikos"])
    func movedRetitledAlarmedAndDeletedOnThePhoneAreKeptAsTheStudentMeantThem(kind: String) throws {
        guard let s = try CalDAVTests.setUp(kind) else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        let task = try s.plan(["add-task", "Essay", "--estimate", "4h", "--span", "1h", "--due", "2026-11-27",
                               "--earliest", "08:00", "--latest", "18:00", "--placement", "early"])
        #expect(task.status == 0, "\(task.stderr)")
        let first = try s.plan(["sync", "--json"])
        #expect(first.status == 0, "\(first.stderr)")
        let before = try Self.events(s)
        try #require(before.count == 4, "\(before)")
        // Nothing in an event counts sittings: no "(1/4)".
        #expect(before.allSatisfy { $0.summary == "Essay" && $0.sequence == 0 && $0.lastModified })

        // On the phone: sitting 2 moved 25 h later, 1 retitled, 3 given an alarm and a colour, 4 deleted.
        let moved = before[1], retitled = before[0], alarmed = before[2], deleted = before[3]
        _ = try s.python("""
            for e, c in events('study/'):
                uid = str(c.get('UID'))
                if uid not in args: continue
                if uid == args[3]:
                    e.delete(); continue
                whole = icalendar.Calendar.from_ical(e.data)
                for v in whole.walk('VEVENT'):
                    if uid == args[0]:
                        start = v.decoded('DTSTART') + datetime.timedelta(hours=25); end = v.decoded('DTEND') + datetime.timedelta(hours=25)
                        del v['DTSTART']; del v['DTEND']
                        v.add('DTSTART', start); v.add('DTEND', end)
                    if uid == args[1]:
                        v['SUMMARY'] = 'Essay, in the library; bring notes\\\\drafts'
                    if uid == args[2]:
                        a = icalendar.Alarm(); a.add('ACTION', 'DISPLAY'); a.add('DESCRIPTION', 'Essay soon')
                        a.add('TRIGGER', datetime.timedelta(minutes=-15)); v.add_component(a)
                        v.add('COLOR', 'crimson')
                e.data = whole.to_ical().decode(); e.save()
            """, [moved.uid, retitled.uid, alarmed.uid, deleted.uid])

        // The dry run says exactly what the sync then sends.
        let dry = try s.plan(["sync", "--dry-run", "--json"], now: "2026-11-23T08:10:00-05:00")
        #expect(dry.status == 0, "\(dry.stderr)")
        let real = try s.plan(["sync", "--json"], now: "2026-11-23T08:10:00-05:00")
        #expect(real.status == 0, "\(real.stderr)")
        #expect(Self.counts(dry.stdout) == Self.counts(real.stdout), "dry: \(dry.stdout)\nreal: \(real.stdout)")
        #expect(real.stdout.contains("\"kind\":\"moved\",") && real.stdout.contains("\"uid\":\"\(moved.uid)\"}"), "\(real.stdout)")
        #expect(real.stdout.contains("\"title\":\"Essay\""))

        let after = try Self.events(s)
        let byUID = Dictionary(after.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        // Moved: its UID at the new time, and no other event took it (or its old time's place under its name).
        let movedThere = byUID[moved.uid].map { "\($0.start)-\($0.end)" }
        #expect(movedThere == "\(moved.start + 25 * 3600)-\(moved.end + 25 * 3600)")
        #expect(after.filter { $0.uid == moved.uid }.count == 1)
        // Retitled and alarmed: as the phone left them. Deleted: gone, its UID not given again.
        #expect(byUID[retitled.uid]?.summary == "Essay, in the library; bring notes\\drafts")
        #expect(byUID[alarmed.uid].map { "\($0.alarms) \($0.color)" } == "1 crimson")
        #expect(byUID[deleted.uid] == nil)
        // The work still adds up: 4 h of events.
        let work = after.reduce(0) { $0 + $1.end - $1.start }
        #expect(work == 4 * 3600, "\(after)")

        // plan rewrites every event (a new title): what the phone added survives, SEQUENCE goes up.
        #expect(try s.plan(["task", "edit", "essay", "--title", "History essay"], now: "2026-11-23T08:15:00-05:00").status == 0)
        let renamed = try s.plan(["sync", "--json"], now: "2026-11-23T08:15:00-05:00")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        let last = Dictionary(try Self.events(s).map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(last[retitled.uid]?.summary == "Essay, in the library; bring notes\\drafts", "the phone's title stays")
        #expect(last[alarmed.uid].map { "\($0.summary) \($0.alarms) \($0.color)" } == "History essay 1 crimson")
        #expect(last[moved.uid].map { "\($0.summary) \($0.start)" } == "History essay \(moved.start + 25 * 3600)")
        for uid in [retitled.uid, alarmed.uid, moved.uid] {
            #expect((last[uid]?.sequence ?? 0) >= 1 && last[uid]?.lastModified == true, "\(uid): \(String(describing: last[uid]))")
        }
        // Nothing changed since: nothing is sent, later too.
        let settled = try s.plan(["sync", "--json"], now: "2026-11-23T09:00:00-05:00")
        #expect(settled.stdout.contains("\"changes\":[]"), "\(settled.stdout)")
    }

    /// A study session the student goes to is on the phone as the group's event (place, organizer, attendees),
    /// not as a study sitting; gone once cancelled; not written when a registered calendar already holds it.
    @Test(arguments: ["radicale", "xandikos"])
    func aStudySessionIsOnThePhoneAsTheGroupsEvent(kind: String) throws {
        guard let s = try CalDAVTests.setUp(kind) else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["me", "--name", "Ada Byron", "--email", "ada@uni.edu"]).status == 0)
        let made = try s.plan(["group", "create", "CS 201 midterm review", "--course", "CS201", "--at", "2026-11-25T18:00", "--for", "2h",
                               "--where", "Library, room 204; bring notes", "--invite", "bob@uni.edu",
                               "--mail-dir", s.scratch.dir.appendingPathComponent("mail").path])
        #expect(made.status == 0, "\(made)")
        #expect(try s.plan(["add-task", "Essay", "--estimate", "2h", "--due", "2026-11-27"]).status == 0)
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        let synced = try s.plan(["sync"])
        #expect(synced.status == 0, "\(synced.stderr)")
        let rows = try s.python("""
            for e, c in events('study/'):
                if c.get('X-PLAN-SESSION-ID'):
                    who = c.get('ATTENDEE', []); who = who if isinstance(who, list) else [who]
                    print(c.get('UID'), '|', c.get('LOCATION'), '|', c.get('ORGANIZER'), '|', ','.join(str(a) for a in who),
                          '|', c.get('X-PLAN-TASK-ID'), '|', c.decoded('DTSTART').astimezone(datetime.timezone.utc).isoformat())
            """)
        let row = rows.split(separator: "\n").first.map(String.init) ?? ""
        #expect(rows.split(separator: "\n").count == 1, "\(rows)")
        #expect(row.contains("| Library, room 204; bring notes |"), "\(row)")
        #expect(row.contains("mailto:ada@uni.edu") && row.contains("mailto:bob@uni.edu"), "\(row)")
        #expect(row.contains("| None |") && row.hasSuffix("2026-11-25T23:00:00+00:00"), "\(row)")
        let uid = String(row.split(separator: " ").first ?? "")
        // Nothing changed: nothing sent.
        #expect(try s.plan(["sync", "--json"]).stdout.contains("\"changes\":[]"))

        // The group's calendar registered as busy time holds the session: the phone is not given it twice.
        let busy = s.scratch.dir.appendingPathComponent("group.ics")
        try SubscriptionTests.event("CS 201 midterm review", start: "20261125T230000Z", end: "20261126T010000Z")
            .replacingOccurrences(of: "class-1@plan-tests", with: uid).write(to: busy, atomically: true, encoding: .utf8)
        #expect(try s.plan(["calendar", "add", busy.path, "--name", "group"]).status == 0)
        let twice = try s.plan(["sync", "--json"])
        #expect(twice.stdout.contains("\"action\":\"delete\"") && twice.stdout.contains("\"uid\":\"\(uid)\""), "\(twice.stdout)")
        #expect(try s.plan(["calendar", "remove", "group"]).status == 0)
        #expect(try s.plan(["sync"]).status == 0)

        // Cancelled: gone from the phone.
        #expect(try s.plan(["group", "cancel", "cs-201-midterm-review", "--mail-dir", s.scratch.dir.appendingPathComponent("mail").path]).status == 0)
        let cancelled = try s.plan(["sync", "--json"])
        #expect(cancelled.stdout.contains("\"action\":\"delete\""), "\(cancelled.stdout)")
        #expect(try s.python("print(len([1 for e, c in events('study/') if c.get('X-PLAN-SESSION-ID')]))") == "0\n")
    }

    /// Hostile text (commas, semicolons, quotes, backslashes, a line break) goes to the server and comes back as typed.
    @Test(arguments: ["radicale", "xandikos"])
    func hostileTextRoundTripsThroughTheServer(kind: String) throws {
        guard let s = try CalDAVTests.setUp(kind) else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        let title = #"Essay, part 1; "draft" \ notes"#
        let notes = "Chapters 3, 4; see \\server\\share\nthen: revise"
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        let added = try s.plan(["add-task", title, "--estimate", "1h", "--due", "2026-11-25", "--notes", notes])
        #expect(added.status == 0, "\(added)")
        #expect(try s.plan(["sync"]).status == 0)
        let read = try s.python("""
            import json
            print(json.dumps([[str(c.get('SUMMARY')), str(c.get('DESCRIPTION'))] for e, c in events('study/') if c.get('X-PLAN-TASK-ID')]))
            """)
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(read.utf8)) as? [[String]], "\(read)")
        #expect(rows.count == 1)
        #expect(rows.first?.first == title)
        #expect(rows.first?.last == notes + "\n\nPlanned by plan; task id essay-part-1-draft-notes.", "\(rows)")
    }

    /// Moved on the phone while plan moved the same sitting (its hours changed since the last sync):
    /// the phone's time is kept, and the report names the task and both times.
    @Test func aChangeOnBothSidesIsNamedAndThePhoneWins() throws {
        guard let s = try CalDAVTests.setUp("radicale") else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        #expect(try s.plan(["calendar", "target", s.base + "study/", "--create"]).status == 0)
        #expect(try s.plan(["add-task", "Essay", "--estimate", "2h", "--span", "1h", "--due", "2026-11-27", "--earliest", "08:00",
                            "--latest", "12:00", "--placement", "early"]).status == 0)
        #expect(try s.plan(["sync"]).status == 0)
        let before = try PhoneEditTests.events(s)
        try #require(before.count == 2)
        // plan moves every sitting to the afternoon; the phone moves the first to the evening.
        let edited = try s.plan(["task", "edit", "essay", "--earliest", "13:00", "--latest", "18:00"])
        #expect(edited.status == 0, "\(edited)")
        _ = try s.python("""
            for e, c in events('study/'):
                if str(c.get('UID')) != args[0]: continue
                whole = icalendar.Calendar.from_ical(e.data)
                for v in whole.walk('VEVENT'):
                    start = v.decoded('DTSTART').replace(day=24, hour=20, minute=0)
                    del v['DTSTART']; del v['DTEND']
                    v.add('DTSTART', start); v.add('DTEND', start + datetime.timedelta(hours=1))
                e.data = whole.to_ical().decode(); e.save()
            """, [before[0].uid])
        let synced = try s.plan(["sync"], now: "2026-11-23T08:10:00-05:00")
        #expect(synced.status == 0, "\(synced)")
        #expect(synced.stdout.contains("Changed on both sides: \"Essay\" (\(before[0].uid)) moved on the phone to Tue 2026-11-24 20:00–21:00 while plan had moved it to "),
                "\(synced.stdout)")
        #expect(synced.stdout.contains("; the phone's time is kept."))
        let after = Dictionary(try PhoneEditTests.events(s).map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        let evening = Int(ISO8601DateFormatter().date(from: "2026-11-25T01:00:00Z")!.timeIntervalSince1970)
        #expect(after[before[0].uid]?.start == evening, "\(synced.stdout)")
        let work = after.values.reduce(0) { $0 + $1.end - $1.start }
        #expect(work == 2 * 3600, "\(after)")
    }
}

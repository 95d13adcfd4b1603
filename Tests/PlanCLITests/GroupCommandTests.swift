import Foundation
import Testing

/// `plan me` and `plan group` with the real binary: three members' calendars
/// written here, find (checked against a brute force over the grid written
/// here with Foundation's calendar), create, list, reply, leave/join, cancel;
/// the iMIP files read by Python's `email` and `icalendar` and their iTIP
/// fields checked against `Groups/itip.schema.json` with `jsonschema`.
@Suite(.serialized) struct GroupCommandTests {
    static let now = "2026-11-30T08:00:00-05:00"

    /// One member's busy time: (local start, local end) in `zone`, `yyyy-MM-dd'T'HH:mm`.
    struct Member {
        var name: String
        var zone: String
        var busy: [(String, String)]

        /// The calendar: one VEVENT per busy range, local times with TZID.
        var ics: String {
            var out = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//plan tests//groups//EN\r\n"
            for (i, b) in busy.enumerated() {
                func stamp(_ s: String) -> String { s.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "") + "00" }
                out += "BEGIN:VEVENT\r\nUID:\(name)-\(i)@plan-tests\r\nDTSTAMP:20261101T000000Z\r\n"
                out += "DTSTART;TZID=\(zone):\(stamp(b.0))\r\nDTEND;TZID=\(zone):\(stamp(b.1))\r\nSUMMARY:\(name) busy \(i)\r\nEND:VEVENT\r\n"
            }
            return out + "END:VCALENDAR\r\n"
        }

        /// The busy ranges as instants.
        var ranges: [(Date, Date)] { busy.map { (GroupCommandTests.date($0.0, zone), GroupCommandTests.date($0.1, zone)) } }
    }

    static func date(_ local: String, _ zone: String) -> Date {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(identifier: zone)!
        f.dateFormat = "yyyy-MM-dd'T'HH:mm"
        return f.date(from: local)!
    }

    /// Alice works 09:00–17:00 in New York on weekdays; Bob, in Chicago, has
    /// a lab on Tuesday and a shift on Wednesday; my class meets Tuesday and
    /// Thursday evenings.
    static let alice = Member(name: "alice", zone: "America/New_York",
                              busy: (1...4).map { ("2026-12-0\($0)T09:00", "2026-12-0\($0)T17:00") } + [("2026-11-30T09:00", "2026-11-30T17:00")])
    static let bob = Member(name: "bob", zone: "America/Chicago",
                            busy: [("2026-12-01T17:00", "2026-12-01T19:00"), ("2026-12-02T16:00", "2026-12-02T18:00"), ("2026-12-03T09:00", "2026-12-03T10:30")])
    static let mine = Member(name: "classes", zone: "America/New_York",
                             busy: [("2026-12-01T19:00", "2026-12-01T20:30"), ("2026-12-03T19:00", "2026-12-03T20:30")])

    /// The brute force: every 15-minute start from Tue 00:00 to Fri 00:00 New York time;
    /// a member can come when it lies inside 09:00–21:00 of one day in their zone and
    /// none of their busy time overlaps it; 2 or more must; best first, none
    /// overlapping one above it.
    static func expectedSlots(members: [Member], top: Int) -> [(start: Date, cannot: [String])] {
        let start = date("2026-12-01T00:00", "America/New_York"), end = date("2026-12-04T00:00", "America/New_York")
        var found: [(start: Date, free: Int, cannot: [String])] = []
        var t = start
        while t.addingTimeInterval(7_200) <= end {
            let e = t.addingTimeInterval(7_200)
            func inWindow(_ m: Member) -> Bool {
                var cal = Calendar(identifier: .gregorian)
                cal.timeZone = TimeZone(identifier: m.zone)!
                let day = cal.startOfDay(for: t)
                let open = cal.date(bySettingHour: 9, minute: 0, second: 0, of: day)!, close = cal.date(bySettingHour: 21, minute: 0, second: 0, of: day)!
                return open <= t && e <= close
            }
            // Outside a member's hours counts them out, as busy time does.
            let cannot = members.filter { m in !inWindow(m) || m.ranges.contains { $0.0 < e && t < $0.1 } }.map(\.name)
            if members.count - cannot.count >= 2 { found.append((t, members.count - cannot.count, cannot)) }
            t = t.addingTimeInterval(900)
        }
        found.sort { $0.free != $1.free ? $0.free > $1.free : $0.start < $1.start }
        var out: [(start: Date, cannot: [String])] = []
        for f in found where out.count < top {
            if out.contains(where: { $0.start < f.start.addingTimeInterval(7_200) && f.start < $0.start.addingTimeInterval(7_200) }) { continue }
            out.append((f.start, f.cannot))
        }
        return out
    }

    struct World {
        var dir: URL
        var env: [String: String]
        func plan(_ args: String...) throws -> CLIRunner.Output { try CLIRunner.run(args, environment: env) }
        func plan(_ args: [String]) throws -> CLIRunner.Output { try CLIRunner.run(args, environment: env) }
        func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

        /// The starts `plan group find` offers me and Bob on Wednesday 19:00–21:00.
        func wednesdayEvening() throws -> [String] {
            let r = try plan("group", "find", "--member", "me", "--member", path("bob.ics"), "--duration", "2h",
                             "--within", "2026-12-02T19:00..2026-12-02T21:00", "--json")
            let found = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], "\(r)")
            return (found["slots"] as? [[String: Any]] ?? []).compactMap { $0["start"] as? String }
        }
    }

    static func world() throws -> World {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plan-groups-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for m in [alice, bob, mine] { try m.ics.write(to: dir.appendingPathComponent("\(m.name).ics"), atomically: true, encoding: .utf8) }
        return World(dir: dir, env: ["PLAN_NOW": now, "PLAN_STORE": dir.appendingPathComponent("plan.sqlite").path])
    }

    static func iso(_ d: Date) -> String {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "America/New_York")!
        f.formatOptions = [.withInternetDateTime]
        return f.string(from: d)
    }

    @Test func findCreateListReplyLeaveJoinCancel() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }

        // Nobody to organize as yet: the advice says how.
        var r = try w.plan("group", "create", "Review", "--at", "2026-12-02T19:00", "--for", "2h")
        #expect(r.status == 65 && r.stderr.contains("plan me --name"), "\(r)")
        r = try w.plan("me", "--name", "Ada Byron", "--email", "Ada@Uni.edu")
        #expect(r.status == 0 && r.stdout == "Ada Byron <Ada@Uni.edu>\n", "\(r)")
        #expect(try w.plan("me", "--email", "not-an-address").status == 65)
        #expect(try w.plan("me").stdout == "Ada Byron <Ada@Uni.edu>\n")

        // My week: the class calendar, and an essay sitting on Wednesday evening.
        #expect(try w.plan("calendar", "add", w.path("classes.ics")).status == 0)
        #expect(try w.plan("policy", "set", "--day-start", "08:00", "--day-end", "23:00", "--placement", "early").status == 0)
        r = try w.plan("add-task", "Essay draft", "--estimate", "2h", "--span", "2h", "--start", "2026-12-02T19:00", "--earliest", "19:00",
                       "--due", "2026-12-04")
        #expect(r.status == 0 && r.stdout.contains("Wed 2026-12-02"), "\(r)")

        // Find: the JSON agrees with the brute force, slot for slot.
        let members = ["--member", w.path("alice.ics"), "--member", w.path("bob.ics"), "--member", "me"]
        let window = ["--duration", "2h", "--within", "2026-12-01..2026-12-03", "--between", "09:00-21:00"]
        r = try w.plan(["group", "find"] + members + window + ["--json"])
        #expect(r.status == 0, "\(r)")
        let found = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let slots = try #require(found["slots"] as? [[String: Any]])
        let expected = Self.expectedSlots(members: [Self.alice, Self.bob, Member(name: "me", zone: "America/New_York", busy: Self.mine.busy)], top: 5)
        #expect(slots.map { $0["start"] as? String } == expected.map { Self.iso($0.start) })
        #expect(slots.map { $0["cannotCome"] as? [String] } == expected.map(\.cannot))
        #expect(expected.first?.cannot == [] && expected.count == 5)
        #expect((found["members"] as? [[String: String]])?.map { $0["zone"] } == ["America/New_York", "America/Chicago", "America/New_York"])
        // The text: each slot on Bob's clock too, who cannot come, and my sitting that would move.
        r = try w.plan(["group", "find"] + members + window)
        #expect(r.stdout.contains("1. Wed 2026-12-02 19:00–21:00  everyone can come\n     Wed 2026-12-02 18:00–20:00 America/Chicago (bob)\n     me: would move Essay draft (1/1) Wed 2026-12-02 19:00–21:00\n"), "\(r.stdout)")
        #expect(r.stdout.contains("3 can come; alice cannot") || r.stdout.contains("2 of 3 can come; alice cannot"), "\(r.stdout)")

        // Create: the essay moves, one invitation per invitee.
        r = try w.plan("group", "create", "CS 201 midterm review", "--course", "CS201", "--at", "2026-12-02T19:00", "--for", "2h",
                       "--where", "Library, room 204", "--geo", "40.0012,-83.0153", "--notes", "Bring past papers.",
                       "--invite", "alice@uni.edu", "--invite", "BOB@uni.edu", "--invite", "ada@uni.edu", "--mail-dir", w.path("mail"))
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.hasPrefix("Created \"CS 201 midterm review\" (cs-201-midterm-review): Wed 2026-12-02 19:00–21:00, Library, room 204.\n"), "\(r.stdout)")
        #expect(r.stdout.contains("Wrote 2 messages"), "\(r.stdout)")
        #expect(r.stdout.contains("essay-draft: collides with CS 201 midterm review"), "\(r.stdout)")
        let requests = try FileManager.default.contentsOfDirectory(atPath: w.path("mail")).sorted()
        #expect(requests == ["cs-201-midterm-review-request-0-BOB=uni.edu.eml", "cs-201-midterm-review-request-0-alice=uni.edu.eml"])
        try Self.checkMessages(requests.map { w.path("mail/" + $0) }, method: "REQUEST", sequence: 0, attendees: 2)
        // The same command at the same `now` writes the same bytes.
        let first = try Data(contentsOf: URL(fileURLWithPath: w.path("mail/" + requests[1])))
        #expect(String(decoding: first, as: UTF8.self).contains("Date: Mon, 30 Nov 2026 13:00:00 +0000\r\n"))

        // Now busy in my plan: I cannot come to another session then.
        #expect(try w.wednesdayEvening() == [], "taken: nothing to offer me and Bob then")

        r = try w.plan("group", "list")
        #expect(r.stdout == """
            cs-201-midterm-review  Wed 2026-12-02 19:00–21:00  CS 201 midterm review (CS201)
                where: Library, room 204 (40.0012, -83.0153)
                going 1 (Ada Byron) · invited 2 (alice@uni.edu, BOB@uni.edu) · declined 0
                you are going (organizer)

            """, "\(r.stdout)")

        // Alice accepts (her mail client answers in capitals), Bob declines.
        let uid = try #require(try w.plan("group", "list", "--json").stdout.split(separator: "\"uid\":\"").dropFirst().first?.split(separator: "\"").first)
        for (who, status) in [("ALICE@UNI.EDU", "ACCEPTED"), ("bob@uni.edu", "DECLINED")] {
            let reply = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r\nMETHOD:REPLY\r\nBEGIN:VEVENT\r\n"
                + "UID:\(uid)\r\nSEQUENCE:0\r\nDTSTAMP:20261130T140000Z\r\nDTSTART:20261203T000000Z\r\nDTEND:20261203T020000Z\r\n"
                + "ORGANIZER;CN=Ada Byron:mailto:Ada@Uni.edu\r\nATTENDEE;PARTSTAT=\(status);CN=\(who.prefix(1) == "A" ? "Alice" : "Bob"):mailto:\(who)\r\n"
                + "SUMMARY:CS 201 midterm review\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            try reply.write(toFile: w.path("reply-\(status).ics"), atomically: true, encoding: .utf8)
            r = try w.plan("group", "reply", w.path("reply-\(status).ics"))
            #expect(r.status == 0, "\(r)")
        }
        #expect(r.stdout.hasPrefix("Bob: invited → declined for \"CS 201 midterm review\" (cs-201-midterm-review).\n"), "\(r.stdout)")
        #expect(r.stdout.contains("going 2 (Ada Byron, Alice) · invited 0 · declined 1 (Bob)"), "\(r.stdout)")
        // An invitation is not an answer; a reply to no session of mine is refused.
        r = try w.plan("group", "reply", w.path("mail/" + requests[0]))
        #expect(r.status == 65, "\(r)")
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:x\r\nMETHOD:REPLY\r\nBEGIN:VEVENT\r\nUID:nobody@x\r\nDTSTAMP:20261130T140000Z\r\nATTENDEE;PARTSTAT=ACCEPTED:mailto:a@b.c\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
            .write(toFile: w.path("stray.ics"), atomically: true, encoding: .utf8)
        r = try w.plan("group", "reply", w.path("stray.ics"))
        #expect(r.status == 65 && r.stderr.contains("nobody@x"), "\(r)")

        // Leave frees the time; join takes it again.
        r = try w.plan("group", "leave", "cs-201-midterm-review")
        #expect(r.status == 0 && r.stdout.hasPrefix("You left \"CS 201 midterm review\""), "\(r)")
        #expect(try w.wednesdayEvening() == ["2026-12-02T19:00:00-05:00"])
        r = try w.plan("group", "join", "CS-201-MIDTERM-REVIEW")
        #expect(r.status == 0 && r.stdout.hasPrefix("You are going to"), "\(r)")
        #expect(try w.wednesdayEvening() == [])

        // Everyone declines: the session is empty; its organizer cancels it.
        try String(contentsOfFile: w.path("reply-ACCEPTED.ics"), encoding: .utf8).replacingOccurrences(of: "PARTSTAT=ACCEPTED", with: "PARTSTAT=DECLINED")
            .write(toFile: w.path("reply-alice-no.ics"), atomically: true, encoding: .utf8)
        #expect(try w.plan("group", "reply", w.path("reply-alice-no.ics")).status == 0)
        #expect(try w.plan("group", "leave", "cs-201-midterm-review").status == 0)
        r = try w.plan("group", "list")
        #expect(r.stdout.contains("CS 201 midterm review (CS201)  [empty]\n"), "\(r.stdout)")
        #expect(r.stdout.contains("going 0 · invited 0 · declined 3 (Ada Byron, Alice, Bob)"), "\(r.stdout)")
        r = try w.plan("group", "cancel", "cs-201-midterm-review", "--mail-dir", w.path("cancel"))
        #expect(r.status == 0 && r.stdout.contains("Wrote 2 messages"), "\(r)")
        let cancels = try FileManager.default.contentsOfDirectory(atPath: w.path("cancel")).sorted()
        #expect(cancels == ["cs-201-midterm-review-cancel-1-BOB=uni.edu.eml", "cs-201-midterm-review-cancel-1-alice=uni.edu.eml"])
        try Self.checkMessages(cancels.map { w.path("cancel/" + $0) }, method: "CANCEL", sequence: 1, attendees: 2)
        r = try w.plan("group", "list", "--json")
        #expect(r.stdout.contains("\"cancelled\":true") && r.stdout.contains("\"sequence\":1"), "\(r.stdout)")
        #expect(try w.plan("group", "join", "cs-201-midterm-review").status == 65)
        #expect(try w.plan("group", "cancel", "cs-201-midterm-review").status == 65)
    }

    /// `--member NAME=SOURCE` names a member as the user calls them; without
    /// a name, a member is named after its file; two of one name are told apart.
    @Test func membersAreNamedAsTheUserNamesThem() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let alice = w.path("alice.ics"), bob = w.path("bob.ics")
        func names(_ members: [String]) throws -> [String] {
            let r = try w.plan(["group", "find"] + members.flatMap { ["--member", $0] } + ["--duration", "1h", "--json"])
            #expect(r.status == 0, "\(r.stderr)")
            let json = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
            return (json?["members"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        #expect(try names(["Ada Lovelace=" + alice, "Bob=" + bob]) == ["Ada Lovelace", "Bob"])
        #expect(try names([alice, bob]) == ["alice", "bob"])
        #expect(try names(["Sam=" + alice, "Sam=" + bob]) == ["Sam", "Sam-2"])
        let text = try w.plan(["group", "find", "--member", "Ada Lovelace=" + alice, "--member", "me", "--duration", "1h"])
        #expect(text.stdout.hasPrefix("1h for Ada Lovelace, me,"), "\(text.stdout)")
    }

    @Test func whatIsNotAvailableYetSaysSoWithItsOwnCode() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        #expect(try w.plan("me", "--email", "ada@uni.edu").status == 0)
        // A group calendar that cannot be written (nothing listens on port 1): one line, exit 73,
        // no session kept and no invitation left behind.
        var r = try w.plan("group", "create", "Review", "--at", "2026-12-02T19:00", "--for", "90m", "--invite", "bob@uni.edu",
                           "--mail-dir", w.path("out"), "--calendar", "http://127.0.0.1:1/groups/cs201/")
        #expect(r.status == 73, "\(r)")
        #expect(r.stdout.isEmpty && r.stderr.hasPrefix("plan: cannot write http://127.0.0.1:1/groups/cs201/review-") && r.stderr.split(separator: "\n").count == 1, "\(r)")
        #expect(try w.plan("group", "list", "--from", "all").stdout.contains("Review") == false)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: w.path("out"))) ?? []).isEmpty)
        // A CalDAV member out of reach: one line naming it, exit 66 (the CalDAV tests run real servers).
        for member in ["caldav:http://127.0.0.1:1/bob/", "freebusy:http://127.0.0.1:1/bob/"] {
            r = try w.plan("group", "find", "--member", "me", "--member", member, "--duration", "1h")
            #expect(r.status == 66 && r.stderr.hasPrefix("plan: \(member): cannot read: the server cannot be reached") && r.stderr.split(separator: "\n").count == 1, "\(r)")
        }
        // Bad input: one line naming the option.
        r = try w.plan("group", "find", "--member", "me", "--duration", "2h", "--days", "MO-XX")
        #expect(r.status == 64 && r.stderr.contains("--days MO-XX: expected"), "\(r)")
        r = try w.plan("group", "find", "--member", w.path("nobody.ics"), "--duration", "2h")
        #expect(r.status == 66, "\(r)")
        r = try w.plan("group", "join", "nothing-here")
        #expect(r.status == 65 && r.stderr.contains("no group session \"nothing-here\""), "\(r)")
    }

    /// Each `.eml` is CRLF throughout, a multipart/alternative with a text part and a
    /// `text/calendar; method=…` part that Python `icalendar` reads; the iTIP fields pass the schema.
    static func checkMessages(_ paths: [String], method: String, sequence: Int, attendees: Int) throws {
        for p in paths {
            let raw = try Data(contentsOf: URL(fileURLWithPath: p))
            let text = String(decoding: raw, as: UTF8.self)
            #expect(!text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(p): a line ends without CR")
            #expect(text.contains("\r\nMIME-Version: 1.0\r\n") && text.contains("Content-Type: multipart/alternative; boundary="))
        }
        let script = """
        import json, sys, email
        try:
            import icalendar, jsonschema
        except ImportError:
            print("SKIP"); sys.exit(0)
        schema = json.load(open(sys.argv[1]))
        out = []
        for path in sys.argv[2:]:
            msg = email.message_from_bytes(open(path, "rb").read())
            assert msg.get_content_type() == "multipart/alternative", msg.get_content_type()
            parts = msg.get_payload()
            assert [p.get_content_type() for p in parts] == ["text/plain", "text/calendar"], [p.get_content_type() for p in parts]
            cal_part = parts[1]
            cal = icalendar.Calendar.from_ical(cal_part.get_payload(decode=True).decode("utf-8"))
            ev = cal.walk("VEVENT")[0]
            atts = ev.get("ATTENDEE")
            atts = atts if isinstance(atts, list) else [atts]
            def person(p):
                d = {"address": str(p)}
                for k in ("CN", "PARTSTAT", "RSVP", "ROLE"):
                    if k in p.params: d[k] = str(p.params[k])
                return d
            fields = {
                "contentType": cal_part["Content-Type"],
                "METHOD": str(cal["METHOD"]), "UID": str(ev["UID"]), "SEQUENCE": int(ev["SEQUENCE"]),
                "DTSTAMP": ev["DTSTAMP"].to_ical().decode(), "DTSTART": ev["DTSTART"].to_ical().decode(),
                "DTEND": ev["DTEND"].to_ical().decode(), "SUMMARY": str(ev["SUMMARY"]), "STATUS": str(ev["STATUS"]),
                "ORGANIZER": person(ev["ORGANIZER"]), "ATTENDEE": [person(a) for a in atts],
            }
            errors = [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(fields)]
            out.append({"fields": fields, "errors": errors, "to": msg["To"], "text": parts[0].get_payload(decode=True).decode("utf-8")})
        print(json.dumps(out))
        """
        let schema = CLIRunner.packageRoot.appendingPathComponent("Tests/PlanCLITests/Groups/itip.schema.json").path
        let r = try CLIRunner.runTool(["python3", "-c", script, schema] + paths)
        if r.status == 127 || r.stdout.hasPrefix("SKIP") {
            print("skipped: python3 with icalendar and jsonschema is not available, so the iMIP files were not read by another program")
            return
        }
        #expect(r.status == 0, "\(r.stderr.suffix(1500))")
        let results = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(results.count == paths.count)
        for res in results {
            #expect((res["errors"] as? [String]) == [], "\(res)")
            let f = try #require(res["fields"] as? [String: Any])
            #expect(f["METHOD"] as? String == method && f["SEQUENCE"] as? Int == sequence)
            #expect(f["DTSTAMP"] as? String == "20261130T130000Z")
            #expect(f["DTSTART"] as? String == "20261203T000000Z" && f["DTEND"] as? String == "20261203T020000Z")
            #expect((f["ORGANIZER"] as? [String: String]) == ["address": "mailto:Ada@Uni.edu", "CN": "Ada Byron"])
            #expect((f["ATTENDEE"] as? [Any])?.count == attendees)
            #expect((res["text"] as? String)?.contains("Where: Library, room 204") == true)
        }
    }
}

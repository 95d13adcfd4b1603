import Foundation
import Testing

/// Study sessions on a shared group calendar, against a real Radicale on
/// 127.0.0.1: four students (four stores, one shared collection, one
/// Radicale login) create, list, join at the same moment and leave; the
/// Python `caldav` and `icalendar` packages read what is on the server.
/// Says plainly that it skipped when Radicale or `caldav` is missing.
@Suite(.serialized) struct GroupCalendarTests {
    static let password = "Gr0up-s3cret"

    /// One student: a store and a netrc with the group's login.
    struct Student {
        let scratch: SubscriptionTests.Scratch
        let email: String

        func plan(_ args: [String], now: String = "2026-11-30T08:00:00-05:00") throws -> CLIRunner.Output {
            try scratch.plan(args, now: now, netrc: GroupCalendarTests.password)
        }
    }

    /// Thread-safe outcomes of processes run at once.
    final class Outcomes: @unchecked Sendable {
        private let lock = NSLock()
        private var byIndex: [Int: CLIRunner.Output] = [:]
        func set(_ i: Int, _ o: CLIRunner.Output?) { lock.withLock { byIndex[i] = o } }
        var all: [CLIRunner.Output?] { lock.withLock { (0..<byIndex.count).map { byIndex[$0] ?? nil } } }
    }

    /// `uid|email|PARTSTAT|RSVP` per ATTENDEE (and `uid|ORGANIZER|email`, `uid|METHOD|…`, `uid|CATEGORIES|…`)
    /// of every event on the collection, as Python `caldav` + `icalendar` read them, sorted.
    static func serverAnswers(_ collection: String) throws -> [String] {
        let r = try CLIRunner.runTool(["python3", "-c", """
            import sys, caldav, icalendar
            client = caldav.DAVClient(url=sys.argv[1], username='student', password=sys.argv[2])
            rows = []
            for e in client.calendar(url=sys.argv[1]).events():
                cal = icalendar.Calendar.from_ical(e.data)
                for ev in cal.walk('VEVENT'):
                    uid = str(ev['UID'])
                    rows.append(f"{uid}|METHOD|{cal.get('METHOD', '-')}")
                    rows.append(f"{uid}|ORGANIZER|{str(ev['ORGANIZER']).lower()}")
                    rows.append(f"{uid}|CATEGORIES|{','.join(str(c) for c in ev['CATEGORIES'].cats)}")
                    rows.append(f"{uid}|STATUS|{ev.get('STATUS', '-')}")
                    attendees = ev.get('ATTENDEE', [])
                    if not isinstance(attendees, list): attendees = [attendees]
                    for a in attendees:
                        rows.append(f"{uid}|{str(a).lower()}|{a.params.get('PARTSTAT', '-')}|{a.params.get('RSVP', '-')}")
            print('\\n'.join(sorted(rows)))
            """, collection, password])
        #expect(r.status == 0, "python caldav: \(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    @Test func aSessionOnTheGroupCalendarIsListedJoinedByThreeAtOnceLeftAndCancelled() throws {
        guard try CLIRunner.runTool(["python3", "-c", "import caldav, icalendar"]).status == 0 else {
            print("skipped: the Python caldav client is not installed (pip install caldav==3.6.0)")
            return
        }
        let (started, why) = try LocalDAVServer.radicale(password: Self.password)
        guard let server = started else {
            print("skipped: \(why)")
            return
        }
        defer { server.stop() }
        let group = "http://127.0.0.1:\(server.port)/student/cs201-group/"
        #expect(try server.curl(["-u", "student:\(Self.password)", "-X", "MKCALENDAR", group]) == "201")
        let students = try ["ada", "bob", "cy", "dee"].map { Student(scratch: try SubscriptionTests.Scratch(), email: "\($0)@uni.edu") }
        defer { for s in students { try? FileManager.default.removeItem(at: s.scratch.dir) } }
        for s in students { #expect(try s.plan(["me", "--email", s.email]).status == 0) }
        let (ada, bob, cy, dee) = (students[0], students[1], students[2], students[3])

        // Ada creates the session on the group calendar, inviting Bob.
        var r = try ada.plan(["group", "create", "CS 201 midterm review", "--course", "CS201", "--at", "2026-12-02T18:00", "--for", "2h",
                              "--where", "Library, room 204", "--invite", "bob@uni.edu", "--calendar", group])
        #expect(r.status == 0, "\(r)")
        #expect(r.stdout.contains("On the group calendar: \(group)\n"), "\(r.stdout)")
        let uid = try ada.scratch.sqlite("SELECT uid FROM group_sessions")
        #expect(try ada.scratch.sqlite("SELECT calendar_etag IS NOT NULL FROM group_sessions") == "1")
        #expect(try Self.serverAnswers(group) == [
            "\(uid)|CATEGORIES|CS201", "\(uid)|METHOD|-", "\(uid)|ORGANIZER|mailto:ada@uni.edu", "\(uid)|STATUS|CONFIRMED",
            "\(uid)|mailto:ada@uni.edu|ACCEPTED|-", "\(uid)|mailto:bob@uni.edu|NEEDS-ACTION|TRUE",
        ].sorted())
        r = try ada.plan(["group", "list", "--json"])
        #expect(r.stdout.contains("\"calendar\":\"\(group)\""), "\(r.stdout)")

        // The others read the group calendar: the session is in their stores, with who is going.
        for s in [bob, cy, dee] {
            r = try s.plan(["group", "list", "--calendar", group])
            #expect(r.status == 0, "\(r)")
            #expect(r.stdout.contains("cs-201-midterm-review  ") && r.stdout.contains("CS 201 midterm review (CS201)"), "\(r.stdout)")
            #expect(r.stdout.contains("going 1 (ada@uni.edu) · invited 1 (bob@uni.edu) · declined 0"), "\(r.stdout)")
            #expect(r.stdout.contains(s.email == bob.email ? "you have not answered" : "you are not in it yet (`plan group join cs-201-midterm-review`)"),
                    "\(r.stdout)")
        }

        // Bob, Cy and Dee join at the same moment: every answer is recorded (each 412 is re-read and retried).
        let outcomes = Outcomes()
        let joiners = [bob, cy, dee]
        DispatchQueue.concurrentPerform(iterations: joiners.count) { i in
            outcomes.set(i, try? joiners[i].plan(["group", "join", "cs-201-midterm-review"]))
        }
        for (i, o) in outcomes.all.enumerated() {
            #expect(o?.status == 0 && o?.stdout.hasPrefix("You are going to \"CS 201 midterm review\"") == true, "\(joiners[i].email): \(String(describing: o))")
        }
        #expect(try Self.serverAnswers(group).filter { $0.contains("mailto:") && !$0.contains("ORGANIZER") } == [
            "\(uid)|mailto:ada@uni.edu|ACCEPTED|-", "\(uid)|mailto:bob@uni.edu|ACCEPTED|-",
            "\(uid)|mailto:cy@uni.edu|ACCEPTED|-", "\(uid)|mailto:dee@uni.edu|ACCEPTED|-",
        ])
        print("group calendar: requests sent by plan so far: \(server.planRequests().sorted { $0.key < $1.key })")
        // Each joiner's store has it as busy time they go to, with the calendar's ETag.
        for s in joiners {
            r = try s.plan(["group", "list", "--json"])
            #expect(r.stdout.contains("\"me\":\"ACCEPTED\""), "\(s.email): \(r.stdout)")
        }

        // Ada reads the calendar again: four going.
        r = try ada.plan(["group", "list", "--calendar", group])
        #expect(r.stdout.contains("going 4 (ada@uni.edu, bob@uni.edu, cy@uni.edu, dee@uni.edu) · invited 0 · declined 0"), "\(r.stdout)")

        // Cy leaves: DECLINED on the server, the others untouched; leaving again changes nothing.
        r = try cy.plan(["group", "leave", "cs-201-midterm-review"])
        #expect(r.status == 0 && r.stdout.hasPrefix("You left \"CS 201 midterm review\""), "\(r)")
        #expect(try Self.serverAnswers(group).filter { $0.contains("mailto:") && !$0.contains("ORGANIZER") } == [
            "\(uid)|mailto:ada@uni.edu|ACCEPTED|-", "\(uid)|mailto:bob@uni.edu|ACCEPTED|-",
            "\(uid)|mailto:cy@uni.edu|DECLINED|-", "\(uid)|mailto:dee@uni.edu|ACCEPTED|-",
        ])
        #expect(try cy.plan(["group", "leave", "cs-201-midterm-review"]).status == 0)
        r = try dee.plan(["group", "list", "--calendar", group])
        #expect(r.stdout.contains("going 3 (ada@uni.edu, bob@uni.edu, dee@uni.edu) · invited 0 · declined 1 (cy@uni.edu)"), "\(r.stdout)")

        // Ada cancels: CANCELLED and SEQUENCE 1 on the server (the answers kept), one CANCEL per attendee.
        r = try ada.plan(["group", "cancel", "cs-201-midterm-review", "--mail-dir", ada.scratch.dir.appendingPathComponent("out").path])
        #expect(r.status == 0 && r.stdout.hasPrefix("Cancelled \"CS 201 midterm review\""), "\(r)")
        let answers = try Self.serverAnswers(group)
        #expect(answers.contains("\(uid)|STATUS|CANCELLED") && answers.contains("\(uid)|mailto:cy@uni.edu|DECLINED|-"), "\(answers)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: ada.scratch.dir.appendingPathComponent("out").path).sorted() == [
            "cs-201-midterm-review-cancel-1-bob=uni.edu.eml", "cs-201-midterm-review-cancel-1-cy=uni.edu.eml",
            "cs-201-midterm-review-cancel-1-dee=uni.edu.eml",
        ])
        r = try dee.plan(["group", "list", "--calendar", group, "--json"])
        #expect(r.stdout.contains("\"cancelled\":true") && r.stdout.contains("\"sequence\":1"), "\(r.stdout)")
        r = try dee.plan(["group", "join", "cs-201-midterm-review"])
        #expect(r.status == 65 && r.stderr.contains("was cancelled"), "\(r)")

        // The event deleted on the server: Cy (who has not read the calendar since) is told in one line (65), the store as it was.
        let before = try cy.scratch.sqlite(".dump")
        #expect(try server.curl(["-u", "student:\(Self.password)", "-X", "DELETE", group + uid.replacingOccurrences(of: "@", with: "=") + ".ics"]) == "200")
        r = try cy.plan(["group", "join", "cs-201-midterm-review"])
        #expect(r.status == 65 && r.stderr.contains("is no longer on the group calendar") && r.stderr.split(separator: "\n").count == 1, "\(r)")
        #expect(try cy.scratch.sqlite(".dump") == before)
    }
}

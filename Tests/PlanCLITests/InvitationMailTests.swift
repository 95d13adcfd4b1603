import Foundation
import Testing

/// Invitations answered both ways by mail, as the real binary writes and
/// reads them: Ada invites Bob (an `.eml` per invitee); Bob, who has no
/// group calendar, answers the message he got (`plan group reply INVITE.eml
/// --accept --mail-dir`), and plan writes the REPLY for Ada under the name
/// `plan me` keeps; Ada applies that `.eml`; Bob leaves with `--mail-dir` and
/// Ada applies that too. Python's `email` and `icalendar` read each message.
@Suite(.serialized) struct InvitationMailTests {
    struct Student {
        var dir: URL
        var env: [String: String]
        func plan(_ args: String...) throws -> CLIRunner.Output { try CLIRunner.run(args, environment: env) }
    }

    static func student(_ dir: URL, _ name: String) -> Student {
        Student(dir: dir, env: ["PLAN_NOW": "2026-11-30T08:00:00-05:00", "PLAN_STORE": dir.appendingPathComponent("\(name).sqlite").path])
    }

    /// `method|from|to|attendee|cn|partstat|organizer` of an iMIP message, read with Python's email and icalendar.
    static func read(_ path: String) throws -> String {
        let r = try CLIRunner.runTool(["python3", "-c", """
            import sys, email, icalendar
            m = email.message_from_bytes(open(sys.argv[1], 'rb').read())
            part = next(p for p in m.walk() if p.get_content_type() == 'text/calendar')
            cal = icalendar.Calendar.from_ical(part.get_payload(decode=True))
            ev = next(iter(cal.walk('VEVENT')))
            who = ev.get('ATTENDEE'); who = who if isinstance(who, list) else [who]
            a = who[0]
            print('|'.join([str(cal.get('METHOD')), m['From'], m['To'], str(a), str(a.params.get('CN')), str(a.params.get('PARTSTAT')),
                            str(ev.get('ORGANIZER')), str(len(who))]))
            """, path])
        #expect(r.status == 0, "python: \(r.stderr)")
        return r.stdout.trimmingCharacters(in: .newlines)
    }

    @Test func anInvitationIsAnsweredByMailAndTheAnswerApplied() throws {
        guard try CLIRunner.runTool(["python3", "-c", "import icalendar"]).status == 0 else {
            print("skipped: Python icalendar is not installed")
            return
        }
        let dir = try StoreSafetyTests.tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ada = Self.student(dir, "ada"), bob = Self.student(dir, "bob"), carol = Self.student(dir, "carol")
        let adaOut = dir.appendingPathComponent("ada-out").path, bobOut = dir.appendingPathComponent("bob-out").path
        #expect(try ada.plan("me", "--name", "Ada Byron", "--email", "ada@uni.edu").status == 0)
        #expect(try bob.plan("me", "--name", "Bob Lee", "--email", "bob@uni.edu").status == 0)
        #expect(try carol.plan("me", "--name", "Carol", "--email", "carol@uni.edu").status == 0)
        let made = try ada.plan("group", "create", "CS 201 midterm review", "--course", "CS201", "--at", "2026-12-02T18:00", "--for", "2h",
                                "--where", "Library, room 204", "--invite", "bob@uni.edu", "--mail-dir", adaOut)
        #expect(made.status == 0, "\(made)")
        let invite = adaOut + "/cs-201-midterm-review-request-0-bob=uni.edu.eml"
        #expect(FileManager.default.fileExists(atPath: invite))

        // The invitation without an answer: told what to do. Someone not invited: refused, nothing kept.
        let bare = try bob.plan("group", "reply", invite)
        #expect(bare.status == 65 && bare.stderr.contains("this is an invitation (METHOD:REQUEST): answer it with `plan group reply \(invite) --accept`"),
                "\(bare)")
        let stranger = try carol.plan("group", "reply", invite, "--accept")
        #expect(stranger.status == 65 && stranger.stderr.contains("you (carol@uni.edu) are not among those invited (bob@uni.edu)"), "\(stranger)")
        #expect(try carol.plan("group", "list").stdout.contains("CS 201") == false)

        // Bob accepts the message he got: the session is in his plan, and his answer is written for Ada.
        let accepted = try bob.plan("group", "reply", invite, "--accept", "--mail-dir", bobOut)
        #expect(accepted.status == 0, "\(accepted)")
        #expect(accepted.stdout.hasPrefix("You are going to \"CS 201 midterm review\" (cs-201-midterm-review), "), "\(accepted.stdout)")
        let agenda = try bob.plan("agenda", "--from", "2026-12-02", "--days", "1")
        #expect(agenda.stdout.contains("18:00–20:00  ◆ CS201: CS 201 midterm review (study group) · Library, room 204"), "\(agenda.stdout)")
        let yes = bobOut + "/cs-201-midterm-review-reply-0-accepted-bob=uni.edu.eml"
        #expect(try Self.read(yes) == "REPLY|\"Bob Lee\" <bob@uni.edu>|\"Ada Byron\" <ada@uni.edu>|mailto:bob@uni.edu|Bob Lee|ACCEPTED|mailto:ada@uni.edu|1")

        // Ada applies the answer as it came (.eml).
        let applied = try ada.plan("group", "reply", yes)
        #expect(applied.status == 0, "\(applied)")
        #expect(applied.stdout.hasPrefix("Bob Lee: invited → going for \"CS 201 midterm review\""), "\(applied.stdout)")

        // Bob leaves, with the answer written; Ada applies it.
        let left = try bob.plan("group", "leave", "cs-201-midterm-review", "--mail-dir", bobOut)
        #expect(left.status == 0, "\(left)")
        let no = bobOut + "/cs-201-midterm-review-reply-0-declined-bob=uni.edu.eml"
        #expect(try Self.read(no).hasPrefix("REPLY|\"Bob Lee\" <bob@uni.edu>|\"Ada Byron\" <ada@uni.edu>|mailto:bob@uni.edu|Bob Lee|DECLINED|"))
        #expect(FileManager.default.fileExists(atPath: yes), "the earlier answer is not replaced")
        #expect(try ada.plan("group", "reply", no).stdout.hasPrefix("Bob Lee: going → declined"))
        #expect(!(try bob.plan("agenda", "--from", "2026-12-02", "--days", "1").stdout.contains("◆")))
    }

    /// The organizer's session is on a group calendar; the invitee answers by mail (no access to it):
    /// applying the answer writes it to the group calendar, where Python `caldav` reads it.
    @Test(arguments: ["radicale", "xandikos"])
    func anAnswerByMailIsWrittenToTheGroupCalendar(kind: String) throws {
        guard let s = try CalDAVTests.setUp(kind) else { return }
        defer { s.server.stop(); try? FileManager.default.removeItem(at: s.scratch.dir) }
        let auth = kind == "radicale" ? ["-u", "student:\(CalDAVTests.password)"] : []
        #expect(try s.server.curl(auth + ["-X", "MKCALENDAR", s.base + "group/"]) == "201")
        let out = s.scratch.dir.appendingPathComponent("out").path, bobOut = s.scratch.dir.appendingPathComponent("bob-out").path
        #expect(try s.plan(["me", "--name", "Ada Byron", "--email", "ada@uni.edu"]).status == 0)
        let made = try s.plan(["group", "create", "Review", "--at", "2026-11-25T18:00", "--for", "2h", "--invite", "bob@uni.edu",
                               "--calendar", s.base + "group/", "--mail-dir", out])
        #expect(made.status == 0, "\(made)")
        let bob = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: bob.dir) }
        #expect(try bob.plan(["me", "--name", "Bob Lee", "--email", "bob@uni.edu"], now: "2026-11-23T08:00:00-05:00").status == 0)
        let answered = try bob.plan(["group", "reply", out + "/review-request-0-bob=uni.edu.eml", "--decline", "--mail-dir", bobOut],
                                    now: "2026-11-23T08:00:00-05:00")
        #expect(answered.status == 0, "\(answered)")
        let applied = try s.plan(["group", "reply", bobOut + "/review-reply-0-declined-bob=uni.edu.eml"])
        #expect(applied.status == 0, "\(applied)")
        let partstat = try s.python("""
            for e, c in events('group/'):
                who = c.get('ATTENDEE', []); who = who if isinstance(who, list) else [who]
                print(','.join(f"{str(a).lower()}={a.params.get('PARTSTAT')}" for a in who))
            """)
        #expect(partstat.contains("mailto:bob@uni.edu=DECLINED"), "\(partstat)")
    }
}

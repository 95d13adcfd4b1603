import Foundation
import Testing

/// Who may change a study session by mail, through the real binary: an
/// answer changes only its sender's own status, only when its ORGANIZER is
/// the session's; an invitation for a known UID changes the session only
/// when it comes from the session's organizer with a higher SEQUENCE; no
/// mail changes the organizer's own answer; every address read is one
/// mailbox and nothing with a control character is kept. Each refused
/// message leaves the store exactly as it was (`group list --json`).
@Suite(.serialized) struct ForgedInvitationTests {
    typealias Student = InvitationMailTests.Student

    /// A REPLY or REQUEST as a mail client saves its calendar part.
    static func ics(_ method: String, uid: String, sequence: String = "0", organizer: String = "ORGANIZER;CN=Ada Byron:mailto:ada@uni.edu",
                    attendees: [String], summary: String = "SUMMARY:CS 201 midterm review",
                    start: String = "20261202T230000Z", end: String = "20261203T010000Z") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//forged//EN", "METHOD:\(method)", "BEGIN:VEVENT", "UID:\(uid)",
          "SEQUENCE:\(sequence)", "DTSTAMP:20261130T120000Z", "DTSTART:\(start)", "DTEND:\(end)", summary, organizer]
         + attendees + ["END:VEVENT", "END:VCALENDAR", ""]).joined(separator: "\r\n")
    }

    /// The calendar text as a one-part mail message from `from`.
    static func eml(from: String, _ calendar: String) -> String {
        "From: \(from)\r\nTo: <ada@uni.edu>\r\nSubject: answer\r\nMIME-Version: 1.0\r\n"
            + "Content-Type: text/calendar; method=REPLY; charset=UTF-8\r\n\r\n" + calendar
    }

    struct World {
        var dir: URL
        var ada: Student
        var bob: Student
        var uid: String
        var invite: String

        func file(_ name: String, _ text: String) throws -> String {
            let path = dir.appendingPathComponent(name).path
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        func sessions(_ s: Student) throws -> String { try s.plan("group", "list", "--json").stdout }
    }

    /// Ada organizes a session for Bob and Alice; Alice has accepted.
    static func world() throws -> World {
        let dir = try StoreSafetyTests.tempDir()
        let ada = InvitationMailTests.student(dir, "ada"), bob = InvitationMailTests.student(dir, "bob")
        #expect(try ada.plan("me", "--name", "Ada Byron", "--email", "ada@uni.edu").status == 0)
        #expect(try bob.plan("me", "--name", "Bob Lee", "--email", "bob@uni.edu").status == 0)
        let out = dir.appendingPathComponent("out").path
        let made = try ada.plan("group", "create", "CS 201 midterm review", "--at", "2026-12-02T18:00", "--for", "2h",
                                "--invite", "bob@uni.edu", "--invite", "alice@uni.edu", "--mail-dir", out)
        #expect(made.status == 0, "\(made)")
        let list = try JSONSerialization.jsonObject(with: Data(try ada.plan("group", "list", "--json").stdout.utf8))
        let sessions = (list as? [String: Any])?["sessions"] as? [[String: Any]] ?? (list as? [[String: Any]] ?? [])
        let uid = try #require(sessions.first?["uid"] as? String, "\(list)")
        var w = World(dir: dir, ada: ada, bob: bob, uid: uid, invite: out + "/cs-201-midterm-review-request-0-bob=uni.edu.eml")
        let yes = try w.file("alice-yes.eml", eml(from: "\"Alice\" <alice@uni.edu>",
                                                  ics("REPLY", uid: uid, attendees: ["ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@uni.edu"])))
        let applied = try ada.plan("group", "reply", yes)
        #expect(applied.status == 0 && applied.stdout.contains("invited → going"), "\(applied)")
        w.dir = dir
        return w
    }

    @Test func anAnswerChangesOnlyItsSendersOwnStatus() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let before = try w.sessions(w.ada)
        #expect(before.contains("\"ACCEPTED\""), "\(before)")

        let refusals: [(String, String, String)] = [
            // Alice answers for herself and for Bob.
            ("two.eml", Self.eml(from: "<alice@uni.edu>", Self.ics("REPLY", uid: w.uid, attendees: [
                "ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@uni.edu", "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@uni.edu"])),
             "an answer speaks for its sender alone (one ATTENDEE), and this one names 2: alice@uni.edu, bob@uni.edu"),
            // Alice declines for the organizer.
            ("organizer.eml", Self.eml(from: "<ada@uni.edu>", Self.ics("REPLY", uid: w.uid, attendees: [
                "ATTENDEE;PARTSTAT=DECLINED:mailto:ada@uni.edu"])),
             "it would change the answer of the organizer (ada@uni.edu); no mail changes the organizer's own answer"),
            // An answer about a session of someone else's with the same UID.
            ("other.ics", Self.ics("REPLY", uid: w.uid, organizer: "ORGANIZER:mailto:eve@evil.example",
                                   attendees: ["ATTENDEE;PARTSTAT=DECLINED:mailto:bob@uni.edu"]),
             "it answers a session organized by eve@evil.example, but \"CS 201 midterm review\" is organized by ada@uni.edu"),
            // No organizer at all.
            ("none.ics", Self.ics("REPLY", uid: w.uid, organizer: "COMMENT:none", attendees: ["ATTENDEE;PARTSTAT=DECLINED:mailto:bob@uni.edu"]),
             "it names no ORGANIZER"),
            // Sent by Eve, answering for Bob.
            ("eve.eml", Self.eml(from: "Eve <eve@evil.example>", Self.ics("REPLY", uid: w.uid, attendees: [
                "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@uni.edu"])),
             "it was sent by eve@evil.example but answers for bob@uni.edu; an answer changes only its sender's own"),
        ]
        for (name, text, reason) in refusals {
            let r = try w.ada.plan("group", "reply", try w.file(name, text))
            #expect(r.status == 65 && r.stderr.contains(reason) && r.stderr.contains("nothing changed"), "\(name): \(r)")
            #expect(try w.sessions(w.ada) == before, "\(name) changed nothing")
        }
        // The editors' face decides the same: group.reply refuses the forged answer, naming why.
        let store = try #require(w.ada.env["PLAN_STORE"])
        let rpc = try RPCTests.rpc(Data((RPCTests.request(1, "group.reply", ["file": w.dir.appendingPathComponent("two.eml").path]) + "\n").utf8),
                                   store: store, environment: w.ada.env)
        let answer = try #require(RPCTests.json(rpc.stdout.trimmingCharacters(in: .newlines)) as? [String: Any], "\(rpc)")
        #expect(GroupLimitsTests.error(answer)?.message.contains("an answer speaks for its sender alone") == true, "\(answer)")
        #expect(try w.sessions(w.ada) == before)
        // The session is still in Ada's agenda: its time is not freed.
        #expect(try w.ada.plan("agenda", "--from", "2026-12-02", "--days", "1").stdout.contains("CS 201 midterm review"))
        // Bob's own answer, sent by Bob, is taken.
        let bobNo = try w.file("bob-no.eml", Self.eml(from: "\"Bob Lee\" <Bob@Uni.edu>", Self.ics("REPLY", uid: w.uid, attendees: [
            "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@uni.edu"])))
        let r = try w.ada.plan("group", "reply", bobNo)
        #expect(r.status == 0 && r.stdout.hasPrefix("bob@uni.edu: invited → declined"), "\(r)")
    }

    @Test func anInvitationChangesASessionOnlyFromItsOrganizerWithAHigherSequence() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        // Bob accepts the real invitation.
        #expect(try w.bob.plan("group", "reply", w.invite, "--accept").status == 0)
        let adaBefore = try w.sessions(w.ada), bobBefore = try w.sessions(w.bob)

        // Eve reuses the UID: a new time and place, herself as organizer.
        let hijack = try w.file("hijack.ics", Self.ics("REQUEST", uid: w.uid, sequence: "5", organizer: "ORGANIZER;CN=Eve:mailto:eve@evil.example",
                                                      attendees: ["ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:ada@uni.edu",
                                                                  "ATTENDEE;PARTSTAT=NEEDS-ACTION:mailto:bob@uni.edu"],
                                                      start: "20261203T030000Z", end: "20261203T050000Z"))
        var r = try w.ada.plan("group", "reply", hijack, "--accept")
        #expect(r.status == 65 && r.stderr.contains("you organize \"CS 201 midterm review\"; an invitation does not change it"), "\(r)")
        r = try w.bob.plan("group", "reply", hijack, "--accept")
        #expect(r.status == 65 && r.stderr.contains("it comes from eve@evil.example, but \"CS 201 midterm review\" is organized by ada@uni.edu"), "\(r)")
        #expect(try w.sessions(w.ada) == adaBefore && w.sessions(w.bob) == bobBefore)
        // A cancel from Eve does not cancel it either; the real organizer still can.
        let cancel = try w.file("cancel.ics", Self.ics("CANCEL", uid: w.uid, sequence: "9", organizer: "ORGANIZER:mailto:eve@evil.example",
                                                      attendees: ["ATTENDEE:mailto:bob@uni.edu"]))
        r = try w.bob.plan("group", "reply", cancel, "--decline")
        #expect(r.status == 65 && r.stderr.contains("organized by ada@uni.edu"), "\(r)")
        #expect(try w.sessions(w.bob) == bobBefore)

        // An invitation mailed by someone other than its ORGANIZER.
        let spoof = try w.file("spoof.eml", Self.eml(from: "<eve@evil.example>", Self.ics("REQUEST", uid: w.uid, sequence: "1",
                                                                                       attendees: ["ATTENDEE:mailto:bob@uni.edu"])))
        r = try w.bob.plan("group", "reply", spoof, "--accept")
        #expect(r.status == 65 && r.stderr.contains("it was sent by eve@evil.example, but its ORGANIZER is ada@uni.edu"), "\(r)")

        // The organizer's own: the same SEQUENCE with another time is answered as plan has it; a higher one moves it.
        let same = try w.file("same.ics", Self.ics("REQUEST", uid: w.uid, sequence: "0", attendees: ["ATTENDEE:mailto:bob@uni.edu"],
                                                  start: "20261203T030000Z", end: "20261203T050000Z"))
        r = try w.bob.plan("group", "reply", same, "--accept")
        #expect(r.status == 0, "\(r)")
        #expect(try w.bob.plan("agenda", "--from", "2026-12-02", "--days", "1").stdout.contains("18:00–20:00  ◆"))
        let moved = try w.file("moved.ics", Self.ics("REQUEST", uid: w.uid, sequence: "1", attendees: ["ATTENDEE:mailto:bob@uni.edu"],
                                                   start: "20261203T000000Z", end: "20261203T020000Z"))
        r = try w.bob.plan("group", "reply", moved, "--accept")
        #expect(r.status == 0, "\(r)")
        #expect(try w.bob.plan("agenda", "--from", "2026-12-02", "--days", "1").stdout.contains("19:00–21:00  ◆"))
        // Then the earlier version is refused.
        r = try w.bob.plan("group", "reply", same, "--accept")
        #expect(r.status == 65 && r.stderr.contains("an earlier version of \"CS 201 midterm review\" (SEQUENCE 0; plan has 1)"), "\(r)")
        // A SEQUENCE beyond an iCalendar integer is refused, not wrapped to an earlier one.
        let huge = try w.file("huge.ics", Self.ics("REQUEST", uid: w.uid, sequence: "99999999999999999999", attendees: ["ATTENDEE:mailto:bob@uni.edu"]))
        r = try w.bob.plan("group", "reply", huge, "--accept")
        #expect(r.status == 65 && r.stderr.contains("SEQUENCE 99999999999999999999 is not a version number (0 to 2147483647)"), "\(r)")
    }

    @Test func addressesAreOneMailboxAndNoControlCharacterIsKept() throws {
        let w = try Self.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let out = w.dir.appendingPathComponent("bob-out").path
        let cases: [(String, String, String)] = [
            ("ORGANIZER;CN=Bob:mailto:bob@uni.edu>, <evil@x.org", "SUMMARY:Review",
             "ORGANIZER mailto:bob@uni.edu>, <evil@x.org is not one mail address: it holds a space"),
            ("ORGANIZER:mailto:carol@uni.edu,evil@x.org", "SUMMARY:Review",
             "ORGANIZER mailto:carol@uni.edu,evil@x.org is not one mail address: it holds \",\", which would start another address"),
            ("ORGANIZER;CN=\"Carol\u{1B}[2J\":mailto:carol@uni.edu", "SUMMARY:Review",
             "ORGANIZER carol@uni.edu: its CN \"Carol␛[2J\": expected one line of text without control characters (U+001B at character 6)"),
            ("ORGANIZER:mailto:carol@uni.edu", "SUMMARY:Review\u{07}\\nBcc: eve@x.org",
             "SUMMARY \"Review␇␊Bcc: eve@x.org\": expected one line of text without control characters (U+0007 at character 7)"),
        ]
        for (n, (organizer, summary, reason)) in cases.enumerated() {
            let path = try w.file("inject-\(n).ics", Self.ics("REQUEST", uid: "other-\(n)@uni.edu", organizer: organizer,
                                                              attendees: ["ATTENDEE;RSVP=TRUE:mailto:bob@uni.edu"], summary: summary))
            let r = try w.bob.plan("group", "reply", path, "--accept", "--mail-dir", out)
            #expect(r.status == 65 && r.stderr.contains(reason), "\(n): \(r)")
            #expect(!r.stderr.contains("\u{1B}") && !r.stderr.contains("\u{07}"), "the refusal shows control characters visibly")
        }
        #expect(!FileManager.default.fileExists(atPath: out), "no mail was written")
        #expect(!(try w.sessions(w.bob)).contains("other-"), "nothing was kept")
        // A From: of two mailboxes names no one sender.
        let two = try w.file("two-from.eml", Self.eml(from: "<bob@uni.edu>, <eve@x.org>", Self.ics("REPLY", uid: w.uid, attendees: [
            "ATTENDEE;PARTSTAT=DECLINED:mailto:bob@uni.edu"])))
        let r = try w.ada.plan("group", "reply", two)
        #expect(r.status == 65 && r.stderr.contains("From: <bob@uni.edu>, <eve@x.org> is not one mail address"), "\(r)")
    }
}

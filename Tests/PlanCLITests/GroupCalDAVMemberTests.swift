import Foundation
import Testing

/// `plan group find --member caldav:URL` and `--member freebusy:URL` with the
/// real binary against a real Radicale and Xandikos on 127.0.0.1: a member's
/// calendar on the server finds the same slots as the same events given as a
/// file; wrong credentials, no calendar there and a server that refuses the
/// free-busy report are one line each (exit 66). Says plainly that it skipped
/// when a server is not installed.
@Suite(.serialized) struct GroupCalDAVMemberTests {
    static let password = "F8-busy-Pa55"

    /// Bob's week in UTC: a class three days running, a tentative meeting
    /// (busy as the default policy reads it, BUSY-TENTATIVE on the server) and
    /// a transparent reminder (free either way). One VEVENT per resource on the server.
    static let events: [(name: String, lines: [String])] = [
        ("class", ["UID:bob-class@uni.edu", "DTSTART:20261201T140000Z", "DTEND:20261201T160000Z", "RRULE:FREQ=DAILY;COUNT=3", "SUMMARY:Physics"]),
        ("meeting", ["UID:bob-meeting@uni.edu", "DTSTART:20261202T180000Z", "DTEND:20261202T190000Z", "STATUS:TENTATIVE", "SUMMARY:Club"]),
        ("reminder", ["UID:bob-reminder@uni.edu", "DTSTART:20261203T180000Z", "DTEND:20261203T200000Z", "TRANSP:TRANSPARENT", "SUMMARY:Call home"]),
    ]

    static func calendar(_ events: [(name: String, lines: [String])]) -> String {
        var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//plan tests//EN"]
        for e in events { lines += ["BEGIN:VEVENT", "DTSTAMP:20261101T000000Z"] + e.lines + ["END:VEVENT"] }
        return (lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n"
    }

    /// Puts Bob's events into the collection at `url` (made first with MKCALENDAR when `make`).
    static func upload(_ server: LocalDAVServer, _ url: String, auth: [String], make: Bool, in dir: URL) throws {
        if make { #expect(try server.curl(auth + ["-X", "MKCALENDAR", url]) == "201") }
        for e in events {
            let file = dir.appendingPathComponent("\(e.name).ics")
            try calendar([e]).write(to: file, atomically: true, encoding: .utf8)
            #expect(try server.curl(auth + ["-X", "PUT", "-H", "Content-Type: text/calendar", "--data-binary", "@" + file.path, url + e.name + ".ics"]) == "201")
        }
    }

    static let search = ["--member", "me", "--duration", "2h", "--within", "2026-12-01..2026-12-03", "--between", "08:00-22:00", "--top", "12"]

    /// The same search with Bob as a file (`<name>.ics`, named as the collection is) and as each kind of CalDAV member: the same slots.
    static func expectSameSlots(_ s: SubscriptionTests.Scratch, collection: String, name: String) throws {
        let file = s.dir.appendingPathComponent("\(name).ics").path
        try calendar(events).write(toFile: file, atomically: true, encoding: .utf8)
        let fromFile = try s.plan(["group", "find", "--member", file] + search + ["--json"], netrc: password)
        #expect(fromFile.status == 0, "\(fromFile)")
        // The slots avoid the class and the tentative meeting (08:00-22:00 New York is 13:00-03:00 UTC).
        #expect(!fromFile.stdout.contains("\"start\":\"2026-12-01T09:00:00-05:00\"") && fromFile.stdout.contains("\"start\":\"2026-12-01T11:00:00-05:00\""), "\(fromFile.stdout)")
        for member in ["caldav:" + collection, "freebusy:" + collection] {
            let r = try s.plan(["group", "find", "--member", member] + search + ["--json"], netrc: password)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(member): \(r)")
            #expect(r.stdout == fromFile.stdout, "\(member): \(r.stdout)\nfrom the file: \(fromFile.stdout)")
        }
    }

    @Test func radicaleMembersFindWhatTheFileFindsAndFailInOneLine() throws {
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let data = s.dir.appendingPathComponent("data").path
        func radicale(_ extra: [String]) throws -> (LocalDAVServer?, String) {
            try LocalDAVServer.radicale(password: Self.password, data: data, extra: extra)
        }
        let (started, why) = try radicale([])
        guard let server = started else {
            print("skipped: \(why)")
            return
        }
        defer { server.stop() }
        let base = "http://127.0.0.1:\(server.port)/student/"
        let bob = base + "bob/"
        try Self.upload(server, bob, auth: ["-u", "student:\(Self.password)"], make: true, in: s.dir)
        #expect(try s.plan(["me", "--email", "ada@uni.edu"], netrc: Self.password).status == 0)
        try Self.expectSameSlots(s, collection: bob, name: "bob")

        // Wrong credentials: one line naming the member, exit 66, the password nowhere.
        var r = try s.plan(["group", "find", "--member", "freebusy:" + bob] + Self.search, netrc: "wrong-Pa55")
        #expect(r.status == 66 && r.stderr.hasPrefix("plan: freebusy:\(bob): cannot read: the server refused the credentials")
                && r.stderr.split(separator: "\n").count == 1, "\(r)")
        #expect(!(r.stdout + r.stderr).contains("wrong-Pa55") && !(r.stdout + r.stderr).contains(Self.password))
        r = try s.plan(["group", "find", "--member", "caldav:" + bob] + Self.search, netrc: "wrong-Pa55")
        #expect(r.status == 66 && r.stderr.hasPrefix("plan: caldav:\(bob): cannot read: the server refused the credentials"), "\(r)")
        // Not a calendar (the user's home collection), and nothing there.
        for member in ["caldav:" + base, "freebusy:" + base, "caldav:" + base + "nobody/", "freebusy:" + base + "nobody/"] {
            r = try s.plan(["group", "find", "--member", member] + Self.search, netrc: Self.password)
            #expect(r.status == 66 && r.stderr.hasPrefix("plan: \(member): cannot read: no calendar") && r.stderr.split(separator: "\n").count == 1, "\(r)")
        }
        #expect(!s.storeBytes().contains(Self.password))

        // A Radicale that refuses the free-busy report (it stops at 2 occurrences of an event; the class has 3):
        // one line naming the member and suggesting caldav:URL, which then reads the same calendar.
        let (strict, strictWhy) = try radicale(["--reporting-max-freebusy-occurrence", "2"])
        guard let refusing = strict else {
            Issue.record("a second Radicale did not start: \(strictWhy)")
            return
        }
        defer { refusing.stop() }
        let same = "http://127.0.0.1:\(refusing.port)/student/bob/"
        r = try s.plan(["group", "find", "--member", "freebusy:" + same] + Self.search, netrc: Self.password)
        #expect(r.status == 66 && r.stderr == "plan: freebusy:\(same): cannot read: the server does not answer a free-busy query for it (REPORT free-busy-query: HTTP 400); give --member caldav:\(same) to read its events instead\n", "\(r)")
        r = try s.plan(["group", "find", "--member", "caldav:" + same] + Self.search, netrc: Self.password)
        #expect(r.status == 0, "\(r)")
    }

    @Test func xandikosMembersFindWhatTheFileFinds() throws {
        let (started, why) = try LocalDAVServer.xandikos()
        guard let server = started else {
            print("skipped: \(why)")
            return
        }
        defer { server.stop() }
        let s = try SubscriptionTests.Scratch()
        defer { try? FileManager.default.removeItem(at: s.dir) }
        let calendar = "http://127.0.0.1:\(server.port)/user/calendars/calendar/"
        try Self.upload(server, calendar, auth: [], make: false, in: s.dir)
        #expect(try s.plan(["me", "--email", "ada@uni.edu"], netrc: Self.password).status == 0)
        try Self.expectSameSlots(s, collection: calendar, name: "calendar")
        // Xandikos's address book is a collection, not a calendar.
        let book = "http://127.0.0.1:\(server.port)/user/contacts/addressbook/"
        let r = try s.plan(["group", "find", "--member", "freebusy:" + book] + Self.search, netrc: Self.password)
        #expect(r.status == 66 && r.stderr.hasPrefix("plan: freebusy:\(book): cannot read: no calendar collection"), "\(r)")
    }
}

import Foundation
import Testing

/// Mail messages at the reader's limits, through the real binary: a line of
/// 16 MB is read (the reader is linear; it once took 24 s), multiparts
/// nested 16 deep or with 64 parts are read, and one past either limit is
/// refused by name, not as "no text/calendar part". Each refused message
/// leaves the organizer's store as it was.
@Suite(.serialized) struct MailShapeTests {
    typealias World = ForgedInvitationTests.World

    /// `inner` wrapped in `levels` multipart/mixed levels, each with a plain-text part first.
    static func nested(_ inner: String, levels: Int) -> String {
        var part = inner
        for level in (0..<levels).reversed() {
            let b = "b\(level)"
            part = "Content-Type: multipart/mixed; boundary=\"\(b)\"\r\n\r\n--\(b)\r\nContent-Type: text/plain\r\n\r\nlevel \(level)\r\n"
                + "--\(b)\r\n\(part)\r\n--\(b)--\r\n"
        }
        return part
    }

    /// A message from Alice whose body is `body` (headers of its top part first).
    static func mail(_ body: String) -> String {
        "From: <alice@uni.edu>\r\nTo: <ada@uni.edu>\r\nSubject: answer\r\nMIME-Version: 1.0\r\n" + body
    }

    static func calendarPart(_ calendar: String) -> String {
        "Content-Type: text/calendar; method=REPLY; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + calendar
    }

    func decline(_ w: World) -> String {
        ForgedInvitationTests.ics("REPLY", uid: w.uid, attendees: ["ATTENDEE;PARTSTAT=DECLINED:mailto:alice@uni.edu"])
    }

    @Test func aSixteenMegabyteLineIsRead() throws {
        let w = try ForgedInvitationTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let notes = String(repeating: "see you at the library ", count: 16_000_000 / 23)
        let calendar = decline(w).replacingOccurrences(of: "SUMMARY:", with: "COMMENT:\(notes)\r\nSUMMARY:")
        let path = try w.file("long.eml", Self.mail(Self.calendarPart(calendar)))
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as! Int > 16_000_000)
        let r = try w.ada.plan("group", "reply", path)
        #expect(r.status == 0 && r.stdout.contains("going → declined"), "\(r.status) \(r.stderr.prefix(300))")
    }

    @Test func nestingAndPartsAreReadToTheirLimitsAndRefusedPastThem() throws {
        let w = try ForgedInvitationTests.world()
        defer { try? FileManager.default.removeItem(at: w.dir) }
        let part = Self.calendarPart(decline(w))

        let tooDeep = try w.file("deep.eml", Self.mail(Self.nested(part, levels: 17)))
        let before = try w.sessions(w.ada)
        let deep = try w.ada.plan("group", "reply", tooDeep)
        #expect(deep.status != 0 && deep.stderr.contains("deeper than 16 levels"), "\(deep)")
        #expect(!deep.stderr.contains("no text/calendar part"), "\(deep)")

        var many = "Content-Type: multipart/mixed; boundary=\"p\"\r\n\r\n"
        for k in 0..<64 { many += "--p\r\nContent-Type: text/plain\r\n\r\npart \(k)\r\n" }
        let tooMany = try w.file("many.eml", Self.mail(many + "--p\r\n\(part)\r\n--p--\r\n"))
        let wide = try w.ada.plan("group", "reply", tooMany)
        #expect(wide.status != 0 && wide.stderr.contains("more than 64 parts"), "\(wide)")
        #expect(try w.sessions(w.ada) == before)

        // At the limits: 16 levels deep, and 64 parts of which the last is the calendar.
        var sixtyFour = "Content-Type: multipart/mixed; boundary=\"p\"\r\n\r\n"
        for k in 0..<63 { sixtyFour += "--p\r\nContent-Type: text/plain\r\n\r\npart \(k)\r\n" }
        let accept = Self.calendarPart(ForgedInvitationTests.ics("REPLY", uid: w.uid, attendees: ["ATTENDEE;PARTSTAT=ACCEPTED:mailto:alice@uni.edu"]))
        let atWidth = try w.file("sixty-four.eml", Self.mail(sixtyFour + "--p\r\n\(accept)\r\n--p--\r\n"))
        let atDepth = try w.file("sixteen.eml", Self.mail(Self.nested(part, levels: 16)))
        let first = try w.ada.plan("group", "reply", atDepth)
        #expect(first.status == 0 && first.stdout.contains("going → declined"), "\(first)")
        let again = try w.ada.plan("group", "reply", atWidth)
        #expect(again.status == 0 && again.stdout.contains("declined → going"), "\(again)")
    }
}

import Foundation
import PlanCore

/// An iMIP message (RFC 6047): what a mail client sends to carry an iTIP
/// message, written as an `.eml` file (RFC 5322, CRLF line ends) that any
/// mail program can open and send.
///
/// `multipart/alternative`: a `text/plain` part for people, then the
/// `text/calendar; method=…; charset=UTF-8` part that calendar-aware clients
/// (Thunderbird, Apple Mail, Gmail, Outlook) show with Accept/Decline. Both
/// parts are base64, so no line is too long whatever the text; headers with
/// other than ASCII are RFC 2047 encoded words.
package struct MailMessage: Hashable, Sendable {
    package var from: CalendarUser
    package var to: CalendarUser
    package var subject: String
    /// `Date:`, and the source of nothing else: the same message and date give the same bytes.
    package var date: Instant
    /// Without the angle brackets: `local@domain`.
    package var messageId: String
    package var text: String
    package var method: SchedulingMethod
    /// The iTIP message (``ICalExporter/scheduling(_:_:)``).
    package var calendar: String

    package init(from: CalendarUser, to: CalendarUser, subject: String, date: Instant, messageId: String, text: String,
                method: SchedulingMethod, calendar: String) {
        self.from = from
        self.to = to
        self.subject = subject
        self.date = date
        self.messageId = messageId
        self.text = text
        self.method = method
        self.calendar = calendar
    }

    /// The whole message, CRLF line ends.
    package var eml: String {
        // "_" is not a base64 character and no header line starts with "--": no body can hold the boundary.
        let boundary = "=_plan_alternative_" + method.rawValue.lowercased()
        var lines = [
            "From: " + Self.mailbox(from),
            "To: " + Self.mailbox(to),
            "Subject: " + Self.encodedWord(subject),
            "Date: " + Self.rfc5322Date(date),
            "Message-ID: <\(messageId)>",
            "MIME-Version: 1.0",
            "Content-Type: multipart/alternative; boundary=\"\(boundary)\"",
            "",
            "This is a calendar message in MIME format.",
            "",
            "--" + boundary,
            "Content-Type: text/plain; charset=UTF-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        lines += Self.base64Lines(text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n"))
        lines += [
            "",
            "--" + boundary,
            "Content-Type: text/calendar; method=\(method.rawValue); charset=UTF-8",
            "Content-Transfer-Encoding: base64",
            "",
        ]
        lines += Self.base64Lines(calendar)
        lines += ["", "--" + boundary + "--", ""]
        return lines.joined(separator: "\r\n")
    }

    /// `"Ada Byron" <ada@uni.edu>`, or `<ada@uni.edu>` without a name.
    static func mailbox(_ u: CalendarUser) -> String {
        guard let name = u.name, !name.isEmpty else { return "<\(u.email)>" }
        if name.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 && $0.value < 127 }) {
            let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return "\"\(quoted)\" <\(u.email)>"
        }
        return "\(encodedWord(name)) <\(u.email)>"
    }

    /// ASCII as it is; anything else as `=?UTF-8?B?…?=` words (RFC 2047), each under 76 characters.
    static func encodedWord(_ s: String) -> String {
        if s.unicodeScalars.allSatisfy({ $0.isASCII && $0.value >= 32 && $0.value < 127 }) { return s }
        // Whole characters per word, at most 45 bytes each (60 base64 characters).
        var words: [String] = [], chunk: [UInt8] = []
        for c in s {
            let bytes = Array(String(c).utf8)
            if chunk.count + bytes.count > 45 {
                words.append(chunk.isEmpty ? "" : "=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=")
                chunk = []
            }
            chunk += bytes
        }
        if !chunk.isEmpty { words.append("=?UTF-8?B?" + Data(chunk).base64EncodedString() + "?=") }
        return words.filter { !$0.isEmpty }.joined(separator: "\r\n ")
    }

    /// `Wed, 25 Nov 2026 16:21:40 +0000`.
    static func rfc5322Date(_ i: Instant) -> String {
        let l = i.local(offset: 0)
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        return "\(days[l.date.isoWeekday - 1]), \(l.date.day) \(months[l.date.month - 1]) \(l.date.year) "
            + String(format: "%02d:%02d:%02d", l.hour, l.minute, l.second) + " +0000"
    }

    /// The UTF-8 of `s` in base64, 76 characters a line.
    static func base64Lines(_ s: String) -> [String] {
        let all = Data(s.utf8).base64EncodedString()
        var out: [String] = []
        var i = all.startIndex
        while i < all.endIndex {
            let j = all.index(i, offsetBy: 76, limitedBy: all.endIndex) ?? all.endIndex
            out.append(String(all[i..<j]))
            i = j
        }
        return out
    }
}

import Foundation
import PlanCore

/// The iCalendar part of a mail message as a mail program saves it (`.eml`,
/// RFC 5322 with MIME, RFC 2045–2046): an iMIP invitation or answer
/// (RFC 6047) carries its iTIP message as a `text/calendar` part, often
/// inside `multipart/alternative` or `multipart/mixed`, encoded base64,
/// quoted-printable, or not at all. A file that is iCalendar already comes
/// back as it is. Read over bytes in one pass per level, so time grows
/// linearly with the message whatever its line lengths.
package enum MailReader {
    /// How deep multiparts may nest before the message is refused.
    package static let maxDepth = 16
    /// How many parts one multipart may have before the message is refused.
    package static let maxParts = 64

    /// Why a part holds no calendar.
    private enum Miss: Error {
        case none
        case tooDeep
        case tooManyParts
        case noBoundary
    }

    /// The first `text/calendar` part's bytes (decoded), or why there is none.
    package static func calendar(in bytes: [UInt8]) -> (calendar: [UInt8]?, problem: String?) {
        if startsAsCalendar(bytes) { return (bytes, nil) }
        let mail = MailLines(bytes)
        guard let first = mail.lines.first, mail.bytes[first].contains(UInt8(ascii: ":")) else {
            return (nil, "it is neither iCalendar nor a mail message")
        }
        do {
            return (try part(mail, 0..<mail.lines.count, depth: 0), nil)
        } catch .tooDeep {
            return (nil, "the mail message nests its parts deeper than \(maxDepth) levels: save its invite.ics attachment and give plan that")
        } catch .tooManyParts {
            return (nil, "a multipart of the mail message has more than \(maxParts) parts: save its invite.ics attachment and give plan that")
        } catch .noBoundary {
            return (nil, "a multipart of the mail message names no boundary, so its parts cannot be told apart: save its invite.ics attachment and give plan that")
        } catch {
            return (nil, "the mail message has no text/calendar part (the invitation itself): save the message as it came (.eml), or its invite.ics attachment")
        }
    }

    static func startsAsCalendar(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        return head.hasPrefix("BEGIN:VCALENDAR")
    }

    /// A part (lines `range` of `mail`: headers, blank line, body): its
    /// calendar bytes, looking into multiparts.
    private static func part(_ mail: MailLines, _ range: Range<Int>, depth: Int) throws(Miss) -> [UInt8] {
        guard depth <= maxDepth else { throw .tooDeep }
        let (fields, bodyStart) = mail.header(from: range.lowerBound, in: range.upperBound)
        func field(_ name: String) -> String? { fields.last { $0.name == name }?.value }
        let body = bodyStart..<range.upperBound
        let type = field("content-type") ?? "text/plain"
        let mime = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if mime.hasPrefix("multipart/") {
            guard let boundary = parameter("boundary", in: type), !boundary.isEmpty else { throw .noBoundary }
            let between = Array(("--" + boundary).utf8), closing = Array(("--" + boundary + "--").utf8)
            var parts: [Range<Int>] = []
            var start: Int?
            for k in body {
                let line = mail.trimmed(mail.lines[k])
                let closes = mail.equals(line, closing)
                guard closes || mail.equals(line, between) else { continue }
                if let s = start { parts.append(s..<k) }
                guard parts.count <= maxParts else { throw .tooManyParts }
                start = closes ? nil : k + 1
                if closes { break }
            }
            var deepest = Miss.none
            for p in parts {
                do { return try part(mail, p, depth: depth + 1) } catch {
                    if case .none = deepest { deepest = error }
                }
            }
            throw deepest
        }
        guard mime == "text/calendar" || mime == "application/ics" else { throw .none }
        let encoding = (field("content-transfer-encoding") ?? "7bit").lowercased()
        guard let decoded = decode(mail, body, encoding: encoding), startsAsCalendar(decoded) else { throw .none }
        return decoded
    }

    /// `name="value"` or `name=value` of a header's parameters.
    static func parameter(_ name: String, in header: String) -> String? {
        for piece in header.split(separator: ";").dropFirst() {
            let kv = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard kv.count == 2, kv[0].lowercased() == name else { continue }
            return kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }

    /// The body lines `body` of `mail` decoded by their transfer encoding.
    static func decode(_ mail: MailLines, _ body: Range<Int>, encoding: String) -> [UInt8]? {
        switch encoding {
        case "base64":
            var text: [UInt8] = []
            for k in body {
                for b in mail.bytes[mail.lines[k]] where !(b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0C) { text.append(b) }
            }
            return Data(base64Encoded: Data(text)).map { Array($0) }
        case "quoted-printable":
            var out: [UInt8] = []
            for k in body {
                let line = mail.lines[k]
                let soft = !line.isEmpty && mail.bytes[line.upperBound - 1] == UInt8(ascii: "=")
                let end = soft ? line.upperBound - 1 : line.upperBound
                var i = line.lowerBound
                while i < end {
                    if mail.bytes[i] == UInt8(ascii: "="), i + 2 < end,
                       let hi = hexDigit(mail.bytes[i + 1]), let lo = hexDigit(mail.bytes[i + 2]) {
                        out.append(hi << 4 | lo)
                        i += 3
                    } else {
                        out.append(mail.bytes[i])
                        i += 1
                    }
                }
                if !soft && k < body.upperBound - 1 { out += [13, 10] }
            }
            return out
        default:
            var out: [UInt8] = []
            for k in body {
                if k > body.lowerBound { out += [13, 10] }
                out += mail.bytes[mail.lines[k]]
            }
            // An 8-bit part that is not UTF-8 is read as Latin-1, as mail programs of old wrote it.
            if !out.isUTF8, let latin1 = String(bytes: out, encoding: .isoLatin1) { out = Array(latin1.utf8) }
            return out
        }
    }

    private static func hexDigit(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

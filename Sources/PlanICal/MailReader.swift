import Foundation

/// The iCalendar part of a mail message as a mail program saves it (`.eml`,
/// RFC 5322 with MIME, RFC 2045–2046): an iMIP invitation or answer
/// (RFC 6047) carries its iTIP message as a `text/calendar` part, often
/// inside `multipart/alternative` or `multipart/mixed`, encoded base64,
/// quoted-printable, or not at all. A file that is iCalendar already comes
/// back as it is.
package enum MailReader {
    /// How deep multiparts may nest before the message is refused.
    static let maxDepth = 4
    /// How many parts one multipart may have before it is refused.
    static let maxParts = 64

    /// The first `text/calendar` part's bytes (decoded), or why there is none.
    package static func calendar(in bytes: [UInt8]) -> (calendar: [UInt8]?, problem: String?) {
        if startsAsCalendar(bytes) { return (bytes, nil) }
        guard let text = String(validating: bytes, as: UTF8.self) ?? String(bytes: bytes, encoding: .isoLatin1) else {
            return (nil, "it is neither iCalendar nor a mail message")
        }
        let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let header = lines.first, header.contains(":") else { return (nil, "it is neither iCalendar nor a mail message") }
        if let found = part(lines[...], depth: 0) { return (found, nil) }
        return (nil, "the mail message has no text/calendar part (the invitation itself): save the message as it came (.eml), or its invite.ics attachment")
    }

    static func startsAsCalendar(_ bytes: [UInt8]) -> Bool {
        let head = String(decoding: bytes.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        return head.hasPrefix("BEGIN:VCALENDAR")
    }

    /// A part (headers, blank line, body): its calendar bytes, looking into multiparts.
    private static func part(_ lines: ArraySlice<String>, depth: Int) -> [UInt8]? {
        guard depth <= maxDepth else { return nil }
        var headers: [String: String] = [:]
        var i = lines.startIndex
        var last: String?
        while i < lines.endIndex, !lines[i].isEmpty {
            let line = lines[i]
            if line.first == " " || line.first == "\t", let key = last {
                headers[key, default: ""] += " " + line.trimmingCharacters(in: .whitespaces)
            } else if let colon = line.firstIndex(of: ":") {
                let key = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                headers[key] = String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
                last = key
            }
            i += 1
        }
        let body = lines[min(i + 1, lines.endIndex)...]
        let type = headers["content-type"] ?? "text/plain"
        let mime = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        if mime.hasPrefix("multipart/") {
            guard let boundary = parameter("boundary", in: type) else { return nil }
            var parts: [ArraySlice<String>] = []
            var start: Int?
            for k in body.indices {
                let line = body[k].trimmingCharacters(in: .whitespaces)
                if line == "--" + boundary || line == "--" + boundary + "--" {
                    if let s = start { parts.append(body[s..<k]) }
                    guard parts.count < maxParts else { return nil }
                    start = line.hasSuffix(boundary + "--") ? nil : k + 1
                    if start == nil { break }
                }
            }
            for p in parts {
                if let found = part(p, depth: depth + 1) { return found }
            }
            return nil
        }
        guard mime == "text/calendar" || mime == "application/ics" else { return nil }
        let decoded = decode(Array(body), encoding: (headers["content-transfer-encoding"] ?? "7bit").lowercased())
        return decoded.flatMap { startsAsCalendar($0) ? $0 : nil }
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

    static func decode(_ lines: [String], encoding: String) -> [UInt8]? {
        switch encoding {
        case "base64":
            return Data(base64Encoded: lines.joined().filter { !$0.isWhitespace }).map { Array($0) }
        case "quoted-printable":
            var out: [UInt8] = []
            for (n, line) in lines.enumerated() {
                var bytes = Array(line.utf8)
                let soft = bytes.last == UInt8(ascii: "=")
                if soft { bytes.removeLast() }
                var k = 0
                while k < bytes.count {
                    if bytes[k] == UInt8(ascii: "="), k + 2 < bytes.count,
                       let v = UInt8(String(decoding: bytes[(k + 1)...(k + 2)], as: UTF8.self), radix: 16) {
                        out.append(v)
                        k += 3
                    } else {
                        out.append(bytes[k])
                        k += 1
                    }
                }
                if !soft && n < lines.count - 1 { out += [13, 10] }
            }
            return out
        default:
            return Array(lines.joined(separator: "\r\n").utf8)
        }
    }
}

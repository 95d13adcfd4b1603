import Foundation

extension MailReader {
    /// How many bytes of a message's head are read for its `From:` (a head
    /// longer than this has no sender plan reads).
    static let maxHeadBytes = 64 * 1024

    /// The address in a mail message's `From:` header as written (the part
    /// in angle brackets, or the whole value), nil for a file that is
    /// iCalendar already or has no `From:`. A value that names more than one
    /// mailbox comes back whole, so that the caller's address check
    /// (``MailAddress``) refuses it. Reads at most ``maxHeadBytes``, once.
    package static func sender(in bytes: [UInt8]) -> String? {
        if startsAsCalendar(bytes) { return nil }
        let head = bytes.prefix(maxHeadBytes)
        var lines: [String] = []
        var start = head.startIndex
        var i = head.startIndex
        while i < head.endIndex {
            if head[i] == UInt8(ascii: "\n") {
                var end = i
                if end > start, head[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                if end == start { break }
                let line = String(decoding: head[start..<end], as: UTF8.self)
                if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                    lines[lines.count - 1] += " " + line.trimmingCharacters(in: .whitespaces)
                } else {
                    lines.append(line)
                }
                start = i + 1
            }
            i += 1
        }
        guard let from = lines.first(where: { $0.lowercased().hasPrefix("from:") }) else { return nil }
        let value = from.dropFirst(5).trimmingCharacters(in: .whitespaces)
        // `"Ada, B." <ada@uni.edu>`: the address is what the last angle brackets hold, when one pair does.
        if value.filter({ $0 == "<" }).count == 1, value.filter({ $0 == ">" }).count == 1,
           let open = value.firstIndex(of: "<"), let close = value.firstIndex(of: ">"), open < close,
           value[value.index(after: close)...].trimmingCharacters(in: .whitespaces).isEmpty {
            return String(value[value.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
        }
        return value
    }
}

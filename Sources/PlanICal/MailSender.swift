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
        let head = MailLines(bytes, limit: maxHeadBytes)
        let fields = head.header(from: 0, in: head.lines.count).fields
        guard let value = fields.first(where: { $0.name == "from" })?.value else { return nil }
        // `"Ada, B." <ada@uni.edu>`: the address is what the last angle brackets hold, when one pair does.
        if value.filter({ $0 == "<" }).count == 1, value.filter({ $0 == ">" }).count == 1,
           let open = value.firstIndex(of: "<"), let close = value.firstIndex(of: ">"), open < close,
           value[value.index(after: close)...].trimmingCharacters(in: .whitespaces).isEmpty {
            return String(value[value.index(after: open)..<close]).trimmingCharacters(in: .whitespaces)
        }
        return value
    }
}

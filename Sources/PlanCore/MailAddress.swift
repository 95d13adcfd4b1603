/// One mail address (RFC 5322 §3.4.1 `addr-spec`, as people write them):
/// `local@domain`, read the same wherever an address comes from — the
/// command line (`plan me --email`, `group create --invite`), an
/// invitation's ORGANIZER and ATTENDEEs, a mail's `From:`, a group calendar.
///
/// Deliberately narrower than the RFC: no quoted local part, no comment, no
/// domain literal, no display name, so that an address pasted into a header
/// (`To: <…>`) or a `mailto:` can never be more than one mailbox. Refused:
/// whitespace, a control character, and each of `< > ( ) [ ] , ; : " \`,
/// which would start a second mailbox, a group, a comment or a quoted
/// string; more or fewer than one `@`; an empty local part; a domain
/// without a dot, or with an empty label. Letters beyond ASCII are kept
/// (RFC 6531 addresses).
package enum MailAddress {
    /// The longest address read (RFC 5321 §4.5.3.1.3: a path of 256 octets).
    package static let maxBytes = 254

    /// Why `s` is not one address, nil when it is.
    package static func problem(_ s: String) -> String? {
        if s.isEmpty { return "it is empty" }
        if s.utf8.count > maxBytes { return "it is longer than \(maxBytes) bytes" }
        if let p = LineText.problem(s) { return "it holds a control character (\(p.codePoint) at character \(p.position))" }
        if let c = s.first(where: { $0.isWhitespace }) { return "it holds a space (\(LineText.codePoint(c.unicodeScalars.first!)))" }
        if let c = s.first(where: { forbidden.contains($0) }) { return "it holds \"\(c)\", which would start another address" }
        let parts = s.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return parts.count < 2 ? "it has no @" : "it has more than one @" }
        guard !parts[0].isEmpty else { return "nothing before the @" }
        let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { return "its domain \"\(LineText.excerpt(parts[1]))\" is not a name like uni.edu" }
        return nil
    }

    /// Whether `s` is one address.
    package static func isAddress(_ s: String) -> Bool { problem(s) == nil }

    private static let forbidden: Set<Character> = ["<", ">", "(", ")", "[", "]", ",", ";", ":", "\"", "\\"]
}

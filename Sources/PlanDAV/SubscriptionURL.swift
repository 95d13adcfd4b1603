import Foundation

/// The address of a published calendar as plan fetches and keeps it:
/// `webcal://` read as `https://`, no credentials in it, plain `http://`
/// only to this machine (127.0.0.1, ::1, localhost) unless allowed.
package struct SubscriptionURL: Hashable, Sendable, CustomStringConvertible {
   /// `https://host[:port]/path[?query]`, or `http://` as allowed.
   package let text: String
   package let scheme: String
   /// Lower-cased, without brackets for IPv6.
   package let host: String

   /// Whether `text` is written as a URL plan would fetch (a scheme plan
   /// knows), rather than a file's path.
   package static func looksLikeURL(_ text: String) -> Bool {
       let lower = text.lowercased()
       return ["https://", "http://", "webcal://", "webcals://"].contains { lower.hasPrefix($0) }
   }

   /// Reads `raw`, refusing what plan does not fetch. `insecure` allows
   /// plain `http://` to any host. Credentials written in the URL are
   /// refused (and never repeated in the message): they belong in `~/.netrc`.
   package init(_ raw: String, insecure: Bool = false) throws(DAVError) {
       guard var parts = URLComponents(string: raw.trimmingCharacters(in: .whitespaces)),
             let given = parts.scheme?.lowercased() else {
           throw .refusedURL(url: Self.shown(raw), reason: "not a URL plan can read")
       }
       let scheme: String = switch given {
       case "webcal", "webcals", "https": "https"
       case "http": "http"
       default: throw .refusedURL(url: Self.shown(raw), reason: "plan reads https:// and webcal:// calendars (http:// only on this machine)")
       }
       if parts.user != nil || parts.password != nil {
           parts.user = nil
           parts.password = nil
           parts.scheme = scheme
           throw .refusedURL(url: parts.string ?? Self.shown(raw),
                             reason: "credentials in the URL are not kept; put them in ~/.netrc (machine HOST login USER password PASSWORD) or PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD and give the URL without them")
       }
       guard let host = parts.host?.lowercased(), !host.isEmpty else {
           throw .refusedURL(url: Self.shown(raw), reason: "the URL names no host")
       }
       parts.scheme = scheme
       parts.fragment = nil
       if parts.path.isEmpty { parts.path = "/" }
       guard let text = parts.string else { throw .refusedURL(url: Self.shown(raw), reason: "not a URL plan can read") }
       self.text = text
       self.scheme = scheme
       self.host = host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host
       if scheme == "http" && !insecure && !isLoopback {
           throw .refusedURL(url: text, reason: "plain http:// sends the calendar (and any password) unencrypted; use https://, or --insecure to allow it")
       }
   }

   /// `scheme://host:port` (the port written out, 443 or 80 when the URL has none): what a
   /// password command is kept for, so one set for a server is never run for another
   /// port or scheme of the same host.
   package var origin: String {
       let port = URLComponents(string: text)?.port ?? (scheme == "https" ? 443 : 80)
       return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
   }

   /// The host is this machine: plain http stays on it.
   package var isLoopback: Bool { ["127.0.0.1", "::1", "localhost"].contains(host) }

   /// Credentials may go to it: over https, or to this machine.
   package var mayCarryCredentials: Bool { scheme == "https" || isLoopback }

   package var description: String { text }

   /// A string that may hold credentials, for an error, as written but
   /// without them: a URL without its user and password (up to the first
   /// `@` of its authority); a string that does not read as a URL without
   /// everything before its last `@` (a password may hold `/`, `?` or `#`).
   static func shown(_ raw: String) -> String {
       func short(_ text: String) -> String { text.count > 200 ? String(text.prefix(200)) + "…" : text }
       let schemeEnd = raw.range(of: "://")?.upperBound
       var at = raw.lastIndex(of: "@")
       if let parts = URLComponents(string: raw), parts.host != nil {
           guard parts.user != nil || parts.password != nil else { return short(raw) }
           at = schemeEnd.flatMap { raw[$0...].firstIndex(of: "@") } ?? at
       }
       guard let at else { return short(raw) }
       let scheme = schemeEnd.flatMap { $0 <= at ? String(raw[..<$0]) : nil } ?? ""
       return short(scheme + raw[raw.index(after: at)...])
   }

   /// `text` (a message that may quote what was typed, such as a usage
   /// error) with each URL in it shown as ``shown(_:)`` shows it: without
   /// its user and password. A URL runs from its scheme to the next white space.
   package static func hidingCredentials(in text: String) -> String {
       guard text.contains("@") else { return text }
       var out = ""
       var word = ""
       for c in text {
           if c.isWhitespace {
               out += hidingCredentials(inWord: word)
               out.append(c)
               word = ""
           } else {
               word.append(c)
           }
       }
       return out + hidingCredentials(inWord: word)
   }

   private static func hidingCredentials(inWord word: String) -> String {
       guard let separator = word.range(of: "://"), word[separator.upperBound...].contains("@") else { return word }
       let start = word[..<separator.lowerBound].lastIndex { !($0.isLetter || $0.isNumber || "+-.".contains($0)) }
           .map { word.index(after: $0) } ?? word.startIndex
       return String(word[..<start]) + shown(String(word[start...]))
   }
}

/// Text a person gives plan to name something — their name, a project's
/// name, a session's title, course and place, its notes — checked where it
/// enters, by the one check both faces reach: no control character (Unicode's
/// `Cc`: the C0 controls, DEL and the C1 controls), and for a name one line.
///
/// A control character has no place there: RFC 5545 allows none in a TEXT
/// value or a parameter value (§3.3.11, §3.1: `CONTROL` is excluded; a line
/// break in TEXT is the escape `\n`, and a parameter such as ORGANIZER's `CN`
/// cannot hold one at all), a mail header cannot hold a line break, libical
/// takes a C string (a NUL would cut the value) and drops a CR, and a terminal
/// acts on ESC. So it is refused with the value, rather than kept and shown
/// or written differently by each face.
package enum LineText {
    /// What the refusal says was wrong: the first control character and where it is.
    package struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        /// The character refused.
        package var scalar: Unicode.Scalar
        /// Its position in the value, counting characters from 1.
        package var position: Int
        /// Whether the value may hold line breaks (a note) or is one line (a name).
        package var lines: Bool

        /// `U+001B`: the character in a form every face shows as it is.
        package var codePoint: String { LineText.codePoint(scalar) }

        /// What a refusal says after `expected`: `one line of text without
        /// control characters (U+001B at character 4)`.
        package var expectation: String {
            (lines ? "text without control characters but line feeds and tabs" : "one line of text without control characters")
                + " (\(codePoint) at character \(position))"
        }

        package var description: String { "expected " + expectation }
    }

    /// The first control character in `s`, nil when it has none. With
    /// `lines` (notes), a line feed and a tab are allowed (a CR is not:
    /// libical would drop it from what plan writes).
    package static func problem(_ s: String, lines: Bool = false) -> Problem? {
        var position = 0
        for c in s {
            position += 1
            if lines, c == "\n" || c == "\t" { continue }
            if let u = c.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) {
                return Problem(scalar: u, position: position, lines: lines)
            }
        }
        return nil
    }

    /// `s` as a refusal quotes it: each control character (`Cc`) in its
    /// visible form (``visible(_:)-(Unicode.Scalar)``), so that the value
    /// reads the same in a terminal, a log and a JSON-RPC error, on one line.
    package static func visible(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return s }
        var out = ""
        for u in s.unicodeScalars {
            if u.properties.generalCategory == .control { out += visible(u) } else { out.unicodeScalars.append(u) }
        }
        return out
    }

    /// A control character as the README promises to show it: a C0 control
    /// as its Control Picture U+2400–U+241F (`␛`, `␊`, `␍`, `␀`), DEL as
    /// `␡`, any other as its code point in angle brackets (`<U+009B>`).
    package static func visible(_ u: Unicode.Scalar) -> String {
        switch u.value {
        case 0x00...0x1F: String(Character(Unicode.Scalar(0x2400 + u.value)!))
        case 0x7F: "\u{2421}"
        default: "<\(codePoint(u))>"
        }
    }

    /// `U+001B`, `U+009B`, `U+1F600`: four hex digits at least, upper case.
    package static func codePoint(_ u: Unicode.Scalar) -> String {
        let digits = String(u.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

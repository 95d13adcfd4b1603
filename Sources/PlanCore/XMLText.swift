/// Text made safe for XML 1.0, in element content and in quoted attribute
/// values: the one escaper of the WebDAV bodies (PlanDAV) and the SVG week
/// (PlanRender).
package enum XMLText {
    /// What becomes of a character XML 1.0 cannot hold (its `Char` production, §2.2: a C0 control
    /// other than tab, line feed and carriage return, U+FFFE, U+FFFF).
    package enum Forbidden: Sendable {
        /// Left out; tab, line feed and carriage return are kept (a request body says what was given).
        case dropped
        /// Written as a space, and so are tab, line feed and carriage return (a picture keeps every
        /// text on one line and its width as measured).
        case spaced
    }

    /// `text` with the five XML specials (`&`, `<`, `>`, `"`, `'`) written as entities and the
    /// characters XML 1.0 forbids treated as `forbidden` says.
    package static func escaped(_ text: String, forbidden: Forbidden) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for u in text.unicodeScalars {
            switch u {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": if forbidden == .dropped { out.unicodeScalars.append(u) } else { out += " " }
            default:
                if u.value >= 0x20 && !(0xFFFE...0xFFFF).contains(u.value) {
                    out.unicodeScalars.append(u)
                } else if forbidden == .spaced {
                    out += " "
                }
            }
        }
        return out
    }
}

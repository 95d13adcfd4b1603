/// Text from outside plan (task titles and notes, calendar SUMMARY, LOCATION
/// and DESCRIPTION, course titles, people's names, values quoted in messages)
/// made inert before it reaches a terminal: no control character and no
/// bidirectional override in it can move the cursor, clear the screen, ring
/// the bell, retitle the window or reorder the text around it.
///
/// What becomes of each character:
///
/// | in the data | shown as |
/// |---|---|
/// | C0 controls U+0000–U+001F (ESC, BEL, BS, CR, LF, TAB…) | its Control Picture U+2400–U+241F: `␛`, `␇`, `␈`, `␍`, `␊`, `␉` |
/// | DEL U+007F | `␡` |
/// | C1 controls U+0080–U+009F (CSI U+009B, OSC U+009D…) | `<U+009B>` |
/// | bidi embeddings, overrides and isolates U+202A–U+202E, U+2066–U+2069; line and paragraph separators U+2028, U+2029 | `<U+202E>` |
///
/// Everything else (letters of every script, emoji, combining marks,
/// zero-width joiners) is kept. A label with right-to-left letters (Hebrew,
/// Arabic…) is then isolated, FSI U+2068 … PDI U+2069, so that a terminal
/// which orders bidirectional text keeps it from reordering the columns and
/// words beside it; both take no cell.
package enum TerminalText {
    /// First Strong Isolate: the label's own direction, from its first strong letter.
    package static let firstStrongIsolate: Unicode.Scalar = "\u{2068}"
    /// Pop Directional Isolate: ends the isolate.
    package static let popDirectionalIsolate: Unicode.Scalar = "\u{2069}"

    /// `s` with every control character in the visible form of the table
    /// above; a newline too (a label stays on its line).
    package static func inert(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isControl) else { return s }
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars { append(u, to: &out) }
        return String(out)
    }

    /// An outside-supplied label as a text rendering writes it: ``inert(_:)``,
    /// then isolated (FSI … PDI) when it has right-to-left letters.
    package static func label(_ s: String) -> String {
        isolated(inert(s))
    }

    /// An outside-supplied label in exactly `cells` terminal cells: made
    /// ``inert(_:)``, cut with `…` between grapheme clusters when longer,
    /// isolated when it has right-to-left letters (the isolate closed before
    /// the padding, so a cut never leaves it open), padded with spaces.
    package static func fit(_ s: String, _ cells: Int) -> String {
        guard cells > 0 else { return "" }
        let safe = inert(s)
        let whole = TerminalCells.width(safe)
        let (body, used) = whole <= cells ? (safe, whole) : { () -> (String, Int) in
            let kept = TerminalCells.prefix(safe, cells - 1)
            return (kept.text + "…", kept.cells + 1)
        }()
        return isolated(body) + String(repeating: " ", count: cells - used)
    }

    /// `s` between FSI and PDI when it has right-to-left letters, else as it is.
    static func isolated(_ s: String) -> String {
        guard s.unicodeScalars.contains(where: isRightToLeft) else { return s }
        return String(Character(firstStrongIsolate)) + s + String(Character(popDirectionalIsolate))
    }

    /// Text about to be written to a terminal, made inert as a whole: the last
    /// guard at the door, after each label was made inert where it entered the
    /// rendering. Newlines and tabs stay (they are the text's own lines), as do
    /// the isolates ``label(_:)`` writes; with `keepingStyle`, so do plan's own
    /// SGR sequences (`ESC [ digits ; … m`, colours and bold), and every other
    /// escape sequence is shown inert.
    package static func output(_ s: String, keepingStyle: Bool) -> String {
        func passes(_ u: Unicode.Scalar) -> Bool {
            u == "\n" || u == "\t" || u == firstStrongIsolate || u == popDirectionalIsolate
        }
        guard s.unicodeScalars.contains(where: { isControl($0) && !passes($0) }) else { return s }
        var out = String.UnicodeScalarView()
        let scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let u = scalars[i]
            if keepingStyle, u == "\u{1B}", let end = sgrEnd(scalars, from: i) {
                out.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            if passes(u) { out.append(u) } else { append(u, to: &out) }
            i += 1
        }
        return String(out)
    }

    /// Where the SGR sequence starting at `start` (an ESC) ends: `ESC [`,
    /// digits and semicolons, `m`; nil when it is any other sequence.
    static func sgrEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var i = start + 2
        while i < scalars.count, scalars[i] == ";" || ("0"..."9").contains(scalars[i]) { i += 1 }
        return i < scalars.count && scalars[i] == "m" ? i : nil
    }

    /// A character the table above turns visible.
    package static func isControl(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    private static func append(_ u: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        if isControl(u) { out.append(contentsOf: LineText.visible(u).unicodeScalars) } else { out.append(u) }
    }

    /// A letter of a right-to-left script (bidi class R or AL): Hebrew,
    /// Arabic, Syriac, Thaana, N'Ko and the other scripts of U+0590–U+08FF,
    /// their presentation forms and the right-to-left blocks of the
    /// supplementary planes.
    package static func isRightToLeft(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFE, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }
}

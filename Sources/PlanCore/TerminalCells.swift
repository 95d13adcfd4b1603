/// Text measured and cut in terminal cells, the width a terminal draws it
/// in: an East Asian Wide or Fullwidth character (CJK, kana, hangul) or an
/// emoji takes two cells, a combining mark, a zero-width or format character
/// (joiners, FSI/PDI) none, anything else one. A `Character` is a grapheme
/// cluster (a letter with its marks, an emoji with its modifiers and
/// joiners, a flag), measured whole and never split. Never wraps.
package enum TerminalCells {
    /// The cells `c` takes: its first scalar decides, an emoji asked for by
    /// VS16 (U+FE0F) takes two.
    package static func width(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value < 0x20 ? 0 : 1 }
        if isZeroWidth(first) { return 0 }
        if isWide(first.value) || first.properties.isEmojiPresentation { return 2 }
        if first.properties.isEmoji && scalars.contains("\u{FE0F}") { return 2 }
        return 1
    }

    /// The cells of `s`.
    package static func width(_ s: String) -> Int { s.reduce(0) { $0 + width($1) } }

    /// `s` in exactly `cells` cells: cut with `…` when longer (between
    /// grapheme clusters, a wide one that would cross the edge left out),
    /// padded with spaces.
    package static func fit(_ s: String, _ cells: Int) -> String {
        guard cells > 0 else { return "" }
        let w = width(s)
        if w <= cells { return s + String(repeating: " ", count: cells - w) }
        let (kept, used) = prefix(s, cells - 1)
        return kept + "…" + String(repeating: " ", count: cells - 1 - used)
    }

    /// The longest run of whole characters from the start of `s` in at most
    /// `cells` cells, and the cells it takes.
    package static func prefix(_ s: String, _ cells: Int) -> (text: String, cells: Int) {
        var out = "", used = 0
        for c in s {
            let w = width(c)
            if used + w > cells { break }
            out.append(c)
            used += w
        }
        return (out, used)
    }

    /// `s` padded with spaces to `cells` cells; longer text is left whole.
    package static func pad(_ s: String, _ cells: Int) -> String {
        s + String(repeating: " ", count: max(0, cells - width(s)))
    }

    /// Combining and enclosing marks, format characters (ZWSP, ZWJ, the bidi
    /// isolates, BOM), controls, and hangul's medial vowels and final consonants.
    static func isZeroWidth(_ u: Unicode.Scalar) -> Bool {
        switch u.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return true
        default: return (0x1160...0x11FF).contains(u.value) || (0xD7B0...0xD7FF).contains(u.value)
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) in Unicode's EastAsianWidth.txt,
    /// by block; emoji are found by their Emoji_Presentation property instead.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF,
             0x1F200...0x1F2FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}

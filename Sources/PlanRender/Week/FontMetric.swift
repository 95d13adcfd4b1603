/// A fixed table of text advances for a sans-serif font: how wide a string
/// is drawn, without asking a font library. Rounded up from DejaVu Sans (the
/// widest of the fonts the picture names: Helvetica and Arial are narrower),
/// so text cut to this measure fits in any of them.
package enum FontMetric {
    /// The advance of `c` in ems.
    package static func advance(_ c: Character) -> Double {
        guard let v = c.unicodeScalars.first?.value else { return 0 }
        switch c {
        case " ": return 0.32
        case "i", "j", "l", "'", "|", ".", ",", ":", ";", "!": return 0.32
        case "f", "t", "r", "I", "(", ")", "[", "]", "-", "/", "\"": return 0.45
        case "m": return 0.98
        case "w": return 0.85
        case "M": return 0.91
        case "W", "@", "%": return 1.01
        case "…": return 1.0
        case "–", "—": return 1.0
        default: break
        }
        if v >= 0x30 && v <= 0x39 { return 0.64 }
        if v >= 0x61 && v <= 0x7A { return 0.66 }
        if v >= 0x41 && v <= 0x5A { return 0.80 }
        if v < 0x80 { return 0.84 }
        // Anything else, accents to CJK: a full em.
        return 1.0
    }

    /// The width of `text` in pixels at `size` pixels; bold is 10 % wider.
    package static func width(_ text: String, size: Double, bold: Bool = false) -> Double {
        text.reduce(0) { $0 + advance($1) } * size * (bold ? 1.1 : 1.0)
    }

    /// `text`, or as much of it as fits in `room` pixels followed by `…`;
    /// empty when not even the ellipsis fits.
    package static func fit(_ text: String, room: Double, size: Double, bold: Bool = false) -> String {
        if width(text, size: size, bold: bold) <= room { return text }
        let scale = size * (bold ? 1.1 : 1.0)
        var used = advance("…") * scale
        guard used <= room else { return "" }
        var out = ""
        for c in text {
            let w = advance(c) * scale
            if used + w > room { break }
            out.append(c)
            used += w
        }
        while out.last == " " { out.removeLast() }
        return out + "…"
    }
}

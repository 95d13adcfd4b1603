/// Text cut to a number of terminal cells: a wide character (CJK, emoji)
/// takes two, a combining mark none, anything else one. Never wraps.
enum TerminalCells {
    /// The cells `c` takes.
    static func width(_ c: Character) -> Int {
        guard let v = c.unicodeScalars.first?.value else { return 0 }
        if v < 0x1100 { return 1 }
        let wide: [ClosedRange<UInt32>] = [0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF,
                                           0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD]
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    static func width(_ s: String) -> Int { s.reduce(0) { $0 + width($1) } }

    /// `s` in exactly `cells` cells: cut with `…` when longer, padded with spaces.
    static func fit(_ s: String, _ cells: Int) -> String {
        guard cells > 0 else { return "" }
        if width(s) <= cells { return s + String(repeating: " ", count: cells - width(s)) }
        var out = "", used = 0
        for c in s {
            let w = width(c)
            if used + w > cells - 1 { break }
            out.append(c)
            used += w
        }
        return out + "…" + String(repeating: " ", count: cells - 1 - used)
    }
}

extension LineText {
    /// The most characters of an outside value an error quotes: 40.
    package static let excerptLength = 40

    /// `s` as an error quotes a value plan did not write (a file's cell or
    /// line, an address, an href, a calendar's value): each control character
    /// in its visible form (``visible(_:)-(Unicode.Scalar)``), at most `limit`
    /// characters, cut with `…`. Only what is shown is read, so a value of
    /// megabytes costs what a short one does, and an error never carries more
    /// of a file than a glance at it (a secret on that line stays in the file).
    package static func excerpt(_ s: some StringProtocol, limit: Int = excerptLength) -> String {
        var out = ""
        var shown = 0
        for c in s {
            let piece = c.unicodeScalars.contains { $0.properties.generalCategory == .control } ? visible(String(c)) : String(c)
            let width = piece.count
            if shown + width > limit { return out + "…" }
            out += piece
            shown += width
        }
        return out
    }
}

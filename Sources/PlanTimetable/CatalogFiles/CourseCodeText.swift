import Foundation

/// A course code as the catalog readers take it: in Unicode's compatibility
/// form (NFKC: `ＣＳ２０１` in fullwidth letters is `CS201`), and refused when it
/// mixes Latin letters with letters of a script that has look-alikes of them
/// (Cyrillic `С` U+0421, Greek `Ο` U+039F, …): such a code would import as a
/// course of its own that looks the same as the Latin one.
enum CourseCodeText {
    /// Why a code is refused.
    struct Problem: Error {
        var reason: String
    }

    /// `code` in NFKC, or the refusal naming the first look-alike letter's code point.
    static func normalized(_ code: String) throws(Problem) -> String {
        let nfkc = code.precomposedStringWithCompatibilityMapping
        if let problem = problem(nfkc) { throw problem }
        return nfkc
    }

    /// Why `code` (already in NFKC) is refused, or nil.
    static func problem(_ code: String) -> Problem? {
        guard code.unicodeScalars.contains(where: isLatinLetter), let other = lookAlike(in: code) else { return nil }
        let name = other.properties.name.map { " (\($0))" } ?? ""
        return Problem(reason: "mixes Latin letters with \(codePoint(other))\(name), a letter of another script that "
                       + "looks like a Latin one; expected a course code in Latin letters and digits, such as CS201")
    }

    /// The first letter of `text` from a script with Latin look-alikes, or nil.
    static func lookAlike(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isLookAlikeScript)
    }

    /// `U+0421`.
    static func codePoint(_ s: Unicode.Scalar) -> String {
        let hex = String(s.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    private static func isLatinLetter(_ s: Unicode.Scalar) -> Bool {
        s.properties.isAlphabetic && (s.isASCII || (0xC0...0x24F).contains(s.value) || (0x1E00...0x1EFF).contains(s.value))
    }

    /// Greek, Cyrillic, Armenian and Cherokee letters: scripts with letters drawn like Latin ones.
    private static func isLookAlikeScript(_ s: Unicode.Scalar) -> Bool {
        guard s.properties.isAlphabetic else { return false }
        let ranges: [ClosedRange<UInt32>] = [
            0x370...0x3FF, 0x1F00...0x1FFF,  // Greek
            0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F,  // Cyrillic
            0x530...0x58F,  // Armenian
            0x13A0...0x13FF, 0xAB70...0xABBF,  // Cherokee
        ]
        return ranges.contains { $0.contains(s.value) }
    }
}

extension CatalogCursor {
    /// A course code (or a section id that starts with one): ``text(_:)``, then ``CourseCodeText/normalized(_:)``.
    func courseCode(_ what: String) throws(CatalogError) -> String {
        let t = try text(what)
        do {
            return try CourseCodeText.normalized(t)
        } catch {
            throw fail(error.reason)
        }
    }
}

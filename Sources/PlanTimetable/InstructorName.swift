import Foundation

/// An instructor's name in the form names are compared in: its words in the
/// order first … last, lower case, without accents (`é` → `e`, `ñ` → `n`,
/// `ø` → `o`, `ß` → `ss`…), periods and apostrophes; hyphens, commas and runs
/// of spaces separate words. "Last, First Middle" is read as "First Middle
/// Last" (the part before the first comma is the last name), so
/// `Wyss-Gallifent, Justin` and `JUSTIN WYSS GALLIFENT` are both
/// `justin wyss gallifent`.
///
/// Two names are the same person when their words are equal (``key``), or
/// when their first and last words are equal and one of them has no words in
/// between: a middle name or initial on one side only (`Smith, John A.` and
/// `John Smith`). A last name alone never matches a full name; a one-word
/// name matches only itself.
package struct InstructorName: Hashable, Sendable {
    /// The words, first to last.
    package let words: [String]

    package init(_ text: String) {
        var text = Self.folded(text)
        if let comma = text.firstIndex(of: ",") {
            let last = text[..<comma]
            text = text[text.index(after: comma)...] + " " + last
        }
        words = text.split { $0 == " " || $0 == "-" || $0 == "," || $0 == "\t" }.map(String.init)
    }

    /// The words joined by single spaces: equal keys are the same name.
    package var key: String { words.joined(separator: " ") }

    /// True when the other has the same first and last words and one of the
    /// two has nothing between them (a middle name or initial on one side only).
    package func loosely(matches other: InstructorName) -> Bool {
        guard words.count >= 2, other.words.count >= 2, words.first == other.words.first, words.last == other.words.last else {
            return false
        }
        return words.count == 2 || other.words.count == 2
    }

    /// Lower case, accents and marks dropped, periods and apostrophes gone.
    static func folded(_ text: String) -> String {
        var out = ""
        for scalar in text.lowercased().decomposedStringWithCanonicalMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            if let spelled = letters[scalar] { out += spelled; continue }
            switch scalar {
            case ".", "'", "\u{2019}", "\u{2018}", "`": continue
            case "\u{2010}", "\u{2011}", "\u{2013}", "\u{2014}": out += "-"
            default: out.unicodeScalars.append(scalar.properties.isWhitespace ? " " : scalar)
            }
        }
        return out
    }

    /// Letters Unicode does not decompose into a base letter and a mark.
    private static let letters: [Unicode.Scalar: String] = [
        "ø": "o", "đ": "d", "ł": "l", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d", "ħ": "h",
    ]
}

import Foundation

extension TaskIds {
    /// The longest id made from a title.
    package static let maxSlugLength = 40

    /// A title as an id a person can read and type: lower-case ASCII letters and
    /// digits, every other run one dash, at most ``maxSlugLength`` characters.
    ///
    /// - Latin letters lose their marks and ligatures come apart (`Café-Übung` →
    ///   `cafe-ubung`, `Straße` → `strasse`, `Ørsted` → `orsted`). This uses only
    ///   Unicode's compatibility decomposition and ``foldedLetters``, so the id is
    ///   the same on every platform.
    /// - Letters of other scripts are written in Latin letters when Foundation can
    ///   (`数学作业` → `shu-xue-zuo-ye`, through ICU's `Any-Latin`; that reading is
    ///   ICU's and may change with its version — an id once given is stored and
    ///   never made again).
    /// - A title with nothing left (emoji, punctuation, a script the platform cannot
    ///   write in Latin) gets `task-` and a hash of the title (``titleHash(_:)``):
    ///   two such titles do not share an id, and the same title gets the same one
    ///   on every run and machine.
    package static func slug(_ title: String) -> String {
        var text = folded(title)
        if text.contains(where: { $0.isLetter && !$0.isASCII }),
           let latin = title.applyingTransform(.toLatin, reverse: false) {
            text = folded(latin)
        }
        var out = ""
        for c in text {
            if c.isASCII, c.isLetter || c.isNumber {
                out.append(c)
            } else if !out.isEmpty, !out.hasSuffix("-") {
                out.append("-")
            }
        }
        let id = String(out.prefix(maxSlugLength)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return id.isEmpty ? "task-" + titleHash(title) : id
    }

    /// `text` in lower case with its Latin letters in ASCII where they have an
    /// ASCII form: the compatibility decomposition (`ĳ` → `ij`, `ﬁ` → `fi`, `é` →
    /// `e` + a mark) without the marks, then ``foldedLetters``. Other characters
    /// stay as they are.
    static func folded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.lowercased().decomposedStringWithCompatibilityMapping.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: continue
            default:
                if let ascii = foldedLetters[scalar] { out.append(contentsOf: ascii.unicodeScalars) } else { out.append(scalar) }
            }
        }
        return String(out)
    }

    /// The Latin letters that no decomposition takes to ASCII, as ASCII (lower
    /// case: ``folded(_:)`` lowers first). They agree with ICU's `Latin-ASCII`.
    static let foldedLetters: [Unicode.Scalar: String] = [
        "ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "ł": "l", "đ": "d", "ð": "d", "þ": "th", "ħ": "h",
        "ı": "i", "ȷ": "j", "ŧ": "t", "ŋ": "n", "ƒ": "f", "ĸ": "q", "ƀ": "b", "ɓ": "b", "ƈ": "c",
        "ȼ": "c", "ɗ": "d", "ɖ": "d", "ɇ": "e", "ɠ": "g", "ǥ": "g", "ɦ": "h", "ɨ": "i", "ɉ": "j",
        "ƙ": "k", "ƚ": "l", "ɫ": "l", "ɲ": "n", "ƞ": "n", "ƥ": "p", "ɍ": "r", "ʂ": "s", "ƭ": "t",
        "ʈ": "t", "ʉ": "u", "ʋ": "v", "ƴ": "y", "ɏ": "y", "ƶ": "z", "ȥ": "z", "ʐ": "z", "ʑ": "z",
    ]

    /// Six hex digits of the title, the same on every run and machine: the first
    /// 24 bits of the 64-bit FNV-1a hash of its UTF-8 bytes in Unicode's composed
    /// form (NFC). Not `hashValue`, which Swift seeds anew in every process.
    package static func titleHash(_ title: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in title.precomposedStringWithCanonicalMapping.utf8 {
            h ^= UInt64(byte)
            h &*= 0x0000_0100_0000_01b3
        }
        let hex = String(h >> 40, radix: 16)
        return String(repeating: "0", count: 6 - hex.count) + hex
    }
}

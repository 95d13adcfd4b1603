/// The text of a CSV file's bytes, decoded line by line in one pass (see
/// ``CSVEncoding``): a line that is not in the file's encoding is refused by
/// its number, never read as another encoding — one stray Latin-1 byte must
/// not turn every correct `Søren` of the file into `SÃ¸ren`.
///
/// Lines are counted as ``CSVRecords`` counts them: a line feed, a carriage
/// return, or the two together end one.
enum CSVText {
    /// The text of `bytes`, without its byte order mark; a line that cannot be
    /// decoded is a ``CSVRecords/Problem`` naming it and the way out.
    static func decode(_ bytes: [UInt8], as encoding: CSVEncoding) throws(CSVRecords.Problem) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) { return try utf16(bytes.dropFirst(2), bigEndian: false) }
        if bytes.starts(with: [0xFE, 0xFF]) { return try utf16(bytes.dropFirst(2), bigEndian: true) }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return try utf8(bytes.dropFirst(3)) }
        switch encoding {
        case .utf8: return try utf8(bytes[...])
        case .latin1: return latin1(bytes[...])
        }
    }

    /// As much of `bytes` as can be read, for telling a file's format from its
    /// start: what is not in the encoding becomes U+FFFD instead of a refusal.
    static func preview(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return String(decoding: units(bytes.dropFirst(2), bigEndian: bytes.first == 0xFE), as: UTF16.self)
        }
        return String(decoding: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes, as: UTF8.self)
    }

    /// Each line validated on its own (a line break is never part of a UTF-8
    /// sequence, so a line is whole), appended as it is.
    static func utf8(_ bytes: ArraySlice<UInt8>) throws(CSVRecords.Problem) -> String {
        var out = ""
        out.reserveCapacity(bytes.count)
        var line = 1
        var start = bytes.startIndex
        var i = start
        while i <= bytes.endIndex {
            let end = i == bytes.endIndex
            if end || bytes[i] == 0x0A || bytes[i] == 0x0D {
                guard let text = String(validating: bytes[start..<i], as: UTF8.self) else {
                    throw CSVRecords.Problem(line: line, reason: "not UTF-8; "
                        + "if the whole file is Latin-1 (Windows-1252, as Excel saves CSV), run again with --encoding latin1")
                }
                out += text
                if end { break }
                if bytes[i] == 0x0D, i + 1 < bytes.endIndex, bytes[i + 1] == 0x0A {
                    out += "\r\n"
                    i += 1
                } else {
                    out.unicodeScalars.append(Unicode.Scalar(bytes[i]))
                }
                line += 1
                start = i + 1
            }
            i += 1
        }
        return out
    }

    /// Every byte one character: Windows-1252's for 0x80–0x9F where it has
    /// one, the byte's own code point (ISO 8859-1) otherwise.
    static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map { b in b >= 0x80 && b <= 0x9F ? windows1252[Int(b - 0x80)] : UInt16(b) }, as: UTF16.self)
    }

    /// Windows-1252 for 0x80–0x9F (the five it leaves undefined keep their C1 code point).
    private static let windows1252: [UInt16] = [
        0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
        0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
    ]

    /// UTF-16 after its byte order mark, one scalar at a time; an unpaired
    /// surrogate or half a code unit at the end is refused by its line.
    static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) throws(CSVRecords.Problem) -> String {
        let units = units(bytes, bigEndian: bigEndian)
        var out = String.UnicodeScalarView()
        var iterator = units.makeIterator()
        var decoder = UTF16()
        var line = 1
        var afterCR = false
        let order = bigEndian ? "UTF-16 big-endian" : "UTF-16 little-endian"
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let u):
                if u == "\r" || (u == "\n" && !afterCR) { line += 1 }
                afterCR = u == "\r"
                out.append(u)
            case .emptyInput:
                guard bytes.count % 2 == 0 else {
                    throw CSVRecords.Problem(line: line, reason: "ends in half a character: its byte order mark says \(order), "
                        + "which has two bytes a unit; expected the whole file saved as \(order)")
                }
                return String(out)
            case .error:
                throw CSVRecords.Problem(line: line, reason: "line \(line) is not \(order), as the file's byte order mark says "
                    + "(a lone surrogate); expected the whole file saved as UTF-8 or UTF-16")
            }
        }
    }

    /// The 16-bit units of `bytes` in the byte order given (a last odd byte left out).
    private static func units(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [UInt16] {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2)
        var i = bytes.startIndex
        while i + 1 < bytes.endIndex {
            let a = UInt16(bytes[i]), b = UInt16(bytes[i + 1])
            units.append(bigEndian ? a << 8 | b : b << 8 | a)
            i += 2
        }
        return units
    }
}

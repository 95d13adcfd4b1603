import CLibical
import PlanCore

/// Checks on raw values that libical would silently misread (impossible
/// dates, numbers beyond its C types), made before it reads them.
extension LibicalReader {
    /// The first comma-separated value in `text` that looks like a date or
    /// date-time but names an impossible one (month 13, hour 25, …).
    static func impossibleDateTime(in text: String) -> String? {
        for part in text.split(whereSeparator: { $0 == "," || $0 == "/" }) {
            let v = part.trimmingWhitespace
            let chars = Array(v.utf8)
            guard chars.count >= 8, chars.prefix(8).allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { continue }
            func num(_ a: Int, _ n: Int) -> Int { chars[a..<(a + n)].reduce(0) { $0 * 10 + Int($1 - 0x30) } }
            if !LocalDate(year: num(0, 4), month: num(4, 2), day: num(6, 2)).isValid { return v }
            if chars.count >= 15, chars[8] == 0x54, chars[9..<15].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) {
                if num(9, 2) > 23 || num(11, 2) > 59 || num(13, 2) > 60 { return v }
            }
        }
        return nil
    }

    /// False when no value in `bytes` is an impossible date or date-time (the
    /// question ``impossibleDateTime(in:)`` answers), checked on the bytes;
    /// true when one is, or when the text is not plain ASCII.
    static func mayHoldImpossibleDateTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
        var partStart = bytes.startIndex
        var k = bytes.startIndex
        while true {
            if k < bytes.endIndex && bytes[k] >= 0x80 { return true }
            if k == bytes.endIndex || bytes[k] == 0x2C || bytes[k] == 0x2F {
                var a = partStart, b = k
                while a < b, isSpace(bytes[a]) { a += 1 }
                while b > a, isSpace(bytes[b - 1]) { b -= 1 }
                if b - a >= 8, (a..<(a + 8)).allSatisfy({ isDigit(bytes[$0]) }) {
                    func num(_ at: Int, _ n: Int) -> Int { (at..<(at + n)).reduce(0) { $0 * 10 + Int(bytes[$1] - 0x30) } }
                    if !LocalDate(year: num(a, 4), month: num(a + 4, 2), day: num(a + 6, 2)).isValid { return true }
                    if b - a >= 15, bytes[a + 8] == 0x54, ((a + 9)..<(a + 15)).allSatisfy({ isDigit(bytes[$0]) }),
                       num(a + 9, 2) > 23 || num(a + 11, 2) > 59 || num(a + 13, 2) > 60 {
                        return true
                    }
                }
                if k == bytes.endIndex { return false }
                partStart = k + 1
            }
            k += 1
        }
    }

    /// False when ``outOfRange(rule:)`` has nothing to say: the (ASCII) rule
    /// names neither INTERVAL nor COUNT, in any case.
    static func mayBeOutOfRange(_ bytes: ArraySlice<UInt8>) -> Bool {
        func upper(_ b: UInt8) -> UInt8 { b >= 0x61 && b <= 0x7A ? b - 0x20 : b }
        func has(_ word: StaticString, at k: Int) -> Bool {
            word.withUTF8Buffer { w in
                guard k + w.count <= bytes.endIndex else { return false }
                for (i, c) in w.enumerated() where upper(bytes[k + i]) != c { return false }
                return true
            }
        }
        for k in bytes.indices {
            let b = bytes[k]
            if b >= 0x80 { return true }
            if upper(b) == 0x49, has("INTERVAL", at: k) { return true }
            if upper(b) == 0x43, has("COUNT", at: k) { return true }
        }
        return false
    }

    /// Whether the text has a space or a tab (as Characters: in ASCII text
    /// a byte is one; other text is read as a String).
    static func hasSpaceOrTab(_ bytes: ArraySlice<UInt8>) -> Bool {
        if bytes.allSatisfy({ $0 < 0x80 }) { return bytes.contains { $0 == 0x20 || $0 == 0x09 } }
        return String(decoding: bytes, as: UTF8.self).contains { $0 == " " || $0 == "\t" }
    }

    /// Why a rule's INTERVAL or COUNT cannot be handed to libical, or nil.
    static func outOfRange(rule text: String) -> String? {
        for part in text.uppercased().split(separator: ";") {
            let kv: [String] = part.split(separator: "=", maxSplits: 1).map { $0.trimmingWhitespace }
            guard kv.count == 2 else { continue }
            let limit: Int? = switch kv[0] {
            case "INTERVAL": 32_767
            case "COUNT": 100_000_000
            default: nil
            }
            guard let limit, kv[1].allSatisfy({ $0.isNumber }), !kv[1].isEmpty else { continue }
            if (Int(kv[1]) ?? .max) > limit {
                return "\(kv[0])=\(LineText.excerpt(kv[1])) is beyond \(limit), the most this reader supports"
            }
        }
        return nil
    }
}

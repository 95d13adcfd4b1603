/// A libFuzzer dictionary (`Fuzz/dict/<target>.dict`) read into its tokens,
/// so the mutation pass inserts the same words libFuzzer does.
///
/// The format: one token a line, `"…"` or `name="…"`, with `\\`, `\"` and
/// `\xNN` escapes; blank lines and lines starting with `#` are skipped, and
/// so is a line that is not a token (libFuzzer would refuse the file; the
/// pass goes on with the others).
public enum FuzzDictionary {
    public static func tokens(_ text: String) -> [[UInt8]] {
        text.split(whereSeparator: \.isNewline).compactMap { token(Array($0.utf8)) }
    }

    /// The token of one line, or nil for a comment or anything else.
    static func token(_ line: [UInt8]) -> [UInt8]? {
        let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\")
        guard let open = line.firstIndex(of: quote), let close = line.lastIndex(of: quote), open < close,
              line.first != UInt8(ascii: "#") else { return nil }
        var out: [UInt8] = []
        var i = open + 1
        while i < close {
            guard line[i] == backslash else { out.append(line[i]); i += 1; continue }
            guard i + 1 < close else { return nil }
            if line[i + 1] == UInt8(ascii: "x") {
                guard i + 3 < close, let high = hexDigit(line[i + 2]), let low = hexDigit(line[i + 3]) else { return nil }
                out.append(high << 4 | low)
                i += 4
            } else {
                out.append(line[i + 1])
                i += 2
            }
        }
        return out.isEmpty ? nil : out
    }

    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

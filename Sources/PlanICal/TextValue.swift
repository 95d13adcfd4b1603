/// A TEXT value as RFC 5545 §3.3.11 writes it: `\\`, `\;`, `\,` and `\n`
/// (or `\N`) escapes; a list of them separated by unescaped commas.
enum TextValue {
    /// The value with its escapes undone; a lone backslash is kept.
    static func unescaped(_ bytes: ArraySlice<UInt8>) -> String {
        items(bytes, splitting: false).first ?? ""
    }

    /// The comma-separated items of a list value (CATEGORIES), each
    /// unescaped and trimmed; empty items are left out.
    static func items(_ bytes: ArraySlice<UInt8>) -> [String] {
        items(bytes, splitting: true).map(\.trimmingWhitespace).filter { !$0.isEmpty }
    }

    private static func items(_ bytes: ArraySlice<UInt8>, splitting: Bool) -> [String] {
        var out: [String] = []
        var current: [UInt8] = []
        var escaped = false
        for b in bytes {
            if escaped {
                switch b {
                case UInt8(ascii: "n"), UInt8(ascii: "N"): current.append(0x0A)
                case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): current.append(b)
                default: current += [UInt8(ascii: "\\"), b]
                }
                escaped = false
            } else if b == UInt8(ascii: "\\") {
                escaped = true
            } else if splitting, b == UInt8(ascii: ",") {
                out.append(String(decoding: current, as: UTF8.self))
                current = []
            } else {
                current.append(b)
            }
        }
        if escaped { current.append(UInt8(ascii: "\\")) }
        out.append(String(decoding: current, as: UTF8.self))
        return out
    }
}

/// What ``Multistatus/parse(_:)`` screens a body for before the XML parser
/// sees it: it must be valid UTF-8 (or declared Latin-1), its prolog must
/// have no document type declaration, and it must have no processing
/// instruction but the XML declaration.
///
/// Valid UTF-8, because FoundationXML's `XMLParser` traps on a name that is
/// not (a processing instruction's target, an element's name or a comment
/// with a stray byte: it force-unwraps their decoding), and libxml2 hands
/// such bytes on. Latin-1 it converts to UTF-8 itself. No processing
/// instruction, because FoundationXML also reads one without data (`<?a?>`)
/// through a null pointer; WebDAV answers have none. (Both found by the
/// multistatus fuzz target.)
///
/// A DTD is where entities are declared, and FoundationXML's `XMLParser`
/// (libxml2 underneath) expands the entities a body declares: libxml2
/// stops a billion laughs, but a quadratic blowup (one long entity used
/// thousands of times) costs time in proportion to the expansion, and an
/// external entity would name a file or URL. WebDAV answers have no DTD, so
/// plan refuses one rather than bound what it could do. The check reads the
/// bytes the way libxml2 would: it only finds a DTD where the encoding is
/// one in which `<!DOCTYPE` is those ASCII bytes, so every other encoding
/// (UTF-16 and UTF-32 with or without a byte order mark, EBCDIC, a declared
/// encoding other than UTF-8, ASCII or Latin-1) is refused too.
enum XMLScreen {
    /// The encodings a body may declare (compared without case).
    static let encodings: Set<String> = ["utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1"]
    /// Those of them any byte is valid in.
    static let latin1: Set<String> = ["iso-8859-1", "latin1"]

    /// Why `bytes` are refused before parsing, or nil when the parser may read them.
    static func refusal(_ bytes: [UInt8]) -> String? {
        // XML has no NUL character; UTF-16 and UTF-32 have NUL bytes in every ASCII character.
        if bytes.contains(0) { return "the answer is not UTF-8 XML (it has NUL bytes)" }
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if i < bytes.count, bytes[i] != UInt8(ascii: "<") {
            // Leading white space is read as libxml2 reads it; anything else (a UTF-16 byte order mark, EBCDIC) is not.
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            if i < bytes.count, bytes[i] != UInt8(ascii: "<") { return "the answer is not well-formed XML (it does not start with <)" }
        }
        let encoding = declaredEncoding(bytes, from: i)
        if let encoding, !encodings.contains(encoding.lowercased()) { return "the answer is in \(encoding), not UTF-8" }
        // Latin-1 only as libxml2 takes it: declared at the very start, with no byte order mark.
        if !(i == 0 && latin1.contains(encoding?.lowercased() ?? "")), !isUTF8(bytes) { return "the answer is not valid UTF-8" }
        // The prolog: white space, the XML declaration and comments, up to the root element.
        var first = true
        while i < bytes.count {
            if isSpace(bytes[i]) { i += 1; continue }
            if first, let end = declarationEnd(bytes, at: i) {
                // The declaration, which libxml2 reads itself: no processing instruction.
                i = end + 2
            } else if has(bytes, at: i, "<!--") {
                guard let end = find(bytes, "-->", from: i + 4) else { break }
                i = end + 3
            } else if has(bytes, at: i, "<!DOCTYPE") {
                return "the answer has a document type declaration (<!DOCTYPE): WebDAV answers have none, and plan does not expand the entities one declares"
            } else {
                break  // the root element, a processing instruction, or something the parser will refuse
            }
            first = false
        }
        if hasInstruction(bytes, from: i) {
            return "the answer has a processing instruction (<?…?>): WebDAV answers have none, and XMLParser cannot read every one"
        }
        return nil
    }

    /// Whether a processing instruction starts at or after `start`, outside
    /// comments and CDATA sections (where `<?` is text; anywhere else a `<`
    /// is markup).
    static func hasInstruction(_ bytes: [UInt8], from start: Int) -> Bool {
        var i = start
        while i < bytes.count, let lt = bytes[i...].firstIndex(of: UInt8(ascii: "<")) {
            if has(bytes, at: lt, "<?") { return true }
            if has(bytes, at: lt, "<!--") {
                guard let end = find(bytes, "-->", from: lt + 4) else { return false }
                i = end + 3
            } else if has(bytes, at: lt, "<![CDATA[") {
                guard let end = find(bytes, "]]>", from: lt + 9) else { return false }
                i = end + 3
            } else {
                i = lt + 1
            }
        }
        return false
    }

    /// The `encoding` of the XML declaration that starts at `start`, if any:
    /// read up to its first `>`, which must close it (`?>`).
    static func declaredEncoding(_ bytes: [UInt8], from start: Int) -> String? {
        guard let end = declarationEnd(bytes, at: start), let name = find(bytes[..<end], "encoding", from: start + 5) else { return nil }
        var i = name + 8
        while i < end, isSpace(bytes[i]) || bytes[i] == UInt8(ascii: "=") { i += 1 }
        guard i < end, bytes[i] == UInt8(ascii: "\"") || bytes[i] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[i]
        guard let close = bytes[(i + 1)..<end].firstIndex(of: quote) else { return nil }
        return String(decoding: bytes[(i + 1)..<close], as: UTF8.self)
    }

    /// Where the `?>` of an XML declaration starting at `start` is, when one
    /// does: `<?xml`, white space, and no `>` before that `?>`.
    static func declarationEnd(_ bytes: [UInt8], at start: Int) -> Int? {
        guard has(bytes, at: start, "<?xml"), start + 5 < bytes.count, isSpace(bytes[start + 5]),
              let close = bytes[(start + 5)...].firstIndex(of: UInt8(ascii: ">")), bytes[close - 1] == UInt8(ascii: "?") else { return nil }
        return close - 1
    }

    /// Whether `bytes` are valid UTF-8 (no stray byte, overlong form or surrogate).
    static func isUTF8(_ bytes: [UInt8]) -> Bool {
        !transcode(bytes.makeIterator(), from: UTF8.self, to: UTF32.self, stoppingOnError: true, into: { _ in })
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    static func has(_ bytes: [UInt8], at i: Int, _ text: StaticString) -> Bool {
        let n = text.utf8CodeUnitCount
        guard i >= 0, i + n <= bytes.count else { return false }
        return text.withUTF8Buffer { bytes[i..<(i + n)].elementsEqual($0) }
    }

    /// Where `text` first occurs in `bytes` at or after `start`.
    static func find(_ bytes: ArraySlice<UInt8>, _ text: StaticString, from start: Int) -> Int? {
        text.withUTF8Buffer { needle in
            guard let first = needle.first, start >= bytes.startIndex else { return nil }
            var i = start
            while i + needle.count <= bytes.endIndex {
                if bytes[i] == first, bytes[i..<(i + needle.count)].elementsEqual(needle) { return i }
                i += 1
            }
            return nil
        }
    }

    static func find(_ bytes: [UInt8], _ text: StaticString, from start: Int) -> Int? {
        find(bytes[...], text, from: start)
    }
}

import Foundation

/// A JSON value as `plan rpc` reads it (RFC 8259). Numbers keep their text,
/// so a request id comes back byte for byte; object members keep their order,
/// so the first unknown parameter is the one reported.
package enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number as written (already checked against the JSON grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in document order; a repeated name keeps its last value.
    case object([(String, JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): true
        case (.bool(let x), .bool(let y)): x == y
        case (.number(let x), .number(let y)): x == y || (Double(x) != nil && Double(x) == Double(y))
        case (.string(let x), .string(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)):
            x.count == y.count && sameMembers(x, y)
        default: false
        }
    }

    /// Whether two member lists hold the same names with equal values, in
    /// any order (a repeated name counts with its last value): one pass over
    /// each through a dictionary, so a large object compares in linear time.
    private static func sameMembers(_ x: [(String, JSONValue)], _ y: [(String, JSONValue)]) -> Bool {
        func lastValues(_ m: [(String, JSONValue)]) -> [String: JSONValue] {
            var d: [String: JSONValue] = [:]
            d.reserveCapacity(m.count)
            for (name, value) in m { d[name] = value }
            return d
        }
        return lastValues(x) == lastValues(y)
    }

    /// `members` with a repeated name kept once: its last value at its last position. Linear, and
    /// kind to the cache on large objects: each name's hash and index are dealt into buckets by the
    /// hash (one pass, each bucket's indices ascending), each bucket — small enough to stay in
    /// cache — is sorted by hash, and only names of equal hashes are compared. One dictionary of a
    /// million names would miss the cache on nearly every probe.
    static func lastOfEachName(_ members: [(String, JSONValue)]) -> [(String, JSONValue)] {
        let n = members.count
        guard n > 1 else { return members }
        var buckets = 1
        while buckets < 4096, buckets * 1024 < n { buckets *= 2 }
        let hashes = members.map { UInt(bitPattern: $0.0.hashValue) }
        var starts = [Int](repeating: 0, count: buckets + 1)
        for h in hashes { starts[Int(h % UInt(buckets)) + 1] += 1 }
        for k in 0..<buckets { starts[k + 1] += starts[k] }
        var next = starts
        var dealt = [(hash: UInt, index: Int)](repeating: (0, 0), count: n)
        for (index, h) in hashes.enumerated() {
            let k = Int(h % UInt(buckets))
            dealt[next[k]] = (h, index)
            next[k] += 1
        }
        var dropped: [Bool]?
        for k in 0..<buckets where starts[k + 1] - starts[k] > 1 {
            dealt[starts[k]..<starts[k + 1]].sort { ($0.hash, $0.index) < ($1.hash, $1.index) }
            var run = starts[k]
            while run < starts[k + 1] {
                var end = run + 1
                while end < starts[k + 1], dealt[end].hash == dealt[run].hash { end += 1 }
                // Names of one hash (one name, but for a collision), from the last in document order
                // back: a name already seen later is dropped.
                if end - run > 1 {
                    var later: [String] = [members[dealt[end - 1].index].0]
                    for x in stride(from: end - 2, through: run, by: -1) {
                        let name = members[dealt[x].index].0
                        if later.contains(name) {
                            if dropped == nil { dropped = [Bool](repeating: false, count: n) }
                            dropped![dealt[x].index] = true
                        } else {
                            later.append(name)
                        }
                    }
                }
                run = end
            }
        }
        guard let dropped else { return members }
        return members.indices.compactMap { dropped[$0] ? nil : members[$0] }
    }

    package func hash(into h: inout Hasher) {
        switch self {
        case .null: h.combine(0)
        case .bool(let b): h.combine(b)
        case .number(let n): h.combine(Double(n) ?? 0)
        case .string(let s): h.combine(s)
        case .array(let a): h.combine(a)
        case .object(let o): h.combine(o.count)
        }
    }

    /// The member `key` of an object (nil for other values or a missing key).
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// What JSON calls this kind of value, for error messages.
    package var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    package var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    /// The value as a whole number that fits in `Int` (`2` and `2.0` alike).
    package var intValue: Int? {
        guard case .number(let text) = self else { return nil }
        if let i = Int(text) { return i }
        guard let d = Double(text), d.rounded() == d, abs(d) < 9.0e15 else { return nil }
        return Int(d)
    }
}

// MARK: Writing

extension JSONValue {
    /// Compact JSON text (no spaces, no newlines): safe for line framing.
    package var text: String {
        let w = JSONWriter(capacity: 256)
        w.value(self)
        return w.text
    }

    /// `"…"` for `s`.
    package static func quoted(_ s: String) -> String { jsonString(s) }
}

// MARK: Reading

/// Why bytes are not JSON, and where (0-based byte offset).
package struct JSONParseError: Error, Hashable, Sendable, CustomStringConvertible {
    package var offset: Int
    package var reason: String
    /// The input ended before the value did (more bytes might complete it).
    package var incomplete = false
    package var description: String { "at byte \(offset): \(reason)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects accepted; deeper input is
    /// refused rather than risking the stack.
    package static let maxDepth = 512

    /// Parses exactly one JSON value (whitespace around it allowed).
    package static func parse(_ bytes: [UInt8]) throws(JSONParseError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(JSONParseError) -> JSONValue in
            var p = JSONReader(bytes: buffer)
            p.skipSpace()
            let v = try p.value(depth: 0)
            p.skipSpace()
            guard p.i == buffer.count else { throw p.fail("unexpected \(p.describeHere()) after the value") }
            return v
        }
    }

    package static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

/// A strict recursive-descent reader over UTF-8 bytes.
private struct JSONReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    func fail(_ reason: String, at offset: Int? = nil) -> JSONParseError {
        JSONParseError(offset: offset ?? i, reason: reason, incomplete: i >= bytes.count)
    }

    func describeHere() -> String {
        guard i < bytes.count else { return "end of input" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        return "byte 0x" + String(b, radix: 16)
    }

    mutating func skipSpace() {
        while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
    }

    mutating func value(depth: Int) throws(JSONParseError) -> JSONValue {
        guard i < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try object(depth: depth + 1)
        case UInt8(ascii: "["): return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw fail("unexpected \(describeHere()), expected a value")
        }
    }

    mutating func literal(_ word: String) throws(JSONParseError) {
        let expected = Array(word.utf8)
        let start = i
        for b in expected {
            guard i < bytes.count, bytes[i] == b else { throw fail("not a JSON literal (expected \(word))", at: start) }
            i += 1
        }
    }

    mutating func object(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maxDepth else { throw fail("nested deeper than \(JSONValue.maxDepth) levels") }
        i += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object([]) }
        while true {
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describeHere()), expected a member name in quotes")
            }
            let key = try string()
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail("unexpected \(describeHere()), expected ':'") }
            i += 1
            skipSpace()
            let v = try value(depth: depth)
            members.append((key, v))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input in an object") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(JSONValue.lastOfEachName(members)) }
            throw fail("unexpected \(describeHere()), expected ',' or '}'")
        }
    }

    mutating func array(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maxDepth else { throw fail("nested deeper than \(JSONValue.maxDepth) levels") }
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array([]) }
        while true {
            skipSpace()
            items.append(try value(depth: depth))
            skipSpace()
            guard i < bytes.count else { throw fail("unexpected end of input in an array") }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(items) }
            throw fail("unexpected \(describeHere()), expected ',' or ']'")
        }
    }

    mutating func number() throws(JSONParseError) -> String {
        let start = i
        func digits() -> Int {
            let s = i
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - s
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") else {
            throw fail("a number needs digits", at: start)
        }
        if bytes[i] == UInt8(ascii: "0") {
            i += 1
            if i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") {
                throw fail("a number must not have leading zeros", at: start)
            }
        } else {
            _ = digits()
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("a number needs digits after '.'", at: start) }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("a number needs digits in its exponent", at: start) }
        }
        guard i - start <= 400 else { throw fail("a number longer than 400 characters", at: start) }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    mutating func string() throws(JSONParseError) -> String {
        let start = i
        i += 1
        var out = [UInt8]()
        while true {
            // Copy a run of plain bytes at once.
            let runStart = i
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i]))
            guard i < bytes.count else { throw fail("unterminated string", at: start) }
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                i += 1
                break
            }
            if b < 0x20 { throw fail("a control character (0x\(String(b, radix: 16))) must be escaped in a string") }
            // A backslash escape.
            i += 1
            guard i < bytes.count else { throw fail("unterminated escape", at: start) }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard i + 1 < bytes.count, bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") else {
                        throw fail("a lone high surrogate \\u\(String(scalar, radix: 16)) in a string")
                    }
                    i += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw fail("a high surrogate not followed by a low one") }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw fail("a lone low surrogate \\u\(String(scalar, radix: 16)) in a string")
                }
                out.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar)!)).utf8))
            default:
                throw fail("unknown escape \\\(Character(Unicode.Scalar(e)))", at: i - 2)
            }
        }
        guard let s = String(validating: out, as: UTF8.self) else { throw fail("a string that is not valid UTF-8", at: start) }
        return s
    }

    mutating func hex4() throws(JSONParseError) -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail("unterminated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw fail("\\u needs four hex digits")
            }
            v = v * 16 + d
            i += 1
        }
        return v
    }
}

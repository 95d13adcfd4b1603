import Foundation

/// Unfolded iCalendar content lines with the physical line each starts on.
///
/// RFC 5545 §3.1: a line break followed by one space or tab continues the
/// previous line. We unfold here, in linear time, because libical's own
/// string parser is quadratic in line length; each logical line is then fed
/// to libical's parser one at a time. CRLF, LF and lone CR all end a line,
/// in any mix; NUL bytes are dropped (they would end the C string early) and
/// a UTF-8 byte-order mark at the start is skipped.
struct ContentLines {
    /// One logical (unfolded) line.
    struct Line {
        /// The bytes of the line, without its line break (a slice of one
        /// buffer that holds every line).
        var bytes: ArraySlice<UInt8>
        /// 1-based physical line on which it starts.
        var number: Int
        /// The property or keyword name: the text before the first `;` or
        /// `:` (at most 80 bytes), upper-cased.
        var name: String
    }

    private(set) var lines: [Line] = []
    /// The first physical line with a NUL byte (NULs are removed), nil when none.
    private(set) var firstNULLine: Int?
    var hadNUL: Bool { firstNULLine != nil }

    init(_ data: [UInt8]) {
        var i = 0
        let n = data.count
        if n >= 3, data[0] == 0xEF, data[1] == 0xBB, data[2] == 0xBF { i = 3 }
        var physical = 1
        // Logical lines back to back, and where each starts and ends.
        var storage: [UInt8] = []
        storage.reserveCapacity(n)
        var spans: [(start: Int, end: Int, number: Int)] = []
        var currentStart = 1
        var currentOffset = 0
        var haveCurrent = false
        var firstNUL: Int?

        func flush() {
            if haveCurrent, storage.count > currentOffset {
                spans.append((currentOffset, storage.count, currentStart))
            }
            haveCurrent = false
        }

        func append(_ from: Int, _ to: Int) {
            let hasNUL = data.withUnsafeBufferPointer { memchr($0.baseAddress! + from, 0, to - from) != nil }
            if hasNUL {
                if firstNUL == nil { firstNUL = physical }
                for k in from..<to where data[k] != 0 { storage.append(data[k]) }
            } else {
                storage.append(contentsOf: data[from..<to])
            }
        }

        while i < n {
            // Find the end of this physical line.
            var j = data.withUnsafeBufferPointer { buffer in
                var k = i
                while k < n, buffer[k] != 0x0A, buffer[k] != 0x0D { k += 1 }
                return k
            }
            let isContinuation = i < j && (data[i] == 0x20 || data[i] == 0x09) && haveCurrent
            if i == j {
                // An empty physical line carries nothing; a folded
                // continuation after it still belongs to the line before.
            } else if isContinuation {
                append(i + 1, j)
            } else {
                flush()
                currentStart = physical
                currentOffset = storage.count
                haveCurrent = true
                append(i, j)
            }
            // Consume the line break: CRLF, LF or CR.
            if j < n {
                if data[j] == 0x0D, j + 1 < n, data[j + 1] == 0x0A { j += 2 } else { j += 1 }
                physical += 1
            }
            i = j
        }
        flush()
        firstNULLine = firstNUL
        lines.reserveCapacity(spans.count)
        for s in spans {
            let bytes = storage[s.start..<s.end]
            lines.append(Line(bytes: bytes, number: s.number, name: Self.name(of: bytes)))
        }
    }

    /// See ``Line/name``.
    static func name(of bytes: ArraySlice<UInt8>) -> String {
        var end = bytes.endIndex
        var lower = false
        for k in bytes.indices {
            let b = bytes[k]
            if b == 0x3B || b == 0x3A {
                end = k
                break
            }
            if b >= 0x61 && b <= 0x7A { lower = true }
        }
        let text = String(decoding: bytes[bytes.startIndex..<min(end, bytes.startIndex + 80)], as: UTF8.self)
        if !lower, text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return text.uppercased()
    }
}

extension ContentLines.Line {
    /// The text after the first `:` that is not inside a quoted parameter value.
    var value: String { String(decoding: valueBytes, as: UTF8.self) }

    /// The bytes of ``value``.
    var valueBytes: ArraySlice<UInt8> {
        var quoted = false
        for k in bytes.indices {
            let b = bytes[k]
            if b == 0x22 { quoted.toggle() }
            if b == 0x3A, !quoted { return bytes[(k + 1)...] }
        }
        return bytes[bytes.endIndex...]
    }

    /// For `BEGIN:X` / `END:X` lines, X upper-cased; nil otherwise.
    func componentMarker(_ keyword: String) -> String? {
        guard name == keyword else { return nil }
        return value.trimmingWhitespace.uppercased()
    }

    /// Whether two `;` follow each other anywhere in the line.
    var hasEmptyParameter: Bool { ContentLines.hasAdjacentSemicolons(bytes) }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        // Nothing to trim when the first and last bytes are ASCII and not
        // white space: Character.isWhitespace looks at a character's first
        // scalar, and no cluster that ends in such a byte starts with white space.
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, first < 0x80, last < 0x80,
           first != 0x20, !(0x09...0x0D).contains(first), last != 0x20, !(0x09...0x0D).contains(last) {
            return text
        }
        var s = Substring(text)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

extension ContentLines {
    /// Whether two `;` follow each other anywhere in `bytes` (an empty
    /// parameter, or an empty part of a rule).
    static func hasAdjacentSemicolons(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for b in bytes {
            if b == 0x3B && previous == 0x3B { return true }
            previous = b
        }
        return false
    }
}

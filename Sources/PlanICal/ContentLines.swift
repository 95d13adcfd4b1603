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
        /// The bytes of the line, without its line break.
        var bytes: [UInt8]
        /// 1-based physical line on which it starts.
        var number: Int
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
        var current: [UInt8] = []
        var currentStart = 1
        var haveCurrent = false

        func flush() {
            if haveCurrent, !current.isEmpty { lines.append(Line(bytes: current, number: currentStart)) }
            current.removeAll(keepingCapacity: true)
            haveCurrent = false
        }

        while i < n {
            // Find the end of this physical line.
            var j = i
            while j < n, data[j] != 0x0A, data[j] != 0x0D { j += 1 }
            let isContinuation = i < j && (data[i] == 0x20 || data[i] == 0x09) && haveCurrent
            if i == j {
                // An empty physical line carries nothing; a folded
                // continuation after it still belongs to the line before.
            } else if isContinuation {
                append(data[(i + 1)..<j])
            } else {
                flush()
                currentStart = physical
                haveCurrent = true
                append(data[i..<j])
            }
            // Consume the line break: CRLF, LF or CR.
            if j < n {
                if data[j] == 0x0D, j + 1 < n, data[j + 1] == 0x0A { j += 2 } else { j += 1 }
                physical += 1
            }
            i = j
        }
        flush()

        func append(_ slice: ArraySlice<UInt8>) {
            if slice.contains(0) {
                if firstNULLine == nil { firstNULLine = physical }
                current.append(contentsOf: slice.lazy.filter { $0 != 0 })
            } else {
                current.append(contentsOf: slice)
            }
        }
    }
}

extension ContentLines.Line {
    /// The property or keyword name: the text before the first `;` or `:`, upper-cased.
    var name: String {
        var end = bytes.count
        for (k, b) in bytes.enumerated() where b == 0x3B || b == 0x3A {
            end = k
            break
        }
        return String(decoding: bytes[0..<min(end, 80)], as: UTF8.self).uppercased()
    }

    /// The text after the first `:` that is not inside a quoted parameter value.
    var value: String {
        var quoted = false
        for (k, b) in bytes.enumerated() {
            if b == 0x22 { quoted.toggle() }
            if b == 0x3A, !quoted { return String(decoding: bytes[(k + 1)...], as: UTF8.self) }
        }
        return ""
    }

    /// For `BEGIN:X` / `END:X` lines, X upper-cased; nil otherwise.
    func componentMarker(_ keyword: String) -> String? {
        guard name == keyword else { return nil }
        return value.trimmingWhitespace.uppercased()
    }
}

extension StringProtocol {
    var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}

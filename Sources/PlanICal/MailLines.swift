import Foundation

/// A mail message's lines as ranges of its bytes (RFC 5322: lines end in
/// CRLF, though a saved message may end them in LF alone), read in one pass
/// so that a message of any line length is read in linear time.
struct MailLines {
    let bytes: [UInt8]
    /// Each line without its line end.
    let lines: [Range<Int>]

    /// The lines of `bytes`, stopping after `limit` bytes (a line cut by it is left out).
    init(_ bytes: [UInt8], limit: Int = .max) {
        self.bytes = bytes
        var lines: [Range<Int>] = []
        let end = min(bytes.count, limit)
        var start = 0
        // Each line end found with memchr: one fast pass however long the line.
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            while start < end, let hit = memchr(base + start, 0x0A, end - start) {
                let i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                lines.append(start..<(i > start && base[i - 1] == 0x0D ? i - 1 : i))
                start = i + 1
            }
        }
        if start < end, end == bytes.count { lines.append(start..<end) }
        self.lines = lines
    }

    /// A line without the spaces and tabs at either end.
    func trimmed(_ line: Range<Int>) -> Range<Int> {
        var lo = line.lowerBound, hi = line.upperBound
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
        return lo..<hi
    }

    /// The text of a range: UTF-8, or Latin-1 where it is not (header values
    /// of older mail programs).
    func text(_ range: Range<Int>) -> String {
        let slice = bytes[range]
        return String(validating: slice, as: UTF8.self) ?? String(bytes: slice, encoding: .isoLatin1) ?? ""
    }

    /// Whether the bytes of `range` are exactly `word`.
    func equals(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
        range.count == word.count && bytes[range].elementsEqual(word)
    }

    /// The header fields that begin at line `start` — name (lowercased) and
    /// value, folded lines joined by a space, in order — and the index of
    /// the line after the blank line that ends them.
    func header(from start: Int, in end: Int) -> (fields: [(name: String, value: String)], bodyStart: Int) {
        var fields: [(name: String, value: String)] = []
        var i = start
        while i < end, !lines[i].isEmpty {
            let line = lines[i]
            let first = bytes[line.lowerBound]
            if first == 0x20 || first == 0x09 {
                if !fields.isEmpty { fields[fields.count - 1].value += " " + text(trimmed(line)) }
            } else if let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")) {
                let name = text(trimmed(line.lowerBound..<colon)).lowercased()
                fields.append((name, text(trimmed(colon + 1..<line.upperBound))))
            }
            i += 1
        }
        return (fields, min(i + 1, end))
    }
}

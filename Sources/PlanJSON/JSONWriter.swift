#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one JSON writer of plan: JSON text built as UTF-8 bytes in one
/// buffer, with the one string escaper (RFC 8259 §7). Every JSON plan
/// prints or sends is written here: `plan events --json` a line at a time
/// (``occurrences(_:withSource:)``), the schedule response
/// (``ScheduleResponse/jsonText()``), the `--json` and `plan rpc` results
/// (``Wire/encode(_:)``) and JSON-RPC messages (``JSONValue/text``).
///
/// The buffer goes to stdout a block at a time, or is kept whole. One thread
/// uses an instance at a time (``occurrencesInParallel`` gives each its own).
package final class JSONWriter: @unchecked Sendable {
    /// Bytes written out at once; a value never straddles two blocks' checks.
    static let blockSize = 1 << 20
    /// Room kept for one occurrence's fixed text (keys, times, marks).
    @usableFromInline static let slack = 4096
    var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    var count = 0
    /// Write to stdout when full; otherwise keep everything (see ``text``).
    private let streaming: Bool
    /// The day of the last UTC time written and its ten bytes (starts and
    /// ends share their days; see `utcDateTime`).
    var lastDay: Int64 = 0
    var lastDayText: [UInt8] = []

    /// A writer that streams to stdout a block at a time, or keeps the text.
    package init(streaming: Bool) {
        self.streaming = streaming
        capacity = Self.blockSize + Self.slack
        buffer = .allocate(capacity: capacity)
    }

    /// A writer that keeps its text, starting with room for `capacity` bytes.
    package init(capacity: Int) {
        streaming = false
        self.capacity = max(capacity, 16)
        buffer = .allocate(capacity: self.capacity)
    }

    deinit { buffer.deallocate() }

    /// Everything written, as a String (only when not streaming).
    package var text: String { String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self) }

    /// Writes the bytes to stdout and empties the buffer. Whatever `print`
    /// left in C stdio's buffer goes first, so the order is kept.
    package func flush() {
        guard count > 0 else { return }
        fflush(nil)
        var off = 0
        while off < count {
            let n = write(1, buffer + off, count - off)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            off += n
        }
        count = 0
    }

    /// Makes room for `n` more bytes: flushes when streaming, grows otherwise.
    @inline(__always) @usableFromInline
    func reserve(_ n: Int) {
        if count + n <= capacity { return }
        if streaming && count > 0 { flush() }
        if count + n > capacity {
            let bigger = max(capacity * 2, count + n)
            let b = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
            b.update(from: buffer, count: count)
            buffer.deallocate()
            buffer = b
            capacity = bigger
        }
    }

    @inline(__always) func put(_ b: UInt8) {
        buffer[count] = b
        count += 1
    }

    @inline(__always) func put(_ p: UnsafeBufferPointer<UInt8>) {
        guard let base = p.baseAddress, !p.isEmpty else { return }
        (buffer + count).update(from: base, count: p.count)
        count += p.count
    }

    /// Fixed text (punctuation, keys, literals) as it is.
    @inline(__always) package func ascii(_ s: StaticString) {
        reserve(s.utf8CodeUnitCount)
        put(s)
    }

    /// ``ascii(_:)`` where room was reserved before (the hot path's lines).
    @inline(__always) @usableFromInline func put(_ s: StaticString) {
        s.withUTF8Buffer { put($0) }
    }

    /// Text that is already JSON (a number as read, a value written before).
    package func raw(_ s: String) {
        var copy = s
        copy.withUTF8 { bytes in
            reserve(bytes.count)
            put(bytes)
        }
    }

    /// `prefix` (a member's name and its punctuation), then the string.
    package func member(_ prefix: StaticString, _ s: String) {
        ascii(prefix)
        string(s)
    }

    /// A whole number.
    package func int(_ n: Int) { raw(String(n)) }

    /// `true` or `false`.
    package func bool(_ b: Bool) { b ? ascii("true") : ascii("false") }

    /// The string, or `null`.
    package func optional(_ s: String?) {
        if let s { string(s) } else { ascii("null") }
    }

    /// A JSON string literal (RFC 8259 §7): quotes, backslashes and control
    /// characters escaped (`\n`, `\r`, `\t`, else `\u00XX`), everything else
    /// as UTF-8. The one escaper of plan.
    package func string(_ s: String) {
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return done }
        var copy = s
        copy.withUTF8 { string(utf8: $0) }
    }

    private func string(utf8: UnsafeBufferPointer<UInt8>) {
        reserve(utf8.count * 6 + 2)
        put(0x22)
        var plain = true
        for b in utf8 where b < 0x20 || b == 0x22 || b == 0x5C {
            plain = false
            break
        }
        if plain {
            put(utf8)
        } else {
            for b in utf8 {
                switch b {
                case 0x22: put(0x5C); put(0x22)
                case 0x5C: put(0x5C); put(0x5C)
                case 0x0A: put(0x5C); put(0x6E)  // \n
                case 0x0D: put(0x5C); put(0x72)  // \r
                case 0x09: put(0x5C); put(0x74)  // \t
                case 0..<0x20:
                    put(0x5C); put(0x75); put(0x30); put(0x30)  // \u00
                    put(Self.hex(b >> 4))
                    put(Self.hex(b & 0xF))
                default: put(b)
                }
            }
        }
        put(0x22)
    }

    private static func hex(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }

    /// `items` as an array on one line: `[`, each written by `element`, a
    /// `,` between them, `]`.
    package func array<Items: Collection>(_ items: Items, _ element: (Items.Element) -> Void) {
        ascii("[")
        for (k, item) in items.enumerated() {
            if k > 0 { ascii(",") }
            element(item)
        }
        ascii("]")
    }

    /// A value on one line: compact, with no spaces and no newlines (safe for
    /// line framing), or `spaced`, with a space after `:` and `,` (the pretty
    /// layout's one-line containers).
    package func value(_ v: JSONValue, spaced: Bool = false) {
        switch v {
        case .null: ascii("null")
        case .bool(let b): bool(b)
        case .number(let n): raw(n)
        case .string(let s): string(s)
        case .array(let items):
            ascii("[")
            for (i, item) in items.enumerated() {
                if i > 0 { spaced ? ascii(", ") : ascii(",") }
                value(item, spaced: spaced)
            }
            ascii("]")
        case .object(let members):
            ascii("{")
            for (i, (k, item)) in members.enumerated() {
                if i > 0 { spaced ? ascii(", ") : ascii(",") }
                string(k)
                spaced ? ascii(": ") : ascii(":")
                value(item, spaced: spaced)
            }
            ascii("}")
        }
    }
}

/// `"…"` for `s`: the JSON string literal ``JSONWriter/string(_:)`` writes.
package func jsonString(_ s: String) -> String {
    let w = JSONWriter(capacity: s.utf8.count + 2)
    w.string(s)
    return w.text
}

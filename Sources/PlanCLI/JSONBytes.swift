import Dispatch
import PlanCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON text built as UTF-8 bytes in one buffer: the same text as
/// `jsonString` and `CalendarTime.wireString` give, without a String per
/// value (listing a large calendar writes millions of values). The buffer
/// goes to stdout a block at a time, or is kept whole. One thread uses an
/// instance at a time (``occurrencesInParallel`` gives each its own).
final class JSONBytes: @unchecked Sendable {
    /// Bytes written out at once; a value never straddles two blocks' checks.
    static let blockSize = 1 << 20
    /// Room kept for one occurrence's fixed text (keys, times, marks).
    private static let slack = 4096
    private var buffer: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0
    /// Write to stdout when full; otherwise keep everything (see ``text``).
    private let streaming: Bool

    init(streaming: Bool) {
        self.streaming = streaming
        capacity = Self.blockSize + Self.slack
        buffer = .allocate(capacity: capacity)
    }

    deinit { buffer.deallocate() }

    /// Everything written, as a String (only when not streaming).
    var text: String { String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self) }

    /// Writes the bytes to stdout and empties the buffer. Whatever `print`
    /// left in C stdio's buffer goes first, so the order is kept.
    func flush() {
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
    @inline(__always)
    private func reserve(_ n: Int) {
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

    @inline(__always) private func put(_ b: UInt8) {
        buffer[count] = b
        count += 1
    }

    @inline(__always) private func put(_ p: UnsafeBufferPointer<UInt8>) {
        guard let base = p.baseAddress, !p.isEmpty else { return }
        (buffer + count).update(from: base, count: p.count)
        count += p.count
    }

    @inline(__always) private func ascii(_ s: StaticString) {
        s.withUTF8Buffer { put($0) }
    }

    /// A JSON string literal with the escapes of `jsonString`.
    private func string(_ s: String) {
        if let done: Void = s.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return done }
        var copy = s
        copy.withUTF8 { string(utf8: $0) }
    }

    private func string(utf8: UnsafeBufferPointer<UInt8>) {
        do {
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
                    case 0x22: ascii("\\\"")
                    case 0x5C: ascii("\\\\")
                    case 0x0A: ascii("\\n")
                    case 0x0D: ascii("\\r")
                    case 0x09: ascii("\\t")
                    case 0..<0x20:
                        ascii("\\u00")
                        put(Self.hex(b >> 4))
                        put(Self.hex(b & 0xF))
                    default: put(b)
                    }
                }
            }
            put(0x22)
        }
    }

    private static func hex(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : 0x57 + v }

    /// "00" … "99" as two ASCII bytes (high byte first).
    private static let pairs: [UInt16] = (0..<100).map { (n: Int) -> UInt16 in
        let high = UInt16(0x30 + n / 10), low = UInt16(0x30 + n % 10)
        return high << 8 | low
    }

    private func optional(_ s: String?) {
        if let s { string(s) } else { ascii("null") }
    }

    /// `"` + `CalendarTime.wireString` + `"`.
    private func wire(_ t: CalendarTime) {
        put(0x22)
        switch t {
        case .utc(let i):
            utcDateTime(i)
            put(0x5A)  // Z
        case .floating(let l):
            dateTime(l)
        case .date(let d):
            date(d)
        }
        put(0x22)
    }

    private func dateTime(_ l: LocalDateTime) {
        date(l.date)
        appendClock(l)
    }

    /// `"YYYY-MM-DDTHH:MM:SS"` (+ `Z`) of a UTC instant; the day's ten bytes
    /// are kept from the last call (starts and ends share their days).
    private func utcDateTime(_ i: Instant) {
        let s = i.seconds
        let days = s >= 0 ? s / 86_400 : -((-s + 86_399) / 86_400)
        if days != lastDay || lastDayText.isEmpty {
            let start = count
            date(LocalDate(daysSinceEpoch: days))
            lastDayText = Array(UnsafeBufferPointer(start: buffer + start, count: count - start))
            lastDay = days
        } else {
            lastDayText.withUnsafeBufferPointer { put($0) }
        }
        var l = LocalDateTime(date: LocalDate(year: 1970, month: 1, day: 1))
        l.secondOfDay = Int(s - days * 86_400)
        appendClock(l)
    }

    private var lastDay: Int64 = 0
    private var lastDayText: [UInt8] = []

    private func appendClock(_ l: LocalDateTime) {
        put(0x54)  // T
        two(l.hour)
        put(0x3A)
        two(l.minute)
        put(0x3A)
        two(l.second)
    }

    /// `LocalDate.isoString`: a four-digit year (as written when outside 0…9999).
    private func date(_ d: LocalDate) {
        if (0...9999).contains(d.year) {
            let y = d.year
            put(0x30 + UInt8(y / 1000))
            put(0x30 + UInt8(y / 100 % 10))
            put(0x30 + UInt8(y / 10 % 10))
            put(0x30 + UInt8(y % 10))
        } else {
            var text = String(d.year)
            text.withUTF8 { put($0) }
        }
        put(0x2D)
        two(d.month)
        put(0x2D)
        two(d.day)
    }

    /// Two digits for 0…99 (`pad2`), the plain number otherwise.
    private func two(_ n: Int) {
        if (0...99).contains(n) {
            let pair = Self.pairs[n]
            buffer[count] = UInt8(truncatingIfNeeded: pair >> 8)
            buffer[count + 1] = UInt8(truncatingIfNeeded: pair)
            count += 2
        } else {
            var text = String(n)
            text.withUTF8 { put($0) }
        }
    }

    /// The `plan events --json` array: one occurrence per line, fields in a fixed order.
    func occurrences(_ list: some RandomAccessCollection<Occurrence>, withSource: Bool) {
        reserve(Self.slack)
        if list.isEmpty {
            ascii("[]\n")
            return
        }
        ascii("[\n")
        lines(list, list.startIndex..<list.endIndex, withSource: withSource)
        reserve(Self.slack)
        ascii("]\n")
    }

    /// The lines of `list` in `range` (the list's last one without a comma).
    func lines<List: RandomAccessCollection<Occurrence>>(_ list: List, _ range: Range<List.Index>, withSource: Bool) {
        var i = range.lowerBound
        while i != range.upperBound {
            let next = list.index(after: i)
            line(list[i], last: next == list.endIndex, withSource: withSource)
            i = next
        }
    }

    /// ``occurrences(_:withSource:)`` to stdout, the lines formatted on two
    /// threads a chunk each at a time (the text is the same: each chunk is
    /// written in its place).
    func occurrencesInParallel<List: RandomAccessCollection<Occurrence> & Sendable>(_ list: List, withSource: Bool,
                                                                                 chunk: Int = 8_192) where List.Index == Int {
        reserve(Self.slack)
        ascii("[\n")
        let other = JSONBytes(streaming: false)
        var start = list.startIndex
        while start < list.endIndex {
            let first = start, mid = min(start + chunk, list.endIndex), end = min(mid + chunk, list.endIndex)
            DispatchQueue.concurrentPerform(iterations: 2) { k in
                if k == 0 {
                    self.lines(list, first..<mid, withSource: withSource)
                } else {
                    other.lines(list, mid..<end, withSource: withSource)
                }
            }
            flush()
            other.flush()
            start = end
        }
        reserve(Self.slack)
        ascii("]\n")
    }

    /// One line of ``occurrences(_:withSource:)``.
    private func line(_ o: Occurrence, last: Bool, withSource: Bool) {
        do {
            // Fixed text and times: well under `slack`; strings reserve their own room.
            reserve(Self.slack)
            ascii("  {\"uid\": ")
            if o.uid.isEmpty { ascii("null") } else { string(o.uid) }
            reserve(Self.slack)
            ascii(", \"recurrenceId\": ")
            if let r = o.recurrenceId { wire(r) } else { ascii("null") }
            ascii(", \"start\": ")
            wire(o.start)
            ascii(", \"end\": ")
            wire(o.end)
            switch o.start {
            case .utc: ascii(", \"kind\": \"utc\"")
            case .floating: ascii(", \"kind\": \"floating\"")
            case .date: ascii(", \"kind\": \"date\"")
            }
            ascii(", \"summary\": ")
            optional(o.summary)
            reserve(Self.slack)
            ascii(", \"status\": ")
            optional(o.status)
            reserve(Self.slack)
            ascii(o.transparent ? ", \"transparent\": true" : ", \"transparent\": false")
            ascii(", \"tzid\": ")
            optional(o.tzid)
            reserve(Self.slack)
            if withSource {
                ascii(", \"source\": ")
                string(o.source)
                reserve(Self.slack)
            }
            ascii(last ? "}\n" : "},\n")
        }
    }
}

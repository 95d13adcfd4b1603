import Dispatch
import PlanCore

/// The `plan events --json` array, written straight from the occurrences: one
/// occurrence per line, fields in a fixed order
/// (`{"uid", "recurrenceId", "start", "end", "kind", "summary", "status",
/// "transparent", "tzid"}`, then `"source"` with several files), times as
/// `CalendarTime.wireString` gives them without a String per value (listing
/// a large calendar writes millions of values).
extension JSONWriter {
    /// "00" … "99" as two ASCII bytes (high byte first).
    private static let pairs: [UInt16] = (0..<100).map { (n: Int) -> UInt16 in
        let high = UInt16(0x30 + n / 10), low = UInt16(0x30 + n % 10)
        return high << 8 | low
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
    @inline(__always) private func two(_ n: Int) {
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
    /// Inlinable, so it is specialized for the caller's list (an `OccurrenceTable`): the
    /// occurrences are then read without generic copies (3 % of `plan events` otherwise).
    @inlinable package func occurrences(_ list: some RandomAccessCollection<Occurrence>, withSource: Bool) {
        reserve(Self.slack)
        if list.isEmpty {
            put("[]\n")
            return
        }
        put("[\n")
        lines(list, list.startIndex..<list.endIndex, withSource: withSource)
        reserve(Self.slack)
        put("]\n")
    }

    /// The lines of `list` in `range` (the list's last one without a comma).
    @inlinable func lines<List: RandomAccessCollection<Occurrence>>(_ list: List, _ range: Range<List.Index>, withSource: Bool) {
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
    @inlinable package func occurrencesInParallel<List: RandomAccessCollection<Occurrence> & Sendable>(_ list: List, withSource: Bool,
                                                                                 chunk: Int = 8_192) where List.Index == Int {
        reserve(Self.slack)
        put("[\n")
        let other = JSONWriter(streaming: false)
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
        put("]\n")
    }

    /// One line of ``occurrences(_:withSource:)``.
    @usableFromInline func line(_ o: Occurrence, last: Bool, withSource: Bool) {
        do {
            // Fixed text and times: well under `slack`; strings reserve their own room.
            reserve(Self.slack)
            put("  {\"uid\": ")
            if o.uid.isEmpty { put("null") } else { string(o.uid) }
            reserve(Self.slack)
            put(", \"recurrenceId\": ")
            if let r = o.recurrenceId { wire(r) } else { put("null") }
            put(", \"start\": ")
            wire(o.start)
            put(", \"end\": ")
            wire(o.end)
            switch o.start {
            case .utc: put(", \"kind\": \"utc\"")
            case .floating: put(", \"kind\": \"floating\"")
            case .date: put(", \"kind\": \"date\"")
            }
            put(", \"summary\": ")
            optional(o.summary)
            reserve(Self.slack)
            put(", \"status\": ")
            optional(o.status)
            reserve(Self.slack)
            put(o.transparent ? ", \"transparent\": true" : ", \"transparent\": false")
            put(", \"tzid\": ")
            optional(o.tzid)
            reserve(Self.slack)
            if withSource {
                put(", \"source\": ")
                string(o.source)
                reserve(Self.slack)
            }
            put(last ? "}\n" : "},\n")
        }
    }
}

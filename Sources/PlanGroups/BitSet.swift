/// A fixed-size set of small integers, 64 to a word: the grid's slots.
struct BitSet: Sendable {
    private(set) var words: [UInt64]
    let count: Int

    init(count: Int, filled: Bool) {
        self.count = count
        words = Array(repeating: filled ? ~0 : 0, count: (count + 63) / 64)
        if filled { clearTail() }
    }

    subscript(_ k: Int) -> Bool { words[k >> 6] & (1 << UInt64(k & 63)) != 0 }

    /// Sets every bit in `lo...hi` (clamped to the set; nothing when `lo > hi`).
    mutating func setRange(_ lo: Int, _ hi: Int) {
        let lo = max(0, lo), hi = min(count - 1, hi)
        guard lo <= hi else { return }
        let wl = lo >> 6, wh = hi >> 6
        let low: UInt64 = ~0 << UInt64(lo & 63)
        let high: UInt64 = (hi & 63) == 63 ? ~0 : (1 << UInt64((hi & 63) + 1)) - 1
        if wl == wh {
            words[wl] |= low & high
            return
        }
        words[wl] |= low
        for w in (wl + 1)..<wh { words[w] = ~0 }
        words[wh] |= high
    }

    mutating func formIntersection(_ other: BitSet) {
        for w in words.indices { words[w] &= other.words[w] }
    }

    mutating func formUnion(_ other: BitSet) {
        for w in words.indices { words[w] |= other.words[w] }
    }

    func complement() -> BitSet {
        var c = self
        for w in c.words.indices { c.words[w] = ~c.words[w] }
        c.clearTail()
        return c
    }

    /// The members, in increasing order.
    var indices: [Int] {
        var out: [Int] = []
        for (w, word) in words.enumerated() {
            var rest = word
            while rest != 0 {
                out.append(w << 6 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        return out
    }

    private mutating func clearTail() {
        let extra = words.count * 64 - count
        if extra > 0, !words.isEmpty { words[words.count - 1] &= ~0 >> UInt64(extra) }
    }
}

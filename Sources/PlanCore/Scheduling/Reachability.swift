/// A set of non-negative integers stored as sorted, disjoint, non-adjacent
/// closed ranges: the totals (in grid steps) that some choice of sittings
/// can reach.
struct RangeSet: Equatable {
    private(set) var ranges: [ClosedRange<Int>]

    init(normalizing raw: [ClosedRange<Int>]) {
        let inOrder = zip(raw, raw.dropFirst()).allSatisfy { $0.lowerBound <= $1.lowerBound }
        let sorted = inOrder ? raw : raw.sorted { $0.lowerBound < $1.lowerBound }
        var out: [ClosedRange<Int>] = []
        out.reserveCapacity(sorted.count)
        for r in sorted {
            if let last = out.last, r.lowerBound <= last.upperBound + 1 {
                if r.upperBound > last.upperBound { out[out.count - 1] = last.lowerBound...r.upperBound }
            } else {
                out.append(r)
            }
        }
        ranges = out
    }

    /// `{0}`: nothing placed.
    static let zero = RangeSet(normalizing: [0...0])

    func contains(_ x: Int) -> Bool {
        var lo = 0, hi = ranges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if ranges[mid].upperBound < x { lo = mid + 1 } else { hi = mid }
        }
        return lo < ranges.count && ranges[lo].contains(x)
    }

    var max: Int { ranges.last?.upperBound ?? 0 }

    /// Elements ≤ `limit`.
    func truncated(to limit: Int) -> RangeSet {
        var out: [ClosedRange<Int>] = []
        for r in ranges {
            if r.lowerBound > limit { break }
            out.append(r.lowerBound...Swift.min(r.upperBound, limit))
        }
        return RangeSet(normalizing: out)
    }

    /// `{a + b : a ∈ self, b ∈ other, a + b ≤ limit}`.
    func sum(_ other: RangeSet, limit: Int) -> RangeSet {
        if other == .zero { return truncated(to: limit) }
        if self == .zero { return other.truncated(to: limit) }
        var raw: [ClosedRange<Int>] = []
        raw.reserveCapacity(ranges.count * other.ranges.count)
        for a in ranges {
            for b in other.ranges {
                let lo = a.lowerBound + b.lowerBound
                if lo > limit { break }
                raw.append(lo...Swift.min(a.upperBound + b.upperBound, limit))
            }
        }
        return RangeSet(normalizing: raw)
    }

    /// The totals reachable inside one free range of `length` steps: zero, or
    /// `k` sittings of `minLength … maxLength` steps separated by gaps of
    /// `gap` steps, i.e. `⋃ₖ [k·min, min(k·max, length − (k−1)·gap)]`.
    static func oneRange(length: Int, minLength: Int, maxLength: Int, gap: Int, limit: Int) -> RangeSet {
        var raw: [ClosedRange<Int>] = [0...0]
        forEachSittingsRange(length: length, minLength: minLength, maxLength: maxLength, gap: gap, limit: limit) {
            raw.append($0...$1)
        }
        return RangeSet(normalizing: raw)
    }

    /// Calls `body(lo, hi)` for each non-empty `[k·min, min(k·max, length − (k−1)·gap, limit)]`,
    /// `k = 1, 2, …`, in order (see ``oneRange(length:minLength:maxLength:gap:limit:)``).
    static func forEachSittingsRange(length: Int, minLength: Int, maxLength: Int, gap: Int, limit: Int,
                                     _ body: (Int, Int) -> Void) {
        var k = 1
        while true {
            let lo = k * minLength
            let room = length - (k - 1) * gap
            if lo > room || lo > limit { break }
            let hi = Swift.min(k * maxLength, room, limit)
            if lo <= hi { body(lo, hi) }
            // Once a k-range reaches the room (or the limit), every later one
            // starts higher and ends no higher: nothing new.
            if hi == Swift.min(room, limit) { break }
            k += 1
        }
    }
}

/// What ``Placer/reachable(from:limit:stopAbove:)`` needs of a set of totals.
protocol TotalSet {
    /// `{0}`.
    static var zero: Self { get }
    /// The same elements as `set` (all of them at most the limit in use).
    init(_ set: RangeSet)
    /// `{a + b : a ∈ self, b ∈ other, a + b ≤ limit}`.
    func sum(_ other: Self, limit: Int) -> Self
    func contains(_ x: Int) -> Bool
    var max: Int { get }
    /// See ``RangeSet/oneRange(length:minLength:maxLength:gap:limit:)``.
    static func oneRange(length: Int, minLength: Int, maxLength: Int, gap: Int, limit: Int) -> Self
}

extension RangeSet: TotalSet {
    init(_ set: RangeSet) { self = set }
}

/// A set of totals below ``capacity`` as the bits of one word: sums without
/// allocating, for the usual task of a few hours.
struct TotalBits: TotalSet {
    static let capacity = 64
    /// Bit `x` is set when total `x` is in the set.
    var bits: UInt64

    static var zero: TotalBits { TotalBits(bits: 1) }

    init(bits: UInt64) { self.bits = bits }

    init(_ set: RangeSet) {
        var bits: UInt64 = 0
        for r in set.ranges where r.lowerBound < Self.capacity {
            for x in r.lowerBound...Swift.min(r.upperBound, Self.capacity - 1) { bits |= 1 << UInt64(x) }
        }
        self.bits = bits
    }

    func sum(_ other: TotalBits, limit: Int) -> TotalBits {
        var out: UInt64 = 0
        var rest = other.bits
        while rest != 0 {
            let b = rest.trailingZeroBitCount
            if b > limit { break }
            out |= bits << UInt64(b)
            rest &= rest - 1
        }
        let keep: UInt64 = limit >= Self.capacity - 1 ? ~0 : (1 << UInt64(limit + 1)) - 1
        return TotalBits(bits: out & keep)
    }

    func contains(_ x: Int) -> Bool { x >= 0 && x < Self.capacity && bits & (1 << UInt64(x)) != 0 }

    /// Bits `lo…hi` (within `0..<capacity`).
    private static func run(_ lo: Int, _ hi: Int) -> UInt64 {
        let width = hi - lo + 1
        return (width >= capacity ? ~0 : (1 << UInt64(width)) - 1) << UInt64(lo)
    }

    /// The closed form of ``RangeSet/oneRange(length:minLength:maxLength:gap:limit:)``
    /// (`limit` below ``capacity``).
    static func oneRange(length: Int, minLength: Int, maxLength: Int, gap: Int, limit: Int) -> TotalBits {
        var bits: UInt64 = 1
        RangeSet.forEachSittingsRange(length: length, minLength: minLength, maxLength: maxLength, gap: gap, limit: limit) {
            bits |= run($0, $1)
        }
        return TotalBits(bits: bits)
    }

    var max: Int { bits == 0 ? 0 : Self.capacity - 1 - bits.leadingZeroBitCount }

    var rangeSet: RangeSet {
        var raw: [ClosedRange<Int>] = []
        var x = 0
        while x < Self.capacity {
            guard contains(x) else {
                x += 1
                continue
            }
            var y = x
            while y + 1 < Self.capacity && contains(y + 1) { y += 1 }
            raw.append(x...y)
            x = y + 1
        }
        return RangeSet(normalizing: raw)
    }
}

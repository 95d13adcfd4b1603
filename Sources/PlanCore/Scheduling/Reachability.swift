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
        var k = 1
        while true {
            let lo = k * minLength
            let room = length - (k - 1) * gap
            if lo > room || lo > limit { break }
            let hi = Swift.min(k * maxLength, room, limit)
            if lo <= hi { raw.append(lo...hi) }
            // Once a k-range reaches the room (or the limit), every later one
            // starts higher and ends no higher: nothing new.
            if hi == Swift.min(room, limit) { break }
            k += 1
        }
        return RangeSet(normalizing: raw)
    }
}

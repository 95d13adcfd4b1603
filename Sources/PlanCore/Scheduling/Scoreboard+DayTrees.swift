/// The segment trees over the horizon's days: how much free time a run of
/// days holds, and the next day with room for a sitting, in O(log days).
extension Scoreboard {
    /// The free time under the policy window on the local days `first…last`
    /// in free ranges at least as long as the largest threshold ≤ `length`
    /// (``State/freeTotals``); `Int64.max` when a day lies outside the horizon.
    func freeTime(fromDay first: Int64, throughDay last: Int64, inRangesOf length: Int64) -> Int64 {
        guard first <= last else { return 0 }
        let a = first - firstDay, b = last - firstDay
        guard a >= 0 && b < Int64(state.pointee.dense.count) else { return .max }
        let t = (Self.freeThresholds.lastIndex { $0 <= length }) ?? 0
        let base = t * 2 * leaves
        return state.pointee.freeTotals.withUnsafeBufferPointer { all in
            let tree = UnsafeBufferPointer(rebasing: all[base..<(base + 2 * leaves)])
            var lo = Int(a) + leaves, hi = Int(b) + leaves + 1
            var sum: Int64 = 0
            while lo < hi {
                if lo & 1 == 1 {
                    sum += tree[lo]
                    lo += 1
                }
                if hi & 1 == 1 {
                    hi -= 1
                    sum += tree[hi]
                }
                lo /= 2
                hi /= 2
            }
            return sum
        }
    }

    /// The first day at or after `day` whose longest possible sitting is at
    /// least `length` (a day outside the horizon always qualifies).
    func nextDay(from day: Int64, fitting length: Int64) -> Int64 {
        let d = day - firstDay
        guard d >= 0 && d < Int64(state.pointee.dense.count) else { return day }
        // Walk up from the leaf until a right sibling subtree can hold it, then down.
        var k = Int(d) + leaves
        if state.pointee.room[k] >= length { return day }
        while true {
            if k == 1 { return firstDay + Int64(state.pointee.dense.count) }
            if k % 2 == 0 && state.pointee.room[k + 1] >= length {
                k += 1
                break
            }
            k /= 2
        }
        while k < leaves { k = state.pointee.room[2 * k] >= length ? 2 * k : 2 * k + 1 }
        return min(firstDay + Int64(k - leaves), firstDay + Int64(state.pointee.dense.count))
    }

    func updateRoom(_ i: Int) {
        let b = state.pointee.books[i]
        let d = b.date.daysSinceEpoch - firstDay
        guard d >= 0 && d < Int64(state.pointee.dense.count) else { return }
        var r: Int64 = 0
        if b.working {
            for f in b.free { r = max(r, f.duration) }
            if let m = maxPerDay { r = min(r, m - b.used) }
        }
        let leaf = Int(d) + leaves
        var k = leaf
        state.pointee.room[k] = r
        k /= 2
        while k >= 1 {
            state.pointee.room[k] = max(state.pointee.room[2 * k], state.pointee.room[2 * k + 1])
            k /= 2
        }
        let thresholds = Self.freeThresholds, width = 2 * leaves
        state.pointee.freeTotals.withUnsafeMutableBufferPointer { all in
            for (t, threshold) in thresholds.enumerated() {
                let tree = UnsafeMutableBufferPointer(rebasing: all[(t * width)..<((t + 1) * width)])
                var total: Int64 = 0
                if b.working {
                    for f in b.free where f.duration >= threshold { total += f.duration }
                }
                var k = leaf
                tree[k] = total
                k /= 2
                while k >= 1 {
                    tree[k] = tree[2 * k] + tree[2 * k + 1]
                    k /= 2
                }
            }
        }
    }

    /// The longest sitting any of the local days `first…last` could still
    /// take (the largest ``State/room``); `Int64.max` when a day lies outside the horizon.
    func longestRoom(fromDay first: Int64, throughDay last: Int64) -> Int64 {
        guard first <= last else { return 0 }
        let a = first - firstDay, b = last - firstDay
        guard a >= 0 && b < Int64(state.pointee.dense.count) else { return .max }
        return state.pointee.room.withUnsafeBufferPointer { tree in
            var lo = Int(a) + leaves, hi = Int(b) + leaves + 1
            var best: Int64 = 0
            while lo < hi {
                if lo & 1 == 1 {
                    best = max(best, tree[lo])
                    lo += 1
                }
                if hi & 1 == 1 {
                    hi -= 1
                    best = max(best, tree[hi])
                }
                lo /= 2
                hi /= 2
            }
            return best
        }
    }
}

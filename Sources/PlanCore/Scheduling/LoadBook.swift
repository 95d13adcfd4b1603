/// The sittings laid out so far, by local day, and each day's load (kept
/// in a min segment tree over the board's days, so the least loaded day of
/// a window is found in O(log days); a day outside them counts as empty and
/// is never a candidate).
struct LoadBook {
    let first: Int64
    let count: Int
    let leaves: Int
    /// Leaves from `leaves`: each day's load, or `.max` while set aside.
    var tree: [Int64]
    var loads: [Int64]
    /// Each day's sittings in order of start, by `day - first`; days
    /// outside the board (never candidates) in `outside`.
    var inside: [[(range: TimeRange, task: Int)]]
    var outside: [Int64: [(range: TimeRange, task: Int)]] = [:]

    init(first: Int64, days count: Int) {
        self.first = first
        self.count = count
        var n = 1
        while n < max(1, count) { n *= 2 }
        leaves = n
        loads = [Int64](repeating: 0, count: count)
        inside = Array(repeating: [], count: count)
        tree = [Int64](repeating: .max, count: 2 * n)
        for k in 0..<count { tree[n + k] = 0 }
        for k in stride(from: n - 1, through: 1, by: -1) { tree[k] = min(tree[2 * k], tree[2 * k + 1]) }
    }

    func load(_ day: Int64) -> Int64 {
        let k = day - first
        return k >= 0 && k < Int64(count) ? loads[Int(k)] : 0
    }

    /// The least load of a day in `a…b` not set aside; `.max` for none.
    func leastLoad(from a: Int64, through b: Int64) -> Int64 {
        var lo = Int(max(0, a - first)) + leaves, hi = Int(min(Int64(count) - 1, b - first)) + leaves + 1
        var m = Int64.max
        while lo < hi {
            if lo & 1 == 1 { m = min(m, tree[lo]); lo += 1 }
            if hi & 1 == 1 { hi -= 1; m = min(m, tree[hi]) }
            lo /= 2
            hi /= 2
        }
        return m
    }

    /// The day in `a…b` not set aside with load `load` nearest `ideal`
    /// (the earlier of two as near).
    func nearest(_ ideal: Int64, withLoad load: Int64, from a: Int64, through b: Int64) -> Int64? {
        let lo = max(a, first), hi = min(b, first + Int64(count) - 1)
        guard lo <= hi else { return nil }
        let center = min(max(ideal, lo), hi)
        var distance: Int64 = 0
        while center - distance >= lo || center + distance <= hi {
            let before = center - distance, after = center + distance
            if before >= lo && tree[leaves + Int(before - first)] == load { return before }
            if after <= hi && tree[leaves + Int(after - first)] == load { return after }
            distance += 1
        }
        return nil
    }

    mutating func setAside(_ day: Int64) { set(day, .max) }

    mutating func putBack(_ day: Int64) { set(day, load(day)) }

    private mutating func set(_ day: Int64, _ value: Int64) {
        let k = day - first
        guard k >= 0 && k < Int64(count) else { return }
        var i = leaves + Int(k)
        tree[i] = value
        i /= 2
        while i >= 1 {
            tree[i] = min(tree[2 * i], tree[2 * i + 1])
            i /= 2
        }
    }

    /// The day's sittings with their tasks, in order of start.
    func entries(_ day: Int64) -> [(range: TimeRange, task: Int)] {
        let k = day - first
        return k >= 0 && k < Int64(count) ? inside[Int(k)] : outside[day] ?? []
    }

    /// Appends the day's sittings, in order, each widened by `pad` on both sides.
    func appendSittings(on day: Int64, widenedBy pad: Int64, to out: inout [TimeRange]) {
        for e in entries(day) { out.append(TimeRange(start: e.range.start - pad, end: e.range.end + pad)) }
    }

    /// How many sittings `task` has on the day, and whether each lasts `length`.
    func sittings(of task: Int, on day: Int64, lasting length: Int64) -> (count: Int, allLasting: Bool) {
        var n = 0, all = true
        for e in entries(day) where e.task == task {
            n += 1
            if e.range.duration != length { all = false }
        }
        return (n, all)
    }

    mutating func add(_ r: TimeRange, task: Int, day: Int64) {
        let k = day - first
        if k >= 0 && k < Int64(count) {
            let at = inside[Int(k)].firstIndex { $0.range.start > r.start } ?? inside[Int(k)].count
            inside[Int(k)].insert((r, task), at: at)
        } else {
            var list = outside[day] ?? []
            list.insert((r, task), at: list.firstIndex { $0.range.start > r.start } ?? list.count)
            outside[day] = list
        }
        change(day, by: r.duration)
    }

    mutating func remove(_ r: TimeRange, task: Int, day: Int64) {
        let k = day - first
        if k >= 0 && k < Int64(count) {
            inside[Int(k)].removeAll { $0.range == r && $0.task == task }
        } else {
            outside[day]?.removeAll { $0.range == r && $0.task == task }
        }
        change(day, by: -r.duration)
    }

    /// Counts `amount` more (or, negative, less) on `day` with no sitting there: room promised to a task
    /// not laid out yet.
    mutating func reserve(_ amount: Int64, on day: Int64) { change(day, by: amount) }

    private mutating func change(_ day: Int64, by d: Int64) {
        let k = day - first
        guard k >= 0 && k < Int64(count) else { return }
        loads[Int(k)] += d
        set(day, loads[Int(k)])
    }
}

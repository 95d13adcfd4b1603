/// The granularity grid of the local clock (rule 3): an instant is on the grid
/// when its wall-clock reading in the zone is a whole multiple of `step`
/// seconds after local midnight.
struct Grid {
    let zone: OffsetTable
    /// Seconds; a whole number of minutes dividing one hour.
    let step: Int64
    /// Inside `[alignedFrom, alignedTo)` every offset of the zone is a whole
    /// number of steps (the usual case: whole or half hours on a grid of 5,
    /// 10, 15 or 30 minutes), so the grid is the UTC grid there and needs no
    /// offset look-up. Empty when some offset in the table is not.
    private let alignedFrom: Int64
    private let alignedTo: Int64

    init(zone: OffsetTable, step: Int64) {
        self.zone = zone
        self.step = step
        if zone.offsets.allSatisfy({ Int64($0) % step == 0 }) {
            alignedFrom = zone.range.start.seconds
            alignedTo = zone.range.end.seconds
        } else {
            alignedFrom = 0
            alignedTo = 0
        }
    }

    func phase(_ t: Instant) -> Int64 { floorMod(t.seconds + Int64(zone.offset(at: t)), step) }

    /// The first grid instant at or after `t`.
    @inline(__always)
    func ceil(_ t: Instant) -> Instant {
        if t.seconds >= alignedFrom && t.seconds < alignedTo {
            let r = floorMod(t.seconds, step)
            // The candidate must lie inside the aligned stretch too.
            if r == 0 { return t }
            if t.seconds + (step - r) < alignedTo { return t + (step - r) }
        }
        return ceilByOffsets(t)
    }

    @inline(never)
    private func ceilByOffsets(_ t: Instant) -> Instant {
        var c = t
        // An offset change between `t` and the candidate moves the grid; a
        // second look with the candidate's own offset settles it.
        for _ in 0..<4 {
            let r = phase(c)
            if r == 0 { return c }
            c = c + (step - r)
        }
        return c
    }

    /// The last grid instant at or before `t`.
    @inline(__always)
    func floor(_ t: Instant) -> Instant {
        if t.seconds >= alignedFrom && t.seconds < alignedTo {
            let r = floorMod(t.seconds, step)
            if t.seconds - r >= alignedFrom { return t - r }
        }
        return floorByOffsets(t)
    }

    @inline(never)
    private func floorByOffsets(_ t: Instant) -> Instant {
        var c = t
        for _ in 0..<4 {
            let r = phase(c)
            if r == 0 { return c }
            c = c - r
        }
        return c
    }

    /// Appends the grid-aligned parts of `r` to `out`: each part starts and
    /// ends on the grid and has a uniform grid inside (consecutive grid
    /// instants `step` apart). A part only breaks where the zone's offset
    /// changes by an amount that is not a multiple of `step` (e.g. Lord Howe
    /// Island's 30-minute shift on a 60-minute grid). Parts shorter than one
    /// step are dropped.
    func appendAlignedParts(of r: TimeRange, to out: inout [TimeRange]) {
        let a = ceil(r.start), b = floor(r.end)
        guard b - a >= step else { return }
        let oa = zone.offset(at: a), ob = zone.offset(at: b)
        if floorMod(Int64(ob - oa), step) == 0 {
            out.append(TimeRange(start: a, end: b))
            return
        }
        // Find the first instant with the later offset and split there.
        var lo = a.seconds, hi = b.seconds
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if zone.offset(at: Instant(seconds: mid)) == oa { lo = mid } else { hi = mid }
        }
        appendAlignedParts(of: TimeRange(start: a, end: Instant(seconds: hi)), to: &out)
        appendAlignedParts(of: TimeRange(start: Instant(seconds: hi), end: b), to: &out)
    }
}

@inline(__always)
func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
    let r = a % b
    return r < 0 ? r + b : r
}

@inline(__always)
func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? (a + b - 1) / b : -((-a) / b) }

/// What is booked on one local day.
struct DayBook {
    let date: LocalDate
    let working: Bool
    /// The policy window of the day as instants (not snapped).
    let window: TimeRange
    /// The whole local day `[00:00, next 00:00)`.
    let wholeDay: TimeRange
    /// The policy window minus busy blocks and sittings, grid-aligned; kept up
    /// to date as sittings are booked.
    var free: [TimeRange]
    /// The policy window minus busy blocks only (``free`` before any sitting).
    var freeOfBusy: [TimeRange] = []
    /// The whole day minus busy blocks and sittings, grid-aligned, made on
    /// first use (a diagnosis lifting the window) and then kept up to date.
    var wholeDayFree: [TimeRange]?
    /// Sittings booked on this day, sorted by start.
    var sittings: [TimeRange] = []
    /// Their total length.
    var used: Int64 = 0
    /// Other wall-clock times of this day already resolved (tasks' own windows).
    var otherTimes: [(minutes: Int, instant: Instant)] = []
}

/// The state of the calendar while tasks are placed one by one: busy time,
/// bookings, and per-day free time and usage. Days are created on first use.
final class Scoreboard {
    let policy: Policy
    /// Fields of the policy read in the inner loops, kept apart (reading
    /// `policy` copies the whole struct, its zone and sets included).
    let dayStart: TimeOfDay
    let dayEnd: TimeOfDay
    let maxPerDay: Int64?
    let step: Int64
    let breakLength: Int64
    let hasWorkingDays: Bool
    /// See ``TaskScheduler/usesBoardBounds``.
    let usesBounds: Bool
    /// The policy's zone, with its offsets precomputed over the planning horizon.
    let zone: OffsetTable
    let grid: Grid
    /// Busy blocks merged into sorted, disjoint, non-touching ranges.
    let busy: [TimeRange]
    /// The day books (see ``State/books``).
    var books: [DayBook] { state.pointee.books }
    private let firstDay: Int64
    /// Leaves of the segment trees (a power of two, at least the horizon's days).
    private let leaves: Int
    /// What changes as sittings are booked, kept behind a pointer: a stored
    /// `var` of a class is checked for exclusive access at every use, and
    /// these are used in the scheduler's innermost loops.
    private struct State {
        /// Day books, created on first use. Days of the horizon find their
        /// book through `dense` (position + 1, 0 for none yet); others
        /// through `sparse`.
        var books: [DayBook] = []
        var dense: [Int32]
        var sparse: [Int64: Int] = [:]
        /// A max segment tree over the horizon's days of the longest sitting
        /// each day could still take under the policy window (its longest
        /// free range, at most its room under `maxPerDay`, 0 on a day off;
        /// unknown days count as unlimited), so a walk jumps over days too
        /// full for it in O(log days).
        var room: [Int64]
        /// Sum segment trees over the same days, one per length in
        /// ``Scoreboard/freeThresholds`` (tree `t` from `t · 2 · leaves`):
        /// each day's free time under the policy window in free ranges at
        /// least that long (0 on a day off; an unknown day counts as
        /// ``Scoreboard/unknownDay``). A sitting of at least `m` lies in such
        /// a range, so the free time of a run of days in ranges of at least
        /// the largest threshold ≤ `m` bounds what a task with minimum
        /// sitting `m` can place there, in O(log days).
        var freeTotals: [Int64]
        /// Emptied slot buffers kept for the next placer (a diagnosis makes
        /// dozens of placers; each would allocate and grow its own).
        var spareSlots: [[Slot]] = []
    }
    private let state: UnsafeMutablePointer<State>
    /// More than any local day's window can hold (a day is at most 25 hours).
    static let unknownDay: Int64 = 26 * 3_600
    /// The range lengths (seconds) of ``State/freeTotals``, ascending from 0.
    static let freeThresholds: [Int64] = [0, 10, 15, 20, 25, 30, 45, 60, 90, 120, 180].map { $0 * 60 }

    init(policy: Policy, busy blocks: [BusyBlock], horizon: TimeRange, usesBounds: Bool = true) {
        self.policy = policy
        self.usesBounds = usesBounds
        dayStart = policy.dayStart
        dayEnd = policy.dayEnd
        maxPerDay = policy.maxPerDay
        step = policy.granularity
        breakLength = policy.breakBetweenSittings
        hasWorkingDays = !policy.workingDays.isEmpty
        self.zone = OffsetTable(zone: policy.zone, covering: horizon)
        self.grid = Grid(zone: zone, step: policy.granularity)
        var ranges = blocks.map { $0.range }.filter { !$0.isEmpty }
        ranges.sort { $0.start < $1.start || ($0.start == $1.start && $0.end < $1.end) }
        var merged: [TimeRange] = []
        merged.reserveCapacity(ranges.count)
        for r in ranges {
            if let last = merged.last, r.start <= last.end {
                merged[merged.count - 1].end = max(last.end, r.end)
            } else {
                merged.append(r)
            }
        }
        self.busy = merged
        firstDay = zone.local(horizon.start).date.daysSinceEpoch
        let days = zone.local(horizon.end).date.daysSinceEpoch - firstDay + 2
        let dayCount = Int(max(0, min(days, 40_000)))
        var leaves = 1
        while leaves < dayCount { leaves *= 2 }
        self.leaves = leaves
        state = .allocate(capacity: 1)
        state.initialize(to: Self.emptyState(days: dayCount, leaves: leaves))
    }

    /// A board with the same policy, busy time and horizon as `other` and
    /// nothing booked (its immutable parts are shared, not rebuilt).
    init(emptyLike other: Scoreboard) {
        policy = other.policy
        usesBounds = other.usesBounds
        dayStart = other.dayStart
        dayEnd = other.dayEnd
        maxPerDay = other.maxPerDay
        step = other.step
        breakLength = other.breakLength
        hasWorkingDays = other.hasWorkingDays
        zone = other.zone
        grid = other.grid
        busy = other.busy
        firstDay = other.firstDay
        leaves = other.leaves
        state = .allocate(capacity: 1)
        state.initialize(to: Self.emptyState(days: other.state.pointee.dense.count, leaves: other.leaves))
    }

    /// Nothing booked and no day known yet, over `days` days.
    private static func emptyState(days: Int, leaves: Int) -> State {
        let room = [Int64](repeating: .max, count: 2 * leaves)
        var tree = [Int64](repeating: 0, count: 2 * leaves)
        for k in 0..<days { tree[leaves + k] = Self.unknownDay }
        for k in stride(from: leaves - 1, through: 1, by: -1) { tree[k] = tree[2 * k] + tree[2 * k + 1] }
        let freeTotals = Array([[Int64]](repeating: tree, count: Self.freeThresholds.count).joined())
        return State(dense: [Int32](repeating: 0, count: days), room: room, freeTotals: freeTotals)
    }

    deinit {
        state.deinitialize(count: 1)
        state.deallocate()
    }

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

    private func updateRoom(_ i: Int) {
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

    /// The free time of `day` under the policy window inside `[a, b)` in
    /// parts at least `length` long, and the longest such part, at most the
    /// day's room under `maxPerDay` as in ``State/room`` (0, 0 on a day off).
    func freeTime(onDay day: Int64, from a: Instant, to b: Instant, inRangesOf length: Int64) -> (total: Int64, longest: Int64) {
        let i = bookIndex(day: day)
        return state.pointee.books.withUnsafeBufferPointer { all in
            guard all[i].working else { return (0, 0) }
            var total: Int64 = 0, longest: Int64 = 0
            for f in all[i].free where f.end > a && f.start < b {
                let d = min(f.end, b) - max(f.start, a)
                if d >= length {
                    total += d
                    longest = max(longest, d)
                }
            }
            if let m = maxPerDay { longest = min(longest, m - all[i].used) }
            return (total, longest)
        }
    }

    /// A book's working flag, booked time and policy window, read without
    /// copying the book (its arrays would be retained and released).
    func summary(_ i: Int) -> (working: Bool, used: Int64, window: TimeRange) {
        state.pointee.books.withUnsafeBufferPointer { ($0[i].working, $0[i].used, $0[i].window) }
    }

    /// Appends, as slots of `day`, the parts inside `[a, b)` of book `i`'s
    /// free ranges (of `list`) that are at least `minLength` long.
    func appendFreeSlots(book i: Int, list: FreeList = .current, from a: Instant, to b: Instant, minLength: Int64,
                         day: Int64, cap: Int64, into slots: inout [Slot]) {
        if list == .wholeDay && state.pointee.books[i].wholeDayFree == nil {
            let book = state.pointee.books[i]
            state.pointee.books[i].wholeDayFree = freeRanges(in: book.wholeDay, sittings: book.sittings, withBusy: true)
        }
        state.pointee.books.withUnsafeBufferPointer { all in
            func append(_ free: UnsafeBufferPointer<TimeRange>) {
                for f in free where f.end > a && f.start < b {
                    let s = max(f.start, a), e = min(f.end, b)
                    if e - s >= minLength { slots.append(Slot(start: s, end: e, day: day, cap: cap)) }
                }
            }
            switch list {
            case .current: all[i].free.withUnsafeBufferPointer(append)
            case .ofBusyOnly: all[i].freeOfBusy.withUnsafeBufferPointer(append)
            case .wholeDay: all[i].wholeDayFree?.withUnsafeBufferPointer(append)
            }
        }
    }

    /// An empty slot buffer with room, from the ones given back.
    func borrowSlots() -> [Slot] {
        if let spare = state.pointee.spareSlots.popLast() { return spare }
        var slots: [Slot] = []
        slots.reserveCapacity(32)
        return slots
    }

    /// Takes `slots` back for a later ``borrowSlots()`` and leaves it empty.
    func recycle(_ slots: inout [Slot]) {
        guard slots.capacity > 0 else { return }
        var kept: [Slot] = []
        swap(&kept, &slots)
        kept.removeAll(keepingCapacity: true)
        if state.pointee.spareSlots.count < 8 { state.pointee.spareSlots.append(kept) }
    }

    /// The local date (days since the epoch) an instant falls on.
    @inline(__always)
    func dayNumber(_ t: Instant) -> Int64 {
        let s = t.seconds + Int64(zone.offset(at: t))
        return s >= 0 ? s / 86_400 : -((-s + 86_399) / 86_400)
    }

    /// The instant a wall-clock time names on the day of book `i` (`24:00` is
    /// the next midnight); nonexistent times move forward by the gap,
    /// ambiguous ones mean the first occurrence. Remembered per day.
    func instant(book i: Int, _ time: TimeOfDay) -> Instant {
        let m = time.minutes
        if m == dayStart.minutes { return state.pointee.books[i].window.start }
        if m == dayEnd.minutes { return state.pointee.books[i].window.end }
        if m == 0 { return state.pointee.books[i].wholeDay.start }
        if m >= 1440 { return state.pointee.books[i].wholeDay.end }
        for (k, t) in state.pointee.books[i].otherTimes where k == m { return t }
        let t = resolve(state.pointee.books[i].date, time)
        state.pointee.books[i].otherTimes.append((m, t))
        return t
    }

    private func resolve(_ date: LocalDate, _ time: TimeOfDay) -> Instant {
        time.minutes >= 1440
            ? zone.resolve(LocalDateTime(date: date.adding(days: 1)))
            : zone.resolve(LocalDateTime(date: date, hour: time.minutes / 60, minute: time.minutes % 60))
    }

    /// The position of a day's book in ``books``, creating the book on first use.
    func bookIndex(day: Int64) -> Int {
        let d = day - firstDay
        let isDense = d >= 0 && d < Int64(state.pointee.dense.count)
        if isDense, state.pointee.dense[Int(d)] > 0 { return Int(state.pointee.dense[Int(d)]) - 1 }
        if !isDense, let i = state.pointee.sparse[day] { return i }
        let date = LocalDate(daysSinceEpoch: day)
        let window = TimeRange(start: resolve(date, policy.dayStart), end: resolve(date, policy.dayEnd))
        let whole = TimeRange(start: resolve(date, .startOfDay), end: resolve(date, .endOfDay))
        let working = policy.workingDays.contains(Weekday(date))
        var b = DayBook(date: date, working: working, window: window, wholeDay: whole, free: [])
        b.free = freeRanges(in: window, sittings: [], withBusy: true)
        b.freeOfBusy = b.free
        state.pointee.books.append(b)
        if isDense { state.pointee.dense[Int(d)] = Int32(state.pointee.books.count) } else { state.pointee.sparse[day] = state.pointee.books.count - 1 }
        updateRoom(state.pointee.books.count - 1)
        return state.pointee.books.count - 1
    }

    /// `window` minus busy time (when `withBusy`) and `sittings`, cut into
    /// grid-aligned parts.
    func freeRanges(in window: TimeRange, sittings: [TimeRange], withBusy: Bool) -> [TimeRange] {
        var out: [TimeRange] = []
        guard !window.isEmpty else { return out }
        var cursor = window.start
        var bi = withBusy ? firstBusy(endingAfter: window.start) : busy.count
        var si = 0
        while cursor < window.end {
            // The next blocker by start among busy blocks and sittings.
            let busyNext = bi < busy.count && busy[bi].start < window.end
            let sittingNext = si < sittings.count && sittings[si].start < window.end
            let blocker: TimeRange
            if busyNext && (!sittingNext || busy[bi].start <= sittings[si].start) {
                blocker = busy[bi]
                bi += 1
            } else if sittingNext {
                blocker = sittings[si]
                si += 1
            } else {
                break
            }
            if blocker.end <= cursor { continue }
            if blocker.start > cursor {
                grid.appendAlignedParts(of: TimeRange(start: cursor, end: min(blocker.start, window.end)), to: &out)
            }
            cursor = max(cursor, blocker.end)
        }
        if cursor < window.end {
            grid.appendAlignedParts(of: TimeRange(start: cursor, end: window.end), to: &out)
        }
        return out
    }

    /// Index of the first merged busy range whose end is after `t`.
    func firstBusy(endingAfter t: Instant) -> Int {
        var lo = 0, hi = busy.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if busy[mid].end <= t { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Books a sitting on `day`: it occupies its time and counts toward the
    /// day's total. A sitting that does not lie inside one free range (a
    /// pinned one, kept from an earlier plan) is cut out of every free range it
    /// touches, and what remains is put back on the grid.
    func bookSitting(_ r: TimeRange, day: Int64) {
        let i = bookIndex(day: day)
        let k = state.pointee.books[i].sittings.firstIndex { $0.start > r.start } ?? state.pointee.books[i].sittings.count
        state.pointee.books[i].sittings.insert(r, at: k)
        state.pointee.books[i].used += r.duration
        state.pointee.books[i].free = cut(r, from: state.pointee.books[i].free)
        if let whole = state.pointee.books[i].wholeDayFree {
            state.pointee.books[i].wholeDayFree = cut(r, from: whole)
        }
        updateRoom(i)
    }

    /// `list` (sorted free ranges) without `r`; what remains of a range `r`
    /// cuts is put back on the grid.
    private func cut(_ r: TimeRange, from list: [TimeRange]) -> [TimeRange] {
        var out: [TimeRange] = []
        out.reserveCapacity(list.count + 1)
        for f in list {
            guard f.overlaps(r) && !r.isEmpty else {
                out.append(f)
                continue
            }
            if f.start < r.start { grid.appendAlignedParts(of: TimeRange(start: f.start, end: r.start), to: &out) }
            if r.end < f.end { grid.appendAlignedParts(of: TimeRange(start: r.end, end: f.end), to: &out) }
        }
        return out
    }

    /// Which of a day's kept free lists ``appendFreeSlots(book:list:from:to:minLength:day:cap:into:)`` reads.
    enum FreeList {
        /// ``DayBook/free``.
        case current
        /// ``DayBook/freeOfBusy``.
        case ofBusyOnly
        /// ``DayBook/wholeDayFree``.
        case wholeDay
    }
}

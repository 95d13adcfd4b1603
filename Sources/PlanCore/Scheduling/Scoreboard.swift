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
    let firstDay: Int64
    /// Leaves of the segment trees (a power of two, at least the horizon's days).
    let leaves: Int
    /// What changes as sittings are booked, kept behind a pointer: a stored
    /// `var` of a class is checked for exclusive access at every use, and
    /// these are used in the scheduler's innermost loops.
    struct State {
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
    let state: UnsafeMutablePointer<State>
    /// More than any local day's window can hold (a day is at most 25 hours).
    static let unknownDay: Int64 = 26 * 3_600
    /// The range lengths (seconds) of ``State/freeTotals``, ascending from 0.
    static let freeThresholds: [Int64] = [0, 10, 15, 20, 25, 30, 45, 60, 90, 120, 180].map { $0 * 60 }

    convenience init(policy: Policy, busy blocks: [BusyBlock], horizon: TimeRange, usesBounds: Bool = true) {
        let zone = OffsetTable(zone: policy.zone, covering: horizon)
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
        let firstDay = zone.local(horizon.start).date.daysSinceEpoch
        let days = zone.local(horizon.end).date.daysSinceEpoch - firstDay + 2
        let dayCount = Int(max(0, min(days, 40_000)))
        var leaves = 1
        while leaves < dayCount { leaves *= 2 }
        self.init(policy: policy, usesBounds: usesBounds, zone: zone, grid: Grid(zone: zone, step: policy.granularity),
                  busy: merged, firstDay: firstDay, days: dayCount, leaves: leaves)
    }

    /// A board with the same policy, busy time and horizon as `other` and
    /// nothing booked (its immutable parts are shared, not rebuilt).
    convenience init(emptyLike other: Scoreboard) {
        self.init(policy: other.policy, usesBounds: other.usesBounds, zone: other.zone, grid: other.grid, busy: other.busy,
                  firstDay: other.firstDay, days: other.state.pointee.dense.count, leaves: other.leaves)
    }

    /// Every board's fields, set in one place: the policy's fields the inner
    /// loops read, and nothing booked over `days` days.
    private init(policy: Policy, usesBounds: Bool, zone: OffsetTable, grid: Grid, busy: [TimeRange],
                 firstDay: Int64, days: Int, leaves: Int) {
        self.policy = policy
        self.usesBounds = usesBounds
        dayStart = policy.dayStart
        dayEnd = policy.dayEnd
        maxPerDay = policy.maxPerDay
        step = policy.granularity
        breakLength = policy.breakBetweenSittings
        hasWorkingDays = !policy.workingDays.isEmpty
        self.zone = zone
        self.grid = grid
        self.busy = busy
        self.firstDay = firstDay
        self.leaves = leaves
        state = .allocate(capacity: 1)
        state.initialize(to: Self.emptyState(days: days, leaves: leaves))
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

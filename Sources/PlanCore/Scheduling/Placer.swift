/// Places one task: the greedy of rule 8, made exact by a feasibility check
/// of the remainder, and the reachability analysis behind `available`.
struct Placer {
    var stream: SlotStream
    let step: Int64
    let breakLength: Int64
    let span: Int64
    let minSitting: Int64
    let capped: Bool

    /// Where the placement stands: the next sitting starts at or after `notBefore`
    /// (the last end plus the break) in slot `slot` or later; `used` is this
    /// task's own time on local day `day`.
    struct State {
        var notBefore: Instant
        var day: Int64
        var used: Int64
        var remaining: Int64
        var slot: Int
    }

    /// Runs `body` on a placer for `req`, then gives its buffers back to the
    /// board for the next placer.
    static func using<T>(_ board: Scoreboard, _ req: Requirement, _ body: (inout Placer) -> T) -> T {
        var placer = Placer(board: board, req: req)
        defer { placer.stream.recycle() }
        return body(&placer)
    }

    init(board: Scoreboard, req: Requirement) {
        stream = SlotStream(board: board, req: req)
        step = board.step
        breakLength = board.breakLength
        span = req.span
        minSitting = req.minSitting
        capped = req.withMaxPerDay && board.maxPerDay != nil
    }

    var initial: State {
        State(notBefore: stream.lo, day: .min, used: 0, remaining: stream.req.remaining, slot: 0)
    }

    // MARK: Moves

    /// The first grid instant of `slot` at or after `p`.
    func firstStart(in slot: Slot, after p: Instant) -> Instant {
        p <= slot.start ? slot.start : slot.start + ceilDiv(p - slot.start, step) * step
    }

    /// The longest sitting rules 2–4 and 7 allow at `s` (ignoring rule 4's
    /// remainder condition).
    func longest(in slot: Slot, at s: Instant, _ st: State) -> Int64 {
        var h = min(span, st.remaining, slot.end - s)
        if slot.cap != .max {
            let left = slot.cap - (slot.day == st.day ? st.used : 0)
            h = min(h, left < 0 ? -1 : left / step * step)
        }
        return h
    }

    /// The longest length ≤ `hi` that leaves a remainder of zero or at least
    /// one minimum sitting.
    func firstLength(_ hi: Int64, remaining r: Int64) -> Int64? {
        if hi < minSitting { return nil }
        if hi >= r { return r }
        if r - hi >= minSitting { return hi }
        let l = r - minSitting
        return l >= minSitting ? l : nil
    }

    /// The next shorter length after `l` with the same property.
    func nextLength(below l: Int64, remaining r: Int64) -> Int64? {
        let c = min(l - step, r - minSitting)
        return c >= minSitting ? c : nil
    }

    func after(_ st: State, sitting s: Instant, length l: Int64, in slot: Slot) -> State {
        State(notBefore: s + l + breakLength, day: slot.day,
              used: (slot.day == st.day ? st.used : 0) + l,
              remaining: st.remaining - l, slot: st.slot)
    }

    // MARK: Greedy

    /// Each sitting as early, then as long as possible, keeping the remainder
    /// zero or at least `minSitting`, without looking further ahead. When it
    /// succeeds its answer is the exact greedy's (every choice it makes is the
    /// first the exact greedy tries, and its own success proves that choice
    /// feasible).
    mutating func quick(from start: State, record: Bool) -> [TimeRange]? {
        var st = start
        var out: [TimeRange] = []
        // The slots the stream holds; then, when days can be skipped, the
        // days after them are looked at without keeping their slots.
        while st.remaining > 0 {
            if stream.skipsFullDays && stream.board.usesBounds && st.slot >= stream.slots.count { break }
            guard let slot = stream.slot(st.slot) else { return nil }
            if !take(slot, &st, record, &out) { st.slot += 1 }
        }
        guard st.remaining > 0 else { return out }
        var day = stream.nextDay
        var buffer = stream.board.borrowSlots()
        defer { stream.board.recycle(&buffer) }
        while st.remaining > 0 {
            // No sitting fits a day whose longest possible sitting is shorter
            // than the next one must be.
            guard let need = shortestNextSitting(remaining: st.remaining) else { return nil }
            day = stream.board.nextDay(from: day, fitting: need)
            guard day <= stream.lastDay else { return nil }
            buffer.removeAll(keepingCapacity: true)
            stream.generate(day: day, into: &buffer)
            day += 1
            for slot in buffer where st.remaining > 0 {
                while st.remaining > 0 && take(slot, &st, record, &out) {}
            }
        }
        return out
    }

    /// Places the greedy's next sitting in `slot` (after `st`) and returns
    /// true, or returns false when none fits there.
    func take(_ slot: Slot, _ st: inout State, _ record: Bool, _ out: inout [TimeRange]) -> Bool {
        let s = firstStart(in: slot, after: st.notBefore)
        guard let l = firstLength(longest(in: slot, at: s, st), remaining: st.remaining) else { return false }
        if record { out.append(TimeRange(start: s, end: s + l)) }
        st = after(st, sitting: s, length: l, in: slot)
        return true
    }

    /// The shortest sitting ``firstLength(_:remaining:)`` can give with
    /// `r` left: a minimum sitting, or all of `r` when less than two minimum
    /// sittings are left (a shorter one would leave less than a minimum);
    /// nil when the span does not allow that.
    func shortestNextSitting(remaining r: Int64) -> Int64? {
        let need = r < 2 * minSitting ? r : minSitting
        return need <= span ? need : nil
    }

    /// Rule 8 exactly: the first sitting starts at the earliest instant from
    /// which the whole remaining work can still be placed, and is the longest
    /// such; then the next, and so on. nil when no placement exists.
    ///
    /// Within one slot only its first start needs trying: a later start with
    /// the same length leaves a later, no better position for the rest.
    mutating func place() -> [TimeRange]? {
        guard mayFit(initial) else { return nil }
        if let fast = quick(from: initial, record: true) { return fast }
        guard canFinish(initial) else { return nil }
        var st = initial
        var out: [TimeRange] = []
        while st.remaining > 0 {
            guard let slot = stream.slot(st.slot) else { return nil }
            let s = firstStart(in: slot, after: st.notBefore)
            var chosen: State?
            var length = firstLength(longest(in: slot, at: s, st), remaining: st.remaining)
            while let l = length {
                let next = after(st, sitting: s, length: l, in: slot)
                if next.remaining == 0 || canFinish(next) {
                    chosen = next
                    out.append(TimeRange(start: s, end: s + l))
                    break
                }
                length = nextLength(below: l, remaining: st.remaining)
            }
            if let c = chosen { st = c } else { st.slot += 1 }
        }
        return out
    }

    /// True when the whole remaining work can be placed.
    mutating func fits() -> Bool { canFinish(initial) }

    /// False when the remaining work of `st` certainly cannot be placed;
    /// true otherwise. Two necessary conditions, each read off the board in
    /// O(log days) where walking the days would take as long as the
    /// placement itself:
    /// - the free time left on the days from `st` to `due`, in free ranges
    ///   long enough for a minimum sitting, holds the remaining work
    ///   (sittings lie in such ranges);
    /// - the remaining work is a sum of sittings of `minSitting … M` grid
    ///   steps, M the shorter of `span` and the longest sitting any of those
    ///   days could take (so a calendar whose gaps are all 25 minutes long
    ///   cannot give 105 minutes in sittings of at least 25).
    func mayFit(_ st: State) -> Bool {
        guard stream.boundedByFreeTime, stream.board.usesBounds, st.remaining > 0 else { return true }
        let board = stream.board
        let from = max(st.notBefore, stream.lo)
        guard stream.hasDays, from < stream.hi else { return false }
        let first = board.dayNumber(from), last = stream.lastDay
        guard first <= last else { return false }
        func holds(_ total: Int64, _ longest: Int64) -> Bool {
            guard total >= st.remaining else { return false }
            guard stream.skipsFullDays else { return true }
            let m = minSitting / step, big = min(span, longest) / step, r = st.remaining / step
            guard m > 0, big >= m else { return false }
            // Some count k of sittings with k·m ≤ r ≤ k·big.
            return ceilDiv(r, big) <= r / m
        }
        // The days between first and last often decide it alone (both
        // conditions only get easier with more days).
        var middle: (total: Int64, longest: Int64) = (0, 0)
        if first + 1 < last {
            middle = (board.freeTime(fromDay: first + 1, throughDay: last - 1, inRangesOf: minSitting),
                      board.longestRoom(fromDay: first + 1, throughDay: last - 1))
            if middle.total == .max || middle.longest == .max || holds(middle.total, middle.longest) { return true }
        }
        let a = board.freeTime(onDay: first, from: from, to: stream.hi, inRangesOf: minSitting)
        let b = first == last ? (total: 0, longest: 0) : board.freeTime(onDay: last, from: from, to: stream.hi, inRangesOf: minSitting)
        return holds(a.total + middle.total + b.total, max(a.longest, middle.longest, b.longest))
    }

    /// An upper bound on the time sittings of at least a minimum sitting can
    /// take from `st` to `due` (see ``mayFit(_:)``); nil when the board's
    /// free time does not bound this requirement or a day lies outside the horizon.
    func freeTimeBound(_ st: State) -> Int64? {
        guard stream.boundedByFreeTime, stream.board.usesBounds else { return nil }
        let board = stream.board
        let from = max(st.notBefore, stream.lo)
        guard stream.hasDays, from < stream.hi else { return 0 }
        let first = board.dayNumber(from), last = stream.lastDay
        guard first <= last else { return 0 }
        let a = board.freeTime(onDay: first, from: from, to: stream.hi, inRangesOf: minSitting).total
        if first == last { return a }
        let middle = board.freeTime(fromDay: first + 1, throughDay: last - 1, inRangesOf: minSitting)
        guard middle != .max else { return nil }
        return a + middle + board.freeTime(onDay: last, from: from, to: stream.hi, inRangesOf: minSitting).total
    }

    /// True when the remaining work of `st` can be placed.
    mutating func canFinish(_ st: State) -> Bool {
        if st.remaining == 0 { return true }
        guard mayFit(st) else { return false }
        if quick(from: st, record: false) != nil { return true }
        let target = Int(st.remaining / step)
        return canReach(target, from: st)
    }

    /// The most of the remaining work that can be placed from the start,
    /// ignoring rule 5's exact total (in seconds).
    mutating func available() -> Int64 {
        let st = initial
        if st.remaining == 0 { return 0 }
        if let free = freeTimeBound(st), free < minSitting { return 0 }
        if mayFit(st), quick(from: st, record: false) != nil { return st.remaining }
        return Int64(mostReachable(from: st, limit: Int(st.remaining / step))) * step
    }

    /// Whether ``available()`` is more than `total`, found without always
    /// computing it: the walk stops as soon as some larger total is reached.
    mutating func availableExceeds(_ total: Int64) -> Bool {
        let st = initial
        guard st.remaining > total else { return false }
        if let free = freeTimeBound(st), free <= total { return false }
        if mayFit(st), quick(from: st, record: false) != nil { return true }
        let above = Int(total / step)
        return mostReachable(from: st, limit: Int(st.remaining / step), stopAbove: above) > above
    }
}

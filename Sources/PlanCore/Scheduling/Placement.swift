/// One task's placement problem at its turn in the order: where and how much
/// it may sit, and which rules apply (the `with…` switches lift one rule at a
/// time when the diagnosis asks what binds).
struct Requirement {
    /// No sitting starts earlier: max(now, start, prerequisites' last ends).
    var lower: Instant
    /// Every sitting ends by this.
    var due: Instant
    /// The task's daily window: [max(dayStart, earliest), min(dayEnd, latest)).
    var windowStart: TimeOfDay
    var windowEnd: TimeOfDay
    /// Remaining work, on the grid (rule 5).
    var remaining: Int64
    /// Longest and shortest sitting, on the grid, capped (rule 4).
    var span: Int64
    var minSitting: Int64
    /// Sit on non-working days too.
    var allDays = false
    var withBusy = true
    /// Other tasks' sittings occupy time and count toward `maxPerDay`.
    var withOthers = true
    var withMaxPerDay = true
}

/// A free range one sitting may use: grid-aligned, inside one local day's
/// window, and with the room left under `maxPerDay` that day.
struct Slot {
    var start: Instant
    var end: Instant
    var day: Int64
    /// Seconds of sitting time still allowed that day (`Int64.max` for no limit).
    var cap: Int64
}

/// The slots of a requirement in time order, produced day by day on demand so
/// that placing a task only walks as far as it needs.
struct SlotStream {
    let board: Scoreboard
    let req: Requirement
    /// `lower` and `due` snapped onto the grid.
    let lo: Instant
    let hi: Instant
    private(set) var slots: [Slot] = []
    private(set) var nextDay: Int64
    let lastDay: Int64
    /// Some day can hold a sitting (else the stream is empty from the start).
    let hasDays: Bool
    private let useCache: Bool
    /// Days known to be full can be skipped (no rule is lifted that would
    /// give them room).
    let skipsFullDays: Bool
    /// The board's free time under the policy window bounds what this
    /// requirement can place (no rule is lifted that would add time).
    let boundedByFreeTime: Bool
    /// The day's kept free list that holds this requirement's free time (a
    /// part of it clipped to the window), or nil to work it out day by day.
    private let keptList: Scoreboard.FreeList?

    init(board: Scoreboard, req: Requirement) {
        self.board = board
        self.req = req
        lo = board.grid.ceil(req.lower)
        hi = board.grid.floor(req.due)
        useCache = req.withBusy && req.withOthers
            && req.windowStart >= board.dayStart && req.windowEnd <= board.dayEnd
        skipsFullDays = useCache && !req.allDays && (req.withMaxPerDay || board.maxPerDay == nil)
        boundedByFreeTime = useCache && !req.allDays
        let insidePolicyWindow = req.windowStart >= board.dayStart && req.windowEnd <= board.dayEnd
        if useCache {
            keptList = .current
        } else if !board.usesBounds {
            keptList = nil
        } else if req.withBusy && !req.withOthers && insidePolicyWindow {
            keptList = .ofBusyOnly
        } else if req.withBusy && req.withOthers && req.windowStart == .startOfDay && req.windowEnd == .endOfDay {
            keptList = .wholeDay
        } else {
            keptList = nil
        }
        let anyDay = req.allDays || board.hasWorkingDays
        if hi - lo >= req.minSitting && req.windowStart < req.windowEnd && anyDay && req.remaining > 0 {
            nextDay = board.dayNumber(lo)
            lastDay = board.dayNumber(hi)
            hasDays = true
        } else {
            nextDay = 1
            lastDay = 0
            hasDays = false
        }
    }

    /// The `i`-th slot, or nil when there are no more before `due`.
    mutating func slot(_ i: Int) -> Slot? {
        while i >= slots.count {
            if skipsFullDays { nextDay = board.nextDay(from: nextDay, fitting: req.minSitting) }
            guard nextDay <= lastDay else { return nil }
            generate(day: nextDay)
            nextDay += 1
        }
        return slots[i]
    }

    private mutating func generate(day: Int64) {
        // Out of `self` while it grows: the call below reads `self`, and a
        // copy of it would share the buffer, so every append would copy it.
        var grown: [Slot] = []
        swap(&grown, &slots)
        if grown.capacity == 0 { grown = board.borrowSlots() }
        generate(day: day, into: &grown)
        swap(&grown, &slots)
    }

    /// Gives the slot buffer back to the board (see ``Placer/using(_:_:_:)``).
    mutating func recycle() { board.recycle(&slots) }

    /// Appends the slots of local day `day` to `slots`.
    func generate(day: Int64, into slots: inout [Slot]) {
        let bi = board.bookIndex(day: day)
        let book = board.summary(bi)
        if !req.allDays && !book.working { return }
        var cap = Int64.max
        if req.withMaxPerDay, let m = board.maxPerDay {
            cap = m - (req.withOthers ? book.used : 0)
        }
        // The common case: the policy's window, the whole of it before `due`.
        // The day's free ranges lie on the grid inside it: no clipping.
        if useCache && req.windowStart == board.dayStart && req.windowEnd == board.dayEnd
            && lo <= book.window.start && book.window.end <= hi {
            board.appendFreeSlots(book: bi, from: book.window.start, to: book.window.end,
                                  minLength: req.minSitting, day: day, cap: cap, into: &slots)
            return
        }
        let ws = board.instant(book: bi, req.windowStart)
        let we = board.instant(book: bi, req.windowEnd)
        let clipStart = max(ws, lo), clipEnd = min(we, hi)
        guard clipEnd - clipStart >= req.minSitting else { return }
        if let list = keptList {
            let a = board.grid.ceil(clipStart), b = board.grid.floor(clipEnd)
            board.appendFreeSlots(book: bi, list: list, from: a, to: b, minLength: req.minSitting, day: day, cap: cap,
                                  into: &slots)
        } else {
            let free = board.freeRanges(in: TimeRange(start: clipStart, end: clipEnd),
                                        sittings: req.withOthers ? board.books[bi].sittings : [],
                                        withBusy: req.withBusy)
            for f in free where f.duration >= req.minSitting {
                slots.append(Slot(start: f.start, end: f.end, day: day, cap: cap))
            }
        }
    }
}

/// Places one task: the greedy of rule 8, made exact by a feasibility check
/// of the remainder, and the reachability analysis behind `available`.
struct Placer {
    var stream: SlotStream
    let step: Int64
    let breakLength: Int64
    let span: Int64
    let minSitting: Int64
    let capped: Bool

    /// Where the placement stands: the next sitting starts at or after `p`
    /// (the last end plus the break) in slot `slot` or later; `used` is this
    /// task's own time on local day `day`.
    struct State {
        var p: Instant
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
        State(p: stream.lo, day: .min, used: 0, remaining: stream.req.remaining, slot: 0)
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
        State(p: s + l + breakLength, day: slot.day,
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
    private func take(_ slot: Slot, _ st: inout State, _ record: Bool, _ out: inout [TimeRange]) -> Bool {
        let s = firstStart(in: slot, after: st.p)
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
            let s = firstStart(in: slot, after: st.p)
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
        let from = max(st.p, stream.lo)
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
        let from = max(st.p, stream.lo)
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

    // MARK: Reachable totals

    /// Every total (in steps, up to `limit`) that sittings placed from `st`
    /// on can add up to, under rules 2–4, 6 and 7 and the break.
    ///
    /// Slots are grouped: two neighbours belong together when the gap between
    /// them is shorter than the break (a sitting at the end of one delays the
    /// other) or, under `maxPerDay`, when they share a day. Groups are
    /// independent, so the reachable set is the sum of the groups' sets. A
    /// lone slot has a closed form; a group of several is solved by
    /// ``frontier(_:limit:)``.
    /// With `stopAbove`, it may stop as soon as it holds a total above that.
    mutating func reachable(from st: State, limit: Int, stopAbove: Int = .max) -> RangeSet {
        // Totals up to 63 steps (a task of up to 5¼ hours on a 5-minute
        // grid) are summed as bits, without allocating at every group.
        if limit < TotalBits.capacity {
            return reachable(from: st, limit: limit, stopAbove: stopAbove, as: TotalBits.self).rangeSet
        }
        return reachable(from: st, limit: limit, stopAbove: stopAbove, as: RangeSet.self)
    }

    /// Whether `target` is among the totals reachable from `st` (no total
    /// above it is counted, so it is the largest exactly when it is reached).
    mutating func canReach(_ target: Int, from st: State) -> Bool {
        mostReachable(from: st, limit: target) == target
    }

    /// The largest total reachable from `st` (see ``reachable(from:limit:stopAbove:)``).
    mutating func mostReachable(from st: State, limit: Int, stopAbove: Int = .max) -> Int {
        if limit < TotalBits.capacity {
            return reachable(from: st, limit: limit, stopAbove: stopAbove, as: TotalBits.self).max
        }
        return reachable(from: st, limit: limit, stopAbove: stopAbove, as: RangeSet.self).max
    }

    private mutating func reachable<Sets: TotalSet>(from st: State, limit: Int, stopAbove: Int, as: Sets.Type) -> Sets {
        walkGroups(from: st, limit: limit) { (_: Sets, after: Sets, _) in after.contains(limit) || after.max > stopAbove }
    }

    /// Adds up the totals of the groups of slots from `st` on, in time
    /// order (see ``reachable(from:limit:stopAbove:)``), and returns the sum.
    /// After each group, `stop(before, after, group)` may end the walk.
    private mutating func walkGroups<Sets: TotalSet>(from st: State, limit: Int,
                                                     stop: (_ before: Sets, _ after: Sets, _ group: [Slot]) -> Bool) -> Sets {
        var acc = Sets.zero
        var group = stream.board.borrowSlots()
        defer { stream.board.recycle(&group) }
        var k = st.slot
        // Lone slots of one length (and room) add one set; once it has been
        // added `limit / minimum` times, adding it again changes nothing (a
        // total up to `limit` has at most that many non-zero parts).
        var lone: [(key: LoneSlot, set: Sets, added: Int)] = []  // few lengths: a list beats hashing
        let saturation = max(1, limit / max(1, units(minSitting)))
        /// Adds the group's set to `acc`; true when the walk is to stop.
        func flush(_ group: [Slot], into acc: inout Sets) -> Bool {
            guard !group.isEmpty else { return false }
            let set: Sets
            if group.count > 1 {
                set = Sets(groupSet(group, limit: limit))
            } else {
                let key = LoneSlot(length: units(group[0].end - group[0].start), room: min(limit, capUnits(group[0])))
                if let k = lone.firstIndex(where: { $0.key == key }) {
                    guard lone[k].added < saturation else { return false }
                    lone[k].added += 1
                    set = lone[k].set
                } else {
                    set = loneSet(group[0], limit: limit)
                    lone.append((key, set, 1))
                }
            }
            let before = acc
            acc = acc.sum(set, limit: limit)
            return stop(before, acc, group)
        }
        while let raw = stream.slot(k) {
            k += 1
            var e = raw
            e.start = firstStart(in: raw, after: st.p)
            if e.cap != .max && e.day == st.day { e.cap -= st.used }
            if e.end - e.start < minSitting { continue }
            if let last = group.last,
               !(e.start - last.end < breakLength || (capped && e.day == last.day)) {
                if flush(group, into: &acc) { return acc }
                group.removeAll(keepingCapacity: true)
            }
            group.append(e)
        }
        _ = flush(group, into: &acc)
        return acc
    }

    /// The earliest instant by which sittings placed from `st` can add up to
    /// exactly `target` steps: the smallest `due` on the grid at which the
    /// remaining work fits (rules 2–7, as ``canFinish(_:)`` decides), or nil
    /// when it does not fit even by this stream's own `due`.
    ///
    /// A smaller `due` only cuts the slots at it, so the groups before the
    /// one that first completes the total stay as they are; the answer lies
    /// in that group, found by cutting the group alone.
    mutating func earliestCompletion(from st: State, target: Int) -> Instant? {
        if target < TotalBits.capacity { return earliestCompletion(from: st, target: target, as: TotalBits.self) }
        return earliestCompletion(from: st, target: target, as: RangeSet.self)
    }

    private mutating func earliestCompletion<Sets: TotalSet>(from st: State, target: Int, as: Sets.Type) -> Instant? {
        if target == 0 { return stream.lo }
        var before = Sets.zero
        var group = stream.board.borrowSlots()
        defer { stream.board.recycle(&group) }
        _ = walkGroups(from: st, limit: target) { (sum: Sets, after: Sets, slots) in
            guard after.contains(target) else { return false }
            before = sum
            group.append(contentsOf: slots)
            return true
        }
        guard let last = group.last else { return nil }
        var cut = stream.board.borrowSlots()
        defer { stream.board.recycle(&cut) }
        func completes(by end: Instant) -> Bool {
            cut.removeAll(keepingCapacity: true)
            for s in group where s.start < end {
                var c = s
                c.end = min(c.end, end)
                if c.end - c.start >= minSitting { cut.append(c) }
            }
            guard !cut.isEmpty else { return false }
            let set: Sets = cut.count == 1 ? loneSet(cut[0], limit: target) : Sets(groupSet(cut, limit: target))
            return before.sum(set, limit: target).contains(target)
        }
        // `lo` does not complete it (nothing of the group fits before its
        // start), `hi` does; both on the grid.
        let grid = stream.board.grid
        var lo = group[0].start, hi = last.end
        while true {
            var mid = grid.floor(lo + (hi - lo) / 2)
            if mid <= lo { mid = grid.ceil(lo + 1) }
            guard mid < hi else { return hi }
            if completes(by: mid) { hi = mid } else { lo = mid }
        }
    }

    /// A lone slot's length and room (grid steps): what its set of totals depends on.
    private struct LoneSlot: Equatable {
        var length: Int
        var room: Int
    }

    private func units(_ s: Int64) -> Int { Int(s / step) }

    private func capUnits(_ slot: Slot) -> Int {
        slot.cap == .max ? Int.max : Int(max(0, slot.cap) / step)
    }

    private func loneSet<Sets: TotalSet>(_ slot: Slot, limit: Int) -> Sets {
        Sets.oneRange(length: units(slot.end - slot.start), minLength: units(minSitting),
                          maxLength: units(span), gap: Int(ceilDiv(breakLength, step)),
                          limit: min(limit, capUnits(slot)))
    }

    private func groupSet(_ group: [Slot], limit: Int) -> RangeSet {
        if group.count == 1 { return loneSet(group[0], limit: limit) }
        let oneDay = group.allSatisfy { $0.day == group[0].day }
        if capped && !oneDay { return frontier(group, limit: limit) }
        // Split into runs coupled by the break; under maxPerDay the day's
        // total is then cut at the day's room.
        var acc = RangeSet.zero
        var run: [Slot] = []
        func add(_ run: [Slot]) {
            let set = run.count == 1 ? loneSet(run[0], limit: limit) : frontier(run, limit: limit)
            acc = acc.sum(set, limit: limit)
        }
        for s in group {
            if let last = run.last, s.start - last.end >= breakLength {
                add(run)
                run.removeAll(keepingCapacity: true)
            }
            run.append(s)
        }
        add(run)
        if capped { acc = acc.truncated(to: capUnits(group[0])) }
        return acc
    }

    /// Reachable totals in a group of slots by dynamic programming over the
    /// total: for each total, the Pareto set of (next allowed start, day of
    /// the last sitting, time used that day). A position with an earlier next
    /// start and, on the same day, no more time used (or an earlier day)
    /// can do everything a later one can, so only the earliest spot for each
    /// length is tried.
    private func frontier(_ slots: [Slot], limit: Int) -> RangeSet {
        struct Pos { var p: Int64; var day: Int64; var used: Int64 }
        func dominates(_ a: Pos, _ b: Pos) -> Bool {
            guard a.p <= b.p else { return false }
            if !capped { return true }
            return a.day < b.day || (a.day == b.day && a.used <= b.used)
        }
        var total = 0
        for s in slots { total += units(s.end - s.start) }
        let top = min(limit, total)
        var table = [[Pos]](repeating: [], count: top + 1)
        table[0] = [Pos(p: Int64.min, day: .min, used: 0)]
        let lo = units(minSitting), hiLen = units(span)
        for x in 0...top where !table[x].isEmpty {
            for pos in table[x] {
                // Slots before `first` cannot hold the previous (shorter)
                // length, so they cannot hold this one either.
                var first = 0
                for len in stride(from: lo, through: min(hiLen, top - x), by: 1) {
                    let l = Int64(len) * step
                    var found: Pos?
                    while first < slots.count {
                        let slot = slots[first]
                        if slot.end.seconds > pos.p {
                            let s = pos.p <= slot.start.seconds
                                ? slot.start.seconds
                                : slot.start.seconds + ceilDiv(pos.p - slot.start.seconds, step) * step
                            let usedBefore = slot.day == pos.day ? pos.used : 0
                            if s + l <= slot.end.seconds && (slot.cap == .max || usedBefore + l <= slot.cap) {
                                found = Pos(p: s + l + breakLength, day: slot.day, used: usedBefore + l)
                                break
                            }
                        }
                        first += 1
                    }
                    guard let np = found else { break }
                    let y = x + len
                    if table[y].contains(where: { dominates($0, np) }) { continue }
                    table[y].removeAll { dominates(np, $0) }
                    table[y].append(np)
                }
            }
        }
        var raw: [ClosedRange<Int>] = []
        for x in 0...top where !table[x].isEmpty { raw.append(x...x) }
        return RangeSet(normalizing: raw)
    }
}





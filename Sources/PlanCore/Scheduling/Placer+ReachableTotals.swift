/// What totals a task's sittings can still add up to from a placement
/// state, and how early a total can be complete (rule 8's exactness).
extension Placer {
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

    mutating func reachable<Sets: TotalSet>(from st: State, limit: Int, stopAbove: Int, as: Sets.Type) -> Sets {
        walkGroups(from: st, limit: limit) { (_: Sets, after: Sets, _) in after.contains(limit) || after.max > stopAbove }
    }

    /// Adds up the totals of the groups of slots from `st` on, in time
    /// order (see ``reachable(from:limit:stopAbove:)``), and returns the sum.
    /// After each group, `stop(before, after, group)` may end the walk.
    mutating func walkGroups<Sets: TotalSet>(from st: State, limit: Int,
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
            e.start = firstStart(in: raw, after: st.notBefore)
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

    mutating func earliestCompletion<Sets: TotalSet>(from st: State, target: Int, as: Sets.Type) -> Instant? {
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
    struct LoneSlot: Equatable {
        var length: Int
        var room: Int
    }

    func units(_ s: Int64) -> Int { Int(s / step) }

    func capUnits(_ slot: Slot) -> Int {
        slot.cap == .max ? Int.max : Int(max(0, slot.cap) / step)
    }

    func loneSet<Sets: TotalSet>(_ slot: Slot, limit: Int) -> Sets {
        Sets.oneRange(length: units(slot.end - slot.start), minLength: units(minSitting),
                          maxLength: units(span), gap: Int(ceilDiv(breakLength, step)),
                          limit: min(limit, capUnits(slot)))
    }

    func groupSet(_ group: [Slot], limit: Int) -> RangeSet {
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
    func frontier(_ slots: [Slot], limit: Int) -> RangeSet {
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

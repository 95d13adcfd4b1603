import PlanCore

/// Finds times a group can meet: exact on the grid, and fast.
///
/// Every start time on the grid (multiples of ``GroupSearch/granularity``
/// seconds since 1970) from the first at or after `within.start` to the last
/// whose session still ends by `within.end` is a candidate. A member can
/// come to the session `[s, s + duration)` when it lies inside one local
/// day's window of theirs (``GroupSearch/between`` ∩ the member's own, on
/// one of ``GroupSearch/days``, both read in the member's zone) and none of
/// their busy time overlaps it (half-open ranges: a class ending at 18:00
/// leaves an 18:00 start free). A slot everyone can come to is therefore
/// inside everyone's day window; one outside a member's window counts that
/// member out, as busy time would, and says so (``GroupSlot/outsideHours``).
///
/// Candidates with at least ``GroupSearch/minMembers`` who can come are
/// ranked: more members first (everyone on top), then earlier. The first
/// ``GroupSearch/top`` are returned, leaving out any slot that overlaps one
/// ranked above it, so the answers are distinct times, not the same gap
/// shifted by a quarter hour.
///
/// How: each member's busy time becomes, by arithmetic on the grid, a bit
/// set of the starts it rules out (a busy range `[b, e)` rules out the
/// starts in `(b − duration, e)`), and each local day's window a bit set of
/// the starts it allows; the sets are combined word by word. Cost:
/// O(busy ranges + days + slots × members / 64) to mark, O(slots × members)
/// to count; no slot is checked against every event.
package enum GroupFinder {
    package static func find(_ search: GroupSearch) throws(GroupSearchError) -> [GroupSlot] {
        let g = search.granularity, d = search.duration
        guard !search.members.isEmpty else { throw .noMembers }
        guard search.members.count <= GroupSearch.maxMembers else { throw .tooManyMembers(search.members.count) }
        guard d > 0 else { throw .badDuration }
        guard g >= 300, g % 60 == 0, 86_400 % g == 0 else { throw .badGranularity }
        guard (1...search.members.count).contains(search.minMembers) else {
            throw .badMinMembers(search.minMembers, members: search.members.count)
        }
        guard search.top >= 1 else { throw .badTop }
        guard search.within.duration >= d else { throw .emptyWindow }
        let first = ceilDiv(search.within.start.seconds, g) * g
        let lastStart = search.within.end.seconds - d
        guard lastStart >= first else { return [] }
        let count64 = (lastStart - first) / g + 1
        guard count64 <= GroupSearch.maxSlots else { throw .tooManySlots(count64) }
        let grid = Grid(first: first, step: g, count: Int(count64))

        var allowed: [BitSet] = [], free: [BitSet] = []
        allowed.reserveCapacity(search.members.count)
        free.reserveCapacity(search.members.count)
        var anyone = BitSet(count: grid.count, filled: false)
        for m in search.members {
            let inHours = allowedStarts(m, search, grid)
            var busy = BitSet(count: grid.count, filled: false)
            for b in m.busy where b.end > b.start {
                // Starts s with b.start − d < s < b.end.
                busy.setRange(grid.firstIndex(after: b.start.seconds - d), grid.lastIndex(before: b.end.seconds))
            }
            var f = busy.complement()
            f.formIntersection(inHours)
            anyone.formUnion(f)
            allowed.append(inHours)
            free.append(f)
        }

        var candidates: [(index: Int, free: Int)] = []
        for k in anyone.indices {
            var n = 0
            for f in free where f[k] { n += 1 }
            if n >= search.minMembers { candidates.append((k, n)) }
        }
        candidates.sort { $0.free != $1.free ? $0.free > $1.free : $0.index < $1.index }

        var out: [GroupSlot] = []
        for c in candidates {
            let start = grid.start(c.index)
            let range = TimeRange(start: Instant(seconds: start), end: Instant(seconds: start + d))
            if out.contains(where: { $0.range.overlaps(range) }) { continue }
            var freeMembers: [Int] = [], busyMembers: [Int] = [], outside: [Int] = []
            for (i, f) in free.enumerated() {
                if f[c.index] { freeMembers.append(i) } else { busyMembers.append(i) }
                if !allowed[i][c.index] { outside.append(i) }
            }
            var displaced: [GroupSlot.Displaced] = []
            for (i, m) in search.members.enumerated() {
                let pieces = m.movable.filter { $0.range.overlaps(range) }
                    .sorted { ($0.range.start, $0.range.end, $0.label) < ($1.range.start, $1.range.end, $1.label) }
                if !pieces.isEmpty { displaced.append(.init(member: i, pieces: pieces)) }
            }
            out.append(GroupSlot(range: range, free: freeMembers, busy: busyMembers, outsideHours: outside, displaced: displaced))
            if out.count == search.top { break }
        }
        return out
    }

    /// The starts at which a session lies inside one of `member`'s local
    /// days' windows (on an allowed day).
    static func allowedStarts(_ member: GroupMember, _ search: GroupSearch, _ grid: Grid) -> BitSet {
        var allowed = BitSet(count: grid.count, filled: false)
        guard let window = member.dayWindow.map({ search.between.intersection($0) }) ?? search.between else { return allowed }
        let zone = member.zone
        // Every local day a session in the search could touch, one day of margin each side.
        let firstDay = zone.local(Instant(seconds: grid.first - 86_400)).date
        let lastDay = zone.local(Instant(seconds: grid.start(grid.count - 1) + search.duration + 86_400)).date
        var day = firstDay
        while day <= lastDay {
            defer { day = day.adding(days: 1) }
            guard let weekday = Weekday(rawValue: day.isoWeekday), search.days.contains(weekday) else { continue }
            let open = zone.resolve(LocalDateTime(date: day, hour: window.start.minutes / 60, minute: window.start.minutes % 60))
            let close = window.end.minutes >= 1440
                ? zone.resolve(LocalDateTime(date: day.adding(days: 1)))
                : zone.resolve(LocalDateTime(date: day, hour: window.end.minutes / 60, minute: window.end.minutes % 60))
            // Starts s with open ≤ s and s + d ≤ close.
            allowed.setRange(grid.firstIndex(atOrAfter: open.seconds), grid.lastIndex(atOrBefore: close.seconds - search.duration))
        }
        return allowed
    }

    /// ⌈a / b⌉ for b > 0, any sign of a.
    static func ceilDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? (a + b - 1) / b : -((-a) / b) }
    /// ⌊a / b⌋ for b > 0, any sign of a.
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }

    /// The candidate starts: `first + k·step` for `k` in `0..<count`.
    struct Grid {
        var first: Int64
        var step: Int64
        var count: Int

        func start(_ k: Int) -> Int64 { first + Int64(k) * step }
        /// The first index whose start is ≥ `t` (may be `count`).
        func firstIndex(atOrAfter t: Int64) -> Int { clamp(ceilDiv(t - first, step)) }
        /// The first index whose start is > `t`.
        func firstIndex(after t: Int64) -> Int { clamp(floorDiv(t - first, step) + 1) }
        /// The last index whose start is ≤ `t` (may be −1).
        func lastIndex(atOrBefore t: Int64) -> Int { clamp(floorDiv(t - first, step)) }
        /// The last index whose start is < `t`.
        func lastIndex(before t: Int64) -> Int { clamp(ceilDiv(t - first, step) - 1) }

        private func clamp(_ k: Int64) -> Int { Int(max(-1, min(Int64(count), k))) }
    }
}

/// The granularity grid of the local clock (rule 3): an instant is on the grid
/// when its wall-clock reading in the zone is a whole multiple of `step`
/// seconds after local midnight.
struct Grid {
    let zone: SystemZone
    /// Seconds; a whole number of minutes dividing one hour.
    let step: Int64

    func phase(_ t: Instant) -> Int64 { floorMod(t.seconds + Int64(zone.offset(at: t)), step) }

    func isOnGrid(_ t: Instant) -> Bool { phase(t) == 0 }

    /// The first grid instant at or after `t`.
    func ceil(_ t: Instant) -> Instant {
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
    func floor(_ t: Instant) -> Instant {
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
    /// Sittings booked on this day, sorted by start.
    var sittings: [TimeRange] = []
    /// Their total length.
    var used: Int64 = 0
}

/// The state of the calendar while tasks are placed one by one: busy time,
/// bookings, and per-day free time and usage. Days are created on first use.
final class Scoreboard {
    let policy: Policy
    let grid: Grid
    /// Busy blocks merged into sorted, disjoint, non-touching ranges.
    let busy: [TimeRange]
    private var days: [Int64: DayBook] = [:]

    init(policy: Policy, busy blocks: [BusyBlock]) {
        self.policy = policy
        self.grid = Grid(zone: policy.zone, step: policy.granularity)
        var ranges = blocks.map(\.range).filter { !$0.isEmpty }
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
    }

    /// The local date (days since the epoch) an instant falls on.
    func dayNumber(_ t: Instant) -> Int64 { policy.zone.local(t).date.daysSinceEpoch }

    /// The instant a wall-clock time names on a given day (`24:00` is the next
    /// midnight); nonexistent times move forward by the gap, ambiguous ones
    /// mean the first occurrence.
    func instant(day: Int64, _ time: TimeOfDay) -> Instant {
        let date = LocalDate(daysSinceEpoch: day)
        if time.minutes >= 1440 {
            return policy.zone.resolve(LocalDateTime(date: date.adding(days: 1)))
        }
        return policy.zone.resolve(LocalDateTime(date: date, hour: time.minutes / 60, minute: time.minutes % 60))
    }

    func book(day: Int64) -> DayBook {
        if let b = days[day] { return b }
        let date = LocalDate(daysSinceEpoch: day)
        let window = TimeRange(start: instant(day: day, policy.dayStart), end: instant(day: day, policy.dayEnd))
        let whole = TimeRange(start: instant(day: day, .startOfDay), end: instant(day: day, .endOfDay))
        let working = policy.workingDays.contains(Weekday(date))
        var b = DayBook(date: date, working: working, window: window, wholeDay: whole, free: [])
        b.free = freeRanges(in: window, sittings: [], withBusy: true)
        days[day] = b
        return b
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

    /// Books a sitting that lies inside one free range of `day`.
    func bookSitting(_ r: TimeRange, day: Int64) {
        var b = book(day: day)
        let i = b.sittings.firstIndex { $0.start > r.start } ?? b.sittings.count
        b.sittings.insert(r, at: i)
        b.used += r.duration
        if let k = b.free.firstIndex(where: { $0.start <= r.start && r.end <= $0.end }) {
            let f = b.free[k]
            var parts: [TimeRange] = []
            if f.start < r.start { parts.append(TimeRange(start: f.start, end: r.start)) }
            if r.end < f.end { parts.append(TimeRange(start: r.end, end: f.end)) }
            b.free.replaceSubrange(k...k, with: parts)
        }
        days[day] = b
    }
}

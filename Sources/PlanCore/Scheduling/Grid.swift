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

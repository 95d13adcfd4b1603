/// One sitting of a task laid out on a day (rule 9 of the contract above ``TaskScheduler``): how long,
/// and where in the day.
extension Balancer {
    /// The longest sitting of `prep` on local day `day` (at most `longest` — its span, or less for an even share —,
    /// `left` and `room`, leaving nothing or at least `minimum`), at the free
    /// time that takes it with the most of it inside the task's preferred
    /// hours (its own, else the policy's), then the earliest; nil when none
    /// of `minimum` fits.
    func sitting(_ prep: TaskScheduler.Prepared, day: Int64, from lo: Instant, to hi: Instant, room: Int64,
                 left: Int64, minimum: Int64, longest: Int64, _ book: LoadBook) -> TimeRange? {
        guard let free = freeTimes(prep, day: day, from: lo, to: hi, atLeast: minimum, book) else { return nil }
        // An even share is the longest unless what it leaves is too short a sitting: then up to the span.
        let cap = min(prep.span, left, room / step * step)
        let most = left - min(longest, cap) < minimum ? cap : min(longest, cap)
        let wish = self.wish(prep, day: day)
        var best: TimeRange?
        // With a wish, every range that takes the longest sitting; without, the first is the one.
        var fitting: [TimeRange] = []
        for f in free {
            let fit = min(most, f.duration)
            var length: Int64 = 0
            // The longest that leaves a rest the later sittings can take whole (each `minimum` … span):
            // 5h05m in sittings of 45m … 1h is 1h, 1h, 50m, 45m, 45m, 45m — never four of 1h and a rest
            // of 1h05m that no two sittings make.
            var cut = fit >= left ? 0 : fit / step * step
            while length == 0 && cut >= minimum {
                if Self.cuttable(left - cut, minimum: minimum, span: prep.span) { length = cut }
                cut -= step
            }
            if fit >= left {
                length = left
            } else if length > 0 {
                // found above
            } else if left - fit >= minimum && !Self.cuttable(left, minimum: minimum, span: prep.span) {
                length = fit
            } else if left - minimum >= minimum && !Self.cuttable(left, minimum: minimum, span: prep.span) {
                length = left - minimum
            } else if longest == prep.span, left / minimum < ceilDiv(left, prep.span) {
                // The work cannot be cut into sittings of `minimum` … span at
                // all (2h30m in sittings of at most 1h on a 30-minute grid):
                // the rest after this one may be as short as the task's own
                // shortest, as in early placement (with sittings as long as the
                // span allows only: an even share makes no such rest).
                // (1h15m in 45m … 1h: 45m and a rest of 30m, not 1h and a rest of 15m.)
                let most = min(fit, (left - prep.minSitting) / step * step)
                length = most >= minimum ? most : 0
            } else {
                length = 0
            }
            guard length >= minimum, length <= fit else { continue }
            if best == nil || length > best!.duration {
                best = TimeRange(start: f.start, end: f.start + length)
                fitting.removeAll()
            }
            guard wish != nil else {
                if length == most { break }
                continue
            }
            if length == best!.duration { fitting.append(f) }
        }
        guard let b = best, let wish else { return best }
        return Self.preferred(b.duration, in: fitting, wish: wish, grid: board.grid) ?? b
    }

    /// The free times of `prep`'s own window on local day `day` between `lo` and `hi`: busy time removed,
    /// and a break from every sitting in `book` (a break may reach across midnight: the neighbouring days'
    /// sittings count too); nil on a day off or when that window is shorter than `atLeast`.
    func freeTimes(_ prep: TaskScheduler.Prepared, day: Int64, from lo: Instant, to hi: Instant, atLeast: Int64,
                   _ book: LoadBook) -> [TimeRange]? {
        let bi = board.bookIndex(day: day)
        guard board.summary(bi).working else { return nil }
        let ws = max(board.instant(book: bi, prep.windowStart), lo)
        let we = min(board.instant(book: bi, prep.windowEnd), hi)
        guard we - ws >= atLeast else { return nil }
        var others: [TimeRange] = []
        for d in day - 1...day + 1 { book.appendSittings(on: d, widenedBy: breakLength, to: &others) }
        return board.freeRanges(in: TimeRange(start: ws, end: we), sittings: others, withBusy: true)
    }

    /// The task's preferred hours (its own, else the policy's) on local day `day`; nil for none (a wish
    /// that is the whole day is none).
    func wish(_ prep: TaskScheduler.Prepared, day: Int64) -> TimeRange? {
        guard let hours = (prep.task.prefer ?? scheduler.policy.prefer), hours.window != .wholeDay else { return nil }
        let bi = board.bookIndex(day: day)
        return TimeRange(start: board.instant(book: bi, hours.start), end: board.instant(book: bi, hours.end))
    }

    /// Whether `rest` can be cut into sittings each of `minimum` … `span` (nothing left can):
    /// the fewest pieces the span allows must each hold the minimum.
    static func cuttable(_ rest: Int64, minimum: Int64, span: Int64) -> Bool {
        guard rest > 0, minimum > 0, span > 0 else { return true }
        return ceilDiv(rest, span) * minimum <= rest
    }

    /// A range of `length` inside one of `ranges` (each at least that long,
    /// in order, starts on `grid`) with the most of it inside `wish`, then
    /// the earliest; nil when none overlaps `wish`.
    static func preferred(_ length: Int64, in ranges: [TimeRange], wish: TimeRange, grid: Grid) -> TimeRange? {
        var best: (range: TimeRange, overlap: Int64)?
        for f in ranges {
            let last = grid.floor(f.end - length)
            // The starts that can overlap most: the range's ends, and the wish's ends snapped to the grid.
            for s in [f.start, last, grid.floor(wish.start), grid.ceil(wish.start), grid.floor(wish.end - length), grid.ceil(wish.end - length)]
            where s >= f.start && s <= last {
                let r = TimeRange(start: s, end: s + length)
                let overlap = max(0, min(r.end, wish.end) - max(r.start, wish.start))
                if overlap > 0, best == nil || overlap > best!.overlap || (overlap == best!.overlap && s < best!.range.start) {
                    best = (r, overlap)
                }
            }
        }
        return best?.range
    }
}

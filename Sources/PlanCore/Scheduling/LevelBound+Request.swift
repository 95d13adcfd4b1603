/// The fractional problem of a request, read off the scheduler's own model: its grid values of each
/// task (``TaskScheduler/prepare(_:)``), its lower bound of each task
/// (``TaskScheduler/lowerBound(_:prerequisiteEnd:)``) and its board of the busy time (``Scoreboard``: the
/// day windows, working days and free ranges on the grid that every placement reads).
///
/// Each limit is one that every plan obeys (rules 1–7 of the contract above ``TaskScheduler``), loosened, so
/// the problem is a relaxation of the scheduling problem and its level a lower bound of every plan's busiest
/// day:
/// - a day's capacity is its free time under the policy window on a working day (busy time removed, on the
///   grid), at most `maxPerDay`: the sittings of a day lie in that time and total at most that;
/// - a task may use the local days from its lower bound (`max(now, start)`, on the grid) to its due (on the
///   grid): the days its sittings can start on; `after` is ignored (dropping a constraint only lowers the
///   least level, so the bound stays a bound), and so is balanced placement's `finishEarly` (it never refuses
///   a task);
/// - on a day, a task may take at most its remaining work, the day's capacity, and in each free range of its
///   own window `[max(dayStart, earliest), min(dayEnd, latest))` between those instants the most that
///   sittings of `minSitting … span`, a break apart, can hold (rules 3 and 4). That is more than one sitting:
///   rules 1–7 allow a task several sittings a day, and rule 9 several full spans, so a cap of one span a day
///   would not be a relaxation of what the scheduler makes.
///
/// The level is on the grid of the policy's granularity (the day's totals of on-grid sittings are whole
/// steps), or of a finer step where the zone's offsets differ by less (``gridStep(_:granularity:)``).
/// Sittings already kept (`fixed`) are not in it.
extension LevelBound {
    /// Local days one request may span; a request over more has no bound (nil).
    static let mostDays: Int64 = 4_000

    /// The fractional problem of `tasks` (demand `k` is `tasks[k]`; a task with no work left is a demand of
    /// none) planned by `scheduler` against `busy`; nil when the tasks' days span more than ``mostDays``.
    init?(scheduler: TaskScheduler, tasks: [PlanTask], busy: [BusyBlock]) {
        let board = Scoreboard(policy: scheduler.policy, busy: busy, horizon: scheduler.horizon(tasks))
        let windows = tasks.map { task -> Window in
            let prep = scheduler.prepare(task)
            return Window(prep: prep, lower: scheduler.lowerBound(prep, prerequisiteEnd: nil), due: task.due)
        }
        self.init(board: board, policy: scheduler.policy, windows: windows)
    }

    /// One task's part of the problem: its grid values and the instants its work lies between.
    struct Window {
        var prep: TaskScheduler.Prepared
        var lower: Instant
        var due: Instant
    }

    /// The fractional problem of `windows` (demand `k` is `windows[k]`) on the busy time of `board`, with
    /// `fixed` sittings already on their days (each a demand of its own that only its day takes, after the
    /// windows'); nil when the days span more than ``mostDays``.
    init?(board: Scoreboard, policy: Policy, windows: [Window], fixed: [TimeRange] = []) {
        let step = Self.gridStep(board.zone.offsets, granularity: policy.granularity)
        let spans = windows.map { (lo: board.grid.ceil($0.lower), hi: board.grid.floor($0.due)) }
        var firstDays = fixed.map { board.dayNumber($0.start) }, lastDays = firstDays
        for (w, s) in zip(windows, spans) where s.hi > s.lo && w.prep.remaining > 0 {
            firstDays.append(board.dayNumber(s.lo))
            lastDays.append(board.dayNumber(s.hi - 1))
        }
        let first = firstDays.min() ?? 0
        let last = lastDays.max() ?? -1
        guard last - first < Self.mostDays else { return nil }
        let dayCap = policy.maxPerDay ?? .max
        var capacities: [Int64] = []
        for day in stride(from: first, through: last, by: 1) {
            let bi = board.bookIndex(day: day)
            let window = board.summary(bi).window
            let free = board.freeTime(onDay: day, from: window.start, to: window.end, inRangesOf: 0).total
            capacities.append(min(dayCap, free))
        }
        var demands = zip(windows, spans).map { w, s -> Demand in
            guard s.hi > s.lo, w.prep.remaining > 0 else { return Demand(work: w.prep.remaining, caps: []) }
            let caps = (board.dayNumber(s.lo)...board.dayNumber(s.hi - 1)).compactMap { day -> Share? in
                let room = capacities[Int(day - first)]
                guard room > 0 else { return nil }
                let most = Self.most(w.prep, sitsOn: day, from: s.lo, to: s.hi, board, step: step)
                let cap = min(most, w.prep.remaining, room)
                return cap > 0 ? Share(day: Int(day - first), amount: cap) : nil
            }
            return Demand(work: w.prep.remaining, caps: caps)
        }
        // A kept sitting is work its day must take, in the free time the board still shows.
        for r in fixed {
            let day = Int(board.dayNumber(r.start) - first)
            let work = min(r.duration, capacities[day])
            demands.append(Demand(work: work, caps: [Share(day: day, amount: work)]))
        }
        self.init(capacities: capacities, demands: demands, step: step, firstDay: first)
    }

    /// The most `prep` sits on local day `day` of `board` between `lo` and `hi`: on a working day, in each
    /// free range of its own window there (busy time removed, on the grid), what sittings of
    /// `minSitting … span` a break apart hold.
    private static func most(_ prep: TaskScheduler.Prepared, sitsOn day: Int64, from lo: Instant, to hi: Instant,
                             _ board: Scoreboard, step: Int64) -> Int64 {
        let bi = board.bookIndex(day: day)
        guard board.summary(bi).working else { return 0 }
        let ws = max(board.instant(book: bi, prep.windowStart), lo)
        let we = min(board.instant(book: bi, prep.windowEnd), hi)
        guard we - ws >= prep.minSitting else { return 0 }
        let free = board.freeRanges(in: TimeRange(start: ws, end: we), sittings: [], withBusy: true)
        return touchingMerged(free).reduce(Int64(0)) { total, length in
            total + mostOneTaskSits(in: length, minSitting: prep.minSitting, span: prep.span,
                                    breakLength: board.breakLength, step: step)
        }
    }

    /// The step every day's total of on-grid sittings is a whole number of: the granularity, or its greatest
    /// common divisor with the differences of the zone's offsets (Lord Howe Island's 30-minute shift on a
    /// 60-minute grid makes a sitting across it 30 minutes off the grid's multiples).
    static func gridStep(_ offsets: [Int], granularity: Int64) -> Int64 {
        var step = granularity
        for o in offsets {
            var a = step, b = abs(Int64(o - offsets[0]))
            while b != 0 { (a, b) = (b, a % b) }
            step = a
        }
        return max(1, step)
    }

    /// The lengths of `ranges` (sorted) with touching ones joined: a sitting may cross where the grid only
    /// splits a free range.
    static func touchingMerged(_ ranges: [TimeRange]) -> [Int64] {
        var out: [TimeRange] = []
        for r in ranges {
            if let l = out.last, l.end == r.start { out[out.count - 1].end = r.end } else { out.append(r) }
        }
        return out.map(\.duration)
    }

    /// The most one task sits in one free range `length` long: `k` sittings of `minSitting … span` need
    /// `k · minSitting + (k − 1) · breakLength` of it and hold at most `k · span`, and what the breaks leave,
    /// in whole steps; the best `k`. At most `length / minSitting` tries.
    static func mostOneTaskSits(in length: Int64, minSitting: Int64, span: Int64, breakLength: Int64,
                                step: Int64) -> Int64 {
        let shortest = max(1, minSitting)
        var best: Int64 = 0
        var k: Int64 = 1
        while k * shortest + (k - 1) * breakLength <= length {
            best = max(best, min(k * span, (length - (k - 1) * breakLength) / step * step))
            k += 1
        }
        return best
    }
}

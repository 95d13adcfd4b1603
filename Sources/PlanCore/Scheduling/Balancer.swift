/// Balanced placement (rule 9 of the contract above ``TaskScheduler``): the
/// tasks the early pass scheduled, laid out again so that the daily study
/// load is level and each task finishes a margin before its due where it
/// can.
///
/// The layout is built under a *level*: no local day may hold more than
/// `level` of sitting time (pinned sittings included). For a level, the tasks
/// are taken those with the fewest days to their due first (then in the
/// final order of the early pass; prerequisites first); each sitting of a task goes to the least loaded day of its window
/// that can take it (ties: the day nearest the sitting's even share of the
/// window, then the earlier), as long as its span allows and the day's room
/// under the level leaves, at the earliest free time of that day, at least
/// the break away from every other sitting (three ways, in turn: see
/// ``Strategy``). A task is laid out first with its
/// due moved `finishEarly` earlier, and only when that fails with its due.
/// The margin comes first: a task that keeps it in the layout without a
/// level must keep it under the level too. The level is the least, on the
/// grid, for which every task is laid out this way (searched from the total
/// work over the usable days up); when there is none, the layout without a
/// level stands, where a task that does not fit is placed early against the
/// others, and one that does not fit even so keeps its early sittings (with
/// its prerequisites) while the rest is laid out around them again, for a
/// second round (when at most four did not fit). When even that
/// fails, or the layout would have more sittings under 45 minutes than the
/// early plan, the early plan stands.
struct Balancer {
    let scheduler: TaskScheduler
    let problem: Problem
    /// The early pass's outcome: who is scheduled, in which order.
    let early: Pass
    /// A board with busy time only, for day windows and free ranges.
    let board: Scoreboard
    let step: Int64
    let breakLength: Int64
    /// No sitting shorter than this unless its task's span or work is.
    let shortest: Int64
    /// The most work a day may hold under the policy (rule 7), or `.max`.
    let dayCap: Int64

    init(scheduler: TaskScheduler, problem: Problem, early: Pass, like template: Scoreboard) {
        self.scheduler = scheduler
        self.problem = problem
        self.early = early
        board = Scoreboard(emptyLike: template)
        step = scheduler.policy.granularity
        breakLength = scheduler.policy.breakBetweenSittings
        shortest = ceilDiv(Self.shortSitting, step) * step
        dayCap = scheduler.policy.maxPerDay ?? .max
    }

    /// Layouts without a level before the early plan stands (the second
    /// with the tasks that did not fit in the first kept early).
    static let rounds = 2
    /// The second round is tried only when at most this many tasks did not
    /// fit in the first.
    static let heldAtMost = 4
    /// Days tried for one sitting before its task is not laid out (bounds
    /// the work on a long window of crowded days).
    static let daysTried = 32

    /// Sittings shorter than this count as shredded work.
    static let shortSitting: Int64 = 45 * 60

    /// The ways a layout under a level is tried, in turn, until one lays every task out.
    /// A task's sittings at its full span can leave each day a piece too short for the
    /// next task (two tasks of 3h in 1h30m sittings over three days of 2h: the first takes
    /// two days whole); sittings of an even share of the window's working days (1h a day)
    /// leave room for the others; and taking the tasks due last first can leave the days
    /// a task due sooner has to itself (a task due tomorrow whose two full spans fit today,
    /// beside two due the day after that start tomorrow).
    enum Strategy: CaseIterable {
        /// Fewest days first, sittings as long as the span allows.
        case spans
        /// Fewest days first, sittings of an even share of the window.
        case evenShares
        /// Due last first, sittings of an even share of the window.
        case evenSharesLatestFirst
    }

    /// A busiest day this light is left as the layout makes it (rule 9: the bound of the least level
    /// is at least this).
    static let lightDay: Int64 = 2 * 3_600

    /// The other strategies than ``Strategy/spans`` are tried for at most this many tasks
    /// (each is another layout per level tried, and the long requests are where the time goes).
    static let strategiesUpTo = 200

    /// Whether the task at `i` is laid out by this pass.
    func balances(_ i: Int) -> Bool {
        (problem.prepared[i].task.placement ?? scheduler.policy.placement) == .balanced
    }

    /// The balanced sittings of every scheduled task (pinned tasks keep
    /// theirs), or nil when the early plan stands.
    func run() -> [[TimeRange]]? {
        let tasks = layoutOrder(early.order.filter {
            early.status[$0] == .scheduled && problem.pinned[$0] == nil && problem.prepared[$0].remaining > 0
        })
        guard tasks.contains(where: balances) else { return nil }
        let searched = levelled(tasks)
        // Past the bound of the least level (rule 9: 1.25× it and 15 minutes), the fractional problem
        // guides a layout of every task, and the busiest days are made lighter.
        guard tasks.count <= Self.strategiesUpTo,
              let least = fractional(tasks, keeping: [], splittingAfter: false)?.least else { return searched?.placed }
        // A busiest day of at most ``lightDay`` is not crowded: such a plan stays as laid out.
        let within = max(BusiestBound.ceiling(least, step: step), Self.lightDay)
        guard busiest(searched?.placed ?? early.placed) > within else { return searched?.placed }
        let chosen = guided(tasks, searched)
        let standing = chosen ?? early.placed
        guard busiest(standing) > within else { return chosen }
        let flat = flattened(standing, tasks: tasks, until: within)
        return flat == standing ? chosen : flat
    }

    /// The search of a level by the layouts of ``layout(_:level:mustLay:keeping:held:evenShares:quotas:)``
    /// alone (the type's summary): the sittings, and the tasks that keep their margin in the layout
    /// without a level; nil when the early plan stands.
    func levelled(_ tasks: [Int]) -> Levelled? {
        // Without a level: which tasks can keep their margin at all, and
        // which cannot be placed at all among the others — those keep their
        // early sittings (with their prerequisites), and the rest is laid
        // out around them again (``rounds`` at most).
        var held = Set<Int>()
        var found: Layout?
        for _ in 0..<Self.rounds {
            guard let l = layout(tasks, level: .max, mustLay: nil, keeping: [], held: held) else { return nil }
            if l.failed.isEmpty {
                found = l
                break
            }
            // Many tasks crowded out: keeping them early would crowd out others in turn.
            if l.failed.count > Self.heldAtMost { return nil }
            var stack = l.failed
            while let i = stack.popLast() {
                if held.insert(i).inserted { stack += problem.prepared[i].prerequisites }
            }
        }
        guard let free = found else { return nil }
        let keeping = free.margined
        let strategies = tasks.count <= Self.strategiesUpTo ? Strategy.allCases : [.spans]
        let latestFirst = strategies.contains(.evenSharesLatestFirst) ? layoutOrder(tasks, latestFirst: true) : tasks
        let short = { (ranges: [[TimeRange]]) in ranges.joined().count { $0.duration < Self.shortSitting } }
        let shortWithoutLevel = short(free.placed)
        // With even shares, every task is laid out (none placed early, in the short pieces early
        // placement may cut).
        let everyTask = Set(tasks.filter { balances($0) && !held.contains($0) })
        // The first strategy that lays every task out under `level` with no more sittings under
        // 45 minutes than the layout without a level (a level that leaves a day room for only a
        // piece of a sitting does not shred the work).
        func laidOut(level: Int64) -> Layout? {
            for strategy in strategies {
                let order = strategy == .evenSharesLatestFirst ? latestFirst : tasks
                if let l = self.layout(order, level: level, mustLay: strategy == .spans ? free.laid : everyTask,
                                       keeping: keeping, held: held, evenShares: strategy != .spans),
                   short(l.placed) <= shortWithoutLevel { return l }
            }
            return nil
        }
        var placed: [[TimeRange]]?
        if let low = lowestLevel(tasks) {
            // The least level found by galloping up, then bisecting.
            var lo = low - step, hi: Int64? = nil
            var probe = low
            var tries = 0
            while hi == nil && probe < Self.wholeDay {
                tries += 1
                if let p = laidOut(level: probe) {
                    placed = p.placed
                    hi = probe
                } else {
                    lo = probe
                    probe = min(Self.wholeDay, probe + max(step, ceilDiv(probe / 8, step) * step))
                }
            }
            while let h = hi, h - lo > step, tries < 40 {
                tries += 1
                let mid = lo + (h - lo) / 2 / step * step
                if let p = laidOut(level: mid) {
                    placed = p.placed
                    hi = mid
                } else {
                    lo = mid
                }
            }
        }
        let chosen = placed ?? free.placed
        guard short(chosen) <= short(early.placed) else { return nil }
        return Levelled(placed: chosen, margined: held.isEmpty ? keeping : [], shared: free.shared)
    }

    /// The most sitting time of one local day in `placed`.
    func busiest(_ placed: [[TimeRange]]) -> Int64 {
        var perDay: [Int64: Int64] = [:]
        for r in placed.joined() { perDay[board.dayNumber(r.start), default: 0] += r.duration }
        return perDay.values.max() ?? 0
    }

    /// The order tasks are laid out in: the fewest days from `now` (or the
    /// task's start) to its due first (with `latestFirst`, the latest due
    /// first, then so), then the early pass's order; a task never before its
    /// prerequisites.
    func layoutOrder(_ tasks: [Int], latestFirst: Bool = false) -> [Int] {
        var rank = [Int](repeating: -1, count: problem.count)
        for (k, i) in tasks.enumerated() { rank[i] = k }
        let days = tasks.reduce(into: [Int: Int64]()) { out, i in
            let prep = problem.prepared[i]
            out[i] = board.dayNumber(prep.task.due - 1) - board.dayNumber(scheduler.lowerBound(prep, prerequisiteEnd: nil))
        }
        var waiting = [Int](repeating: 0, count: problem.count)
        for i in tasks { waiting[i] = problem.prepared[i].prerequisites.count { rank[$0] >= 0 } }
        let due = { (i: Int) in self.problem.prepared[i].task.due }
        var ready = Heap<Int> { a, b in
            if latestFirst, due(a) != due(b) { return due(a) > due(b) }
            return days[a]! != days[b]! ? days[a]! < days[b]! : rank[a] < rank[b]
        }
        for i in tasks where waiting[i] == 0 { ready.push(i) }
        var out: [Int] = []
        while let i = ready.pop() {
            out.append(i)
            for j in problem.prepared[i].dependents where rank[j] >= 0 {
                waiting[j] -= 1
                if waiting[j] == 0 { ready.push(j) }
            }
        }
        return out
    }

    /// More than a local day holds.
    static let wholeDay: Int64 = 25 * 3_600

    /// Where the search for the level starts: the total work of `tasks` and
    /// the pinned sittings over the working days their windows cover, on the
    /// grid (no level below it can hold them), and at least the longest full
    /// sitting of a task (its span, or all its work when that is less).
    func lowestLevel(_ tasks: [Int]) -> Int64? {
        var first = Int64.max, last = Int64.min, total: Int64 = 0
        for i in tasks {
            let prep = problem.prepared[i]
            total += prep.remaining
            first = min(first, board.dayNumber(scheduler.lowerBound(prep, prerequisiteEnd: nil)))
            last = max(last, board.dayNumber(prep.task.due - 1))
        }
        guard first <= last, last - first < 4_000 else { return nil }
        var days: Int64 = 0
        for d in first...last where board.summary(board.bookIndex(day: d)).working { days += 1 }
        for pins in problem.pinned { for r in pins ?? [] where (first...last).contains(board.dayNumber(r.start)) { total += r.duration } }
        guard days > 0 else { return nil }
        // No shredding: a level below a task's full sitting would cut its sittings short.
        let sitting = tasks.map { min(problem.prepared[$0].span, problem.prepared[$0].remaining) }.max() ?? step
        return max(step, sitting, ceilDiv(ceilDiv(total, days), step) * step)
    }

    /// Every task of `tasks` laid out under `level`, and which of them end
    /// `finishEarly` before their due; nil when one does not fit, or one in
    /// `keeping` does not end that early, or one in `mustLay` is not laid
    /// out; a task that is not laid out is placed early (nil `mustLay`: any
    /// task may be, and one that does not fit even so is listed in `failed`).
    /// Tasks in `held` keep their early sittings, booked first.
    func layout(_ tasks: [Int], level: Int64, mustLay: Set<Int>?, keeping: Set<Int>, held: Set<Int>,
                evenShares: Bool = false, quotas: [Int: [Int64: Int64]] = [:], ends: [Int: Instant] = [:],
                sharing: Set<Int>? = []) -> Layout? {
        var margined = Set<Int>(), laid = Set<Int>(), shared = Set<Int>(), failed: [Int] = []
        var book = LoadBook(first: board.firstDay, days: board.state.pointee.dense.count)
        var placed = early.placed
        // Every sitting so far, in the order booked, and a board for tasks
        // placed early, made at the first such task and kept up to date.
        var booked: [TimeRange] = []
        var fallback: (board: Scoreboard, synced: Int)?
        for (i, pins) in problem.pinned.enumerated() {
            for r in pins ?? [] {
                book.add(r, task: i, day: board.dayNumber(r.start))
                booked.append(r)
            }
        }
        for i in tasks where held.contains(i) {
            for r in early.placed[i] {
                book.add(r, task: i, day: board.dayNumber(r.start))
                booked.append(r)
            }
        }
        // The room each task's share of the level's spread needs stays promised to it until its turn.
        for i in tasks where !held.contains(i) { for (d, q) in quotas[i] ?? [:] { book.reserve(q, on: d) } }
        for i in tasks where !held.contains(i) {
            for (d, q) in quotas[i] ?? [:] { book.reserve(-q, on: d) }
            let prep = problem.prepared[i]
            let prerequisiteEnd = prep.prerequisites.compactMap { placed[$0].last?.end }.max()
            let lower = scheduler.lowerBound(prep, prerequisiteEnd: prerequisiteEnd)
            var ranges: [TimeRange]?
            if balances(i) {
                let margin = scheduler.policy.finishEarly
                // Within its window of the fractional problem first (a prerequisite ends where its dependent's starts).
                if let cut = ends[i], cut < prep.task.due, cut > lower {
                    ranges = lay(i, lower: lower, due: cut, level: level, evenShares: evenShares, quota: quotas[i], &book)
                    if ranges != nil && cut <= prep.task.due - margin { margined.insert(i) }
                }
                if ranges == nil, margin > 0, prep.task.due - margin > lower {
                    ranges = lay(i, lower: lower, due: prep.task.due - margin, level: level, evenShares: evenShares,
                                 quota: quotas[i], &book)
                    if ranges != nil { margined.insert(i) }
                }
                if ranges == nil && keeping.contains(i) { return nil }
                if ranges == nil {
                    ranges = lay(i, lower: lower, due: prep.task.due, level: level, evenShares: evenShares, quota: quotas[i], &book)
                }
                // Shorter, even sittings on more days, rather than two of one task on a day.
                if ranges == nil && !evenShares {
                    ranges = lay(i, lower: lower, due: prep.task.due, level: level, evenShares: true, &book)
                }
                // Sittings that share a day, rather than all on the first days (placed early) — only
                // without a level: under one, a task that needs to share a day asks for a higher level
                // (a short sitting beside a full one of the same task is worse than a busier day).
                if ranges == nil && (level == .max || sharing?.contains(i) ?? true) {
                    ranges = lay(i, lower: lower, due: prep.task.due, level: level, sharingDays: true, evenShares: evenShares, &book)
                    if ranges != nil { shared.insert(i) }
                }
            }
            if ranges != nil { laid.insert(i) }
            if ranges == nil, mustLay?.contains(i) != true {
                var f = fallback ?? (Scoreboard(emptyLike: board), 0)
                for r in booked[f.synced...] { bookWithBreaks(r, on: f.board) }
                f.synced = booked.count
                fallback = f
                ranges = Placer.using(f.board, scheduler.requirement(prep, lower: lower)) { $0.place() }
                for r in ranges ?? [] { book.add(r, task: i, day: board.dayNumber(r.start)) }
            }
            guard let ranges else {
                if mustLay != nil { return nil }
                failed.append(i)
                continue
            }
            booked += ranges
            placed[i] = ranges
        }
        return Layout(placed: placed, margined: margined, laid: laid, shared: shared, failed: failed)
    }

    /// What ``levelled(_:)`` found: the sittings, the tasks that keep their margin in the layout without a
    /// level, and those laid out there only with sittings that share a day (the only ones that may under a
    /// level, in a guided layout).
    struct Levelled {
        var placed: [[TimeRange]]
        var margined: Set<Int>
        var shared: Set<Int>
    }

    /// What ``layout(_:level:mustLay:keeping:held:)`` made.
    struct Layout {
        var placed: [[TimeRange]]
        /// Tasks that end `finishEarly` before their due.
        var margined: Set<Int>
        /// Tasks laid out (not placed early).
        var laid: Set<Int>
        /// Tasks laid out only with sittings that share a day.
        var shared: Set<Int>
        /// Tasks that did not fit even placed early.
        var failed: [Int]
    }

    /// Lays out task `i` between `lower` and `due` under `level`, booking its
    /// sittings in `book`, one a day unless all that day's are full spans
    /// (any number, a break apart, when `sharingDays`); nil (and nothing
    /// booked) when it does not fit.
    func lay(_ i: Int, lower: Instant, due: Instant, level: Int64, sharingDays: Bool = false, evenShares: Bool = false,
             quota: [Int64: Int64]? = nil, _ book: inout LoadBook) -> [TimeRange]? {
        let prep = problem.prepared[i]
        let lo = board.grid.ceil(lower), hi = board.grid.floor(due)
        guard hi > lo else { return nil }
        let firstDay = board.dayNumber(lo), lastDay = board.dayNumber(hi - 1)
        guard lastDay - firstDay < 4_000 else { return nil }
        let minimum = min(prep.remaining, max(prep.minSitting, min(shortest, prep.span)))
        // With even shares, no sitting longer than the work over the window's working days (on the grid),
        // nor so short that the work cannot be cut into sittings of `minimum` up to it (2h of at least
        // 45m: 1h each, not 45m, 45m and a piece of 30m).
        var longest = prep.span
        if evenShares, minimum > 0 {
            let days = scheduler.policy.workingDays
            let working = Int64((firstDay...lastDay).count { days.contains(Weekday(LocalDate(daysSinceEpoch: $0))) })
            let pieces = max(1, prep.remaining / minimum)
            let share = max(ceilDiv(prep.remaining, max(1, working)), ceilDiv(prep.remaining, pieces))
            longest = max(minimum, min(prep.span, ceilDiv(share, step) * step))
        }
        let shares = max(1, ceilDiv(prep.remaining, longest))
        let dayCount = lastDay - firstDay + 1
        var left = prep.remaining
        var out: [TimeRange] = []
        var k: Int64 = 0
        let cap = min(level, dayCap)
        var tried: [Int64] = []
        // The days the level's spread gives the task, the most first (then the earlier), each with what is
        // left of its share there.
        var given: [Int64: Int64] = quota?.filter { $0.key >= firstDay && $0.key <= lastDay && $0.value > 0 } ?? [:]
        while left > 0 {
            // The days are tried least loaded first, then nearest this
            // sitting's even share of the window, then the earlier: the
            // least load over the window from the book's tree, then the day
            // with it nearest the share; a day tried is set aside until the
            // sitting is placed (at most ``daysTried`` days).
            let ideal = firstDay + (2 * k + 1) * dayCount / (2 * shares)
            var chosen: TimeRange?
            let need = min(minimum, left)
            // An even share never leaves a rest shorter than the task's shortest sitting.
            let tooShort = evenShares && left < minimum
            let mostFirst = given.sorted { a, b in a.value != b.value ? a.value > b.value : a.key < b.key }
            for (d, share) in mostFirst where !tooShort && chosen == nil {
                let load = book.load(d)
                guard cap == .max || cap - load >= need else { continue }
                let mine = book.sittings(of: i, on: d, lasting: prep.span)
                if mine.count > 0 && (min(prep.span, left) != prep.span || !mine.allLasting) { continue }
                let target = min(longest, max(need, ceilDiv(share, step) * step))
                let room = cap == .max ? Int64.max : cap - load
                chosen = sitting(prep, day: d, from: lo, to: hi, room: room, left: left, minimum: need, longest: target, book)
                if let r = chosen { given[d] = share > r.duration ? share - r.duration : nil }
            }
            while !tooShort && chosen == nil && tried.count < Self.daysTried {
                let least = book.leastLoad(from: firstDay, through: lastDay)
                guard least != .max, cap == .max || cap - least >= need else { break }
                guard let d = book.nearest(ideal, withLoad: least, from: firstDay, through: lastDay) else { break }
                book.setAside(d)
                tried.append(d)
                let mine = book.sittings(of: i, on: d, lasting: prep.span)
                if !sharingDays && mine.count > 0 && (min(prep.span, left) != prep.span || !mine.allLasting) { continue }
                // The day's free time under the policy window (busy time only) must hold a sitting.
                if board.freeTime(onDay: d, from: lo, to: hi, inRangesOf: need).longest < need { continue }
                let room = cap == .max ? Int64.max : cap - least
                chosen = sitting(prep, day: d, from: lo, to: hi, room: room, left: left, minimum: need, longest: longest, book)
            }
            for d in tried { book.putBack(d) }
            tried.removeAll(keepingCapacity: true)
            guard let r = chosen else {
                for s in out { book.remove(s, task: i, day: board.dayNumber(s.start)) }
                return nil
            }
            book.add(r, task: i, day: board.dayNumber(r.start))
            out.append(r)
            left -= r.duration
            k += 1
        }
        return out.sorted { $0.start < $1.start }
    }

    /// Books `r` and a break on each side of it on `b`, on each local day
    /// they touch, so that a task placed early there keeps the break from it.
    func bookWithBreaks(_ r: TimeRange, on b: Scoreboard) {
        let widened = TimeRange(start: r.start - breakLength, end: r.end + breakLength)
        for day in b.dayNumber(widened.start)...b.dayNumber(widened.end - 1) {
            let bi = b.bookIndex(day: day)
            let whole = TimeRange(start: b.instant(book: bi, .startOfDay), end: b.instant(book: bi, .endOfDay))
            let part = TimeRange(start: max(widened.start, whole.start), end: min(widened.end, whole.end))
            if !part.isEmpty { b.bookSitting(part, day: day) }
        }
    }
}


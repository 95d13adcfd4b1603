/// The last step of balanced placement (rule 9): the busiest day made lighter, one sitting at a time.
///
/// While it can, it takes the busiest local day (the earliest on a tie) and looks, sitting by sitting
/// (in time order), for one of these changes of a laid-out task's sitting there that leaves every other
/// day it touches lighter than the busiest was:
/// - **move**: the whole sitting to another day of its task's window, at the free time that takes it
///   with the most of it inside the task's preferred hours, then the earliest;
/// - **shift**: one grid step of its work to a sitting of the same task on another day, the one cut
///   from its end and the other grown at its start or end (both then last `minimum … span`);
/// - **split**: the sitting cut in two, the piece from its end on a day the task has none;
/// - **making room**: the whole sitting to a day of its window that another task's sitting leaves first
///   (that one moved whole to a day that stays lighter than the busiest was).
///
/// Each move keeps every rule the layout keeps: the day windows, the task's lower bound and its due
/// (and the margin, when the task keeps it), busy time, a break from every other sitting, the grid,
/// `maxPerDay`, at most one sitting of a task on a day unless each there is a full span, and `after`
/// (a sitting stays after its prerequisites' last and before its dependents' first). The other day
/// ends lighter than the busiest was, so the sum of the squares of the days' loads falls with each
/// move: the walk ends, and ``flatteningMoves`` bounds it besides. Same input, same moves.
extension Balancer {
    /// Moves made at most, per sitting of the plan.
    static let flatteningMoves = 8

    /// `placed` with its busiest days made lighter by the moves above, for the tasks of `tasks`.
    func flattened(_ placed: [[TimeRange]], tasks: [Int], until within: Int64) -> [[TimeRange]] {
        var placed = placed
        let movable = Set(tasks.filter { balances($0) && problem.pinned[$0] == nil })
        guard !movable.isEmpty else { return placed }
        // Every sitting, a pinned task's (its kept sittings, never moved) among them.
        var book = LoadBook(first: board.firstDay, days: board.state.pointee.dense.count)
        var sittings = 0
        for (i, ranges) in placed.enumerated() {
            for r in ranges { book.add(r, task: i, day: board.dayNumber(r.start)) }
            sittings += ranges.count
        }
        let margin = scheduler.policy.finishEarly
        // Whether each task keeps its margin: it must still after any move.
        let margined = Set(movable.filter { i in
            margin > 0 && placed[i].map(\.end).max().map { $0 <= problem.prepared[i].task.due - margin } == true
        })
        var moves = 0
        var touched = Set<Int64>()
        let most = Self.flatteningMoves * max(1, sittings)
        while moves < most {
            guard let (day, load) = busiestDay(placed), load > within else { break }
            var moved = false
            // Every margin is kept (a task that keeps it in the layout keeps it after every move).
            for entry in book.entries(day) where movable.contains(entry.task) {
                let one = move(entry.range, of: entry.task, from: day, load: load, placed, margined, &book)
                    ?? shift(entry.range, of: entry.task, from: day, load: load, placed, margined, &book)
                    ?? split(entry.range, of: entry.task, from: day, load: load, placed, margined, &book)
                let changes = one.map { [(entry.task, $0)] }
                    ?? makingRoom(entry.range, of: entry.task, from: day, load: load, placed, margined, movable, &book)
                if let changes {
                    for (task, change) in changes {
                        touched.formUnion(Set(placed[task].map { board.dayNumber($0.start) }))
                        touched.formUnion(Set(change.map { board.dayNumber($0.start) }))
                        placed[task] = change
                    }
                    moved = true
                    break
                }
            }
            guard moved else { break }
            moves += 1
        }
        reseat(&placed, on: touched, movable: movable, margined: margined, &book)
        return placed
    }

    /// The sittings on the days the moves touched, each moved within its day to where more of it lies
    /// inside its task's preferred hours, as the layout would have put it among the sittings now there
    /// (a few rounds, in time order).
    private func reseat(_ placed: inout [[TimeRange]], on days: Set<Int64>, movable: Set<Int>, margined: Set<Int>,
                        _ book: inout LoadBook) {
        for _ in 0..<3 {
            var changed = false
            for d in days.sorted() {
                for entry in book.entries(d) where movable.contains(entry.task) {
                    let i = entry.task, r = entry.range, prep = problem.prepared[i]
                    guard let wish = wish(prep, day: d) else { continue }
                    let inside = { (x: TimeRange) in max(0, min(x.end, wish.end) - max(x.start, wish.start)) }
                    let (lo, hi) = bounds(of: i, placed, margined)
                    book.remove(r, task: i, day: d)
                    if let s = place(r.duration, of: prep, on: d, lo: lo, hi: hi, book), inside(s) > inside(r) {
                        book.add(s, task: i, day: d)
                        placed[i] = placed[i].map { $0 == r ? s : $0 }.sorted { $0.start < $1.start }
                        changed = true
                    } else {
                        book.add(r, task: i, day: d)
                    }
                }
            }
            if !changed { break }
        }
    }

    /// The busiest local day of `placed` and its load (the earliest on a tie); nil with no sittings.
    /// (A pinned task's sittings are in `placed` as it keeps them.)
    private func busiestDay(_ placed: [[TimeRange]]) -> (Int64, Int64)? {
        var perDay: [Int64: Int64] = [:]
        for r in placed.joined() { perDay[board.dayNumber(r.start), default: 0] += r.duration }
        return perDay.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }.map { ($0.key, $0.value) }
    }

    /// Where task `i`'s sittings may lie: from its lower bound (after its prerequisites' last sitting) to
    /// its due (less the margin when it keeps one), and before its dependents' first sitting.
    private func bounds(of i: Int, _ placed: [[TimeRange]], _ margined: Set<Int>) -> (lo: Instant, hi: Instant) {
        let prep = problem.prepared[i]
        let prerequisiteEnd = prep.prerequisites.compactMap { placed[$0].map(\.end).max() }.max()
        let lo = board.grid.ceil(scheduler.lowerBound(prep, prerequisiteEnd: prerequisiteEnd))
        var hi = margined.contains(i) ? prep.task.due - scheduler.policy.finishEarly : prep.task.due
        for j in prep.dependents { if let first = placed[j].map(\.start).min() { hi = min(hi, first) } }
        return (lo, board.grid.floor(hi))
    }

    /// The whole sitting `r` of task `i` moved off `day` to the lightest other day that takes it and stays
    /// lighter than `load`; the task's new sittings, booked in `book`, or nil.
    private func move(_ r: TimeRange, of i: Int, from day: Int64, load: Int64, _ placed: [[TimeRange]],
                      _ margined: Set<Int>, _ book: inout LoadBook) -> [TimeRange]? {
        let prep = problem.prepared[i]
        let (lo, hi) = bounds(of: i, placed, margined)
        guard hi > lo else { return nil }
        let length = r.duration
        // A sitting that shares its day with others of its task (rule 9's exception) may share another
        // day instead, with no more of them there than it leaves.
        let sharing = book.sittings(of: i, on: day, lasting: prep.span).count
        book.remove(r, task: i, day: day)
        let days = (board.dayNumber(lo)...board.dayNumber(hi - 1)).filter { d in
            d != day && book.load(d) + length < load && book.load(d) + length <= dayCap
        }.sorted { book.load($0) != book.load($1) ? book.load($0) < book.load($1) : $0 < $1 }
        for d in days.prefix(Self.daysTried) {
            let mine = book.sittings(of: i, on: d, lasting: prep.span)
            if mine.count > 0 && (length != prep.span || !mine.allLasting) && mine.count + 1 > sharing { continue }
            if let s = place(length, of: prep, on: d, lo: lo, hi: hi, book) {
                book.add(s, task: i, day: d)
                return (placed[i].filter { $0 != r } + [s]).sorted { $0.start < $1.start }
            }
        }
        book.add(r, task: i, day: day)
        return nil
    }

    /// Sitting `r` of task `i` moved whole to a day of its window that another sitting leaves first: that
    /// one moved whole (as ``move``) to a day that stays lighter than `load`, and `r`'s new day then lighter
    /// than `load` too (the lightest days first, at most 8). Both tasks' new sittings, booked, or nil.
    private func makingRoom(_ r: TimeRange, of i: Int, from day: Int64, load: Int64, _ placed: [[TimeRange]],
                            _ margined: Set<Int>, _ movable: Set<Int>, _ book: inout LoadBook) -> [(Int, [TimeRange])]? {
        let prep = problem.prepared[i]
        let (lo, hi) = bounds(of: i, placed, margined)
        guard hi > lo else { return nil }
        let length = r.duration
        book.remove(r, task: i, day: day)
        let days = (board.dayNumber(lo)...board.dayNumber(hi - 1)).filter { d in
            d != day && book.load(d) + length >= load && book.load(d) + length <= dayCap
                && book.sittings(of: i, on: d, lasting: prep.span).count == 0
        }.sorted { book.load($0) != book.load($1) ? book.load($0) < book.load($1) : $0 < $1 }
        for d in days.prefix(8) {
            for q in book.entries(d) where movable.contains(q.task) && q.task != i
                && book.load(d) - q.range.duration + length < load {
                var next = placed
                next[i] = placed[i].filter { $0 != r }
                guard let moved = move(q.range, of: q.task, from: d, load: load, next, margined, &book) else { continue }
                next[q.task] = moved
                let (lo2, hi2) = bounds(of: i, next, margined)
                if book.load(d) + length < load, hi2 > lo2, let s = place(length, of: prep, on: d, lo: lo2, hi: hi2, book) {
                    book.add(s, task: i, day: d)
                    return [(q.task, moved), (i, (next[i] + [s]).sorted { $0.start < $1.start })]
                }
                // Put the other sitting back.
                for x in moved where !placed[q.task].contains(x) { book.remove(x, task: q.task, day: board.dayNumber(x.start)) }
                book.add(q.range, task: q.task, day: d)
            }
        }
        book.add(r, task: i, day: day)
        return nil
    }

    /// A sitting of `length` for `prep` on local day `d` between `lo` and `hi`, a break from every
    /// sitting in `book`: of the free times that take it, the one with the most of it inside the task's
    /// preferred hours, then the earliest; nil when none does.
    private func place(_ length: Int64, of prep: TaskScheduler.Prepared, on d: Int64, lo: Instant, hi: Instant,
                       _ book: LoadBook) -> TimeRange? {
        guard let free = freeTimes(prep, day: d, from: lo, to: hi, atLeast: length, book) else { return nil }
        let fitting = free.filter { $0.duration >= length }
        guard let first = fitting.first else { return nil }
        if let wish = wish(prep, day: d) {
            if let best = Self.preferred(length, in: fitting, wish: wish, grid: board.grid) { return best }
        }
        return TimeRange(start: first.start, end: first.start + length)
    }

    /// One grid step of sitting `r` of task `i` on `day` given to another sitting of the task on a day
    /// that stays lighter than `load` (the first such, in time order): `r` cut at its end, the other grown
    /// at its end or else its start. Neither day may hold another sitting of the task. The task's new
    /// sittings, booked in `book`, or nil.
    private func shift(_ r: TimeRange, of i: Int, from day: Int64, load: Int64, _ placed: [[TimeRange]],
                       _ margined: Set<Int>, _ book: inout LoadBook) -> [TimeRange]? {
        let prep = problem.prepared[i]
        let minimum = min(prep.remaining, max(prep.minSitting, min(shortest, prep.span)))
        guard r.duration - step >= minimum, book.sittings(of: i, on: day, lasting: prep.span).count == 1 else { return nil }
        let (lo, hi) = bounds(of: i, placed, margined)
        for other in placed[i] where other != r {
            let d = board.dayNumber(other.start)
            guard d != day, other.duration + step <= prep.span, book.load(d) + step < load,
                  book.load(d) + step <= dayCap, book.sittings(of: i, on: d, lasting: prep.span).count == 1 else { continue }
            book.remove(other, task: i, day: d)
            let free = freeTimes(prep, day: d, from: lo, to: hi, atLeast: 0, book) ?? []
            let later = TimeRange(start: other.start, end: other.end + step)
            let earlier = TimeRange(start: other.start - step, end: other.end)
            // The grown sitting must lie in one free range (touching ones join where only the grid splits them).
            let grown = [later, earlier].first { g in Self.covered(g, by: free) }
            let cut = TimeRange(start: r.start, end: r.end - step)
            if let g = grown, clear(cut, besides: r, day: day, book) {
                book.add(g, task: i, day: d)
                book.remove(r, task: i, day: day)
                book.add(cut, task: i, day: day)
                return placed[i].map { $0 == r ? cut : ($0 == other ? g : $0) }.sorted { $0.start < $1.start }
            }
            book.add(other, task: i, day: d)
        }
        return nil
    }

    /// Sitting `r` of task `i` on `day` cut in two: the piece from its end (the shortest first, each piece
    /// at least the task's shortest sitting) to the lightest other day of the window that holds no sitting
    /// of the task and stays lighter than `load`. The task's new sittings, booked in `book`, or nil.
    private func split(_ r: TimeRange, of i: Int, from day: Int64, load: Int64, _ placed: [[TimeRange]],
                       _ margined: Set<Int>, _ book: inout LoadBook) -> [TimeRange]? {
        let prep = problem.prepared[i]
        let minimum = min(prep.remaining, max(prep.minSitting, min(shortest, prep.span)))
        guard minimum > 0, r.duration >= 2 * minimum,
              book.sittings(of: i, on: day, lasting: prep.span).count == 1 else { return nil }
        let (lo, hi) = bounds(of: i, placed, margined)
        guard hi > lo else { return nil }
        var piece = ceilDiv(minimum, step) * step
        while r.duration - piece >= minimum {
            let days = (board.dayNumber(lo)...board.dayNumber(hi - 1)).filter { d in
                d != day && book.load(d) + piece < load && book.load(d) + piece <= dayCap
                    && book.sittings(of: i, on: d, lasting: prep.span).count == 0
            }.sorted { book.load($0) != book.load($1) ? book.load($0) < book.load($1) : $0 < $1 }
            let cut = TimeRange(start: r.start, end: r.end - piece)
            guard clear(cut, besides: r, day: day, book) else { return nil }
            book.remove(r, task: i, day: day)
            book.add(cut, task: i, day: day)
            for d in days.prefix(Self.daysTried) {
                if let s = place(piece, of: prep, on: d, lo: lo, hi: hi, book) {
                    book.add(s, task: i, day: d)
                    return (placed[i].map { $0 == r ? cut : $0 } + [s]).sorted { $0.start < $1.start }
                }
            }
            book.remove(cut, task: i, day: day)
            book.add(r, task: i, day: day)
            piece += step
        }
        return nil
    }

    /// Whether `cut`, what is left of sitting `r` on `day`, is a break away from every other sitting in
    /// `book` (a sitting kept as the early plan made it may stand as close as it was; a changed one may not).
    private func clear(_ cut: TimeRange, besides r: TimeRange, day: Int64, _ book: LoadBook) -> Bool {
        for d in day - 1...day + 1 {
            for e in book.entries(d) where e.range != r {
                if e.range.start < cut.end + breakLength && cut.start < e.range.end + breakLength { return false }
            }
        }
        return true
    }

    /// Whether `r` lies inside the union of `ranges` (sorted, each touching the next where they join).
    static func covered(_ r: TimeRange, by ranges: [TimeRange]) -> Bool {
        var cursor = r.start
        for f in ranges where f.end > cursor {
            guard f.start <= cursor else { return false }
            cursor = f.end
            if cursor >= r.end { return true }
        }
        return false
    }
}

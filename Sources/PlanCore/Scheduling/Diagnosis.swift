/// Explains why a task does not fit at its turn: how much would, which limits
/// bind, and the smallest change to each of its own fields that makes it fit.
/// Every question is answered by re-planning the task alone against the same
/// scoreboard (the same earlier sittings), with one thing changed.
struct Diagnosis {
    let scheduler: TaskScheduler
    let board: Scoreboard
    let prep: TaskScheduler.Prepared
    let req: Requirement
    /// The end of the last sitting among its prerequisites, if any.
    let prerequisiteEnd: Instant?

    private var policy: Policy { scheduler.policy }
    private var step: Int64 { policy.granularity }

    func diagnostic() -> Diagnostic {
        let available = self.available(req)
        let fixes = self.fixes()
        let binding = Limit.allCases.filter { limit in
            guard let relaxed = relaxed(limit) else { return false }
            // A fix makes the task fit whole; lifting the limit it loosens
            // allows at least as much, so `available` rises to all that is
            // needed (more than it is: the task did not fit) — no probe.
            if available < req.remaining && fixes.contains(where: { $0.loosens(limit) }) { return true }
            return Placer.using(board, relaxed) { $0.availableExceeds(available) }
        }
        return Diagnostic(taskId: prep.task.id, needed: prep.remaining, available: available,
                          binding: binding, fixes: fixes)
    }

    func available(_ r: Requirement) -> Int64 {
        Placer.using(board, r) { $0.available() }
    }

    func fits(_ r: Requirement) -> Bool {
        Placer.using(board, r) { $0.fits() }
    }

    /// The placer's necessary conditions (``Placer/mayFit(_:)``): read off
    /// the board in O(log days), false only when `r` cannot fit. Monotone
    /// wherever ``fits(_:)`` is, so a search can first find where they start
    /// to hold and try the real thing from there.
    func mayFit(_ r: Requirement) -> Bool {
        let placer = Placer(board: board, req: r)
        return placer.mayFit(placer.initial)
    }

    /// The start bound without the task's own `start`.
    private var lowerWithoutStart: Instant { max(scheduler.now, prerequisiteEnd ?? scheduler.now) }

    /// The requirement with one limit lifted; nil when lifting it changes nothing.
    func relaxed(_ limit: Limit) -> Requirement? {
        var r = req
        switch limit {
        case .window:
            guard r.windowStart > .startOfDay || r.windowEnd < .endOfDay else { return nil }
            r.windowStart = .startOfDay
            r.windowEnd = .endOfDay
        case .workingDays:
            guard policy.workingDays.count < Weekday.allCases.count else { return nil }
            r.allDays = true
        case .span:
            guard r.span < r.remaining else { return nil }
            r.span = r.remaining
        case .minSitting:
            guard r.minSitting > step else { return nil }
            r.minSitting = step
        case .busy:
            guard !board.busy.isEmpty else { return nil }
            r.withBusy = false
        case .otherTasks:
            r.withOthers = false
        case .after:
            let own = max(scheduler.now, prep.task.start ?? scheduler.now)
            guard let end = prerequisiteEnd, end > own else { return nil }
            r.lower = own
        case .maxPerDay:
            guard policy.maxPerDay != nil else { return nil }
            r.withMaxPerDay = false
        case .due:
            r.due = r.due + Int64(scheduler.fixSearchDays) * 86_400
        case .start:
            guard let s = prep.task.start, s > lowerWithoutStart else { return nil }
            r.lower = lowerWithoutStart
        }
        return r
    }

    func fixes() -> [Fix] {
        var out: [Fix] = []
        if let f = dueFix() { out.append(f) }
        if let f = startFix() { out.append(f) }
        if let f = earliestFix() { out.append(f) }
        if let f = latestFix() { out.append(f) }
        if let f = spanFix() { out.append(f) }
        if let f = minSittingFix() { out.append(f) }
        return out
    }

    /// The smallest `x` in `(lo, hi]` with `ok(x)`, given `ok` is monotone
    /// (false … false true … true) and `ok(hi)` holds.
    private func smallest(after lo: Int64, upTo hi: Int64, _ ok: (Int64) -> Bool) -> Int64 {
        var lo = lo, hi = hi
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2
            if ok(mid) { hi = mid } else { lo = mid }
        }
        return hi
    }

    /// The largest `x` in `[lo, hi)` with `ok(x)`, given `ok` is monotone
    /// (true … true false … false) and `ok(lo)` holds (`lo` itself when the
    /// range holds nothing above it): one before the smallest `x` in
    /// `(lo, hi]` where `ok` fails, `hi` counting as failing.
    private func largest(from lo: Int64, below hi: Int64, _ ok: (Int64) -> Bool) -> Int64 {
        hi <= lo + 1 ? lo : smallest(after: lo, upTo: hi) { $0 == hi || !ok($0) } - 1
    }

    /// The smallest `x` in `(lo, hi]` with `fits(x)`, nil when there is
    /// none, given `fits` is monotone and `may` is a monotone necessary
    /// condition for it: the search starts where `may` starts to hold (often
    /// the answer), and walks the calendar only when it must.
    private func smallestFitting(after lo: Int64, upTo hi: Int64, may: (Int64) -> Bool, fits: (Int64) -> Bool) -> Int64? {
        guard may(hi) else { return nil }
        // The conditions often hold from the bottom: one probe finds that.
        let first = hi - lo > 1 && may(lo + 1) ? lo + 1 : smallest(after: lo + 1, upTo: hi, may)
        if fits(first) { return first }
        guard first < hi, fits(hi) else { return nil }
        return smallest(after: first, upTo: hi, fits)
    }

    /// The largest `x` in `[lo, hi)` with `fits(x)`, nil when there is none;
    /// as ``smallestFitting(after:upTo:may:fits:)`` the other way round.
    private func largestFitting(from lo: Int64, below hi: Int64, may: (Int64) -> Bool, fits: (Int64) -> Bool) -> Int64? {
        // The conditions usually hold up to the top: one probe finds that.
        let last: Int64
        if hi - 1 > lo && may(hi - 1) {
            last = hi - 1
        } else {
            guard may(lo) else { return nil }
            last = largest(from: lo, below: hi - 1, may)
        }
        if fits(last) { return last }
        guard last > lo, fits(lo) else { return nil }
        return largest(from: lo, below: last, fits)
    }

    private func with(_ change: (inout Requirement) -> Void) -> Requirement {
        var r = req
        change(&r)
        return r
    }

    /// The earliest later due that fits. It is the end of a sitting, so a grid
    /// instant: the search runs over grid steps after `due` (the one grid
    /// instant in `(due + (k−1)·g, due + k·g]` is `floor(due + k·g)`).
    ///
    /// Found in one walk over the calendar: the earliest instant by which
    /// the remaining work can be done (``Placer/earliestCompletion(from:target:)``)
    /// is the smallest due that fits, and the fix the first due step at or after it.
    func dueFix() -> Fix? {
        let steps = Int64(scheduler.fixSearchDays) * 86_400 / step
        func due(_ k: Int64) -> Instant { board.grid.floor(req.due + k * step) }
        guard steps >= 1 else { return nil }
        let latest = with { $0.due = due(steps) }
        guard mayFit(latest) else { return nil }
        let end = Placer.using(board, latest) { placer in
            placer.earliestCompletion(from: placer.initial, target: Int(req.remaining / step))
        }
        guard let end, end <= latest.due else { return nil }
        return .due(due(smallest(after: 0, upTo: steps) { due($0) >= end }))
    }

    /// The latest earlier start that fits (not before `now` or the
    /// prerequisites). It is the start of a sitting, so a grid instant, found
    /// over grid steps before `start`.
    func startFix() -> Fix? {
        guard let start = prep.task.start, start > lowerWithoutStart else { return nil }
        let floorBound = lowerWithoutStart
        let steps = ceilDiv(start - floorBound, step)
        func lower(_ k: Int64) -> Instant { max(floorBound, board.grid.ceil(start - k * step)) }
        let k = smallestFitting(after: 0, upTo: steps, may: { k in mayFit(with { $0.lower = lower(k) }) },
                                fits: { k in fits(with { $0.lower = lower(k) }) })
        return k.map { .start(lower($0)) }
    }

    func earliestFix() -> Fix? {
        guard prep.task.earliest != nil, req.windowStart > policy.dayStart else { return nil }
        guard fits(with { $0.windowStart = policy.dayStart }) else { return nil }
        let m = largest(from: Int64(policy.dayStart.minutes), below: Int64(req.windowStart.minutes)) { x in
            fits(with { $0.windowStart = TimeOfDay(minutes: Int(x)) })
        }
        return .earliest(TimeOfDay(minutes: Int(m)))
    }

    func latestFix() -> Fix? {
        guard prep.task.latest != nil, req.windowEnd < policy.dayEnd else { return nil }
        guard fits(with { $0.windowEnd = policy.dayEnd }) else { return nil }
        let m = smallest(after: Int64(req.windowEnd.minutes), upTo: Int64(policy.dayEnd.minutes)) { x in
            fits(with { $0.windowEnd = TimeOfDay(minutes: Int(x)) })
        }
        return .latest(TimeOfDay(minutes: Int(m)))
    }

    /// The smallest longer span that fits. A span is also the cap of the
    /// minimum sitting (rule 4), so a task whose own minimum is above its
    /// span gets longer shortest sittings with a longer span: below its own
    /// minimum the sittings are exactly one span long, and whether they fit
    /// is not monotone, so those few spans are tried one by one; from the
    /// minimum on only the span changes, and a binary search is valid.
    func spanFix() -> Fix? {
        guard req.span < req.remaining else { return nil }
        let ownMinimum = max(step, ceilDiv(max(0, prep.task.minSitting), step) * step)
        func at(_ x: Int64) -> Requirement {
            with { $0.span = x * step; $0.minSitting = min(ownMinimum, x * step) }
        }
        let monotoneFrom = max(req.span / step, min(ownMinimum, req.remaining) / step - 1)
        var x = req.span / step + 1
        while x <= monotoneFrom {
            if fits(at(x)) { return .span(x * step) }
            x += 1
        }
        let k = smallestFitting(after: monotoneFrom, upTo: req.remaining / step,
                                may: { x in mayFit(at(x)) }, fits: { x in fits(at(x)) })
        return k.map { .span($0 * step) }
    }

    func minSittingFix() -> Fix? {
        guard req.minSitting > step else { return nil }
        let k = largestFitting(from: 1, below: req.minSitting / step,
                               may: { x in mayFit(with { $0.minSitting = x * step }) },
                               fits: { x in fits(with { $0.minSitting = x * step }) })
        return k.map { .minSitting($0 * step) }
    }
}

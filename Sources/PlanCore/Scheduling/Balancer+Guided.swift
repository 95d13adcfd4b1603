/// Layouts guided by the fractional problem (rule 9 of the contract above ``TaskScheduler``): when the
/// level search of ``Balancer/levelled(_:)`` leaves a busiest day past the bound of the least level, each
/// task's sittings go first to the days ``LevelBound``'s spread gives it at a trial level, the room those
/// shares need promised to them until their task's turn.
extension Balancer {
    /// The layout of every task guided by the fractional problem whose busiest day is below the one that
    /// stands (`searched`, else the early plan), with no more sittings under 45 minutes, keeping the margins
    /// the search kept. Nil when none is found.
    func guided(_ tasks: [Int], _ searched: Levelled?) -> [[TimeRange]]? {
        let standing = searched?.placed ?? early.placed
        let short = { (ranges: [[TimeRange]]) in ranges.joined().count { $0.duration < Self.shortSitting } }
        let most = short(standing)
        let everyTask = Set(tasks.filter(balances))
        let margins = searched?.margined ?? []
        let busiestNow = busiest(standing)
        // Under a level, only a task that the layout without one could lay out only so shares its days (all may,
        // where the early plan stands).
        let sharing = searched?.shared
        // The margins the search kept are kept (the fractional problem ends those tasks `finishEarly` early).
        guard let problem = fractional(tasks, keeping: margins) else { return searched?.placed }
        return guided(tasks, problem, below: busiestNow, keeping: margins, everyTask: everyTask, sharing: sharing,
                      accepts: { short($0) <= most })
            ?? searched?.placed
    }

    /// Levels tried by ``guided(_:_:below:keeping:everyTask:accepts:)`` before it gives up.
    static let guidedTries = 24

    /// The fractional problem (``LevelBound``) of `tasks`, those of `keeping` due `finishEarly` before their
    /// due, and its least level; nil when it has none.
    ///
    /// `after` is not a flow's to keep, so each prerequisite and its dependent share their window at a local
    /// midnight: the prerequisite is to end by it and the dependent starts from it, the days between the
    /// prerequisite's lower bound and the dependent's due split in the ratio of their work (each keeps at
    /// least a day; the prerequisite's own due, when earlier, is the split). `tasks` lists prerequisites
    /// before their dependents.
    func fractional(_ tasks: [Int], keeping: Set<Int>, splittingAfter: Bool = true) -> Fractional? {
        let margin = scheduler.policy.finishEarly
        var lower: [Int: Instant] = [:], due: [Int: Instant] = [:]
        for i in tasks {
            let prep = problem.prepared[i]
            lower[i] = scheduler.lowerBound(prep, prerequisiteEnd: nil)
            due[i] = keeping.contains(i) && margin > 0 ? prep.task.due - margin : prep.task.due
        }
        for i in tasks where splittingAfter {
            for j in problem.prepared[i].prerequisites {
                guard let from = lower[j], let prerequisiteDue = due[j], let to = due[i] else { continue }
                let a = board.dayNumber(from), b = board.dayNumber(to - 1)
                guard b > a else {
                    lower[i] = max(lower[i]!, min(prerequisiteDue, to))
                    continue
                }
                let mine = problem.prepared[i].remaining, theirs = problem.prepared[j].remaining
                let days = b - a + 1
                let split = a + min(days - 1, max(1, (days * theirs + (mine + theirs) / 2) / max(1, mine + theirs)))
                let midnight = min(prerequisiteDue, board.instant(book: board.bookIndex(day: split), .startOfDay))
                due[j] = min(prerequisiteDue, midnight)
                lower[i] = max(lower[i]!, midnight)
            }
        }
        let windows = tasks.map { i in LevelBound.Window(prep: problem.prepared[i], lower: lower[i]!, due: due[i]!) }
        var fixed: [TimeRange] = []
        for pins in problem.pinned { fixed += pins ?? [] }
        guard let bound = LevelBound(board: board, policy: scheduler.policy, windows: windows, fixed: fixed),
              let least = bound.solve().level else { return nil }
        return Fractional(bound: bound, least: least, ends: due)
    }

    /// The fractional problem of a layout: its bound, its least level, and the instant each task's window
    /// there ends (its due, less a margin or cut at a dependent's start).
    struct Fractional {
        var bound: LevelBound
        var least: Int64
        var ends: [Int: Instant]
    }

    /// A layout of every task whose busiest day is below `standing`, guided by the fractional problem: from
    /// its least level up, each task's sittings go first to the days the level's spread gives it (the most
    /// first), then as in ``lay(_:lower:due:level:sharingDays:evenShares:quota:_:)``; the first level at
    /// which every task of `everyTask` is laid out (none placed early against the others, in the short
    /// pieces early placement may cut) and `accepts` the sittings; nil when none below `standing` is found
    /// within ``guidedTries`` levels.
    func guided(_ tasks: [Int], _ problem: Fractional, below standing: Int64,
                keeping: Set<Int>, everyTask: Set<Int>, sharing: Set<Int>?,
                accepts: ([[TimeRange]]) -> Bool) -> [[TimeRange]]? {
        var level = ceilDiv(problem.least, step) * step
        var tries = 0
        while level < standing && tries < Self.guidedTries {
            tries += 1
            if let spread = problem.bound.spread(atLevel: level) {
                var quotas: [Int: [Int64: Int64]] = [:]
                for (k, i) in tasks.enumerated() {
                    quotas[i] = Dictionary(uniqueKeysWithValues: spread[k].map { (problem.bound.firstDay + Int64($0.day), $0.amount) })
                }
                let l = layout(tasks, level: level, mustLay: everyTask, keeping: keeping, held: [], quotas: quotas,
                               ends: problem.ends, sharing: sharing)
                if let l, l.failed.isEmpty, busiest(l.placed) < standing, accepts(l.placed) { return l.placed }
            }
            level += step * Int64(max(1, tries / 8))
        }
        return nil
    }
}

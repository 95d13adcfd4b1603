/// How a plan spreads its work over the days: the yardstick of issue 30
/// (plans a student would follow). A pure function of the sittings, the
/// tasks, the policy, the busy blocks and `now`; it changes nothing.
///
/// Every figure is counted like this (all times elapsed seconds; a *day* is
/// one local date of the policy's zone, from its midnight to the next):
/// - **span**: the days from the day of `now` to the day of the latest due's
///   last second (`latest due − 1 s`), both included;
/// - **work of a day**: the time of the given tasks' sittings inside that day
///   (a sitting that crossed midnight would count on both days); parts of
///   sittings outside the span are left out of the day figures;
/// - **busiest day**: the largest work of a day in the span (the first such
///   day when several tie); **days over 4 h**: days whose work is more than
///   ``longDay``; **empty days**: days of the span with no work;
/// - **first quarter**: a task's window is `[max(now, start), due)`; its
///   first quarter is `[windowStart, windowStart + (due − windowStart) / 4)`
///   (whole seconds, rounded down); the share of a task is the time of its
///   sittings inside its first quarter over the time of all its sittings; the
///   overall share is weighted by work: the sum of those first-quarter times
///   over the sum of all sitting time. Tasks with no sittings are left out;
/// - **short sittings**: sittings shorter than ``shortSitting``;
/// - **least slack**: the smallest `due − end of the task's last sitting`
///   over the tasks with sittings (the first such task in input order on a tie);
/// - **usable days**: days of the span on a working day of the policy whose
///   window `[dayStart, dayEnd)`, cut to `[now, latest due)`, holds at least
///   one whole grid step (`granularity`, on the local clock) clear of every
///   busy block (busy blocks already carry the buffer);
/// - **lower bound**: no plan of the same work can have a lighter busiest day
///   than `⌈total work ÷ usable days⌉`, rounded up to the grid (every day's
///   work is a whole number of grid steps, since sittings start and end on the
///   grid); nil when no day is usable. It ignores every other rule (spans,
///   dues, `maxPerDay`), so it may be out of reach.
package struct PlanSpread: Hashable, Sendable {
    /// Work above this on one day makes it a long day (4 h).
    package static let longDay: Int64 = 4 * 3600
    /// A sitting shorter than this is a short one (45 min).
    package static let shortSitting: Int64 = 45 * 60

    /// One task's figures.
    package struct TaskFigures: Hashable, Sendable {
        package var id: String
        /// The time of its sittings.
        package var work: Int64
        /// The part of ``work`` inside the first quarter of its window.
        package var firstQuarterWork: Int64
        /// `due − end of its last sitting`; nil without sittings.
        package var slack: Int64?

        /// ``firstQuarterWork`` ÷ ``work``; nil without sittings.
        package var firstQuarterShare: Double? {
            work > 0 ? Double(firstQuarterWork) / Double(work) : nil
        }
    }

    /// The days of the span, in order.
    package var days: [LocalDate]
    /// The work of each day of ``days``.
    package var dayWork: [Int64]
    /// Per task with sittings, in input order.
    package var tasks: [TaskFigures]
    package var shortSittings: Int
    /// How many days of the span have usable time.
    package var usableDays: Int
    package var granularity: Int64

    /// The time of all the given tasks' sittings.
    package var totalWork: Int64 { tasks.reduce(0) { $0 + $1.work } }
    /// The largest work of one day of the span (0 when the span is empty).
    package var busiest: Int64 { dayWork.max() ?? 0 }
    /// The first day whose work is ``busiest``.
    package var busiestDay: LocalDate? { dayWork.firstIndex(of: busiest).map { days[$0] } }
    package var daysOverLongDay: Int { dayWork.count { $0 > Self.longDay } }
    package var emptyDays: Int { dayWork.count { $0 == 0 } }
    /// The first-quarter work over all work (nil without work).
    package var firstQuarterShare: Double? {
        let total = totalWork
        return total > 0 ? Double(tasks.reduce(0) { $0 + $1.firstQuarterWork }) / Double(total) : nil
    }
    /// The task with the least slack and that slack.
    package var leastSlack: (id: String, slack: Int64)? {
        var best: (id: String, slack: Int64)?
        for t in tasks {
            guard let s = t.slack else { continue }
            if best == nil || s < best!.slack { best = (t.id, s) }
        }
        return best
    }
    /// The least busiest day any plan of this work could have (see the type's notes).
    package var lowerBound: Int64? {
        guard usableDays > 0 else { return nil }
        let perDay = ceilDiv(totalWork, Int64(usableDays))
        return ceilDiv(perDay, granularity) * granularity
    }

    /// Measures `sittings` (only those of `tasks` count) against the tasks'
    /// windows, `policy`'s zone, days and grid, and `busy`.
    package init(sittings: [Sitting], tasks: [PlanTask], policy: Policy, busy: [BusyBlock], now: Instant) {
        let zone = policy.zone
        granularity = policy.granularity
        let latestDue = tasks.map(\.due).max() ?? now
        let first = zone.local(now).date
        let last = latestDue > now ? zone.local(latestDue - 1).date : first
        let count = Int(max(0, last.daysSinceEpoch - first.daysSinceEpoch + 1))
        days = (0..<count).map { first.adding(days: $0) }
        let midnights = (0...count).map { zone.resolve(LocalDateTime(date: first.adding(days: $0))) }

        let ids = Set(tasks.map(\.id))
        let mine = sittings.filter { ids.contains($0.taskId) }
        dayWork = [Int64](repeating: 0, count: count)
        for s in mine {
            // The days it may touch: from its start's date on, while it lasts.
            var k = max(0, Int(zone.local(s.range.start).date.daysSinceEpoch - first.daysSinceEpoch))
            while k < count, midnights[k] < s.range.end {
                if let part = s.range.intersection(TimeRange(start: midnights[k], end: midnights[k + 1])) {
                    dayWork[k] += part.duration
                }
                k += 1
            }
        }
        shortSittings = mine.count { $0.range.duration < Self.shortSitting }

        var bySitting: [String: [TimeRange]] = [:]
        for s in mine { bySitting[s.taskId, default: []].append(s.range) }
        self.tasks = tasks.compactMap { t -> TaskFigures? in
            guard let ranges = bySitting[t.id], !ranges.isEmpty else { return nil }
            let start = max(now, t.start ?? now)
            let quarter = TimeRange(start: start, end: start + (t.due - start) / 4)
            let work = ranges.reduce(Int64(0)) { $0 + $1.duration }
            let early = ranges.reduce(Int64(0)) { $0 + ($1.intersection(quarter)?.duration ?? 0) }
            let lastEnd = ranges.map(\.end).max()!
            return TaskFigures(id: t.id, work: work, firstQuarterWork: early, slack: t.due - lastEnd)
        }

        let reach = TimeRange(start: now, end: latestDue)
        usableDays = days.count { day in
            guard policy.workingDays.contains(Weekday(day)) else { return false }
            let open = zone.resolve(LocalDateTime(date: day).adding(seconds: Int64(policy.dayStart.secondOfDay)))
            let close = zone.resolve(LocalDateTime(date: day).adding(seconds: Int64(policy.dayEnd.secondOfDay)))
            guard let window = TimeRange(start: open, end: close).intersection(reach) else { return false }
            return Self.holdsGridStep(window, clearOf: busy, zone: zone, step: policy.granularity)
        }
    }

    /// Whether `window` minus `busy` holds one whole step of the local grid.
    static func holdsGridStep(_ window: TimeRange, clearOf busy: [BusyBlock], zone: some UTCOffsetProvider,
                              step: Int64) -> Bool {
        let blocks = busy.map(\.range).filter { $0.overlaps(window) }.sorted { $0.start < $1.start }
        var from = window.start
        for b in blocks + [TimeRange(start: window.end, end: window.end)] {
            let to = min(b.start, window.end)
            if to > from {
                let offset = Int64(zone.offset(at: from))
                let aligned = ceilDiv(from.seconds + offset, step) * step - offset
                if aligned + step <= to.seconds { return true }
            }
            from = max(from, b.end)
        }
        return false
    }
}

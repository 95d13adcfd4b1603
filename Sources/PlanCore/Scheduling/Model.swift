/// A group of tasks (a course, a job), as the user names it.
package struct Project: Hashable, Sendable {
    package var id: String
    package var name: String
    /// A display colour, e.g. `#3366cc`.
    package var color: String?
    package var notes: String?

    package init(id: String, name: String, color: String? = nil, notes: String? = nil) {
        self.id = id
        self.name = name
        self.color = color
        self.notes = notes
    }
}

/// A wall-clock time of day in whole minutes, `00:00` … `24:00`.
///
/// `24:00` (1 440 minutes) is the end of the day and is only meaningful as the
/// end of a window (`dayEnd`, `latest`).
package struct TimeOfDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since local midnight, 0 … 1 440.
    package var minutes: Int

    package init(minutes: Int) { self.minutes = minutes }
    package init(hour: Int, minute: Int = 0) { self.minutes = hour * 60 + minute }

    /// `00:00`, the start of the day.
    package static let startOfDay = TimeOfDay(minutes: 0)
    /// `24:00`, the end of the day.
    package static let endOfDay = TimeOfDay(minutes: 1440)

    /// Parses `HH:MM`; `24:00` only when `allowEndOfDay`. nil for anything else.
    package init?(hhmm text: String, allowEndOfDay: Bool) {
        let u = Array(text.utf8)
        guard u.count == 5, u[2] == UInt8(ascii: ":"),
              let h = twoDigits(u[0], u[1]), let m = twoDigits(u[3], u[4]) else { return nil }
        if h == 24 && m == 0 && allowEndOfDay {
            self.minutes = 1440
            return
        }
        guard h < 24, m < 60 else { return nil }
        self.minutes = h * 60 + m
    }

    /// `HH:MM` (`24:00` for the end of the day).
    package var hhmm: String { "\(pad2(minutes / 60)):\(pad2(minutes % 60))" }
    package var description: String { hhmm }

    /// Seconds since local midnight.
    package var secondOfDay: Int { minutes * 60 }

    package static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }
}

func twoDigits(_ a: UInt8, _ b: UInt8) -> Int? {
    let zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
    guard (zero...nine).contains(a), (zero...nine).contains(b) else { return nil }
    return Int(a - zero) * 10 + Int(b - zero)
}

/// A day of the week, numbered as ISO 8601 does (Monday = 1).
package enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable {
    case monday = 1, tuesday, wednesday, thursday, friday, saturday, sunday

    /// The two-letter code RFC 5545 §3.3.10 uses for BYDAY (`MO` … `SU`).
    package var code: String {
        switch self {
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        case .sunday: "SU"
        }
    }

    /// `Mon` … `Sun`.
    package var shortName: String {
        switch self {
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        case .sunday: "Sun"
        }
    }

    package init?(code: String) {
        guard let day = Weekday.allCases.first(where: { $0.code == code }) else { return nil }
        self = day
    }

    package init(_ date: LocalDate) { self = Weekday(rawValue: date.isoWeekday)! }

    package static func < (a: Weekday, b: Weekday) -> Bool { a.rawValue < b.rawValue }
}

/// Which imported occurrences count as busy, beyond the always-busy ones.
package struct BusyRules: Hashable, Sendable {
    /// All-day (DATE) occurrences block the whole local day.
    package var allDay: Bool
    /// TENTATIVE occurrences block their time (TRANSPARENT still wins).
    package var tentative: Bool

    package init(allDay: Bool = false, tentative: Bool = true) {
        self.allDay = allDay
        self.tentative = tentative
    }
}

/// How the user wants their work placed: the zone, the days and hours they
/// work, and the spacing rules. All durations are elapsed seconds.
package struct Policy: Hashable, Sendable {
    /// The user's zone: windows, days, all-day dates and the grid follow its clock.
    package var zone: SystemZone
    package var workingDays: Set<Weekday>
    /// The start of each day's window (wall clock).
    package var dayStart: TimeOfDay
    /// The end of each day's window (wall clock; `24:00` allowed).
    package var dayEnd: TimeOfDay
    /// Kept free on both sides of every busy block (calendar events only).
    package var buffer: Int64
    /// The least gap between two sittings of the same task.
    package var breakBetweenSittings: Int64
    /// Sittings start and end on this grid of the local clock; divides one hour.
    package var granularity: Int64
    /// At most this much sitting time (all tasks) on one local day; nil for no limit.
    package var maxPerDay: Int64?
    package var busy: BusyRules
    /// How sittings are laid out (rule 9); a task may choose for itself.
    package var placement: Placement = .early
    /// Balanced placement finishes each task this long before its due where
    /// it can (never a reason to refuse a task).
    package var finishEarly: Int64 = 0
    /// The hours balanced placement uses first on a day (a soft wish; a
    /// task may choose its own); nil for none.
    package var prefer: PreferredHours?

    /// The engine's plain values: every day 07:00–22:00, no buffer, a 15-minute
    /// break, a 5-minute grid, no daily maximum, tentative events busy,
    /// all-day events free, early placement and no margin. What a user leaves
    /// unset takes the contract's defaults instead (``PolicyDefinition/policy(zone:)``).
    package init(zone: SystemZone,
                workingDays: Set<Weekday> = Set(Weekday.allCases),
                dayStart: TimeOfDay = TimeOfDay(hour: 7),
                dayEnd: TimeOfDay = TimeOfDay(hour: 22),
                buffer: Int64 = 0,
                breakBetweenSittings: Int64 = 15 * 60,
                granularity: Int64 = 5 * 60,
                maxPerDay: Int64? = nil,
                busy: BusyRules = BusyRules()) {
        self.zone = zone
        self.workingDays = workingDays
        self.dayStart = dayStart
        self.dayEnd = dayEnd
        self.buffer = buffer
        self.breakBetweenSittings = breakBetweenSittings
        self.granularity = granularity
        self.maxPerDay = maxPerDay
        self.busy = busy
    }
}

/// A piece of work to place in free time. Not named `Task`, which would
/// shadow Swift concurrency's `Task` in every importing module.
package struct PlanTask: Hashable, Sendable {
    package var id: String
    /// The project's id, if any.
    package var project: String?
    package var title: String
    package var notes: String?
    /// Total effort, elapsed seconds.
    package var estimate: Int64
    /// Attention span: the longest sitting.
    package var span: Int64
    /// The shortest sitting (unless the whole remaining work is shorter).
    package var minSitting: Int64
    /// Earliest time of day for a sitting; nil for the policy's `dayStart`.
    package var earliest: TimeOfDay?
    /// Latest time of day a sitting may end; nil for the policy's `dayEnd`.
    package var latest: TimeOfDay?
    /// Not before this instant; nil for `now`.
    package var start: Instant?
    /// Every sitting ends by this instant.
    package var due: Instant
    /// 1 (highest) … 4 (lowest).
    package var priority: Int
    /// Ids of tasks whose last sitting must end before this task's first starts.
    package var after: [String]
    /// Work already done, elapsed seconds.
    package var done: Int64
    /// Creation order: the last tie-break between equally urgent tasks.
    package var sequence: Int
    /// How this task's sittings are laid out; nil for the policy's placement.
    package var placement: Placement?
    /// The hours balanced placement uses first (soft); nil for the policy's.
    package var prefer: PreferredHours?

    package init(id: String, title: String, estimate: Int64, due: Instant,
                project: String? = nil, notes: String? = nil,
                span: Int64 = 2 * 3600, minSitting: Int64 = 30 * 60,
                earliest: TimeOfDay? = nil, latest: TimeOfDay? = nil,
                start: Instant? = nil, priority: Int = 3, after: [String] = [],
                done: Int64 = 0, sequence: Int = 0) {
        self.id = id
        self.project = project
        self.title = title
        self.notes = notes
        self.estimate = estimate
        self.span = span
        self.minSitting = minSitting
        self.earliest = earliest
        self.latest = latest
        self.start = start
        self.due = due
        self.priority = priority
        self.after = after
        self.done = done
        self.sequence = sequence
    }
}

/// Time taken by the user's calendar: a half-open range of instants and the
/// file or label it came from.
package struct BusyBlock: Hashable, Sendable {
    package var range: TimeRange
    package var source: String

    package init(range: TimeRange, source: String) {
        self.range = range
        self.source = source
    }
}

extension Policy {
    /// Rule 1: the busy time a set of imported occurrences stands for.
    ///
    /// TRANSPARENT (RFC 5545 §3.8.2.7) and CANCELLED (§3.8.1.11) occurrences
    /// are free; TRANSPARENT wins over TENTATIVE. TENTATIVE and all-day
    /// occurrences are busy only as ``busy`` says. Floating times and all-day
    /// dates are read in ``zone``. Each block is widened by ``buffer`` on both
    /// sides. A zero-length occurrence takes no time unless the buffer widens
    /// it. The result is sorted by start, end, then source.
    package func busyBlocks(from occurrences: [Occurrence]) -> [BusyBlock] {
        var out: [BusyBlock] = []
        out.reserveCapacity(occurrences.count)
        for o in occurrences where isBusy(o) {
            if let widened = block(for: o.range(in: zone)) { out.append(BusyBlock(range: widened, source: o.source)) }
        }
        Self.sortBlocks(&out)
        return out
    }

    /// Whether an occurrence is busy time under these rules (see ``busyBlocks(from:)``).
    package func isBusy(_ o: Occurrence) -> Bool {
        if o.transparent || o.isCancelled { return false }
        if o.isTentative && !busy.tentative { return false }
        if o.isAllDay && !busy.allDay { return false }
        return true
    }

    /// The busy block of a busy occurrence's range: widened by ``buffer``,
    /// nil when it still takes no time.
    package func block(for range: TimeRange) -> TimeRange? {
        let widened = TimeRange(start: range.start - buffer, end: range.end + buffer)
        return widened.isEmpty ? nil : widened
    }

    /// The order of ``busyBlocks(from:)``: start, end, then source.
    package static func sortBlocks(_ blocks: inout [BusyBlock]) {
        blocks.sort { a, b in
            if a.range.start != b.range.start { return a.range.start < b.range.start }
            if a.range.end != b.range.end { return a.range.end < b.range.end }
            return a.source < b.source
        }
    }
}

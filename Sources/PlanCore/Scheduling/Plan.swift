/// One block of work on one task: a *booking* on the scoreboard.
public struct Sitting: Hashable, Sendable {
    public var taskId: String
    public var range: TimeRange
    /// 1-based position among the task's sittings.
    public var index: Int
    /// How many sittings the task has.
    public var count: Int

    public init(taskId: String, range: TimeRange, index: Int, count: Int) {
        self.taskId = taskId
        self.range = range
        self.index = index
        self.count = count
    }
}

/// What became of a task.
public enum TaskStatus: String, Hashable, Sendable, CaseIterable {
    /// All of its remaining work is placed.
    case scheduled
    /// None of it is placed; a ``Diagnostic`` says why.
    case unschedulable
    /// Nothing remained (`done` ≥ `estimate`).
    case done
}

/// The result for one task.
public struct TaskOutcome: Hashable, Sendable {
    public var id: String
    public var title: String
    public var status: TaskStatus
    /// The remaining work on the grid (`estimate − done`, rounded up).
    public var needed: Int64
    /// Total placed: `needed` when scheduled, else 0.
    public var scheduled: Int64
    public var firstStart: Instant?
    public var lastEnd: Instant?
    /// Elapsed `due − lastEnd`.
    public var slack: Int64?
    public var due: Instant
    /// 0-based position in the placement order of rule 8.
    public var rank: Int

    public init(id: String, title: String, status: TaskStatus, needed: Int64, scheduled: Int64,
                firstStart: Instant?, lastEnd: Instant?, slack: Int64?, due: Instant, rank: Int) {
        self.id = id
        self.title = title
        self.status = status
        self.needed = needed
        self.scheduled = scheduled
        self.firstStart = firstStart
        self.lastEnd = lastEnd
        self.slack = slack
        self.due = due
        self.rank = rank
    }
}

/// A rule that limits how much of a task fits (the `binding` ids of the contract).
public enum Limit: String, Hashable, Sendable, CaseIterable {
    /// The daily window (policy `dayStart`/`dayEnd`, task `earliest`/`latest`).
    case window
    /// Days that are not working days.
    case workingDays
    /// The longest sitting.
    case span
    /// The shortest sitting.
    case minSitting
    /// Calendar events (with their buffer).
    case busy
    /// Sittings of tasks placed before it.
    case otherTasks
    /// Its prerequisites.
    case after
    /// The daily maximum.
    case maxPerDay
    /// Its deadline.
    case due
    /// Its not-before time (later than `now`).
    case start
}

/// A change to one of a task's own fields that alone makes it fit.
public enum Fix: Hashable, Sendable {
    case due(Instant)
    case start(Instant)
    case earliest(TimeOfDay)
    case latest(TimeOfDay)
    case span(Int64)
    case minSitting(Int64)

    /// Whether lifting `limit` allows whatever this change allows.
    func loosens(_ limit: Limit) -> Bool {
        switch (self, limit) {
        case (.due, .due), (.start, .start), (.earliest, .window), (.latest, .window), (.span, .span),
             (.minSitting, .minSitting): true
        default: false
        }
    }

    /// The request field it changes.
    public var field: String {
        switch self {
        case .due: "due"
        case .start: "start"
        case .earliest: "earliest"
        case .latest: "latest"
        case .span: "span"
        case .minSitting: "minSitting"
        }
    }

    /// The new value as the request writes that field: a date-time on the
    /// clock of `zone`, `HH:MM`, or a canonical duration.
    public func value(in zone: some UTCOffsetProvider) -> String {
        switch self {
        case .due(let t), .start(let t): wireString(t, in: zone)
        case .earliest(let t), .latest(let t): t.hhmm
        case .span(let d), .minSitting(let d): ISODuration.format(d)
        }
    }
}

/// A finding about a task that is not a failure of the request. The only kind
/// so far is `unschedulable`.
public struct Diagnostic: Hashable, Sendable {
    /// Stable id: `unschedulable`.
    public var id: String
    public var taskId: String
    /// Remaining work (on the grid).
    public var needed: Int64
    /// The most of `needed` it could get under rules 1–7 given the tasks placed
    /// before it (see ``TaskScheduler`` for the exact definition).
    public var available: Int64
    public var shortBy: Int64 { needed - available }
    /// The limits that, lifted one at a time, would let it get more.
    public var binding: [Limit]
    /// At most one fix per field, in the order due, start, earliest, latest,
    /// span, minSitting.
    public var fixes: [Fix]

    public init(id: String = "unschedulable", taskId: String, needed: Int64, available: Int64,
                binding: [Limit], fixes: [Fix]) {
        self.id = id
        self.taskId = taskId
        self.needed = needed
        self.available = available
        self.binding = binding
        self.fixes = fixes
    }
}

/// The scheduler's answer: sittings, one outcome per task, diagnostics.
public struct Plan: Hashable, Sendable {
    /// Sorted by start, then task id.
    public var sittings: [Sitting]
    /// In input order.
    public var tasks: [TaskOutcome]
    /// In input order of their tasks.
    public var diagnostics: [Diagnostic]

    public init(sittings: [Sitting], tasks: [TaskOutcome], diagnostics: [Diagnostic]) {
        self.sittings = sittings
        self.tasks = tasks
        self.diagnostics = diagnostics
    }
}

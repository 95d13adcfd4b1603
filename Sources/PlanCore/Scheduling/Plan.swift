/// One block of work on one task: a *booking* on the scoreboard.
package struct Sitting: Hashable, Sendable {
    package var taskId: String
    package var range: TimeRange
    /// 1-based position among the task's sittings.
    package var index: Int
    /// How many sittings the task has.
    package var count: Int

    package init(taskId: String, range: TimeRange, index: Int, count: Int) {
        self.taskId = taskId
        self.range = range
        self.index = index
        self.count = count
    }
}

/// What became of a task.
package enum TaskStatus: String, Hashable, Sendable, CaseIterable {
    /// All of its remaining work is placed.
    case scheduled
    /// None of it is placed; a ``Diagnostic`` says why.
    case unschedulable
    /// Nothing remained (`done` ≥ `estimate`).
    case done
}

/// The result for one task.
package struct TaskOutcome: Hashable, Sendable {
    package var id: String
    package var title: String
    package var status: TaskStatus
    /// The remaining work on the grid (`estimate − done`, rounded up).
    package var needed: Int64
    /// Total placed: `needed` when scheduled, else 0.
    package var scheduled: Int64
    package var firstStart: Instant?
    package var lastEnd: Instant?
    /// Elapsed `due − lastEnd`.
    package var slack: Int64?
    package var due: Instant
    /// 0-based position in the placement order of rule 8.
    package var rank: Int

    package init(id: String, title: String, status: TaskStatus, needed: Int64, scheduled: Int64,
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
package enum Limit: String, Hashable, Sendable, CaseIterable {
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
/// The day a fix makes (``Diagnostic/fixDays``): its date, the work planned on it with the fix,
/// and the least busy day a plan re-made with the fix has over the same days.
package struct FixDay: Hashable, Sendable {
    package var day: LocalDate
    package var work: Int64
    package var least: Int64

    package init(day: LocalDate, work: Int64, least: Int64) {
        self.day = day
        self.work = work
        self.least = least
    }

    /// Whether the day is past what a re-made plan would hold (``BusiestBound``).
    package var crowded: Bool { !BusiestBound.holds(work, least: least) }
}

package enum Fix: Hashable, Sendable {
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
    package var field: String {
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
    package func value(in zone: some UTCOffsetProvider) -> String {
        switch self {
        case .due(let t), .start(let t): wireString(t, in: zone)
        case .earliest(let t), .latest(let t): t.hhmm
        case .span(let d), .minSitting(let d): ISODuration.format(d)
        }
    }
}

/// A finding about a task that is not a failure of the request. The only kind
/// so far is `unschedulable`.
package struct Diagnostic: Hashable, Sendable {
    /// Stable id: `unschedulable`.
    package var id: String
    package var taskId: String
    /// Remaining work (on the grid).
    package var needed: Int64
    /// The most of `needed` it could get under rules 1–7 given the tasks placed
    /// before it (see ``TaskScheduler`` for the exact definition).
    package var available: Int64
    package var shortBy: Int64 { needed - available }
    /// The limits that, lifted one at a time, would let it get more.
    package var binding: [Limit]
    /// At most one fix per field, in the order due, start, earliest, latest,
    /// span, minSitting.
    package var fixes: [Fix]
    /// When `binding` holds `after`: the task it comes after whose last
    /// sitting ends latest at its turn, and that end.
    package var prerequisiteId: String?
    package var prerequisiteEnd: Instant?
    /// A due, `finishEarly` after the due fix, by which the task fits and
    /// also finishes `finishEarly` early (balanced placement's margin); the
    /// whole request was planned again with it.
    package var marginDue: Instant?
    /// What following a fix makes, by the fix as it is offered (for a due fix with ``marginDue``,
    /// that due): the busiest day the task's sittings land on when it is added with the fix
    /// around the other tasks, and the least busy a plan re-made with it gives over those days.
    /// Filled in by the caller that has the plan (the service); empty otherwise.
    package var fixDays: [Fix: FixDay] = [:]

    package init(id: String = "unschedulable", taskId: String, needed: Int64, available: Int64,
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
package struct Plan: Hashable, Sendable {
    /// Sorted by start, then task id.
    package var sittings: [Sitting]
    /// In input order.
    package var tasks: [TaskOutcome]
    /// In input order of their tasks.
    package var diagnostics: [Diagnostic]

    package init(sittings: [Sitting], tasks: [TaskOutcome], diagnostics: [Diagnostic]) {
        self.sittings = sittings
        self.tasks = tasks
        self.diagnostics = diagnostics
    }
}

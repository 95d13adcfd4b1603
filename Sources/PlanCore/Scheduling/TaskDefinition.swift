/// When a task may start or is due, as the user gave it: a date (read in the
/// user's zone when planning, so a due date follows a change of zone), a
/// wall-clock time (likewise), or one instant, kept with the UTC offset it
/// was written with.
package enum TaskTime: Hashable, Sendable {
    case date(LocalDate)
    case local(LocalDateTime)
    case instant(Instant, offset: Int)

    /// A value read at the edge (CLI, RPC): an instant takes the offset of
    /// `zone` at that instant, a wall-clock time keeps whole minutes — the
    /// forms the contract's text of either edge has always had.
    package init(_ value: WireTime, zone: some UTCOffsetProvider) {
        switch value {
        case .date(let d): self = .date(d)
        case .local(let l): self = .local(LocalDateTime(date: l.date, hour: l.hour, minute: l.minute))
        case .instant(let i): self = .instant(i, offset: zone.offset(at: i))
        }
    }

    /// The contract's text (`2026-12-10`, `2026-12-10T17:00`,
    /// `2026-12-10T17:00:00-05:00`); nil when it is not one.
    package init?(contract text: String) {
        switch WireTime.parse(text) {
        case .date(let d)?:
            self = .date(d)
        case .local(let l)?:
            self = .local(l)
        case .instant(let i)?:
            // The offset written is the wall clock the text names less the instant.
            let u = Array(text.utf8)
            let clockEnd = u.count > 16 && u[16] == UInt8(ascii: ":") ? 19 : 16
            guard case .local(let l)? = WireTime.parse(String(decoding: u[..<clockEnd], as: UTF8.self)) else { return nil }
            self = .instant(i, offset: Int(l.secondsSinceEpoch - i.seconds))
        case nil:
            return nil
        }
    }

    /// The contract's text of this value (what ``init(contract:)`` reads back).
    package var contractText: String {
        switch self {
        case .date(let d): d.isoString
        case .local(let l): l.second == 0 ? String(l.isoString.prefix(16)) : l.isoString
        case .instant(let i, let offset): i.local(offset: offset).isoString + formatOffset(offset)
        }
    }

    /// The local day in `zone` it names: the date itself, the wall-clock
    /// time's date, or the instant's date there.
    package func day(in zone: some UTCOffsetProvider) -> LocalDate {
        switch self {
        case .date(let d): d
        case .local(let l): l.date
        case .instant(let i, _): zone.local(i).date
        }
    }

    /// The instant in `zone`: a date is its start, or with `endOfDay` its
    /// end (a due date alone means the end of that day).
    package func instant(in zone: some UTCOffsetProvider, endOfDay: Bool) -> Instant {
        switch self {
        case .date(let d): zone.resolve(LocalDateTime(date: endOfDay ? d.adding(days: 1) : d))
        case .local(let l): zone.resolve(l)
        case .instant(let i, _): i
        }
    }
}

/// A task as the user defined it, in typed values: what they left unset stays
/// unset (the defaults and the policy fill it in when planning), and dates
/// stay dates. ``PlanTask`` is what the scheduler makes of it for one
/// zone and policy (``PlanTask/checked(_:zone:policy:)``).
package struct TaskDefinition: Hashable, Sendable {
    package var id: String
    package var title: String
    package var project: String?
    package var notes: String?
    /// Total effort, elapsed seconds.
    package var estimate: Int64
    /// The longest sitting; nil for the default (2 hours).
    package var span: Int64?
    /// The shortest sitting; nil for the default (30 minutes).
    package var minSitting: Int64?
    /// Nil for the policy's `dayStart`.
    package var earliest: TimeOfDay?
    /// Nil for the policy's `dayEnd`.
    package var latest: TimeOfDay?
    /// Nil for `now`.
    package var start: TaskTime?
    package var due: TaskTime
    /// 1 (highest) … 4 (lowest); nil for the default (3).
    package var priority: Int?
    /// Ids of the tasks to finish first.
    package var after: [String]
    /// Time recorded on it, elapsed seconds: what the student said, never cut to the estimate.
    package var done: Int64
    /// Finished (`plan done TASK`): no work left, whatever was recorded.
    package var finished = false
    /// The work left as the student last said it (`plan done TASK --left 2h`), less what was
    /// recorded since; nil: what ``planned`` (else ``estimate``) leaves after ``done``.
    package var left: Int64?
    /// The work planned in all when it differs from the estimate the student typed: the
    /// estimate times how long the project's or series' finished tasks took against theirs
    /// (``EstimateRatio``); nil: the estimate.
    package var planned: Int64?
    /// How its sittings are laid out; nil for the policy's placement.
    package var placement: Placement?
    /// The hours balanced placement uses first (soft); nil for the policy's.
    package var prefer: PreferredHours?

    /// The work still to plan: none when finished; what the student said is left; else the
    /// planned work less the time recorded (never below zero).
    package var remaining: Int64 {
        if finished { return 0 }
        if let left { return max(0, left) }
        return max(0, (planned ?? estimate) - done)
    }

    /// Records `spent` more time: added to ``done`` as given, and taken off what the student
    /// said was left. A negative `spent` is not time.
    package mutating func record(spent: Int64) {
        let spent = max(0, spent)
        done += spent
        if let l = left { left = max(0, l - spent) }
    }

    /// The four members every task has; set the others as they are given.
    package init(id: String, title: String, estimate: Int64, due: TaskTime) {
        self.id = id
        self.title = title
        self.estimate = estimate
        self.due = due
        self.after = []
        self.done = 0
    }

    /// The contract's spelling of this task (what `--json` and `plan rpc`
    /// show): durations canonical, an empty `after` and no work done left out.
    package var spec: ScheduleRequest.TaskSpec {
        var spec = ScheduleRequest.TaskSpec(id: id, title: title, estimate: ISODuration.format(estimate), due: due.contractText)
        spec.project = project
        spec.notes = notes
        spec.span = span.map(ISODuration.format)
        spec.minSitting = minSitting.map(ISODuration.format)
        spec.earliest = earliest?.hhmm
        spec.latest = latest?.hhmm
        spec.start = start?.contractText
        spec.priority = priority
        spec.after = after.isEmpty ? nil : after
        spec.done = done == 0 ? nil : ISODuration.format(done)
        spec.placement = placement?.rawValue
        spec.prefer = prefer?.text
        return spec
    }

    /// Reads the contract's spelling of a task (a request's entry, or a task
    /// kept as text by an older store), refusing text that is not a duration,
    /// time or date, by the field's pointer under `path`. Values are not
    /// checked against each other here: ``PlanTask/checked(_:zone:policy:)`` does that.
    package init(_ spec: ScheduleRequest.TaskSpec, path: String) throws(ScheduleRequestError) {
        let reader = SpecFields(spec: spec, path: path)
        self.init(id: spec.id, title: spec.title, estimate: try reader.duration(.estimate)!, due: try reader.time(.due)!)
        project = spec.project
        notes = spec.notes
        span = try reader.duration(.span)
        minSitting = try reader.duration(.minSitting)
        earliest = try reader.clock(.earliest)
        latest = try reader.clock(.latest)
        start = try reader.time(.start)
        priority = spec.priority
        after = spec.after ?? []
        done = try reader.duration(.done) ?? 0
        if let text = spec.placement {
            guard let v = Placement(rawValue: text) else {
                throw ScheduleRequestError(.badValue, taskId: spec.id, field: "\(path)/placement",
                                           message: "\"\(text)\" is not a placement (balanced or early)")
            }
            placement = v
        }
        if let text = spec.prefer {
            guard let v = PreferredHours(text: text) else {
                throw ScheduleRequestError(.badValue, taskId: spec.id, field: "\(path)/prefer",
                                           message: "\"\(text)\" is not preferred hours (\(PreferredHours.accepted))")
            }
            prefer = v
        }
    }
}

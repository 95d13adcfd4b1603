import Foundation
import PlanCore
import PlanICal
import PlanStore

extension PlanService {
    /// A plan computed from the store, before anything is saved.
    struct Planned {
        var input: ScheduleInput
        var stored: [StoredTask]
        var plan: Plan
        var warnings: [ImportWarning]
        /// The calendars' busy time came from the store's cache (nothing was expanded).
        var busyFromCache: Bool
    }

    /// What a plan is made from: the stored tasks (plus any extra) as a
    /// validated request, and the calendars' busy time over its window.
    struct PlanningInputs {
        var input: ScheduleInput
        var stored: [StoredTask]
        var busy: [BusyBlock]
        var warnings: [ImportWarning]
        var busyFromCache: Bool
    }

    /// The inputs of a plan inside transaction `t` (see ``request(_:settings:now:extra:leaveOut:)``).
    func inputs(_ t: StoreTransaction, settings: PlanSettings, extra: [TaskDefinition] = [],
                leaveOut: Set<String> = []) throws -> PlanningInputs {
        let (input, stored) = try Self.request(t, settings: settings, now: now, extra: extra, leaveOut: leaveOut)
        let window = Self.window(input, now: now)
        var (busy, warnings, fromCache) = try busy(try t.calendars(), policy: input.policy, window: window, t: t)
        // The study-group sessions the user goes to, and the sittings the
        // student moved on the phone (kept there), are busy time too.
        let sessions = try groupSessionBlocks(t, policy: input.policy).filter { $0.range.overlaps(window) }
        let phone = try Self.phoneBlocks(t, now: now)
        if !sessions.isEmpty || !phone.isEmpty {
            busy += sessions + phone
            Policy.sortBlocks(&busy)
        }
        return PlanningInputs(input: input, stored: stored, busy: busy, warnings: warnings, busyFromCache: fromCache)
    }

    /// Plans inside transaction `t`: the stored tasks plus `extra`; tasks in
    /// `fixed` keep their stored sittings from `now` on (those that already
    /// ended stay too, as history).
    func planned(_ t: StoreTransaction, settings: PlanSettings, extra: [TaskDefinition] = [],
                 fixed: Set<String>, leaveOut: Set<String> = []) throws -> Planned {
        let i = try inputs(t, settings: settings, extra: extra, leaveOut: leaveOut)
        let pinned = Self.future(try Self.plannedSittings(t, now: now), now: now).filter { fixed.contains($0.key) }
        let plan = i.input.scheduler.plan(tasks: i.input.tasks, busy: i.busy, fixed: pinned)
        return Planned(input: i.input, stored: i.stored, plan: plan, warnings: i.warnings, busyFromCache: i.busyFromCache)
    }

    /// Each task's sittings that have not ended by `now`, in time order.
    static func future(_ sittings: [Sitting], now: Instant) -> [String: [TimeRange]] {
        var out: [String: [TimeRange]] = [:]
        for s in sittings where s.range.end > now { out[s.taskId, default: []].append(s.range) }
        return out.mapValues { $0.sorted { $0.start < $1.start } }
    }

    /// Adds a task: plans it around the calendars and the work already planned
    /// (which stays where it is) and saves it with its sittings, unless it
    /// does not fit, or `dryRun`. When it fits only if the whole plan is
    /// re-made, nothing moves unless `replan` is true.
    /// `preparing` links the task to an assessment of the grade book (refused
    /// when the grade book has no such course or assessment), in the same transaction.
    /// The task is read from `input` inside the transaction, against the
    /// stored zone and `now` (``TaskInput``): its id made from the title
    /// (unique among the stored tasks) unless given — and without one, a title a
    /// stored task has already is refused (``ServiceError/sameTitle(_:)``) —, its
    /// `after` resolved from ids or titles, its project matched to the stored ones
    /// (``project(_:_:known:)``).
    package func addTask(_ input: TaskInput, registering calendars: [String] = [],
                        dryRun: Bool, replan: Bool,
                        preparing: (course: String, assessment: String)? = nil) throws -> (AddTaskOutcome, [ImportWarning]) {
        try addTask(registering: calendars, dryRun: dryRun, replan: replan, asEstimated: input.asEstimated, preparing: preparing) { t in
            let existing = try t.tasks()
            let zone = try settings(t).zone
            let id: String
            if let given = input.id {
                id = try InputValue.name(given, field: "id", what: "id")
            } else {
                // Not a series' id either: `plan task show ID` names one thing.
                id = TaskIds.unique(TaskIds.slug(input.title ?? ""), taken: Set(existing.map(\.task.id)).union(try t.series().map(\.id)))
                // The same title again is most likely the same task added twice: only an id makes it another.
                if let title = input.title, let same = Self.sameTitle(title, among: existing.map(\.task), zone: zone) {
                    throw ServiceError.sameTitle(SameTitle(title: same.title, id: same.id, due: TimeText.day(same.due.day(in: zone)),
                                                           freeId: id))
                }
            }
            let after = try TaskInput.resolve(input.after ?? [], among: existing.map(\.task))
            return try input.definition(id: id, after: after, now: now, zone: zone)
        }
    }

    /// ``addTask(_:registering:dryRun:replan:preparing:)`` of a task already read (the benchmark's, a test's).
    package func addTask(_ spec: TaskDefinition, registering calendars: [String] = [],
                        dryRun: Bool, replan: Bool, asEstimated: Bool = false,
                        preparing: (course: String, assessment: String)? = nil) throws -> (AddTaskOutcome, [ImportWarning]) {
        try addTask(registering: calendars, dryRun: dryRun, replan: replan, asEstimated: asEstimated, preparing: preparing) { _ in spec }
    }

    private func addTask(registering calendars: [String], dryRun: Bool, replan: Bool, asEstimated: Bool,
                         preparing: (course: String, assessment: String)?,
                         _ read: (StoreTransaction) throws -> TaskDefinition) throws -> (AddTaskOutcome, [ImportWarning]) {
        try guarded {
            try prefetchSubscriptions()
            // Nothing is committed unless the task is saved: a refused task
            // leaves the store as it was, byte for byte.
            return try store.writeOrRollback { t in
                var warnings: [ImportWarning] = []
                var link: (course: String, assessment: String)?
                if let preparing {
                    let courses = try t.gradeCourses()
                    let c = courses[try Self.courseIndex(preparing.course, in: courses)]
                    link = (c.code, c.assessments[try Self.assessmentIndex(preparing.assessment, in: c)].name)
                }
                for path in calendars {
                    let absolute = Self.absolutePath(path)
                    if try t.calendars().contains(where: { $0.kind == .file(path: absolute) }) { continue }
                    warnings += try register(path: absolute, name: nil, t).1.warnings
                }
                // Repeating tasks gain the occurrences that came into the horizon, and owed work is
                // re-fitted, before this one is placed.
                try catchUp(t, settings: try settings(t))
                var spec = try read(t)
                try Self.checkText(spec)
                // The project `--for` gave is the grade book's course: its code, and no typo.
                let course = link.flatMap { l in spec.project?.lowercased() == preparing?.course.lowercased() ? l.course : nil }
                if let p = course ?? spec.project { spec.project = try Self.project(p, t, known: course != nil) }
                if !asEstimated { try learn(&spec, t, settings: try settings(t)) }
                var r = try addTask(spec, t, dryRun: dryRun, replan: replan)
                r.1 = warnings + r.1
                let saved: Bool = switch r.0 {
                case .placed(_, _, _, let saved), .needsReplan(_, _, _, let saved): saved
                case .unschedulable: false
                }
                if saved, let link { try t.linkTask(spec.id, course: link.course, assessment: link.assessment) }
                if !saved { planNotes.discard() }
                return (r, saved)
            }
        }
    }

    private func addTask(_ spec: TaskDefinition, _ t: StoreTransaction, dryRun: Bool,
                         replan: Bool) throws -> (AddTaskOutcome, [ImportWarning]) {
        let settings = try self.settings(t)
        let existing = try t.tasks()
        if existing.contains(where: { $0.task.id == spec.id }) {
            throw ServiceError.refused("a task with id \"\(spec.id)\" exists already (see `plan task show \(spec.id)`)")
        }
        let others = Set(existing.map(\.task.id))
        let first = try planned(t, settings: settings, extra: [spec], fixed: others)
        let mine = first.plan.sittings.filter { $0.taskId == spec.id }
        let outcome = first.plan.tasks.first { $0.id == spec.id }
        if outcome?.status != .unschedulable {
            if !dryRun {
                try t.saveTask(spec)
                try t.replaceSittings(taskId: spec.id, with: mine)
            }
            return (.placed(task: spec, sittings: mine, plan: first.plan, saved: !dryRun), first.warnings)
        }
        // Would it fit if everything were re-made in the contract's order,
        // with every task that has its place now keeping one? A re-made plan
        // that drops another task is never offered: that would lose its work.
        let full = try planned(t, settings: settings, extra: [spec], fixed: [])
        let scheduledNow = Set(first.plan.tasks.filter { $0.id != spec.id && $0.status == .scheduled }.map(\.id))
        let keepsTheRest = full.plan.tasks.allSatisfy { !scheduledNow.contains($0.id) || $0.status != .unschedulable }
        if keepsTheRest, full.plan.tasks.first(where: { $0.id == spec.id })?.status != .unschedulable {
            let old = try t.sittings()
            let moves = Self.moves(from: old, to: full.plan.sittings, now: now)
            let newSittings = full.plan.sittings.filter { $0.taskId == spec.id }
            if replan && !dryRun {
                try t.saveTask(spec)
                try save(full.plan, t)
            }
            return (.needsReplan(task: spec, moves: moves, sittings: newSittings, saved: replan && !dryRun), first.warnings)
        }
        var diagnostic = first.plan.diagnostics.first { $0.taskId == spec.id }
            ?? Diagnostic(taskId: spec.id, needed: outcome?.needed ?? 0, available: 0, binding: [], fixes: [])
        diagnostic.fixDays = try fixDays(spec, diagnostic, t, settings: settings)
        return (.unschedulable(task: spec, diagnostic: diagnostic), first.warnings)
    }

    /// Stores the sittings of every task in `plan` (future ones replaced;
    /// sittings that already ended are kept as history).
    func save(_ plan: Plan, _ t: StoreTransaction) throws {
        let old = try t.sittings()
        let pinned = try Self.pinned(t, now: now)
        let byTask = Dictionary(grouping: plan.sittings, by: \.taskId)
        for outcome in plan.tasks {
            let past = old.filter { $0.taskId == outcome.id && $0.range.end <= now }
            let future = (byTask[outcome.id] ?? []).map(\.range) + (pinned[outcome.id] ?? [])
            let all = past.map(\.range) + future.sorted { $0.start < $1.start }
            try t.replaceSittings(taskId: outcome.id, with: all.enumerated().map {
                Sitting(taskId: outcome.id, range: $0.element, index: $0.offset + 1, count: all.count)
            })
        }
    }

    /// What changed between two sets of sittings, task by task (only tasks
    /// whose future sittings differ).
    static func moves(from old: [Sitting], to new: [Sitting], now: Instant) -> [Move] {
        let before = future(old, now: now)
        let after = Dictionary(grouping: new, by: \.taskId).mapValues { $0.map(\.range) }
        return Set(before.keys).union(after.keys).sorted().compactMap { id in
            let b = before[id] ?? [], a = after[id] ?? []
            return b == a ? nil : Move(taskId: id, before: b, after: a)
        }
    }

    // MARK: Reading tasks

    /// Every task with its state, progress, next sitting and slack.
    package func tasks() throws -> [TaskRow] {
        try guarded {
            try store.read { t in
                let settings = try self.settings(t)
                return try Self.rows(t, settings: settings, now: now)
            }
        }
    }

    static func rows(_ t: StoreTransaction, settings: PlanSettings, now: Instant) throws -> [TaskRow] {
        let zone = settings.zone
        let sittings = Dictionary(grouping: try t.sittings(), by: \.taskId)
        let links = try t.seriesLinks()
        return try t.tasks().map { stored in
            let spec = stored.task
            let estimate = spec.estimate, done = spec.done
            let due = spec.due.instant(in: zone, endOfDay: true)
            let mine = (sittings[spec.id] ?? []).sorted { $0.range.start < $1.range.start }
            let state: TaskRow.State
            if spec.remaining == 0 {
                state = .done
            } else if due <= now {
                state = .overdue
            } else if mine.contains(where: { $0.range.end > now }) {
                state = .scheduled
            } else {
                state = .unscheduled
            }
            let slack = state == .scheduled ? mine.last.map { due - $0.range.end } : nil
            var row = TaskRow(task: spec, state: state, estimate: estimate, done: done, sittings: mine,
                              next: state == .done ? nil : mine.first { $0.range.end > now }, slack: slack, due: due)
            row.series = links[spec.id]?.seriesId
            // Work not recorded and not planned ahead (a sitting that passed with nothing recorded) is owed.
            let ahead = mine.reduce(Int64(0)) { $0 + max(0, $1.range.end - max($1.range.start, now)) }
            row.owed = state == .done ? 0 : max(0, spec.remaining - ahead)
            return row
        }
    }

    /// One task by id, or by title when no id matches (case-insensitive).
    package func task(_ key: String) throws -> TaskRow {
        let rows = try tasks()
        guard let id = Self.taskId(key, among: rows.map(\.task)),
              let row = rows.first(where: { $0.task.id == id }) else {
            throw try guarded { try store.read { t in try Self.noSuchTask(key, t, now: now, zone: try settings(t).zone) } }
        }
        return row
    }

    /// Why no task is `key`: a repeating task's id or title names one of its occurrences
    /// (the next, by id); anything else is not found.
    static func noSuchTask(_ key: String, _ t: StoreTransaction, now: Instant, zone: SystemZone) throws -> ServiceError {
        let all = try t.series()
        guard let id = seriesId(key, among: all) else { return unknownTask(key, among: try t.tasks().map(\.task)) }
        let links = try t.seriesLinks()
        let next = try t.tasks().map(\.task)
            .filter { links[$0.id]?.seriesId == id && $0.remaining > 0 && $0.due.instant(in: zone, endOfDay: true) > now }
            .min { ($0.due.instant(in: zone, endOfDay: true), $0.id) < ($1.due.instant(in: zone, endOfDay: true), $1.id) }
        let example = next.map { ", e.g. \($0.id) (the next one)" } ?? ""
        return .refused("\"\(key)\" is a repeating task: name one of its occurrences\(example); all are in `plan task show \(id)`")
    }

    /// No task is `key`: not found, with the id of the task whose id or title `key` is
    /// likely a typo of (``EditDistance/nearest(_:in:limit:)``), when there is one.
    static func unknownTask(_ key: String, among tasks: [TaskDefinition]) -> ServiceError {
        let ids = tasks.map(\.id).sorted()
        let idOfTitle = Dictionary(tasks.map { ($0.title, $0.id) }) { a, b in min(a, b) }
        let near = EditDistance.nearest(key, in: ids)
            ?? EditDistance.nearest(key, in: idOfTitle.keys.sorted()).flatMap { idOfTitle[$0] }
        return .notFound(kind: "task", name: key, near: near)
    }

    /// The id of the task `key` names: an id, else the one title that matches
    /// (case-insensitive); nil when none or several do.
    static func taskId(_ key: String, among tasks: [TaskDefinition]) -> String? {
        if tasks.contains(where: { $0.id == key }) { return key }
        let byTitle = tasks.filter { $0.title.lowercased() == key.lowercased() }
        return byTitle.count == 1 ? byTitle[0].id : nil
    }

    // MARK: Changing tasks

    /// Records what the student says of a task (``DoneInput``): time spent, as given; the work
    /// left; finished. Time recorded is never cut to the estimate. A task with work left is then
    /// re-fitted around the others; when it no longer fits so, the plan is re-made keeping every
    /// sitting that still obeys the rules (as `plan replan`), so `done` never leaves work unplanned
    /// that `replan` would place.
    package func done(_ key: String, _ input: DoneInput) throws -> TaskRow {
        let read = try guarded { try input.read() }
        // Recording is not planning: the other tasks' owed work waits for the next planning command
        // (the evening's `done`s come one by one, and a sitting not recorded yet is not missed yet).
        return try writingTask(key, catchingUp: false) { t, settings, spec in
            let id = spec.id
            if let spent = read.spent {
                spec.record(spent: spent)
                try t.recordProgress(taskId: id, at: now, spent: spent)
            }
            // Work left means not finished, whatever was said before.
            if let left = read.left { (spec.left, spec.finished) = (left, false) }
            if read.finished { (spec.finished, spec.left) = (true, nil) }
            try t.saveTask(spec)
            if spec.remaining == 0 {
                let kept = try t.sittings().filter { $0.taskId == id && $0.range.end <= now }
                try t.replaceSittings(taskId: id, with: kept)
            } else {
                try refitKeepingRules(id, t, settings: settings)
            }
            return try Self.rows(t, settings: settings, now: now).first { $0.task.id == id }!
        }
    }

    /// Runs `body` in one write transaction on the stored definition of the
    /// task `key` names, with the stored settings, after the series are extended and (when
    /// `catchingUp`) owed work is re-fitted (``catchUp(_:settings:)``).
    func writingTask<T>(_ key: String, catchingUp: Bool = true,
                        _ body: (StoreTransaction, PlanSettings, inout TaskDefinition) throws -> T) throws -> T {
        try guarded {
            try prefetchSubscriptions()
            return try store.write { t in
                let settings = try self.settings(t)
                if catchingUp { try catchUp(t, settings: settings) } else { try extendSeries(t, settings: settings) }
                let tasks = try t.tasks()
                guard let id = Self.taskId(key, among: tasks.map(\.task)), var spec = tasks.first(where: { $0.task.id == id })?.task else {
                    throw try Self.noSuchTask(key, t, now: now, zone: settings.zone)
                }
                return try body(t, settings, &spec)
            }
        }
    }

    /// Gives task `id` its past sittings and then `future`, numbered anew.
    func replaceFutureSittings(of id: String, _ t: StoreTransaction, with future: [TimeRange]) throws {
        let past = try t.sittings().filter { $0.taskId == id && $0.range.end <= now }.map(\.range)
        let all = past + (future + (try Self.pinned(t, now: now)[id] ?? [])).sorted { $0.start < $1.start }
        try t.replaceSittings(taskId: id, with: all.enumerated().map {
            Sitting(taskId: id, range: $0.element, index: $0.offset + 1, count: all.count)
        })
    }

    /// Re-plans one task around everything else (which stays); when it no
    /// longer fits, its future sittings are dropped and `plan tasks` shows it
    /// unscheduled.
    func refit(_ id: String, _ t: StoreTransaction, settings: PlanSettings) throws {
        let others = Set(try t.tasks().map(\.task.id)).subtracting([id])
        let p = try planned(t, settings: settings, fixed: others)
        let future = p.plan.tasks.first { $0.id == id }?.status == .scheduled
            ? p.plan.sittings.filter { $0.taskId == id }.map(\.range) : []
        try replaceFutureSittings(of: id, t, with: future)
    }

    /// Changes a task's fields and re-plans it around the others; refused
    /// (nothing saved) when the changed task no longer fits.
    /// The fields given in `input` are read inside the transaction, against
    /// the stored zone and `now` (``TaskInput``); `after` names tasks by id
    /// or title.
    package func editTask(_ key: String, _ input: TaskInput) throws -> (TaskRow, Diagnostic?) {
        try writingTask(key) { t, settings, spec in
            let id = spec.id
            let all = try t.tasks().map(\.task)
            let after = try input.after.map { keys throws(InputError) in try TaskInput.resolve(keys, among: all) }
            try Self.checkRetitle(input.title, from: spec.title, mine: [id], among: all, zone: settings.zone)
            try input.apply(to: &spec, after: after, now: now, zone: settings.zone)
            spec.id = id
            try Self.checkText(spec)
            if input.project != nil, let p = spec.project { spec.project = try Self.project(p, t) }
            let others = Set(try t.tasks().map(\.task.id)).subtracting([id])
            let p = try planned(t, settings: settings, extra: [spec], fixed: others, leaveOut: [id])
            if let d = p.plan.diagnostics.first(where: { $0.taskId == id }) {
                throw EditRefused(diagnostic: d)
            }
            try t.saveTask(spec)
            try replaceFutureSittings(of: id, t, with: p.plan.sittings.filter { $0.taskId == id }.map(\.range))
            return (try Self.rows(t, settings: settings, now: now).first { $0.task.id == id }!, nil)
        }
    }

    /// Thrown inside the edit transaction so it rolls back.
    package struct EditRefused: Error {
        package var diagnostic: Diagnostic
    }

    package func removeTask(_ key: String) throws -> String {
        let id = try task(key).task.id
        try guarded {
            try store.write { t in
                let dependents = try t.tasks().filter { $0.task.after.contains(id) }.map(\.task.id)
                if !dependents.isEmpty {
                    throw ServiceError.refused("\(dependents.joined(separator: ", ")) depend(s) on \"\(id)\" (after); remove or edit them first")
                }
                try t.removeTask(id: id)
            }
        }
        return id
    }
}

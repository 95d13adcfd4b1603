import PlanCore
import PlanICal
import PlanStore

extension PlanService {
    /// The settings key of the planning horizon (seconds, as decimal text).
    static let horizonKey = "horizon"
    /// How far ahead a series' occurrences exist unless `plan policy set --horizon` says: 4 weeks.
    package static let defaultHorizon: Int64 = 28 * 86_400
    /// The longest horizon: a year (52 weeks).
    package static let maxHorizon: Int64 = 52 * 7 * 86_400

    /// The last date occurrences exist for: today + the horizon, in the user's zone.
    func horizonDate(_ settings: PlanSettings) -> LocalDate {
        settings.zone.local(now + settings.horizon).date
    }

    // MARK: Adding

    /// Adds a repeating task: makes its occurrences through the horizon and plans them
    /// around the plan (which stays), in one transaction. When none of them fits, nothing
    /// is saved; when more fit only if the whole plan is re-made, nothing is saved unless
    /// `replan`.
    package func addSeries(_ input: SeriesInput, registering calendars: [String] = [], dryRun: Bool,
                           replan: Bool) throws -> (SeriesAdded, [ImportWarning]) {
        try guarded {
            try prefetchSubscriptions()
            return try store.writeOrRollback { t in
                var warnings: [ImportWarning] = []
                for path in calendars {
                    let absolute = Self.absolutePath(path)
                    if try t.calendars().contains(where: { $0.kind == .file(path: absolute) }) { continue }
                    warnings += try register(path: absolute, name: nil, t).1.warnings
                }
                let settings = try self.settings(t)
                try catchUp(t, settings: settings)
                let existing = try t.tasks()
                let taken = Set(existing.map(\.task.id)).union(try t.series().map(\.id))
                let id: String
                if let given = input.task.id {
                    id = try InputValue.name(given, field: "id", what: "id")
                    if taken.contains(id) {
                        throw ServiceError.refused("a task or series with id \"\(id)\" exists already (see `plan task show \(id)`)")
                    }
                } else {
                    id = TaskIds.unique(TaskIds.slug(input.task.title ?? ""), taken: taken)
                    // As for a task: the same title again is most likely the same work added twice.
                    if let title = input.task.title, let same = Self.sameTitle(title, among: existing.map(\.task), zone: settings.zone) {
                        throw ServiceError.sameTitle(SameTitle(title: same.title, id: same.id,
                                                               due: TimeText.day(same.due.day(in: settings.zone)), freeId: id))
                    }
                }
                var series = try input.series(id: id, now: now, zone: settings.zone)
                try Self.checkText(series.template)
                if let p = series.template.project { series.template.project = try Self.project(p, t) }
                let horizon = horizonDate(settings)
                if let until = series.until, until < settings.zone.local(now).date {
                    throw InputError("until", "\(until) is past: no occurrence is left to make", isRefusal: true)
                }
                let made = try makeOccurrences(&series, t, settings: settings, horizon: horizon, strict: true)
                let (added, w) = try place(series, made, t, settings: settings, horizon: horizon, dryRun: dryRun, replan: replan)
                if !added.saved { planNotes.discard() }
                return ((added, warnings + w), added.saved)
            }
        }
    }

    /// Plans `occurrences` (made just now for `series`) around the stored plan and saves
    /// them with the series unless none fits, the plan must be re-made and `replan` is
    /// false, or `dryRun`.
    private func place(_ series: TaskSeries, _ made: [Made], _ t: StoreTransaction, settings: PlanSettings,
                       horizon: LocalDate, dryRun: Bool, replan: Bool) throws -> (SeriesAdded, [ImportWarning]) {
        let occurrences = made.map(\.task)
        let others = Set(try t.tasks().map(\.task.id))
        let mine = Set(occurrences.map(\.id))
        let first = try planned(t, settings: settings, extra: occurrences, fixed: others)
        func unfit(_ plan: Plan) -> [Diagnostic] {
            occurrences.compactMap { o in
                guard plan.tasks.first(where: { $0.id == o.id })?.status == .unschedulable else { return nil }
                return plan.diagnostics.first { $0.taskId == o.id }
                    ?? Diagnostic(taskId: o.id, needed: o.estimate, available: 0, binding: [], fixes: [])
            }
        }
        var result = SeriesAdded(status: .placed, series: series, occurrences: occurrences,
                                 sittings: first.plan.sittings.filter { mine.contains($0.taskId) },
                                 unfit: unfit(first.plan), moves: [], horizon: horizon, saved: false, plan: first.plan)
        if !result.unfit.isEmpty {
            // Would more of them fit if everything were re-made, every task placed now keeping a place?
            let full = try planned(t, settings: settings, extra: occurrences, fixed: [])
            let scheduledNow = Set(first.plan.tasks.filter { !mine.contains($0.id) && $0.status == .scheduled }.map(\.id))
            let keepsTheRest = full.plan.tasks.allSatisfy { !scheduledNow.contains($0.id) || $0.status != .unschedulable }
            let fullUnfit = unfit(full.plan)
            if keepsTheRest, fullUnfit.count < result.unfit.count {
                result.status = .needsReplan
                result.moves = Self.moves(from: try t.sittings(), to: full.plan.sittings, now: now).filter { !mine.contains($0.taskId) }
                result.sittings = full.plan.sittings.filter { mine.contains($0.taskId) }
                result.unfit = fullUnfit
                result.plan = full.plan
                if replan && !dryRun {
                    try save(series, made, t)
                    try save(full.plan, t)
                    result.saved = true
                }
                return (result, first.warnings)
            }
            if result.unfit.count == occurrences.count {
                result.status = .unschedulable
                return (result, first.warnings)
            }
        }
        if !dryRun {
            try save(series, made, t)
            for o in occurrences {
                let s = result.sittings.filter { $0.taskId == o.id }
                if !s.isEmpty { try t.replaceSittings(taskId: o.id, with: s) }
            }
            result.saved = true
        }
        return (result, first.warnings)
    }

    /// Saves a series and its occurrences (made by ``makeOccurrences(_:_:settings:horizon:strict:)``).
    private func save(_ series: TaskSeries, _ occurrences: [Made], _ t: StoreTransaction) throws {
        try t.saveSeries(series)
        for o in occurrences {
            try t.saveTask(o.task)
            try t.linkOccurrence(o.task.id, to: SeriesLink(seriesId: series.id, key: o.key))
        }
    }

    /// An occurrence made: its task and its key in the series.
    struct Made {
        var task: TaskDefinition
        var key: String
    }

    // MARK: Making occurrences

    /// The occurrences `series` makes now, through `horizon`, as tasks with fresh ids
    /// (due after `now`, each not made before), and the series advanced past them
    /// (``TaskSeries/through``, ``TaskSeries/made``). A class-tied series reads its class
    /// from the registered calendars; `strict` refuses a class name that matches nothing
    /// or several classes (when adding), else such a series makes nothing (when extending).
    func makeOccurrences(_ series: inout TaskSeries, _ t: StoreTransaction, settings: PlanSettings, horizon: LocalDate,
                         strict: Bool) throws -> [Made] {
        let zone = settings.zone
        let today = zone.local(now).date
        // The occurrences the series has (a task linked by its key) or skipped: each is made once.
        let known = Set(try t.seriesLinks().values.filter { $0.seriesId == series.id }.map(\.key))
            .union(try t.skips(series: series.id).map(\.key))
        var wanted: [(occurrence: TaskSeries.Occurrence, date: LocalDate)]
        // Where one expansion's cap (not the series' own --count) cut it short, the series is
        // made only through the day before the first one left (a class may meet twice that day),
        // not to the horizon: the next extension makes the rest.
        var madeThrough = horizon
        if series.className != nil {
            guard let (name, meetings, _) = try classMeetings(of: series, t, settings: settings, through: horizon, strict: strict) else { return [] }
            // The series keeps the class's whole name (`HIST 200` → `HIST 200 The Atlantic World, 1500-1800`),
            // so a class added later whose name also contains the words does not make it ambiguous.
            series.name(name)
            let fresh = meetings.filter { m in
                !known.contains(m.meeting.key) && series.through.map { m.originalDate > $0 } ?? true
                    && series.from.map { m.originalDate >= $0 } ?? true && series.until.map { m.originalDate <= $0 } ?? true
            }
            let occurrences = series.classOccurrences(meetings.map(\.meeting), offset: { zone.offset(at: $0) })
            let byKey = Dictionary(occurrences.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            let left = series.count.map { max(0, $0 - series.made) } ?? Recurrence.maxOccurrences
            let all = fresh.compactMap { m in byKey[m.meeting.key].map { ($0, m.originalDate) } }
            wanted = Array(all.prefix(left))
            if series.count == nil, let first = all.dropFirst(left).map(\.1).min() { madeThrough = first.adding(days: -1) }
        } else {
            wanted = series.coming(today: today, through: horizon).map { o in
                let date: LocalDate = switch o.due {
                case .date(let d): d
                case .local(let l): l.date
                case .instant(let i, _): zone.local(i).date
                }
                return (o, date)
            }
            // One key a date: the last date made is made whole.
            if series.count == nil, wanted.count == Recurrence.maxOccurrences, let last = wanted.last { madeThrough = last.date }
        }
        // A due already past is not made, nor counted against --count; nor one made or skipped before.
        wanted = wanted.filter { $0.occurrence.due.instant(in: zone, endOfDay: true) > now && !known.contains($0.occurrence.key) }
        series.through = max(series.through ?? madeThrough, madeThrough)
        series.made += wanted.count
        var taken = Set(try t.tasks().map(\.task.id))
        var out: [Made] = []
        for (o, date) in wanted {
            let id = TaskIds.unique(series.occurrenceId(date: date), taken: taken)
            taken.insert(id)
            var task = series.task(o, id: id)
            try learn(&task, series: series.id, t, settings: settings)
            out.append(Made(task: task, key: o.key))
        }
        return out
    }

    /// A class meeting with the date (in the user's zone) it was first planned on.
    struct DatedMeeting {
        var meeting: TaskSeries.ClassMeeting
        var originalDate: LocalDate
    }

    /// Every meeting, from `now` through `horizon` (the `window` read), of the class the registered calendars
    /// call `name` (their SUMMARY; case and spacing ignored): the events so named, else the
    /// one name that contains `name`. Nil (or, when `strict`, an error naming the value and
    /// what the calendars have) when no class or several classes match.
    func classMeetings(of series: TaskSeries, _ t: StoreTransaction, settings: PlanSettings, through horizon: LocalDate,
                       strict: Bool) throws -> (name: String, meetings: [DatedMeeting], window: TimeRange)? {
        guard let name = series.className else { return nil }
        let zone = settings.zone
        // From a week back (the meeting before the first coming one), or for work after a
        // class, from the earliest meeting whose work may still be due.
        var since = now - 7 * 86_400
        if case .afterClass(_, let within) = series.kind { since = min(since, now - within - 86_400) }
        let field = series.kind == .beforeClass(name) ? "before" : "afterClass"
        let window = TimeRange(start: since, end: zone.resolve(LocalDateTime(date: horizon.adding(days: 1))))
        var events: [PlanCore.Occurrence] = []
        for c in try t.calendars() {
            let r = try ImportMemo.shared.imported(from: try feed(for: c, t), options: ImportOptions(window: window, floatingZone: zone))
            events += r.occurrences.filter { $0.summary != nil && !$0.isAllDay }
        }
        func norm(_ s: String) -> String { s.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let wantedName = norm(name)
        var names = Set(events.map { norm($0.summary!) })
        var chosen: String?
        if names.contains(wantedName) {
            chosen = wantedName
        } else {
            let containing = names.filter { $0.contains(wantedName) }.sorted()
            if containing.count == 1 { chosen = containing[0] }
            if containing.count > 1 {
                guard strict else { return nil }
                let shown = containing.prefix(6).map { "\"\(Self.display($0, events))\"" }.joined(separator: ", ")
                throw InputError(field, "\"\(name)\" names several classes in your calendars: \(shown)\(containing.count > 6 ? ", …" : ""); give the whole name", isRefusal: true)
            }
        }
        guard let chosen else {
            guard strict else { return nil }
            if events.isEmpty {
                throw InputError(field, "no class called \"\(name)\": your registered calendars have no timed events through \(horizon) (register one with `plan calendar add FILE.ics` or --calendar)", isRefusal: true)
            }
            let words = Set(wantedName.split(separator: " "))
            names = names.filter { !Set($0.split(separator: " ")).isDisjoint(with: words) }
            let near = (names.isEmpty ? Set(events.map { norm($0.summary!) }) : names).sorted().prefix(6)
            throw InputError(field, "no class called \"\(name)\" in your calendars through \(horizon); they have \(near.map { "\"\(Self.display($0, events))\"" }.joined(separator: ", "))", isRefusal: true)
        }
        let matched = events.filter { norm($0.summary!) == chosen }
        let meetings = matched
            .map { e in
                let original = e.recurrenceId ?? e.start
                let range = e.range(in: zone)
                return DatedMeeting(meeting: TaskSeries.ClassMeeting(key: e.uid + "|" + original.wireString, start: range.start,
                                                                     end: range.end, cancelled: e.isCancelled),
                                    originalDate: zone.local(original.instant(in: zone)).date)
            }
            .sorted { ($0.meeting.start, $0.meeting.key) < ($1.meeting.start, $1.meeting.key) }
        return (matched.first?.summary ?? name, meetings, window)
    }

    /// The SUMMARY as a calendar writes it, for a normalised name.
    private static func display(_ normalised: String, _ events: [PlanCore.Occurrence]) -> String {
        let summary = events.first { $0.summary!.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ") == normalised }?.summary
        return TerminalText.label(summary ?? normalised)
    }

    // MARK: Extending as time passes

    /// Makes every series' occurrences through the horizon, moves the work of a class
    /// that moved and drops (when not started) the work of a class cancelled, then plans
    /// what is new or changed around the rest of the plan, which stays. Returns the ids of
    /// the occurrences made.
    @discardableResult
    func extendSeries(_ t: StoreTransaction, settings: PlanSettings) throws -> [String] {
        let all = try t.series()
        guard !all.isEmpty else { return [] }
        let horizon = horizonDate(settings)
        var touched: [String] = []
        var made: [String] = []
        let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
        let links = try t.seriesLinks()
        for var series in all {
            if series.className != nil {
                touched += try followClass(series, t, settings: settings, horizon: horizon, tasks: tasks, links: links)
            } else if (series.through ?? .init(daysSinceEpoch: Int64.min / 2)) >= horizon {
                continue
            }
            let occurrences = try makeOccurrences(&series, t, settings: settings, horizon: horizon, strict: false)
            try save(series, occurrences, t)
            made += occurrences.map(\.task.id)
        }
        touched += made
        guard !touched.isEmpty else { return [] }
        let others = Set(try t.tasks().map(\.task.id)).subtracting(touched)
        let p = try planned(t, settings: settings, fixed: others)
        let stillThere = Set(try t.tasks().map(\.task.id))
        for id in touched where stillThere.contains(id) {
            let future = p.plan.tasks.first { $0.id == id }?.status == .scheduled
                ? p.plan.sittings.filter { $0.taskId == id }.map(\.range) : []
            try replaceFutureSittings(of: id, t, with: future)
        }
        return made
    }

    /// A class-tied series' coming occurrences set to its class as the calendars have it
    /// now: moved with a class that moved, removed (when no work is done on them) with a
    /// class cancelled or gone. Returns the ids of those moved.
    private func followClass(_ series: TaskSeries, _ t: StoreTransaction, settings: PlanSettings, horizon: LocalDate,
                             tasks: [String: TaskDefinition], links: [String: SeriesLink]) throws -> [String] {
        guard let (_, meetings, window) = try classMeetings(of: series, t, settings: settings, through: horizon, strict: false) else { return [] }
        let zone = settings.zone
        let occurrences = series.classOccurrences(meetings.map(\.meeting), offset: { zone.offset(at: $0) })
        let byKey = Dictionary(occurrences.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var moved: [String] = []
        for (id, link) in links.sorted(by: { $0.key < $1.key }) where link.seriesId == series.id {
            guard var task = tasks[id], task.remaining > 0, task.due.instant(in: zone, endOfDay: true) > now else { continue }
            if let o = byKey[link.key] {
                if o.due != task.due || o.start != task.start {
                    (task.due, task.start) = (o.due, o.start)
                    try t.saveTask(task)
                    moved.append(id)
                }
            } else if task.done == 0, !task.finished, let met = meetingTime(of: task, in: series, zone: zone), window.contains(met) {
                // Cancelled, or gone from the calendar: no class, no work. (A meeting outside
                // the window read — a horizon made shorter — is not known to be gone.)
                try t.removeTask(id: id)
            }
        }
        return moved
    }

    /// When the class meeting an occurrence follows took place (as last read): its start
    /// (the due) before a class, its end (the start) after one.
    private func meetingTime(of task: TaskDefinition, in series: TaskSeries, zone: SystemZone) -> Instant? {
        switch series.kind {
        case .beforeClass: task.due.instant(in: zone, endOfDay: true)
        case .afterClass: task.start?.instant(in: zone, endOfDay: false)
        case .every, .each: nil
        }
    }
}


import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

// MARK: Input helpers

/// `--estimate 6h`, `90m`, `1.5h`, `PT1H30M` → seconds, in whole minutes.
func duration(_ text: String, option: String) throws -> Int64 {
    guard let s = HumanInput.duration(text) else {
        throw ValidationError("\(option) \(text): expected a duration like 90m, 1h30m, 1.5h or PT1H30M")
    }
    return ISODuration.wholeMinutes(s)
}

/// `--due fri`, `tomorrow`, `+3d`, `2026-12-10`, `2026-12-10T17:00` → a date, a wall-clock time or an instant.
func taskTime(_ text: String, option: String, now: Instant, zone: SystemZone) throws -> TaskTime {
    guard let v = HumanInput.date(text, now: now, zone: zone) else {
        throw ValidationError("\(option) \(text): expected a date like 2026-12-10, 2026-12-10T17:00, today, tomorrow, fri or +3d")
    }
    return TaskTime(v, zone: zone)
}

/// `--earliest 09:00`.
func timeOfDay(_ text: String, option: String, allow24: Bool) throws -> TimeOfDay {
    guard DateText.parseClock(text, allow24: allow24) != nil, text.count == 5,
          let value = TimeOfDay(hhmm: text, allowEndOfDay: allow24) else {
        throw ValidationError("\(option) \(text): expected a time of day HH:MM\(allow24 ? " (24:00 allowed)" : "")")
    }
    return value
}

func zoneOf(_ settings: PlanSettings) -> SystemZone { SystemZone(identifier: settings.timeZone) ?? .utc }

/// Prints text, or JSON when asked.
func emit(_ json: Bool, _ value: some Encodable, text: () -> String) {
    if json { print(Wire.encode(value)) } else { print(text(), terminator: "") }
}

func clock(_ i: Instant, _ zone: some UTCOffsetProvider) -> String {
    let l = zone.local(i)
    return "\(l.hour < 10 ? "0" : "")\(l.hour):\(l.minute < 10 ? "0" : "")\(l.minute)"
}

func dayText(_ i: Instant, _ zone: some UTCOffsetProvider) -> String {
    let l = zone.local(i)
    return "\(EventsOutput.weekdayName(l.date)) \(l.date.isoString) \(clock(i, zone))"
}

/// A deadline: midnight reads as 24:00 of the day before (`due Fri … 24:00`).
func dueText(_ i: Instant, _ zone: some UTCOffsetProvider) -> String {
    let l = zone.local(i)
    guard l.secondOfDay == 0 else { return dayText(i, zone) }
    let d = l.date.adding(days: -1)
    return "\(EventsOutput.weekdayName(d)) \(d.isoString) 24:00"
}

/// The study plan of one task: its sittings day by day, with totals.
func studyPlan(_ sittings: [Sitting], title: String, zone: some UTCOffsetProvider) -> String {
    var out = ""
    var day: LocalDate?
    for s in sittings.sorted(by: { $0.range.start < $1.range.start }) {
        let d = zone.local(s.range.start).date
        if d != day {
            day = d
            let total = sittings.filter { zone.local($0.range.start).date == d }.reduce(Int64(0)) { $0 + $1.range.duration }
            out += "\(EventsOutput.weekdayName(d)) \(d.isoString)  \(ISODuration.humanString(total))\n"
        }
        out += "  \(clock(s.range.start, zone))–\(clock(s.range.end, zone))  \(title) (\(s.index)/\(s.count))  \(ISODuration.humanString(s.range.duration))\n"
    }
    return out
}

// MARK: add-task

struct AddTaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add-task",
        abstract: "Add a task and get its study plan: work sessions fitted around your classes.",
        discussion: """
        plan fits the task's sittings into the free time of your registered calendars, \
        leaving the work already planned for other tasks where it is, prints them day by \
        day and saves the task. If it cannot fit, nothing is saved: plan says why and \
        which single change (a later due date, an earlier start, longer sittings, …) would \
        make it fit.

        Durations: 90m, 1h30m, 1.5h or PT1H30M. Dates: 2026-12-10, 2026-12-10T17:00, \
        today, tomorrow, fri (the next Friday), +3d, read in your time zone; a due date \
        alone means the end of that day.

        Example (one command from a class schedule to a study plan):
          plan add-task "History essay" --project HIST200 --estimate 6h --span 90m --due 2026-12-10 \\
              --earliest 09:00 --calendar Examples/fall-2026-classes.ics

        Exit codes: 0 saved (or would be, with --dry-run); 3 does not fit, nothing saved; \
        4 fits only if other tasks move, nothing saved (add --replan); 65 invalid input; \
        66 a calendar cannot be read; 75 the store is busy.
        """
    )

    @Argument(help: "What the task is, e.g. \"History essay\".")
    var title: String

    @Option(help: "Project (course) it belongs to; created when new.")
    var project: String?

    @Option(help: ArgumentHelp("Total effort, e.g. 6h.", valueName: "duration"))
    var estimate: String

    @Option(help: ArgumentHelp("Longest sitting (attention span). Default 2h.", valueName: "duration"))
    var span: String?

    @Option(name: .customLong("min"), help: ArgumentHelp("Shortest sitting. Default 30m.", valueName: "duration"))
    var minSitting: String?

    @Option(help: ArgumentHelp("Deadline: the work is finished by then.", valueName: "date"))
    var due: String

    @Option(help: ArgumentHelp("Not before this date. Default: now.", valueName: "date"))
    var start: String?

    @Option(help: ArgumentHelp("Earliest time of day to work on it, HH:MM.", valueName: "time"))
    var earliest: String?

    @Option(help: ArgumentHelp("Latest time of day to work on it, HH:MM (24:00 allowed).", valueName: "time"))
    var latest: String?

    @Option(help: ArgumentHelp("1 (highest) to 4 (lowest). Default 3.", valueName: "n"))
    var priority: Int?

    @Option(help: ArgumentHelp("A task (id or title) that must be finished first; repeatable.", valueName: "task"))
    var after: [String] = []

    @Option(help: "Notes, copied into the exported calendar.")
    var notes: String?

    @Option(help: ArgumentHelp("Work already done on it.", valueName: "duration"))
    var done: String?

    @Option(help: ArgumentHelp("Task id. Default: made from the title.", valueName: "id"))
    var id: String?

    @Option(help: ArgumentHelp("Register this .ics calendar first (repeatable).", valueName: "file.ics"))
    var calendar: [String] = []

    @Flag(help: "Plan and print, but save nothing.")
    var dryRun = false

    @Flag(help: "If the task fits only when the whole plan is re-made, re-make it.")
    var replan = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        if let priority, !(1...4).contains(priority) { throw ValidationError("--priority must be 1, 2, 3 or 4") }
        if title.trimmingCharacters(in: .whitespaces).isEmpty { throw ValidationError("the title must not be empty") }
    }

    func run() throws {
        try withService(options) { service, defaultZone in
            let settings = try service.settings(defaultZone: defaultZone)
            let zone = zoneOf(settings)
            let existing = try service.tasks(defaultZone: defaultZone)
            var taskId = id ?? TaskIds.slug(title)
            if id == nil { taskId = TaskIds.unique(taskId, taken: Set(existing.map(\.task.id))) }
            let afterIds = try after.map { key in try service.task(key, defaultZone: defaultZone).task.id }
            let spec = TaskDefinition(
                id: taskId, title: title, estimate: try duration(estimate, option: "--estimate"),
                due: try taskTime(due, option: "--due", now: service.now, zone: zone), project: project, notes: notes,
                span: try span.map { try duration($0, option: "--span") },
                minSitting: try minSitting.map { try duration($0, option: "--min") },
                earliest: try earliest.map { try timeOfDay($0, option: "--earliest", allow24: false) },
                latest: try latest.map { try timeOfDay($0, option: "--latest", allow24: true) },
                start: try start.map { try taskTime($0, option: "--start", now: service.now, zone: zone) },
                priority: priority, after: afterIds,
                done: try done.map { try duration($0, option: "--done") } ?? 0)
            let (outcome, warnings) = try service.addTask(spec, registering: calendar, defaultZone: defaultZone,
                                                          dryRun: dryRun, replan: replan)
            printWarnings(warnings)
            if options.json { print(Wire.encode(Wire.TaskAdded(outcome, zone: zone))) }
            switch outcome {
            case .placed(_, let sittings, let plan, let saved):
                if !options.json {
                    let total = sittings.reduce(Int64(0)) { $0 + $1.range.duration }
                    let o = plan.tasks.first { $0.id == taskId }
                    var head = "\(saved ? "Added" : "Would add") \"\(title)\" (\(taskId))"
                    if let project { head += " to \(project)" }
                    head += ": \(ISODuration.humanString(total)) in \(sittings.count) sitting\(sittings.count == 1 ? "" : "s")"
                    if let last = o?.lastEnd { head += ", done by \(dayText(last, zone))" }
                    if let slack = o?.slack { head += ", \(ISODuration.humanString(slack)) before due" }
                    print(Style.bold(head + "."))
                    if sittings.isEmpty { print("Nothing left to do: the work is already done.") }
                    print(studyPlan(sittings, title: title, zone: zone), terminator: "")
                    if !saved { print(Style.dim("(dry run: nothing saved)")) }
                }
            case .unschedulable(_, let d):
                if !options.json {
                    let outcome = TaskOutcome(id: taskId, title: title, status: .unschedulable, needed: d.needed, scheduled: 0,
                                              firstStart: nil, lastEnd: nil, slack: nil,
                                              due: spec.due.instant(in: zone, endOfDay: true), rank: 0)
                    let text = Plan(sittings: [], tasks: [outcome], diagnostics: [d]).text(zone: zone)
                    print(Style.red("\"\(title)\" does not fit. Nothing was saved."))
                    print(text.components(separatedBy: "\nDoes not fit:").dropFirst().map { "Does not fit:" + $0 }.joined(), terminator: "")
                }
                throw PlanExit.doesNotFit
            case .needsReplan(_, let moves, let sittings, let saved):
                if !options.json {
                    if saved {
                        print(Style.bold("Added \"\(title)\" (\(taskId)) by re-making the plan; \(moves.count) task(s) moved:"))
                    } else {
                        print(Style.red("\"\(title)\" fits only if the whole plan is re-made. Nothing was saved."))
                        print("These tasks would move (run again with --replan to accept):")
                    }
                    for m in moves where m.taskId != taskId {
                        let from = m.before.first.map { dayText($0.start, zone) } ?? "—"
                        let to = m.after.first.map { dayText($0.start, zone) } ?? "—"
                        print("  \(m.taskId): first sitting \(from) → \(to)")
                    }
                    print(studyPlan(sittings, title: title, zone: zone), terminator: "")
                }
                if !saved { throw PlanExit.needsReplan }
            }
        }
    }
}

// MARK: tasks, task show|edit|remove, done

struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks", abstract: "List tasks with status, progress, next sitting and slack.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service, defaultZone in
            let zone = zoneOf(try service.settings(defaultZone: defaultZone))
            let rows = try service.tasks(defaultZone: defaultZone)
            emit(options.json, rows.map { Wire.StoredTask($0, zone: zone) }) {
                if rows.isEmpty { return "No tasks yet. Add one with `plan add-task`.\n" }
                var out = ""
                for r in rows {
                    let progress = "\(ISODuration.humanString(r.done))/\(ISODuration.humanString(r.estimate))"
                    var line = "\(r.task.id)  \(r.task.title)"
                    if let p = r.task.project { line += "  [\(p)]" }
                    line += "  \(r.state.rawValue)  \(progress)"
                    if let n = r.next { line += "  next \(dayText(n.range.start, zone))" }
                    if let s = r.slack { line += "  slack \(ISODuration.humanString(s))" }
                    line += "  due \(dueText(r.due, zone))"
                    out += (r.state == .overdue || r.state == .unscheduled ? Style.red(line) : line) + "\n"
                }
                return out
            }
        }
    }
}

struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task", abstract: "Show, edit or remove one task.",
        subcommands: [Show.self, Edit.self, Remove.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a task and all its sittings.")
        @Argument(help: "Task id or title.") var task: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service, defaultZone in
                let zone = zoneOf(try service.settings(defaultZone: defaultZone))
                let r = try service.task(task, defaultZone: defaultZone)
                emit(options.json, Wire.StoredTask(r, zone: zone)) {
                    var out = "\(r.task.title) (\(r.task.id))\(r.task.project.map { " — \($0)" } ?? "")\n"
                    out += "  state     \(r.state.rawValue)\n"
                    out += "  progress  \(ISODuration.humanString(r.done)) of \(ISODuration.humanString(r.estimate))\n"
                    out += "  due       \(dueText(r.due, zone))\n"
                    if let s = r.slack { out += "  slack     \(ISODuration.humanString(s))\n" }
                    if !r.task.after.isEmpty { out += "  after     \(r.task.after.joined(separator: ", "))\n" }
                    if let n = r.task.notes { out += "  notes     \(n)\n" }
                    if !r.sittings.isEmpty { out += "\n" + studyPlan(r.sittings, title: r.task.title, zone: zone) }
                    return out
                }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a task's fields and re-plan it around the others.",
            discussion: "Refused, with the reason and fixes, when the changed task no longer fits (exit 3).")
        @Argument(help: "Task id or title.") var task: String
        @Option var title: String?
        @Option var project: String?
        @Option(help: ArgumentHelp(valueName: "duration")) var estimate: String?
        @Option(help: ArgumentHelp(valueName: "duration")) var span: String?
        @Option(name: .customLong("min"), help: ArgumentHelp(valueName: "duration")) var minSitting: String?
        @Option(help: ArgumentHelp(valueName: "date")) var due: String?
        @Option(help: ArgumentHelp(valueName: "date")) var start: String?
        @Option(help: ArgumentHelp(valueName: "time")) var earliest: String?
        @Option(help: ArgumentHelp(valueName: "time")) var latest: String?
        @Option var priority: Int?
        @Option var notes: String?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service, defaultZone in
                let zone = zoneOf(try service.settings(defaultZone: defaultZone))
                let estimateV = try estimate.map { try duration($0, option: "--estimate") }
                let spanV = try span.map { try duration($0, option: "--span") }
                let minV = try minSitting.map { try duration($0, option: "--min") }
                let dueV = try due.map { try taskTime($0, option: "--due", now: service.now, zone: zone) }
                let startV = try start.map { try taskTime($0, option: "--start", now: service.now, zone: zone) }
                let earliestV = try earliest.map { try timeOfDay($0, option: "--earliest", allow24: false) }
                let latestV = try latest.map { try timeOfDay($0, option: "--latest", allow24: true) }
                do {
                    let (row, _) = try service.editTask(task, defaultZone: defaultZone) { s in
                        if let title { s.title = title }
                        if let project { s.project = project }
                        if let estimateV { s.estimate = estimateV }
                        if let spanV { s.span = spanV }
                        if let minV { s.minSitting = minV }
                        if let dueV { s.due = dueV }
                        if let startV { s.start = startV }
                        if let earliestV { s.earliest = earliestV }
                        if let latestV { s.latest = latestV }
                        if let priority { s.priority = priority }
                        if let notes { s.notes = notes }
                    }
                    emit(options.json, Wire.StoredTask(row, zone: zone)) {
                        "Updated \"\(row.task.title)\" (\(row.task.id)).\n" + studyPlan(row.sittings, title: row.task.title, zone: zone)
                    }
                } catch let refused as PlanService.EditRefused {
                    if options.json {
                        print(Wire.encode(Wire.Diagnostic(refused.diagnostic, zone: zone)))
                    } else {
                        print(Style.red("With these changes the task does not fit. Nothing was saved."))
                        let fixes = refused.diagnostic.fixes.map { "  - " + $0.phrase(zone) }.joined(separator: "\n")
                        print(fixes.isEmpty ? "No single change to the task alone makes it fit." : "Any one of these would make it fit:\n" + fixes)
                    }
                    throw PlanExit.doesNotFit
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a task and its sittings.")
        @Argument(help: "Task id or title.") var task: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service, defaultZone in
                let id = try service.removeTask(task, defaultZone: defaultZone)
                if !options.json { print("Removed task \(id).") } else { print(Wire.encode(["removed": id])) }
            }
        }
    }
}

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Record progress on a task: all of it, or --spent time.",
        discussion: "With --spent, the rest of the task is re-planned around the others. Without it, the task is finished and its future sittings are freed.")

    @Argument(help: "Task id or title.") var task: String
    @Option(help: ArgumentHelp("Time spent, e.g. 45m.", valueName: "duration")) var spent: String?
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service, defaultZone in
            let zone = zoneOf(try service.settings(defaultZone: defaultZone))
            let seconds = try spent.map { text -> Int64 in
                guard let s = HumanInput.duration(text), s > 0 else { throw ValidationError("--spent \(text): expected a duration like 45m") }
                return s
            }
            let row = try service.done(task, spent: seconds, defaultZone: defaultZone)
            emit(options.json, Wire.StoredTask(row, zone: zone)) {
                if row.state == .done { return "Done: \(row.task.title). \(ISODuration.humanString(row.estimate)) of work finished.\n" }
                var out = "\(row.task.title): \(ISODuration.humanString(row.done)) of \(ISODuration.humanString(row.estimate)) done.\n"
                if row.state == .scheduled {
                    out += studyPlan(row.sittings.filter { $0.range.end > service.now }, title: row.task.title, zone: zone)
                } else {
                    out += "The rest no longer fits before it is due; see `plan task show \(row.task.id)`.\n"
                }
                return out
            }
        }
    }
}

// MARK: agenda, replan

struct AgendaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "agenda", abstract: "Classes and planned work, merged, day by day.")

    @Option(help: ArgumentHelp("First day. Default: today.", valueName: "date")) var from: String?
    @Option(help: "Number of days.") var days = 7
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if !(1...366).contains(days) { throw ValidationError("--days must be between 1 and 366") }
    }

    func run() throws {
        try withService(options) { service, defaultZone in
            let zone = zoneOf(try service.settings(defaultZone: defaultZone))
            var first: LocalDate?
            if let from {
                guard let v = HumanInput.date(from, now: service.now, zone: zone) else {
                    throw ValidationError("--from \(from): expected a date like 2026-11-23, today or mon")
                }
                switch v {
                case .date(let d): first = d
                case .local(let l): first = l.date
                case .instant(let i): first = zone.local(i).date
                }
            }
            let agenda = try service.agenda(from: first, days: days, defaultZone: defaultZone)
            printWarnings(agenda.warnings)
            emit(options.json, agenda.items.map { Wire.AgendaLine(range: $0.range, item: $0.item, zone: zone) }) {
                agendaText(agenda)
            }
        }
    }

    func agendaText(_ agenda: Agenda) -> String {
        let zone = agenda.zone
        var out = ""
        var day = zone.local(agenda.range.start).date
        let last = zone.local(agenda.range.end - 1).date
        while day <= last {
            let dayRange = TimeRange(start: zone.resolve(LocalDateTime(date: day)), end: zone.resolve(LocalDateTime(date: day.adding(days: 1))))
            let todays = agenda.items.filter { $0.range.overlaps(dayRange) }
            out += Style.bold("\(EventsOutput.weekdayName(day)) \(day.isoString)") + "\n"
            if todays.isEmpty { out += Style.dim("  free") + "\n" }
            var work: Int64 = 0
            for (range, item) in todays {
                switch item {
                case .event(let o):
                    let when = o.isAllDay ? "all day    " : "\(range.start < dayRange.start ? "…    " : clock(range.start, zone))–\(range.end > dayRange.end ? "…    " : clock(range.end, zone))"
                    var marks = ""
                    if o.transparent { marks += " [free]" }
                    if o.isTentative { marks += " [tentative]" }
                    if o.isCancelled { marks += " [cancelled]" }
                    out += "  \(when)  \(o.summary ?? "(no title)")\(marks)\n"
                case .sitting(let s, let title, let project):
                    work += s.range.duration
                    let name = (project.map { "\($0): " } ?? "") + "\(title) (\(s.index)/\(s.count))"
                    out += Style.green("  \(clock(range.start, zone))–\(clock(range.end, zone))  ▸ \(name)") + "\n"
                }
            }
            if work > 0 { out += Style.dim("  work planned: \(ISODuration.humanString(work))") + "\n" }
            day = day.adding(days: 1)
        }
        return out
    }
}

struct ReplanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replan",
        abstract: "Re-fit the work that lost its place, keep the rest, and say what moved and why.",
        discussion: """
        Every planned sitting that still obeys the rules and is still needed stays where \
        it is. Only the work that lost its place is re-fitted, around the sittings that \
        stayed: sittings that now collide with a class (a changed or newly added \
        calendar), sittings a changed policy rules out (hours, working days, grid, \
        buffer, break, max per day, time zone) or a task's changed fields do (due, start, \
        earliest, latest, span, min, after), tasks whose sittings no longer add up to the \
        work left, and tasks with no sittings. A task finished early frees its time; \
        nothing else moves into it. Each moved task is listed with its reason, and the \
        count of sittings that stayed.

        --compact re-fits everything not done from now, in the contract's order, as a \
        fresh plan would: use it to pull work forward into freed time, or when replan \
        says a task fits only that way.

        Exit codes: 0 re-planned (or would be, with --dry-run), also when a task does not \
        fit (it is named, with what would make it fit); 65 invalid stored data; 66 a \
        calendar cannot be read; 75 the store is busy.
        """)

    @Flag(help: "Re-fit everything not done from now, not only what must move.") var compact = false
    @Flag(help: "Show what would move, save nothing.") var dryRun = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service, defaultZone in
            let zone = zoneOf(try service.settings(defaultZone: defaultZone))
            let r = try service.replan(defaultZone: defaultZone, dryRun: dryRun, compact: compact)
            printWarnings(r.warnings)
            emit(options.json, Wire.ReplanResult(r, zone: zone)) { Self.text(r, zone: zone) }
        }
    }

    /// What moved and why, how many sittings stayed, and what does not fit.
    static func text(_ r: Replanned, zone: SystemZone) -> String {
        func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }
        let stayed = "\(count(r.kept, "sitting")) stayed in place"
        var head = r.moves.isEmpty ? "nothing moved; \(stayed)" : "\(count(r.moves.count, "task")) moved, \(stayed)"
        head = r.compact ? "Re-fitted everything from now (--compact): " + head : head.prefix(1).uppercased() + head.dropFirst()
        var out = head + (r.saved ? "" : " (dry run: nothing saved)") + (r.moves.isEmpty ? ".\n" : ":\n")
        let done = Set(r.plan.tasks.filter { $0.status == .done }.map(\.id))
        for m in r.moves {
            let from = m.before.first.map { dayText($0.start, zone) } ?? "—"
            let to = m.after.first.map { dayText($0.start, zone) } ?? (done.contains(m.taskId) ? "done" : "unscheduled")
            let change = "\(m.before.count) → \(count(m.after.count, "sitting")), first \(from) → \(to)"
            if let reason = m.reason, reason != .compact {
                out += "  \(m.taskId): \(reason.phrase(zone))\n    \(change)\n"
            } else {
                out += "  \(m.taskId): \(change)\n"
            }
        }
        let compactFits = Set(r.fitWithCompact)
        for d in r.plan.diagnostics {
            let short = ISODuration.humanString(d.shortBy)
            out += Style.red(compactFits.contains(d.taskId)
                ? "  \(d.taskId) does not fit around the sittings that stayed (\(short) short), but fits when everything is re-fitted: run `plan replan --compact`."
                : "  \(d.taskId) does not fit: \(short) short") + "\n"
        }
        return out
    }
}

// MARK: export

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the merged calendar (classes + planned sittings) as .ics.",
        discussion: """
        The imported events go out as they were written (RRULEs, time zones, UIDs, \
        parameters, and value lists such as CATEGORIES:CLASS,CS 201 on one line); each \
        sitting becomes one event with a stable UID, SUMMARY "Project: Task (i/n)", \
        CATEGORIES, a DESCRIPTION with the notes and the effort left, and X-PLAN-TASK-ID, \
        its times in your time zone (TZID and a VTIMEZONE, see plan policy). Any calendar \
        app imports the file. Use - to write to stdout.
        """)

    @Argument(help: ArgumentHelp("Output file, or - for stdout.", valueName: "out.ics")) var output: String
    @Option(help: ArgumentHelp("Only sittings from this date.", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("Only sittings before this date.", valueName: "date")) var to: String?
    @Flag(help: "Leave the imported calendars out: only the planned sittings.") var onlyPlan = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service, defaultZone in
            let zone = zoneOf(try service.settings(defaultZone: defaultZone))
            func instant(_ text: String?, _ option: String) throws -> Instant? {
                guard let text else { return nil }
                guard let v = HumanInput.date(text, now: service.now, zone: zone) else {
                    throw ValidationError("\(option) \(text): expected a date like 2026-11-23")
                }
                return v.instant(in: zone)
            }
            let text = try service.export(from: try instant(from, "--from"), to: try instant(to, "--to"), onlyPlan: onlyPlan,
                                          defaultZone: defaultZone)
            if output == "-" {
                FileHandle.standardOutput.write(Data(text.utf8))
            } else {
                try FileOutput.write(text, to: output)
                if !options.json { print("Wrote \(output).") }
            }
        }
    }
}

import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

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

        Durations: 90m, 1h30m, 1.5h, "1 hr 30 min" or PT1H30M; a number needs its unit \
        (3h or 3m, never 3). Dates: 2026-12-10, 2026-12-10T17:00, today, tomorrow (tmrw), \
        fri (the next Friday), "next fri" (the Friday of next week, Monday to Sunday), \
        "feb 20" or "20 feb" (the next one), "fri 23:59", +3d, read in your time zone; \
        12/4 is refused (4 Dec or 12 Apr?). A due date alone means the end of that day.

        Example (one command from a class schedule to a study plan):
          plan add-task "History essay" --project HIST200 --estimate 6h \\
              --span 90m --due 2026-12-10 --earliest 09:00 \\
              --calendar Examples/fall-2026-classes.ics

        Work that repeats: one task per occurrence, made for the coming weeks \
        (plan policy set --horizon) and extended as time passes:
          plan add-task "Problem set" --estimate 3h --every week --due "fri 23:59"
          plan add-task "Seminar reading" --estimate 90m --before "HIST 200"
          plan add-task "Lab report" --estimate 2h --after-class "CHEM 110 Lab"
          plan add-task "Revision" --estimate 4h --each week --prefer evening

        Exit codes: 0 saved (or would be, with --dry-run); 3 does not fit, nothing saved; \
        4 fits only if other tasks move, nothing saved (add --replan); 64 a value plan cannot \
        take (a duration, a date, a time of day, named by its option); 65 values that do not \
        go together (a start after the due date, an unknown --after task, a title a task has \
        already without --id, a --project one letter off a stored one); 66 a calendar \
        cannot be read; 75 the store is busy.
        """
    )

    @Argument(help: "What the task is, e.g. \"History essay\".")
    var title: String

    /// Unconditional: `--estimate -1h` is refused as a value ("is negative"), not taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Total effort, e.g. 6h.", valueName: "duration"))
    var estimate: String

    @Option(help: ArgumentHelp("Deadline: the work is finished by then (with --every: the first one).", valueName: "date"))
    var due: String?

    @OptionGroup var fields: TaskFieldOptions

    @OptionGroup(title: "Repeating work") var repeating: RepeatOptions

    @Option(help: ArgumentHelp("A task (id or title) that must be finished first; repeatable.", valueName: "task"), completion: StoreCompletions.tasks)
    var after: [String] = []

    @Option(help: ArgumentHelp("Work already done on it.", valueName: "duration"))
    var done: String?

    @Option(help: ArgumentHelp("Task id. Default: made from the title; a title a task has already needs one.", valueName: "id"))
    var id: String?

    @Option(help: ArgumentHelp("Register this .ics calendar first (repeatable).", valueName: "file.ics"))
    var calendar: [String] = []

    @Option(name: .customLong("for"), help: ArgumentHelp("The assessment it prepares for, COURSE:ASSESSMENT (see `plan grades`); the project defaults to the course.", valueName: "course:assessment"))
    var forAssessment: String?

    @Flag(help: "Plan the estimate as typed, even when the project's finished tasks took more or less than theirs (see `plan review`).")
    var asEstimated = false
    @Flag(help: "Plan and print, but save nothing.")
    var dryRun = false

    @Flag(help: "If the task fits only when the whole plan is re-made, re-make it.")
    var replan = false

    @OptionGroup var options: StoreOptions

    func validate() throws {
        if !repeating.repeats {
            if due == nil { throw ValidationError("Missing expected argument '--due <date>' (or make it repeat: --every, --each, --before, --after-class)") }
            if let stray = repeating.strayOption {
                throw ValidationError("\(stray) goes with a repeating task: add --every, --each, --before or --after-class")
            }
        }
        if let forAssessment, Self.assessmentRef(forAssessment) == nil {
            throw ValidationError("--for \(forAssessment): expected COURSE:ASSESSMENT, e.g. CS201:Final")
        }
    }

    /// `CS201:Final` → (CS201, Final).
    static func assessmentRef(_ text: String) -> (course: String, assessment: String)? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let course = text[..<colon].trimmingCharacters(in: .whitespaces), name = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        return course.isEmpty || name.isEmpty ? nil : (course, name)
    }

    func run() throws {
        if repeating.repeats { return try runSeries() }
        try withService(options) { service in
            let settings = try service.settings()
            let zone = settings.zone
            var input = TaskInput()
            input.title = title
            input.id = id
            input.project = forAssessment.flatMap(Self.assessmentRef)?.course
            input.estimate = estimate
            input.due = due
            input.after = after
            input.done = done
            input.asEstimated = asEstimated
            fields.apply(to: &input)
            let (outcome, warnings) = try service.addTask(input, registering: calendar, dryRun: dryRun, replan: replan,
                                                          preparing: forAssessment.flatMap(Self.assessmentRef))
            let spec = outcome.task, taskId = spec.id
            printWarnings(warnings)
            if options.json { print(Wire.encode(Wire.TaskAdded(outcome, zone: zone))) }
            switch outcome {
            case .placed(_, let sittings, let plan, let saved):
                if !options.json {
                    let total = sittings.reduce(Int64(0)) { $0 + $1.range.duration }
                    let o = plan.tasks.first { $0.id == taskId }
                    var head = "\(saved ? "Added" : "Would add") \"\(TerminalText.label(title))\" (\(TerminalText.label(taskId)))"
                    if fields.project != nil, let project = spec.project { head += " to \(TerminalText.label(project))" }
                    head += ": \(ISODuration.humanString(total)) in \(sittings.count) sitting\(sittings.count == 1 ? "" : "s")"
                    if let last = o?.lastEnd { head += ", done by \(TimeText.dayAndTime(last, zone))" }
                    if let slack = o?.slack { head += ", \(TimeText.stretch(slack)) before due" }
                    // Balanced placement says when a task could not keep its margin.
                    let policy = settings.policy.policy(zone: zone)
                    if policy.placement == .balanced, policy.finishEarly > 0, let slack = o?.slack, slack < policy.finishEarly {
                        head += " (not the \(ISODuration.humanString(policy.finishEarly)) margin of --finish-early: no room to finish earlier)"
                    }
                    say(Style.bold(head + "."))
                    if sittings.isEmpty { say("Nothing left to do: the work is already done.") }
                    say(StudyPlanText.render(sittings, title: title, zone: zone), terminator: "")
                    if !saved { say(Style.dim("(dry run: nothing saved)")) }
                }
            case .unschedulable(_, let d):
                if !options.json {
                    show(Style.red("\"\(TerminalText.label(title))\" does not fit. Nothing was saved."))
                    show(d.text(title: title, due: spec.due.instant(in: zone, endOfDay: true), now: service.now, zone: zone), terminator: "")
                }
                throw PlanExit.doesNotFit
            case .needsReplan(_, let moves, let sittings, let saved):
                if !options.json {
                    let others = moves.filter { $0.taskId != taskId }.count
                    if saved {
                        say(Style.bold("Added \"\(TerminalText.label(title))\" (\(TerminalText.label(taskId))) by re-making the plan; \(others) other task\(TimeText.plural(others)) moved:"))
                    } else if replan {
                        // --replan with --dry-run: what would happen, nothing saved.
                        say(Style.bold("Would add \"\(TerminalText.label(title))\" (\(TerminalText.label(taskId))) by re-making the plan; \(others) other task\(TimeText.plural(others)) would move (dry run: nothing saved):"))
                    } else {
                        show(Style.red("\"\(TerminalText.label(title))\" fits only if the whole plan is re-made. Nothing was saved."))
                        show("These tasks would move (run again with --replan to accept):")
                    }
                    for line in MovesText.lines(moves.filter { $0.taskId != taskId }, zone: zone) {
                        (saved || replan ? say : show)(line, "\n")
                    }
                    (saved || replan ? say : show)(StudyPlanText.render(sittings, title: title, zone: zone), "")
                }
                // A dry run of --replan shows what would happen and succeeds, as any dry run does.
                if !saved && !replan { throw PlanExit.needsReplan }
            }
        }
    }
}

extension AddTaskCommand {
    /// `add-task` with --every, --each, --before or --after-class: a series and its occurrences through the horizon.
    func runSeries() throws {
        if forAssessment != nil { throw ValidationError("--for links one task; link an occurrence with `plan task edit`, not a repeating task") }
        try withService(options) { service in
            let zone = try service.zone()
            var input = SeriesInput()
            input.task.title = title
            input.task.id = id
            input.task.estimate = estimate
            input.task.due = due
            input.task.after = after.isEmpty ? nil : after
            input.task.done = done
            input.task.asEstimated = asEstimated
            fields.apply(to: &input.task)
            repeating.apply(to: &input)
            let (added, warnings) = try service.addSeries(input, registering: calendar, dryRun: dryRun, replan: replan)
            printWarnings(warnings)
            if options.json { print(Wire.encode(Wire.SeriesAdded(added, zone: zone))) }
            switch added.status {
            case .unschedulable:
                if !options.json {
                    show(Style.red("None of \"\(TerminalText.label(title))\"'s occurrences fits. Nothing was saved."))
                    if let d = added.unfit.first, let o = added.occurrences.first(where: { $0.id == d.taskId }) {
                        show(d.text(title: title, due: o.due.instant(in: zone, endOfDay: true), now: service.now, zone: zone), terminator: "")
                    }
                }
                throw PlanExit.doesNotFit
            case .needsReplan where !added.saved:
                if !options.json {
                    show(Style.red("More of \"\(TerminalText.label(title))\"'s occurrences fit only if the whole plan is re-made. Nothing was saved."))
                    show("These tasks would move (add --replan to accept):")
                    for line in MovesText.lines(added.moves, zone: zone) { show(line) }
                }
                throw PlanExit.needsReplan
            case .placed, .needsReplan:
                guard !options.json else { return }
                say(Style.bold(SeriesText.addedHead(added)))
                say(SeriesText.addedLines(added, zone: zone), terminator: "")
                for d in added.unfit {
                    guard let o = added.occurrences.first(where: { $0.id == d.taskId }) else { continue }
                    show(Style.red(d.text(title: o.id, due: o.due.instant(in: zone, endOfDay: true), zone: zone)), terminator: "")
                }
                if !added.moves.isEmpty { say("Re-made the plan; \(added.moves.count) other task\(TimeText.plural(added.moves.count)) moved.") }
                say(Style.dim("Later occurrences are made and planned as time passes (plan policy set --horizon); see them with `plan task show \(added.series.id)`."))
                if !added.saved { say(Style.dim("(dry run: nothing saved)")) }
            }
        }
    }
}

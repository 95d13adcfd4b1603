import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct TasksCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tasks", abstract: "List tasks with status, progress, next sitting and slack.",
        discussion: "A repeating task (add-task --every, --each, --before, --after-class) is one line with its next occurrence; `plan task show SERIES` lists them all. With --json, every task, occurrences too.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let zone = try service.zone()
            let rows = try service.tasks()
            let series = try service.allSeries()
            // The busiest day of the coming fortnight, under the list (`plan week --json` and `plan.load` carry it as data);
            // a calendar that cannot be read leaves the line out, never the list.
            let load = options.json || rows.isEmpty ? "" : (try? service.load()).map { LoadText.line($0) } ?? ""
            emit(options.json, rows.map { Wire.StoredTask($0, zone: zone) }) {
                let own = rows.filter { $0.series == nil }
                let repeating = series.isEmpty ? "" : SeriesText.table(series, zone: zone, style: Style.text)
                if own.isEmpty && !series.isEmpty { return repeating + (load.isEmpty ? "" : "\n" + load) }
                return TaskListText.list(own, zone: zone, style: Style.text) + (repeating.isEmpty ? "" : "\n" + repeating)
                    + (load.isEmpty ? "" : "\n" + load)
            }
        }
    }
}

struct TaskCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "task", abstract: "Show, edit or remove one task.",
        subcommands: [Show.self, Edit.self, Remove.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a task and all its sittings, or a repeating task and its occurrences.")
        @Argument(help: "Task id or title, or a repeating task's id or title.", completion: StoreCompletions.tasks) var task: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let zone = try service.zone()
                if let s = try service.series(task) {
                    return emit(options.json, Wire.SeriesShown(s, zone: zone)) { SeriesText.detail(s, zone: zone) }
                }
                let r = try service.task(task)
                emit(options.json, Wire.StoredTask(r, zone: zone)) { TaskListText.detail(r, zone: zone) }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a task's fields and re-plan it around the others.",
            discussion: """
                Refused, with the reason and fixes, when the changed task no longer fits (exit 3). Given a repeating \
                task (its id or title), the change applies to its coming occurrences and the ones made later; \
                finished and past ones keep theirs.
                """)
        @Argument(help: "Task id or title, or a repeating task's.", completion: StoreCompletions.tasks) var task: String
        @Option(help: "A new title.") var title: String?
        @Option(parsing: .unconditional, help: ArgumentHelp("The whole work, e.g. 6h or 90m.", valueName: "duration")) var estimate: String?
        @Option(help: ArgumentHelp("When it is due: fri, 2026-12-04, 2026-12-04T17:00.", valueName: "date")) var due: String?
        @OptionGroup var fields: TaskFieldOptions
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let zone = try service.zone()
                var input = TaskInput()
                input.title = title
                input.estimate = estimate
                input.due = due
                fields.apply(to: &input)
                if input == TaskInput() {
                    throw ValidationError("nothing to change: give what changes, e.g. --estimate 4h or --due fri")
                }
                do {
                    if try service.series(task) != nil {
                        let edited = try service.editSeries(task, input)
                        return confirm(options.json, Wire.SeriesShown(edited, zone: zone)) {
                            "Updated \"\(TerminalText.label(edited.series.template.title))\" (\(TerminalText.label(edited.series.id))) and its coming occurrences.\n"
                                + SeriesText.detail(edited, zone: zone)
                        }
                    }
                    let (row, _) = try service.editTask(task, input)
                    confirm(options.json, Wire.StoredTask(row, zone: zone)) {
                        "Updated \"\(TerminalText.label(row.task.title))\" (\(TerminalText.label(row.task.id))).\n" + StudyPlanText.render(row.sittings, title: row.task.title, zone: zone)
                    }
                } catch let refused as PlanService.EditRefused {
                    if options.json {
                        print(Wire.encode(Wire.Diagnostic(refused.diagnostic, zone: zone)))
                    } else {
                        show(Style.red("With these changes the task does not fit. Nothing was saved."))
                        show(refused.diagnostic.changesText(zone: zone))
                    }
                    throw PlanExit.doesNotFit
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove", abstract: "Remove a task and its sittings, or end a repeating task.",
            discussion: """
                Given a repeating task, its occurrences not finished and due from today (or --from DATE) on are \
                removed; finished and past ones stay. Without --from the series is gone; with it, the series ends \
                the day before. To skip one occurrence: plan done OCCURRENCE --skip.
                """)
        @Argument(help: "Task id or title, or a repeating task's.", completion: StoreCompletions.tasks) var task: String
        @Option(help: ArgumentHelp("For a repeating task: end it from this date (its occurrences due then or later go).", valueName: "date")) var from: String?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                if try service.series(task) != nil {
                    let r = try service.removeSeries(task, from: from)
                    return confirm(options.json, Wire.SeriesRemovedResult(r)) {
                        let what = r.endsOn.map { "\"\(TerminalText.label(r.series))\" now ends on \($0)" } ?? "Removed the repeating task \(TerminalText.label(r.series))"
                        return what + "; \(r.removed.count) coming occurrence\(TimeText.plural(r.removed.count)) removed"
                            + (r.removed.isEmpty ? "" : " (\(r.removed.map(TerminalText.label).joined(separator: ", ")))") + ".\n"
                    }
                }
                if from != nil { throw ValidationError("--from goes with a repeating task; \"\(task)\" is a task of its own") }
                let id = try service.removeTask(task)
                confirm(options.json, ["removed": id]) { "Removed task \(TerminalText.label(id)).\n" }
            }
        }
    }
}

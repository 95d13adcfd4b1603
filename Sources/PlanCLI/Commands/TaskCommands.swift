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
        commandName: "tasks", abstract: "List tasks with status, progress, next sitting and slack.")

    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let zone = try service.zone()
            let rows = try service.tasks()
            emit(options.json, rows.map { Wire.StoredTask($0, zone: zone) }) {
                TaskListText.list(rows, zone: zone, style: Style.text)
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
            try withService(options) { service in
                let zone = try service.zone()
                let r = try service.task(task)
                emit(options.json, Wire.StoredTask(r, zone: zone)) { TaskListText.detail(r, zone: zone) }
            }
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a task's fields and re-plan it around the others.",
            discussion: "Refused, with the reason and fixes, when the changed task no longer fits (exit 3).")
        @Argument(help: "Task id or title.") var task: String
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
                do {
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
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a task and its sittings.")
        @Argument(help: "Task id or title.") var task: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let id = try service.removeTask(task)
                confirm(options.json, ["removed": id]) { "Removed task \(TerminalText.label(id)).\n" }
            }
        }
    }
}

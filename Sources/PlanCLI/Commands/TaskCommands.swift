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
        try withService(options) { service, defaultZone in
            let zone = try service.settings(defaultZone: defaultZone).zone
            let rows = try service.tasks(defaultZone: defaultZone)
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
            try withService(options) { service, defaultZone in
                let zone = try service.settings(defaultZone: defaultZone).zone
                let r = try service.task(task, defaultZone: defaultZone)
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
        @Option(help: "Move it to this project.") var project: String?
        @Option(help: ArgumentHelp("The whole work, e.g. 6h or 90m.", valueName: "duration")) var estimate: String?
        @Option(help: ArgumentHelp("The longest sitting, e.g. 2h.", valueName: "duration")) var span: String?
        @Option(name: .customLong("min"), help: ArgumentHelp("The shortest sitting worth having, e.g. 30m.", valueName: "duration")) var minSitting: String?
        @Option(help: ArgumentHelp("When it is due: fri, 2026-12-04, 2026-12-04T17:00.", valueName: "date")) var due: String?
        @Option(help: ArgumentHelp("Not before this date or time.", valueName: "date")) var start: String?
        @Option(help: ArgumentHelp("No sitting starts before this time of day, e.g. 09:00.", valueName: "time")) var earliest: String?
        @Option(help: ArgumentHelp("No sitting ends after this time of day, e.g. 21:00.", valueName: "time")) var latest: String?
        @Option(help: "1 (highest) to 4 (lowest).") var priority: Int?
        @Option(help: "Free text kept with the task.") var notes: String?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service, defaultZone in
                let zone = try service.settings(defaultZone: defaultZone).zone
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
            try withService(options) { service, defaultZone in
                let id = try service.removeTask(task, defaultZone: defaultZone)
                confirm(options.json, ["removed": id]) { "Removed task \(TerminalText.label(id)).\n" }
            }
        }
    }
}

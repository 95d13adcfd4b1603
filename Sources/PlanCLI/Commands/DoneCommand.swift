import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct DoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "done", abstract: "Record progress on a task: all of it, or --spent time.",
        discussion: "With --spent, the rest of the task is re-planned around the others. Without it, the task is finished and its future sittings are freed. With --skip, an occurrence of a repeating task is skipped: it and its sittings go, and it is not made again.")

    @Argument(help: "Task id or title.", completion: StoreCompletions.tasks) var task: String
    @Option(help: ArgumentHelp("Time spent, e.g. 45m.", valueName: "duration")) var spent: String?
    @Flag(help: "Skip this occurrence of a repeating task (no work, not made again).") var skip = false
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if skip && spent != nil { throw ValidationError("--skip and --spent do not go together: a skipped occurrence has no work") }
    }

    func run() throws {
        try withService(options) { service in
            let zone = try service.zone()
            if skip {
                let (occurrence, series) = try service.skip(task)
                return confirm(options.json, Wire.SeriesSkipped(skipped: occurrence, series: series)) {
                    "Skipped \(TerminalText.label(occurrence)) of \(TerminalText.label(series)); its sittings are free.\n"
                }
            }
            let seconds = try spent.map { text in
                try reading("--spent") { () throws(InputError) in try InputValue.positiveDuration(text, field: "spent") }
            }
            // More time than the work left is recorded as the work left, and said so.
            let left = try seconds.map { _ in try service.task(task) }.map { $0.estimate - $0.done }
            let row = try service.done(task, spent: seconds)
            if let seconds, let left, seconds > left {
                printNotice("recorded \(ISODuration.humanString(left)) of the \(ISODuration.humanString(seconds)) given: that was the work left on \(row.task.id) (raise its estimate with `plan task edit \(row.task.id) --estimate …` if it took longer)")
            }
            confirm(options.json, Wire.StoredTask(row, zone: zone)) {
                if row.state == .done { return "Done: \(TerminalText.label(row.task.title)). \(ISODuration.humanString(row.estimate)) of work finished.\n" }
                var out = "\(TerminalText.label(row.task.title)): \(ISODuration.humanString(row.done)) of \(ISODuration.humanString(row.estimate)) done.\n"
                if row.state == .scheduled {
                    out += StudyPlanText.render(row.sittings.filter { $0.range.end > service.now }, title: row.task.title, zone: zone)
                } else {
                    out += "The rest no longer fits before it is due; see `plan task show \(row.task.id)`.\n"
                }
                return out
            }
        }
    }
}

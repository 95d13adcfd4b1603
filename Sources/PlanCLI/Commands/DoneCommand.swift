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
        commandName: "done", abstract: "Record work on a task: finished, time spent, or the work left.",
        discussion: """
            plan done TASK                       finished, with the time recorded so far
            plan done TASK --spent 45m           45m more spent; the rest is re-planned
            plan done TASK --spent 1h --left 2h  1h spent and, as you now see it, 2h to go
            plan done TASK --spent 4h --finished 4h spent, and finished (its real total)
            plan done TASK --left 30m            not finished: 30m to go from now
            plan done OCCURRENCE --skip          skip one occurrence of a repeating task

            Time is recorded as you give it, never cut to the estimate: `plan review` compares \
            what each project's tasks took with their estimates, and new work of a project that \
            runs over is planned longer (`plan policy set --learn off` turns that off). The rest \
            of an unfinished task is re-fitted around the others; when it no longer fits so, the \
            plan is re-made keeping every sitting that still obeys the rules, as `plan replan` \
            does. With --skip, an occurrence of a repeating task is skipped: it and its sittings \
            go, and it is not made again.
            """)

    @Argument(help: "Task id or title.", completion: StoreCompletions.tasks) var task: String
    @Option(help: ArgumentHelp("Time spent (e.g. 45m, 1h30m), recorded as given.", valueName: "duration")) var spent: String?
    @Option(help: ArgumentHelp("The work still to do from now, as you see it (e.g. 2h).", valueName: "duration")) var left: String?
    @Flag(help: "Finished (the default when neither --spent nor --left is given).") var finished = false
    @Flag(help: "Skip this occurrence of a repeating task (no work, not made again).") var skip = false
    @OptionGroup var options: StoreOptions

    func validate() throws {
        if skip && (spent != nil || left != nil || finished) {
            throw ValidationError("--skip does not go with --spent, --left or --finished: a skipped occurrence has no work")
        }
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
            let input = DoneInput(spent: spent, left: left, finished: finished)
            let row = try service.done(task, input)
            confirm(options.json, Wire.StoredTask(row, zone: zone)) {
                DoneText.render(row, now: service.now, zone: zone)
            }
        }
    }
}

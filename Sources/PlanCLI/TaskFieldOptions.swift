import ArgumentParser
import PlanService

/// The options for a task's fields that `plan add-task` and `plan task edit`
/// share, handed to the service as a ``TaskInput`` (which reads them, as it
/// reads `task.add`'s and `task.update`'s).
struct TaskFieldOptions: ParsableArguments {
    @Option(help: "Project (course) it belongs to: a stored one in any case, else created (one letter off a stored one is refused as a typo).",
            completion: StoreCompletions.projects)
    var project: String?

    // Durations are read unconditionally: `--span -1h` is refused as a value, not taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("Longest sitting (attention span), e.g. 90m. Default 2h.", valueName: "duration"))
    var span: String?

    @Option(name: .customLong("min"), parsing: .unconditional, help: ArgumentHelp("Shortest sitting worth having. Default 30m.", valueName: "duration"))
    var minSitting: String?

    @Option(help: ArgumentHelp("Not before this date or time. Default: now.", valueName: "date"))
    var start: String?

    @Option(help: ArgumentHelp("No sitting starts before this time of day, HH:MM.", valueName: "time"))
    var earliest: String?

    @Option(help: ArgumentHelp("No sitting ends after this time of day, HH:MM (24:00 allowed).", valueName: "time"))
    var latest: String?

    @Option(help: ArgumentHelp("1 (highest) to 4 (lowest). Default 3.", valueName: "n"))
    var priority: Int?

    @Option(help: "Notes, copied into the exported calendar.")
    var notes: String?

    @Option(help: ArgumentHelp("This task's placement: early puts each sitting as early as it fits (get it over with); balanced spreads it toward the due. Default: the policy's (plan policy show).", valueName: "balanced|early"))
    var placement: String?

    @Option(help: ArgumentHelp("Hours you would rather work on this task: morning (08-12), afternoon (12-17), evening (17-22) or HH:MM-HH:MM; any drops the policy's. Balanced placement uses them when the work still fits there, else other hours; never a refusal (--earliest/--latest are the limits).", valueName: "hours"))
    var prefer: String?

    /// `input` with the options given.
    func apply(to input: inout TaskInput) {
        input.project = project ?? input.project
        input.span = span
        input.minSitting = minSitting
        input.start = start
        input.earliest = earliest
        input.latest = latest
        input.priority = priority
        input.notes = notes
        input.placement = placement
        input.prefer = prefer
    }
}

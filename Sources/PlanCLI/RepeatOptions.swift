import ArgumentParser
import PlanService

/// The options of `plan add-task` that make a repeating task (a series), handed to the
/// service as a ``SeriesInput`` (which reads them, as it reads `task.add`'s).
struct RepeatOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Repeat: day, week, 2 weeks, month, weekdays, MO,WE, TR, …; --due is the first due and each next one keeps its time.", valueName: "rule"))
    var every: String?

    @Option(help: ArgumentHelp("A habit with no due: --estimate hours each day, week (Monday–Sunday) or month, placed within it.", valueName: "day|week|month"))
    var each: String?

    @Option(help: ArgumentHelp("Work due at the start of each meeting of this class (its title in your calendars, e.g. \"CHEM 110 Lecture\").", valueName: "class"))
    var before: String?

    @Option(name: .customLong("after-class"), help: ArgumentHelp("Work starting at the end of each meeting of this class, due --within after it.", valueName: "class"))
    var afterClass: String?

    // Unconditional: `--within -1d` is read as the (refused) value, not taken for an option.
    @Option(parsing: .unconditional, help: ArgumentHelp("With --after-class: due this long after the class. Default 7d.", valueName: "duration"))
    var within: String?

    @Option(help: ArgumentHelp("No occurrence due before this date.", valueName: "date"))
    var from: String?

    @Option(help: ArgumentHelp("No occurrence due after this date.", valueName: "date"))
    var until: String?

    @Option(help: ArgumentHelp("At most this many occurrences (1 to 1000).", valueName: "n"))
    var count: Int?

    @Option(name: .customLong("start-before"), parsing: .unconditional, help: ArgumentHelp("Each occurrence's work may begin this long before its due (5d, 2 weeks). Default: from the previous due (or class).", valueName: "duration"))
    var startBefore: String?

    /// Whether any option that makes a series is given.
    var repeats: Bool { every != nil || each != nil || before != nil || afterClass != nil }

    /// Options that only a series takes, given without one: the first, for the refusal.
    var strayOption: String? {
        [("--within", within), ("--from", from), ("--until", until), ("--start-before", startBefore),
         ("--count", count.map(String.init))].first { $0.1 != nil }?.0
    }

    func apply(to input: inout SeriesInput) {
        (input.every, input.each, input.before, input.afterClass) = (every, each, before, afterClass)
        (input.within, input.from, input.until, input.count, input.startBefore) = (within, from, until, count, startBefore)
    }
}

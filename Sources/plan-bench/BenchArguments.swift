import ArgumentParser

/// plan-bench's command line, parsed by ArgumentParser as `plan`'s is.
struct BenchArguments: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan-bench",
        abstract: "How fast plan is, side by side with its peers, and how cost grows.",
        discussion: """
        Every input is generated from --seed, so a run is repeatable. Sections: import \
        (semester calendars through `plan events --json`, the importer alone, a bare libical \
        loop and the Python peer), schedule (10 … 10,000 tasks against 10,000 busy blocks) \
        e2e (`plan add-task` on a store, `plan rpc` latency), soak (100,000 mixed requests \
        in one `plan rpc` session: latency percentiles and whether memory stays flat), timetable (the top 10 \
        section combinations of 5, 8 and 10 courses, against a naive enumeration) and spread (how the plan \
        of Examples/fortnight.sh spreads its work over the days; `plan-bench spread` measures the store \
        $PLAN_STORE at $PLAN_NOW) and term (a 4,000-course catalog imported, a ratings export joined, \
        6 courses built, each a plan process) and weekly (10 weekly series and 2 habits over a 15-week horizon \
        added one by one, then a replan a week later, each a plan process) and lived (a 15-week term lived day by \
        day with work taking 1.3× its estimate, learning on and off; then the day's routine timed) and readers (each reader of outside input at 1× and 10× its input: the \
        time at most 12×). Build with \
        -c release for real figures.
        """)

    static let sectionNames = ["import", "schedule", "e2e", "timetable", "week", "group", "sync", "soak", "spread", "term", "weekly", "lived", "readers"]

    @Flag(help: "Small sizes, few repeats, no Python (for CI).")
    var quick = false

    @Option(name: .customLong("json"), help: ArgumentHelp("Also write the figures as JSON to this file.", valueName: "file"))
    var jsonPath: String?

    @Option(help: "Seed of the generated calendars and tasks.")
    var seed: UInt64 = 1

    @Option(help: ArgumentHelp("Run only these sections (import, schedule, e2e, timetable, week, group, sync, soak, spread, term, weekly, lived, readers).", valueName: "list"),
            transform: BenchArguments.sections)
    var only: Set<String>?

    @Option(help: ArgumentHelp("Task counts of the scheduling section, e.g. 1000,10_000.", valueName: "n,…"),
            transform: BenchArguments.counts)
    var sizes: [Int]?

    @Option(name: .customLong("import-sizes"), help: ArgumentHelp("VEVENT counts of the import section.", valueName: "n,…"),
            transform: BenchArguments.counts)
    var importSizes: [Int]?

    @Flag(name: .customLong("no-python"), help: "Do not run the Python peer.")
    var noPython = false

    @Flag(name: .customLong("python-all"), help: "Run the Python peer at 100,000 VEVENTs too (about 8 minutes).")
    var pythonAll = false

    @Option(name: .customLong("plan"), help: ArgumentHelp("The plan binary to measure (default: this one's plan mode).", valueName: "path"))
    var planPath: String?

    @Option(help: ArgumentHelp("Where the generated files go, kept (default: a temporary folder, removed).", valueName: "dir"))
    var workdir: String?

    /// Positive whole numbers separated by commas (`1000,10_000`).
    static func counts(_ text: String) throws -> [Int] {
        try text.split(separator: ",", omittingEmptySubsequences: false).map { item in
            guard let n = Int(item.replacingOccurrences(of: "_", with: "")), n > 0 else {
                throw ValidationError("\"\(text)\": \"\(item)\" is not a positive whole number (e.g. 1000,10_000)")
            }
            return n
        }
    }

    static func sections(_ text: String) throws -> Set<String> {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if let bad = names.first(where: { !sectionNames.contains($0) }) {
            throw ValidationError("\"\(text)\": no section \"\(bad)\" (sections: \(sectionNames.joined(separator: ", ")))")
        }
        return Set(names)
    }
}

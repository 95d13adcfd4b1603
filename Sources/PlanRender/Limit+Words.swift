import PlanCore

extension Limit {
    /// What limits a task, in words, with the options that set it: `the
    /// shortest sitting (--min)`.
    package var phrase: String {
        switch self {
        case .window: "the daily window (--earliest/--latest, --day-start/--day-end)"
        case .workingDays: "the working days (--working-days)"
        case .span: "the longest sitting (--span)"
        case .minSitting: "the shortest sitting (--min)"
        case .busy: "calendar events"
        case .otherTasks: "tasks planned before it"
        case .after: "the tasks it comes after (--after)"
        case .maxPerDay: "the daily maximum (--max-per-day)"
        case .due: "the due date (--due)"
        case .start: "its start date (--start)"
        }
    }
}

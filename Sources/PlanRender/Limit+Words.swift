import PlanCore

extension Limit {
    /// What limits a task, in words: `the daily window`.
    package var phrase: String {
        switch self {
        case .window: "the daily window"
        case .workingDays: "the working days"
        case .span: "the longest sitting (span)"
        case .minSitting: "the shortest sitting (minSitting)"
        case .busy: "calendar events"
        case .otherTasks: "tasks planned before it"
        case .after: "the tasks it comes after"
        case .maxPerDay: "the daily maximum (maxPerDay)"
        case .due: "the due date"
        case .start: "its start date"
        }
    }
}

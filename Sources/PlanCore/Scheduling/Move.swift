/// A task that moved when the plan was re-made: its future sittings
/// before and after, and why.
public struct Move: Hashable, Sendable {
    public var taskId: String
    public var before: [TimeRange]
    public var after: [TimeRange]
    /// Why it moved (`plan replan`); nil where the whole plan was re-made
    /// to make room for a new task.
    public var reason: RefitReason?

    public init(taskId: String, before: [TimeRange], after: [TimeRange], reason: RefitReason? = nil) {
        self.taskId = taskId
        self.before = before
        self.after = after
        self.reason = reason
    }
}

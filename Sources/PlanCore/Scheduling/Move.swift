/// A task that moved when the plan was re-made: its future sittings
/// before and after, and why.
package struct Move: Hashable, Sendable {
    package var taskId: String
    package var before: [TimeRange]
    package var after: [TimeRange]
    /// Why it moved (`plan replan`); nil where the whole plan was re-made
    /// to make room for a new task.
    package var reason: RefitReason?

    package init(taskId: String, before: [TimeRange], after: [TimeRange], reason: RefitReason? = nil) {
        self.taskId = taskId
        self.before = before
        self.after = after
        self.reason = reason
    }
}

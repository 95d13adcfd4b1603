/// One row of `plan tasks`.
package struct TaskRow: Hashable, Sendable {
    package enum State: String, Sendable { case scheduled, unscheduled, done, overdue }
    package var task: TaskDefinition
    package var state: State
    package var estimate: Int64
    package var done: Int64
    package var sittings: [Sitting]
    /// The first sitting that has not ended by `now`.
    package var next: Sitting?
    /// `due − end of the last sitting`.
    package var slack: Int64?
    package var due: Instant
    /// Work left that no sitting from now on holds: a sitting passed with nothing recorded
    /// (missed), or work that no longer fits. Never counted as done, nor as planned.
    package var owed: Int64 = 0
    /// The series it is an occurrence of (`plan add-task --every`), nil for a task of its own.
    package var series: String?

    package init(task: TaskDefinition, state: State, estimate: Int64, done: Int64, sittings: [Sitting], next: Sitting?,
                slack: Int64?, due: Instant) {
        self.task = task
        self.state = state
        self.estimate = estimate
        self.done = done
        self.sittings = sittings
        self.next = next
        self.slack = slack
        self.due = due
    }
}

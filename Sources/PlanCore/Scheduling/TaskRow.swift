/// One row of `plan tasks`.
public struct TaskRow: Hashable, Sendable {
    public enum State: String, Sendable { case scheduled, unscheduled, done, overdue }
    public var task: TaskDefinition
    public var state: State
    public var estimate: Int64
    public var done: Int64
    public var sittings: [Sitting]
    /// The first sitting that has not ended by `now`.
    public var next: Sitting?
    /// `due − end of the last sitting`.
    public var slack: Int64?
    public var due: Instant

    public init(task: TaskDefinition, state: State, estimate: Int64, done: Int64, sittings: [Sitting], next: Sitting?,
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

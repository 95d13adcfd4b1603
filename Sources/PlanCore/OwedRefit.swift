/// Work owed that a planning command re-fitted: a task's sittings passed with nothing recorded
/// (`missed`), so its work left was more than its sittings ahead held; `sittings` are where the
/// owed work went (empty when it no longer fits before the due).
package struct OwedRefit: Hashable, Sendable {
    package var taskId: String
    package var title: String
    /// The work that no sitting ahead held, before the re-fit.
    package var owed: Int64
    /// The sittings that passed since time was last recorded on the task.
    package var missed: [TimeRange]
    /// The task's sittings from now on that are new.
    package var sittings: [TimeRange]

    package init(taskId: String, title: String, owed: Int64, missed: [TimeRange], sittings: [TimeRange]) {
        self.taskId = taskId
        self.title = title
        self.owed = owed
        self.missed = missed
        self.sittings = sittings
    }
}

/// A task planned for more (or less) than its estimate because its project's or series'
/// finished tasks took that much more (or less) than theirs (``EstimateRatio``).
package struct LearnedEstimate: Hashable, Sendable {
    package var taskId: String
    /// The estimate as typed.
    package var estimate: Int64
    /// The work planned.
    package var planned: Int64
    package var ratio: EstimateRatio
    /// Whose finished tasks: a project's or a series'.
    package var kind: Review.Group.Kind
    package var name: String

    package init(taskId: String, estimate: Int64, planned: Int64, ratio: EstimateRatio, kind: Review.Group.Kind, name: String) {
        self.taskId = taskId
        self.estimate = estimate
        self.planned = planned
        self.ratio = ratio
        self.kind = kind
        self.name = name
    }
}

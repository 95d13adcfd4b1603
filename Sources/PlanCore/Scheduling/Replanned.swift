/// What `plan replan` did: the tasks that moved, the plan made, and what
/// does not fit around the sittings that stayed.
public struct Replanned: Sendable {
    /// The tasks whose future sittings changed, each with its reason.
    public var moves: [Move]
    public var plan: Plan
    /// Future sittings that stayed exactly where they were.
    public var kept: Int
    /// Tasks that do not fit around the sittings that stayed but would if
    /// everything were re-fitted (`compact`).
    public var fitWithCompact: [String]
    /// Everything was re-fitted from now.
    public var compact: Bool
    public var saved: Bool

    public init(moves: [Move], plan: Plan, kept: Int, fitWithCompact: [String], compact: Bool, saved: Bool) {
        self.moves = moves
        self.plan = plan
        self.kept = kept
        self.fitWithCompact = fitWithCompact
        self.compact = compact
        self.saved = saved
    }
}

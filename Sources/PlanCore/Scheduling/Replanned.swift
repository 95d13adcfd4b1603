/// What `plan replan` did: the tasks that moved, the plan made, and what
/// does not fit around the sittings that stayed.
package struct Replanned: Sendable {
    /// The tasks whose future sittings changed, each with its reason.
    package var moves: [Move]
    package var plan: Plan
    /// Future sittings that stayed exactly where they were.
    package var kept: Int
    /// Tasks that do not fit around the sittings that stayed but would if
    /// everything were re-fitted (`compact`).
    package var fitWithCompact: [String]
    /// Everything was re-fitted from now.
    package var compact: Bool
    package var saved: Bool

    package init(moves: [Move], plan: Plan, kept: Int, fitWithCompact: [String], compact: Bool, saved: Bool) {
        self.moves = moves
        self.plan = plan
        self.kept = kept
        self.fitWithCompact = fitWithCompact
        self.compact = compact
        self.saved = saved
    }
}

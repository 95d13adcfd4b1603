import PlanCore

/// What a replan did, `Schemas/methods/plan.replan.result.schema.json`.
extension Wire {
    /// `plan.replan`, and `plan replan --json`.
    package struct ReplanResult: Codable, Hashable, Sendable {
        /// The tasks whose sittings changed, each with its reason.
        package var moves: [TaskMove]
        /// Future sittings that stayed exactly where they were.
        package var kept: Int
        /// Everything was re-fitted from now (`compact`).
        package var compact: Bool
        /// Tasks that do not fit around the sittings that stayed but would
        /// with `compact`.
        package var fitWithCompact: [String]
        package var diagnostics: [Diagnostic]
        package var saved: Bool
        package var warnings: [ImportWarning]

        package init(_ r: Replanned, warnings: [ImportWarning], zone: some UTCOffsetProvider) {
            moves = r.moves.map { TaskMove($0, zone: zone) }
            kept = r.kept
            compact = r.compact
            fitWithCompact = r.fitWithCompact
            diagnostics = r.plan.diagnostics.map { Diagnostic($0, zone: zone) }
            saved = r.saved
            self.warnings = warnings
        }
    }
}

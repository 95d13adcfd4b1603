import PlanCore

/// Finds the best conflict-free combinations of sections.
public enum TimetableBuilder {
    /// The top `options.top` combinations of one section of each of `courses`
    /// (codes as found in `catalog`), ranked by score, then fewer days on campus,
    /// then the earlier latest end, then section ids.
    public static func build(catalog: Catalog, courses: [Course], options: BuildOptions) -> BuildResult {
        fatalError("not yet written")
    }
}

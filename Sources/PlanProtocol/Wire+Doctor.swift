import PlanCore

extension Wire {
    /// What `plan doctor --json` prints: every finding in order, and the counts.
    package struct Doctor: Codable, Hashable, Sendable {
        package struct Check: Codable, Hashable, Sendable {
            package var area: String
            package var subject: String
            /// `ok`, `warning` or `problem`.
            package var status: String
            package var detail: String
            package var fix: String?
        }

        package var checks: [Check]
        package var problems: Int
        package var warnings: Int

        package init(_ checkups: [Checkup]) {
            checks = checkups.map { Check(area: $0.area.rawValue, subject: $0.subject, status: $0.status.rawValue, detail: $0.detail, fix: $0.fix) }
            problems = checkups.filter { $0.status == .problem }.count
            warnings = checkups.filter { $0.status == .warning }.count
        }
    }
}

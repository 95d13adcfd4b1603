import PlanCore

extension Wire {
    /// What `plan doctor --json` prints: every finding in order, and the counts.
    public struct Doctor: Codable, Hashable, Sendable {
        public struct Check: Codable, Hashable, Sendable {
            public var area: String
            public var subject: String
            /// `ok`, `warning` or `problem`.
            public var status: String
            public var detail: String
            public var fix: String?
        }

        public var checks: [Check]
        public var problems: Int
        public var warnings: Int

        public init(_ checkups: [Checkup]) {
            checks = checkups.map { Check(area: $0.area.rawValue, subject: $0.subject, status: $0.status.rawValue, detail: $0.detail, fix: $0.fix) }
            problems = checkups.filter { $0.status == .problem }.count
            warnings = checkups.filter { $0.status == .warning }.count
        }
    }
}

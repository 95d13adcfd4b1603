import PlanStore

extension Wire {
    /// What `plan backup --json` and `plan restore --json` print: the file
    /// written or restored, what it holds, and (restore) where the store as
    /// it was is kept.
    public struct StoreCopy: Codable, Hashable, Sendable {
        public var path: String
        public var schemaVersion: Int
        public var tasks: Int
        public var calendars: Int
        public var bytes: Int
        public var previous: String?

        public init(_ s: StoreSummary, previous: String? = nil) {
            path = s.path
            schemaVersion = s.schemaVersion
            tasks = s.tasks
            calendars = s.calendars
            bytes = s.bytes
            self.previous = previous
        }
    }
}

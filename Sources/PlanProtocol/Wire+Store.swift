import PlanStore

extension Wire {
    /// What `plan backup --json` and `plan restore --json` print: the file
    /// written or restored, what it holds, and (restore) where the store as
    /// it was is kept.
    package struct StoreCopy: Codable, Hashable, Sendable {
        package var path: String
        package var schemaVersion: Int
        package var tasks: Int
        package var calendars: Int
        package var bytes: Int
        package var previous: String?

        package init(_ s: StoreSummary, previous: String? = nil) {
            path = s.path
            schemaVersion = s.schemaVersion
            tasks = s.tasks
            calendars = s.calendars
            bytes = s.bytes
            self.previous = previous
        }
    }
}

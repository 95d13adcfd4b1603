import PlanCore
import PlanService

extension Wire {
    /// `plan sync --json` and the `sync` method: what was sent (or, dry, would be) to the collection.
    public struct SyncResult: Codable, Hashable, Sendable {
        /// The collection written to.
        public var target: String
        public var dryRun: Bool
        public var created: Int
        public var updated: Int
        public var deleted: Int
        /// Sittings whose resource was already up to date (not sent).
        public var unchanged: Int
        public var changes: [Change]
        public var conflicts: [Conflict]
        /// The requests sent, by method (`REPORT`, `PUT`, `DELETE`, `GET`…).
        public var requests: [String: Int]

        /// One resource created, updated or deleted.
        public struct Change: Codable, Hashable, Sendable {
            /// `create`, `update` or `delete`.
            public var action: String
            public var uid: String
            public var taskId: String
            public var start: String
            public var end: String
            public var summary: String
        }

        /// A sitting changed on the phone, or a resource left alone.
        public struct Conflict: Codable, Hashable, Sendable {
            /// `moved` (kept at its new time), `deleted` (its work planned elsewhere) or `not-plans` (left alone).
            public var kind: String
            public var uid: String
            public var taskId: String?
            public var before: TimeRange?
            public var after: TimeRange?
        }

        public init(_ r: SyncReport, zone: some UTCOffsetProvider) {
            target = r.target
            dryRun = r.dryRun
            created = r.changes.count { $0.action == .create }
            updated = r.changes.count { $0.action == .update }
            deleted = r.changes.count { $0.action == .delete }
            unchanged = r.unchanged
            changes = r.changes.map {
                Change(action: $0.action.rawValue, uid: $0.uid, taskId: $0.taskId, start: wireString($0.range.start, in: zone),
                       end: wireString($0.range.end, in: zone), summary: $0.summary)
            }
            conflicts = r.conflicts.map {
                Conflict(kind: $0.kind.rawValue, uid: $0.uid, taskId: $0.taskId, before: $0.before.map { TimeRange($0, zone: zone) },
                         after: $0.after.map { TimeRange($0, zone: zone) })
            }
            requests = r.requests
        }
    }

    /// `plan calendar target --json` and `calendar.target`: the collection `plan sync` writes to.
    public struct SyncTarget: Codable, Hashable, Sendable {
        /// Nil when none is set.
        public var url: String?
        /// Made by this call (MKCALENDAR).
        public var created: Bool

        public init(url: String?, created: Bool) {
            self.url = url
            self.created = created
        }
    }
}

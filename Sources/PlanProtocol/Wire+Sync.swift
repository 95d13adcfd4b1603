import PlanCore
import PlanService

extension Wire {
    /// `plan sync --json` and the `sync` method: what was sent (or, dry, would be) to the collection.
    package struct SyncResult: Codable, Hashable, Sendable {
        /// The collection written to.
        package var target: String
        package var dryRun: Bool
        package var created: Int
        package var updated: Int
        package var deleted: Int
        /// Sittings whose resource was already up to date (not sent).
        package var unchanged: Int
        package var changes: [Change]
        package var conflicts: [Conflict]
        /// The requests sent, by method (`REPORT`, `PUT`, `DELETE`, `GET`…).
        package var requests: [String: Int]

        /// One resource created, updated or deleted.
        package struct Change: Codable, Hashable, Sendable {
            /// `create`, `update` or `delete`.
            package var action: String
            package var uid: String
            package var taskId: String
            package var start: String
            package var end: String
            package var summary: String
        }

        /// A sitting changed on the phone, or a resource left alone.
        package struct Conflict: Codable, Hashable, Sendable {
            /// `moved` (kept at its new time), `both` (moved on the phone and by plan: the phone's time kept),
            /// `deleted` (its work planned elsewhere), `not-plans` (left alone), `made-on-phone` (plan's marks under
            /// a UID plan did not give: the student's, left alone) or `leftover` (written by a sync cut short, not
            /// recorded: taken over, then updated or deleted).
            package var kind: String
            package var uid: String
            package var taskId: String?
            package var before: TimeRange?
            package var after: TimeRange?
            /// The task's title.
            package var title: String?
            /// Deleted: where its work is planned now; both: where plan had put it.
            package var planned: [TimeRange]?
        }

        package init(_ r: SyncReport, zone: some UTCOffsetProvider) {
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
                         after: $0.after.map { TimeRange($0, zone: zone) }, title: $0.title,
                         planned: $0.planned.isEmpty ? nil : $0.planned.map { TimeRange($0, zone: zone) })
            }
            requests = r.requests
        }
    }

    /// `plan calendar target --json` and `calendar.target`: the collection `plan sync` writes to.
    package struct SyncTarget: Codable, Hashable, Sendable {
        /// Nil when none is set.
        package var url: String?
        /// Made by this call (MKCALENDAR).
        package var created: Bool

        package init(url: String?, created: Bool) {
            self.url = url
            self.created = created
        }
    }
}

import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore

/// What `plan sync` did (or, with `--dry-run`, would do) to the target collection.
package struct SyncReport: Sendable {
    /// One resource written or deleted.
    package struct Change: Hashable, Sendable {
        package enum Action: String, Hashable, Sendable {
            /// PUT with `If-None-Match: *`.
            case create
            /// PUT with `If-Match`.
            case update
            /// DELETE with `If-Match`.
            case delete
        }
        package var action: Action
        package var uid: String
        package var taskId: String
        package var range: TimeRange
        package var summary: String
    }

    /// A sitting the student changed on the phone, or a resource left alone.
    package struct Conflict: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            /// Its time was changed on the phone: kept there, the plan works around it.
            case moved
            /// It was deleted on the phone: its work is planned elsewhere.
            case deleted
            /// Moved on the phone while plan had moved (or dropped) the same sitting: the phone's time is kept.
            case both
            /// A resource plan did not make is where plan would write: left alone.
            case notPlans = "not-plans"
            /// An event carrying plan's `X-PLAN-TASK-ID` under a UID plan did not give (the phone made it again,
            /// or copied it): the student's own, left alone.
            case phoneMade = "made-on-phone"
            /// An event plan wrote in a sync cut short, which the store had not recorded: taken over (updated
            /// when a sitting still has it, else deleted).
            case leftover
        }
        package var kind: Kind
        package var uid: String
        package var taskId: String?
        /// The sitting's time before the change.
        package var before: TimeRange?
        /// Its time on the phone (moved only).
        package var after: TimeRange?
        /// The task's title: how the conflict is named.
        package var title: String?
        /// Deleted: where its work is planned now; both: where plan had put it.
        package var planned: [TimeRange] = []
    }

    /// The collection written to.
    package var target: String
    package var changes: [Change]
    package var conflicts: [Conflict]
    /// Resources of plan already up to date.
    package var unchanged: Int
    /// The requests sent, by method.
    package var requests: [String: Int]
    package var dryRun: Bool
}

extension PlanService {
    /// The setting that holds the collection `plan sync` writes to.
    static let syncTargetKey = "syncTarget"

    /// The collection `plan sync` writes to, if one was set.
    package func syncTarget() throws -> String? {
        try guarded { try store.read { try $0.setting(Self.syncTargetKey) } }
    }

    /// Sets the collection `plan sync` writes to, after asking the server
    /// that it is a calendar collection; with `create`, makes it first
    /// (MKCALENDAR, named "Study plan", coloured `color`). Returns the URL
    /// as kept and whether it was created.
    /// `passwordCommand` (with `user`) is kept for the URL's host, as
    /// ``addCalendar(path:name:insecure:passwordCommand:user:)`` keeps it.
    package func setSyncTarget(_ raw: String, create: Bool, color: String = "#3A7BD5", insecure: Bool = false,
                              passwordCommand command: String? = nil, user: String? = nil) throws -> (url: String, created: Bool) {
        try guarded {
            let url = try Self.collectionURL(raw, insecure: insecure)
            return try keepingPasswordCommand(command.map { PasswordCommand(command: $0, user: user) }, origin: url.origin) {
                try setSyncTarget(url, create: create, color: color, insecure: insecure)
            }
        }
    }

    private func setSyncTarget(_ url: SubscriptionURL, create: Bool, color: String, insecure: Bool) throws -> (url: String, created: Bool) {
        try store.read { try refuseABusyCalendarAsTarget(url.text, $0) }
        let client = try davClient(insecure: insecure)
        do {
            let created = try requireCalendarCollection(url, client: client, create: create, color: color)
            try store.write { try $0.setSetting(Self.syncTargetKey, url.text) }
            return (url.text, created)
        } catch let error as DAVError {
            throw ServiceError.cannotWrite(path: error.url, reason: error.reason)
        }
    }

    /// A CalDAV client with the credentials of this service: its environment
    /// and the password commands kept in the store.
    func davClient(insecure: Bool) throws -> DAVClient {
        try store.read { try davClient(insecure: insecure, t: $0) }
    }

    /// A client with the password commands the transaction `t` reads (inside a transaction, which cannot open another).
    func davClient(insecure: Bool, t: StoreTransaction) throws -> DAVClient {
        DAVClient(environment: collections.environment, insecure: insecure, passwordCommands: try PasswordCommands.load(t))
    }

    /// A collection's URL as kept: checked as a subscription's is, with a trailing `/`.
    static func collectionURL(_ raw: String, insecure: Bool) throws -> SubscriptionURL {
        do throws(DAVError) {
            let url = try SubscriptionURL(raw, insecure: insecure)
            guard var parts = URLComponents(string: url.text), !parts.path.hasSuffix("/") else { return url }
            parts.path += "/"
            return try SubscriptionURL(parts.string ?? url.text, insecure: insecure)
        } catch {
            throw ServiceError.refused(error.description)
        }
    }

    /// Writes the plan's sittings (those not ended yet) into the target
    /// collection, one resource per sitting named by its UID; see
    /// docs/reference.md, "Your plan on your phone".
    ///
    /// First, outside any transaction, every member's ETag is listed: a
    /// resource of plan whose ETag changed was edited on the phone (read
    /// back: a new time is kept as the student's, pinned), one that is gone
    /// was deleted there (its time is skipped and its work planned
    /// elsewhere); the plan is then re-made around those. Then each sitting
    /// is created (`If-None-Match: *`), changed (`If-Match`), or its resource
    /// deleted (`If-Match`), each result recorded in its own short
    /// transaction right after the server accepted it, so a sync cut short
    /// leaves the store knowing what exists; the next finishes the job.
    /// Sittings whose content did not change are not sent. A resource plan
    /// did not create is never written or deleted.
    package func sync(to raw: String?, dryRun: Bool, keepDeletedFree: Bool = false) throws -> SyncReport {
        try guarded {
            let target: SubscriptionURL
            if let raw {
                target = try Self.collectionURL(raw, insecure: true)
            } else if let kept = try store.read({ try $0.setting(Self.syncTargetKey) }) {
                target = try Self.collectionURL(kept, insecure: true)
            } else {
                throw ServiceError.refused("no collection to sync to: set one with `plan calendar target URL` (--create to make it), or give --to URL")
            }
            try store.read { try refuseABusyCalendarAsTarget(target.text, $0) }
            let client = try davClient(insecure: true)
            do {
                // A URL given here was never checked: it must be a calendar collection.
                if raw != nil { _ = try requireCalendarCollection(target, client: client, create: false, color: "") }
                return try sync(target, client: client, dryRun: dryRun, keepDeletedFree: keepDeletedFree)
            } catch let error as DAVError {
                throw ServiceError.cannotWrite(path: error.url, reason: error.reason)
            }
        }
    }

    private func sync(_ target: SubscriptionURL, client: DAVClient, dryRun: Bool, keepDeletedFree: Bool) throws -> SyncReport {
        let collection = target.text
        let collectionPath = DAVClient.path(target.text, in: target) ?? "/"
        var report = SyncReport(target: collection, changes: [], conflicts: [], unchanged: 0, requests: [:], dryRun: dryRun)

        // 1. What is on the server now, and what the phone changed (no transaction open).
        let (zone, mine, titles) = try store.read { t in
            (try self.settings(t).zone, try t.syncedResources(collection: collection),
             Dictionary(try t.tasks().map { ($0.task.id, $0.task.title) }, uniquingKeysWith: { a, _ in a }))
        }
        let read = try readPhone(target, client: client, mine: mine, zone: zone, report: &report)
        for k in report.conflicts.indices { report.conflicts[k].title = report.conflicts[k].taskId.flatMap { titles[$0] } }

        // 2. The phone's changes applied and the plan re-made around them, then what to send: in one
        // transaction, rolled back for a dry run (which so reports what the real sync sends).
        // The calendars asked before the transaction opens (a dry run too: the store is never held while a server answers).
        try prefetchSubscriptions()
        let (planned, wanted, conflicts) = try store.writeOrRollback { t in
            let conflicts = try apply(read, t, keepDeletedFree: keepDeletedFree, collection: collection)
            // The phone gets the occurrences of repeating tasks through the horizon, as time passes.
            try extendSeries(t, settings: try settings(t))
            let (planned, wanted) = try plannedChanges(t, collection: collection, collectionPath: collectionPath,
                                                       mine: try t.syncedResources(collection: collection),
                                                       retired: try Self.retiredUIDs(t, collection: collection).union(read.taken))
            return (value: (planned, wanted, conflicts), commit: !dryRun)
        }
        report.conflicts += conflicts
        report.unchanged = wanted - planned.filter { $0.change.action != SyncReport.Change.Action.delete }.count
        if dryRun {
            report.changes = planned.map(\.change)
            report.requests = client.requestCounts
            return report
        }

        // 3. Each change, recorded as soon as the server took it.
        for p in planned {
            if try send(p, to: target, client: client, report: &report) { report.changes.append(p.change) }
        }
        report.requests = client.requestCounts
        return report
    }

    /// Applies what the phone changed inside `t` and re-plans around it:
    /// a moved sitting is pinned at its new time (keeping its UID); a deleted
    /// one's work is planned again, its time kept free for that re-plan (for
    /// good with `keepDeletedFree`). Returns the conflicts to report, by name.
    private func apply(_ read: PhoneReading, _ t: StoreTransaction, keepDeletedFree: Bool, collection: String) throws -> [SyncReport.Conflict] {
        for r in read.unsent { try t.forgetSyncedResource(collection: collection, path: r.path) }
        guard !read.forget.isEmpty || !read.adopt.isEmpty || !read.leftovers.isEmpty else { return [] }
        let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
        let before = try t.syncedResources(collection: collection)
        let known = before.map { SittingUIDs.Known(uid: $0.uid, taskId: $0.taskId, range: $0.range) }
        let live = try Self.plannedSittings(t, now: now).filter { $0.range.end > now }
        // Which sitting each event of the phone stands for, before anything changes.
        let standsFor = Dictionary(zip(SittingUIDs.assign(live, known: known, taken: Set(known.map(\.uid)), now: now), live),
                                   uniquingKeysWith: { a, _ in a })
        var conflicts: [SyncReport.Conflict] = []
        var changes: [PhoneChange] = []
        var removed: [String: [TimeRange]] = [:]
        var replaced: [String: [(TimeRange, TimeRange)]] = [:]
        var ownWrites = Set<String>()
        for (r, to) in read.moved where tasks[r.taskId] != nil {
            let sitting = standsFor[r.uid]
            // At the time plan has the sitting now: plan's own PUT, taken by the server, whose answer never came.
            if sitting?.range == to {
                ownWrites.insert(r.uid)
                continue
            }
            // Changed on both sides: plan moved (or dropped) the sitting since the last sync. The phone wins.
            let kind: SyncReport.Conflict.Kind = sitting?.range == r.range ? .moved : .both
            conflicts.append(.init(kind: kind, uid: r.uid, taskId: r.taskId, before: r.range, after: to, title: tasks[r.taskId]?.title,
                                   planned: sitting.map { [$0.range] } ?? []))
            changes.append(PhoneChange(taskId: r.taskId, kind: .pinned, range: to))
            if let sitting { replaced[r.taskId, default: []].append((sitting.range, to)) }
        }
        // Gone for a sitting plan no longer has: plan's own DELETE went through, its answer never came.
        for r in read.deleted where tasks[r.taskId] != nil {
            guard let sitting = standsFor[r.uid] else { continue }
            conflicts.append(.init(kind: .deleted, uid: r.uid, taskId: r.taskId, before: r.range, after: nil, title: tasks[r.taskId]?.title))
            changes.append(PhoneChange(taskId: r.taskId, kind: .skipped, range: r.range))
            removed[r.taskId, default: []].append(sitting.range)
        }
        for c in changes { try t.addPhoneChange(c) }
        // The sittings as the phone left them: a moved one at its new time (pinned there, counted as placed work), a deleted one gone.
        for id in Set(replaced.keys).union(removed.keys).sorted() {
            let gone = removed[id] ?? [], moves = replaced[id] ?? []
            let ranges = try t.sittings().filter { $0.taskId == id && !gone.contains($0.range) }
                .map { s in moves.first { $0.0 == s.range }?.1 ?? s.range }.sorted { $0.start < $1.start }
            try t.replaceSittings(taskId: id, with: ranges.enumerated().map {
                Sitting(taskId: id, range: $0.element, index: $0.offset + 1, count: ranges.count)
            })
        }
        for r in read.forget { try t.forgetSyncedResource(collection: collection, path: r.path) }
        try Self.retire(read.forget.map(\.uid), t, collection: collection)
        for var r in read.adopt {
            // What plan wrote is what the server holds: the base of its next write.
            if ownWrites.contains(r.uid) {
                r.made = r.held
                r.sequence += 1
            }
            try t.saveSyncedResource(r)
        }
        for r in read.leftovers { try t.saveSyncedResource(r) }
        guard !changes.isEmpty else { return conflicts }
        // The plan re-made around what the phone changed; where each deleted sitting's work went is said.
        let old = Set(try t.sittings().filter { $0.range.end > now }.map { "\($0.taskId) \($0.range.start.seconds) \($0.range.end.seconds)" })
        _ = try replan(t, dryRun: false, compact: false)
        let new = try t.sittings().filter { $0.range.end > now && !old.contains("\($0.taskId) \($0.range.start.seconds) \($0.range.end.seconds)") }
        for k in conflicts.indices where conflicts[k].kind == .deleted {
            conflicts[k].planned = new.filter { $0.taskId == conflicts[k].taskId }.map(\.range)
        }
        // A deleted sitting's time was kept free for this re-plan only, unless the student asks for good.
        if !keepDeletedFree {
            for c in changes where c.kind == .skipped { try t.removePhoneChange(c) }
        }
        return conflicts
    }

    /// Sends one change and records what the server took; false when it was not made.
    private func send(_ p: PlannedChange, to target: SubscriptionURL, client: DAVClient, report: inout SyncReport) throws -> Bool {
        let collection = target.text
        switch p.change.action {
        case .create, .update:
            if let etag = p.etag { return try put(p, condition: .etag(etag), to: target, client: client, report: &report) }
            // A new event is recorded before it is sent (no ETag, nothing held yet): a sync killed before the
            // server's answer is recorded leaves the next one to find it there (taken over, moved on the phone
            // or not) or not (sent again), never an event of plan's that no record names.
            try store.write { try $0.saveSyncedResource(p.pending(stamp: now)) }
            guard try put(p, condition: .absent, to: target, client: client, report: &report) else {
                try store.write { try $0.forgetSyncedResource(collection: collection, path: p.path) }
                return false
            }
            return true
        case .delete:
            guard let etag = p.etag else { return false }
            switch try client.delete(target, p.path, etag: etag) {
            case .done, .missing:
                try store.write { try $0.forgetSyncedResource(collection: collection, path: p.path) }
                return true
            case .preconditionFailed, .locked:
                return false
            }
        }
    }

    /// PUTs one created or changed event on `condition` and records what the server took; false when it was not made.
    private func put(_ p: PlannedChange, condition: DAVClient.Condition, to target: SubscriptionURL, client: DAVClient,
                     report: inout SyncReport) throws -> Bool {
        let collection = target.text
        switch try client.put(target, p.path, p.bytes, condition: condition) {
        case .done(let etag):
            let known = try etag ?? client.get(target, p.path)?.etag
            try store.write { try $0.saveSyncedResource(p.resource(etag: known, stamp: now)) }
            return true
        case .preconditionFailed where condition == .absent:
            // Something is there already: plan's own (a sync cut short after its PUT), or someone else's.
            guard let there = try client.get(target, p.path) else { return false }
            let ours = SittingMarkers.read(there.bytes, label: collection + p.path).contains { $0.uid == p.change.uid && $0.taskId == p.change.taskId }
            guard ours, let etag = there.etag else {
                report.conflicts.append(.init(kind: .notPlans, uid: p.change.uid, taskId: nil, before: nil, after: nil))
                return false
            }
            guard case .done(let newTag) = try client.put(target, p.path, p.bytes, condition: .etag(etag)) else { return false }
            let known = try newTag ?? client.get(target, p.path)?.etag
            try store.write { try $0.saveSyncedResource(p.resource(etag: known, stamp: now)) }
            return true
        case .preconditionFailed, .missing, .locked:
            // Changed, deleted or being written on the phone while this sync ran: the next sync reads it back.
            return false
        }
    }

    /// One request `plan sync` would send.
    struct PlannedChange {
        var change: SyncReport.Change
        var path: String
        var bytes: [UInt8]
        var hash: String
        /// The ETag an update or delete is conditional on (nil: a create).
        var etag: String?
        var collection: String
        /// The event's SEQUENCE as sent.
        var sequence = 0
        /// The calendar as plan made it (before the phone's properties were kept).
        var made: [UInt8] = []

        /// The record of a new event about to be sent: no ETag, nothing held (``SyncedResource/isPending``).
        func pending(stamp: Instant) -> SyncedResource {
            var r = resource(etag: nil, stamp: stamp)
            r.held = nil
            return r
        }

        func resource(etag: String?, stamp: Instant) -> SyncedResource {
            var r = SyncedResource(collection: collection, path: path, uid: change.uid, taskId: change.taskId, etag: etag, hash: hash,
                                   range: change.range)
            r.sequence = sequence
            r.modified = stamp
            r.made = made
            r.held = bytes
            return r
        }
    }

    /// The sittings not ended yet as resources: path, sitting (with the UID
    /// of ``SittingUIDs``), and the hash of what would be written besides
    /// its times (its bytes are made only when they are sent); then the study
    /// sessions the user goes to that have not ended, as the group's events
    /// (but those a registered calendar already holds: the phone would show
    /// them twice).
    private func plannedResources(_ t: StoreTransaction, collectionPath: String, zone: String, mine: [SyncedResource],
                                  retired: Set<String>) throws -> [(path: String, sitting: ExportSitting, hash: String)] {
        let tasks = Dictionary(try t.tasks().map { ($0.task.id, $0.task) }, uniquingKeysWith: { a, _ in a })
        let live = try t.sittings().filter { $0.range.end > now }
        let known = mine.map { SittingUIDs.Known(uid: $0.uid, taskId: $0.taskId, range: $0.range) }
        let uids = SittingUIDs.assign(live, known: known, taken: Set(known.map(\.uid)).union(retired), now: now)
        let sessions = try liveSessions(t)
        return (Self.exportSittings(live, tasks: tasks, uids: uids) + sessions.map(Self.exportSession)).map { s in
            let people = ([s.organizer.map { "\($0.email) \($0.name ?? "")" } ?? ""] + s.attendees.map { "\($0.user.email) \($0.user.name ?? "") \($0.status)" })
            let fields = [s.uid, s.summary, s.description, s.categories.joined(separator: ","), s.taskId, zone, s.location ?? ""] + people
            return (collectionPath + Self.resourceName(s.uid), s, String(CalendarContent.hash(Array(fields.joined(separator: "\u{1F}").utf8)), radix: 16))
        }
    }

    /// The study sessions the user goes to that have not ended, but those whose UID a registered calendar holds.
    private func liveSessions(_ t: StoreTransaction) throws -> [StudySession] {
        let sessions = try attendedSessions(t, overlapping: nil).filter { $0.range.end > now }
        guard let last = sessions.map(\.range.end).max() else { return [] }
        let window = TimeRange(start: now, end: last)
        let zone = try self.settings(t).zone
        var held = Set<String>()
        for c in try t.calendars() {
            let r = try ImportMemo.shared.imported(from: try feed(for: c, t), options: ImportOptions(window: window, floatingZone: zone))
            held.formUnion(r.occurrences.map(\.uid))
        }
        return sessions.filter { !held.contains($0.uid) }
    }

    /// A resource's name from its UID: the UID itself when it is made of letters, digits and `@._-`, else a hash of it.
    static func resourceName(_ uid: String) -> String {
        let plain = uid.utf8.count <= 200 && uid.unicodeScalars.allSatisfy { ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) || "@._-".unicodeScalars.contains($0) }
        return (plain && !uid.hasPrefix(".") ? uid : "plan-" + String(CalendarContent.hash(Array(uid.utf8)), radix: 16)) + ".ics"
    }

    /// What has to be sent: sittings without a resource (create), with one
    /// whose time or words differ (update: what the phone added to the event
    /// is kept, SEQUENCE goes up, LAST-MODIFIED and DTSTAMP are now), and
    /// resources of plan for sittings that are gone and had not ended (delete).
    private func plannedChanges(_ t: StoreTransaction, collection: String, collectionPath: String, mine: [SyncedResource],
                                retired: Set<String>) throws -> (changes: [PlannedChange], wanted: Int) {
        let zone = try self.settings(t).timeZone
        func made(_ s: ExportSitting, sequence: Int) throws -> [UInt8] {
            var s = s
            s.sequence = sequence
            s.modified = now
            return Array(try ICalExporter.merged(calendars: [], sittings: [s], stamp: now, timeZone: zone).utf8)
        }
        let byPath = Dictionary(mine.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [PlannedChange] = []
        var wanted = Set<String>()
        let resources = try plannedResources(t, collectionPath: collectionPath, zone: zone, mine: mine, retired: retired)
        for p in resources {
            wanted.insert(p.path)
            var change = SyncReport.Change(action: .create, uid: p.sitting.uid, taskId: p.sitting.taskId, range: p.sitting.range,
                                           summary: p.sitting.summary)
            guard let r = byPath[p.path] else {
                let bytes = try made(p.sitting, sequence: 0)
                out.append(PlannedChange(change: change, path: p.path, bytes: bytes, hash: p.hash, etag: nil, collection: collection,
                                         sequence: 0, made: bytes))
                continue
            }
            guard r.hash != p.hash || r.range != p.sitting.range else { continue }
            if r.made == nil && r.range == p.sitting.range {
                // Written by an older plan (whose hash also covered the times and the "2/4"): not rewritten for that
                // alone, which would cost the phone's alarms; its hash is brought up to date.
                var adopted = r
                adopted.hash = p.hash
                try t.saveSyncedResource(adopted)
                continue
            }
            change.action = .update
            let fresh = try made(p.sitting, sequence: r.sequence + 1)
            // The event as the server holds it, with plan's part (times, words) changed where the phone left it as plan made it.
            let kept = r.held.flatMap { EventMerge.merged(fresh: fresh, made: r.made, held: $0, uid: p.sitting.uid, keepTimes: r.range == p.sitting.range) }
            out.append(PlannedChange(change: change, path: p.path, bytes: kept?.bytes ?? fresh, hash: p.hash, etag: r.etag,
                                     collection: collection, sequence: kept?.sequence ?? r.sequence + 1, made: fresh))
        }
        for r in mine where !wanted.contains(r.path) && r.range.end > now {
            out.append(PlannedChange(change: .init(action: .delete, uid: r.uid, taskId: r.taskId, range: r.range, summary: ""),
                                     path: r.path, bytes: [], hash: r.hash, etag: r.etag, collection: r.collection))
        }
        return (out, resources.count)
    }

    /// The time of the event `uid` in a resource, as libical reads it; nil when it has none.
    static func eventRange(_ bytes: [UInt8], uid: String, label: String, zone: SystemZone, now: Instant) -> TimeRange? {
        let window = TimeRange(start: now - 86_400 * 400, end: now + 86_400 * 800)
        guard let r = try? ICalImporter.importData(bytes, label: label, options: ImportOptions(window: window, floatingZone: zone)) else { return nil }
        return r.occurrences.first { $0.uid == uid }?.range(in: zone)
    }

    // MARK: Sittings changed on the phone

    /// Each task's sittings moved on the phone that have not ended: kept where the student put them.
    static func pinned(_ t: StoreTransaction, now: Instant) throws -> [String: [TimeRange]] {
        var out: [String: [TimeRange]] = [:]
        for c in try t.phoneChanges() where c.kind == .pinned && c.range.end > now { out[c.taskId, default: []].append(c.range) }
        return out
    }

    /// The stored sittings but those pinned on the phone (which the scheduler must not move or count).
    static func plannedSittings(_ t: StoreTransaction, now: Instant) throws -> [Sitting] {
        let pinned = try Self.pinned(t, now: now)
        guard !pinned.isEmpty else { return try t.sittings() }
        return try t.sittings().filter { s in !(pinned[s.taskId]?.contains(s.range) ?? false) }
    }

    /// The phone's changes as busy time: a moved sitting's new time, and a deleted sitting's time (not for studying).
    static func phoneBlocks(_ t: StoreTransaction, now: Instant) throws -> [BusyBlock] {
        try t.phoneChanges().filter { $0.range.end > now }.map {
            BusyBlock(range: $0.range, source: $0.kind == .pinned ? "moved on your phone" : "deleted on your phone")
        }
    }
}

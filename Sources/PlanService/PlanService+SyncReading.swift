import PlanCore
import PlanDAV
import PlanICal
import PlanStore

/// How `plan sync` reads the phone's side before it writes: what the
/// collection lists, checked before it is believed, and the events plan
/// wrote that no record of the store names.
extension PlanService {
    /// What `plan sync` read back from the phone: resources gone (deleted
    /// there) or replaced by someone else's, resources edited (their new
    /// copy, and time when moved), and the events plan wrote in a sync cut
    /// short that the store never recorded (taken over: recorded now, so
    /// the sync updates or deletes them as it does any of its own).
    struct PhoneReading {
        var forget: [SyncedResource] = []
        var deleted: [SyncedResource] = []
        var moved: [(resource: SyncedResource, to: TimeRange)] = []
        var adopt: [SyncedResource] = []
        var leftovers: [SyncedResource] = []
        /// New events recorded before they were sent that never reached the server: forgotten, their UIDs free to send again.
        var unsent: [SyncedResource] = []
        /// The UIDs the names of members plan did not record stand for (`x@plan.ics`: `x@plan`): never given to a new sitting.
        var taken: Set<String> = []
    }

    /// Reads what the phone changed since the last sync (no transaction
    /// open while the server answers):
    /// - a member plan recorded that the listing leaves out is asked for
    ///   (GET) before it is read as deleted on the phone: an empty or short
    ///   listing never makes plan write its events again under new UIDs;
    /// - one whose ETag changed is downloaded; one now holding another UID
    ///   (the phone made it again) is plan's event deleted, plus the
    ///   student's own, left alone;
    /// - a member plan did not record whose name is one plan gives
    ///   (`…@plan.ics`) is downloaded in the same multiget: when it carries
    ///   plan's UID for that name and `X-PLAN-TASK-ID`, plan wrote it in a
    ///   sync cut short and takes it over; with another UID it is the
    ///   student's, left alone and named.
    func readPhone(_ target: SubscriptionURL, client: DAVClient, mine: [SyncedResource], zone: SystemZone,
                   report: inout SyncReport) throws -> PhoneReading {
        let collection = target.text
        let collectionPath = DAVClient.path(target.text, in: target) ?? "/"
        var listed = Dictionary(try client.etags(target).map { ($0.path, $0.etag) }, uniquingKeysWith: { a, _ in a })
        var fetched: [String: DAVClient.Resource] = [:]
        for r in mine where !listed.keys.contains(r.path) && r.range.end > now {
            guard let there = try client.get(target, r.path) else { continue }
            listed.updateValue(there.etag, forKey: r.path)
            fetched[r.path] = there
        }
        let recorded = Set(mine.map(\.path))
        let strays = listed.keys.filter { !recorded.contains($0) && Self.isPlansName($0) }.sorted()
        let edited = mine.filter { r in fetched[r.path] == nil && listed[r.path].map { $0 != r.etag } ?? false }
        for resource in try client.multiget(target, edited.map(\.path) + strays) { fetched[resource.path] = resource }

        var read = PhoneReading()
        for r in mine {
            guard listed.keys.contains(r.path) else {
                guard !r.isPending else {
                    read.unsent.append(r)
                    continue
                }
                read.forget.append(r)
                if r.range.end > now { read.deleted.append(r) }
                continue
            }
            guard let resource = fetched[r.path], resource.etag != r.etag || edited.contains(r) else { continue }
            let marks = SittingMarkers.read(resource.bytes, label: collection + r.path)
            guard marks.contains(where: { $0.uid == r.uid && $0.taskId == r.taskId }) else {
                // Made again under another UID (or replaced by something plan did not write): plan's event is gone
                // from the phone, and what stands there is the student's, never plan's to touch.
                if r.isPending {
                    read.unsent.append(r)
                } else {
                    read.forget.append(r)
                    if r.range.end > now { read.deleted.append(r) }
                }
                let other = marks.first
                report.conflicts.append(.init(kind: other == nil ? .notPlans : .phoneMade, uid: other?.uid ?? r.uid,
                                              taskId: other.flatMap { $0.taskId.isEmpty ? nil : $0.taskId }, before: r.range, after: nil))
                continue
            }
            // What the server holds is the phone's now (its alarm, its title…): kept in every later write.
            var updated = r
            updated.etag = resource.etag ?? (listed[r.path] ?? nil)
            updated.held = resource.bytes
            if let range = Self.eventRange(resource.bytes, uid: r.uid, label: collection + r.path, zone: zone, now: now), range != r.range {
                read.moved.append((r, range))
                updated.range = range
            }
            read.adopt.append(updated)
        }
        for path in strays {
            read.taken.insert(String((path.split(separator: "/").last ?? "").dropLast(4)))
            guard let resource = fetched[path] else { continue }
            for mark in SittingMarkers.read(resource.bytes, label: collection + path) where !mark.taskId.isEmpty {
                guard path == collectionPath + Self.resourceName(mark.uid), SittingUIDs.number(in: mark.uid, taskId: mark.taskId) != nil else {
                    report.conflicts.append(.init(kind: .phoneMade, uid: mark.uid, taskId: mark.taskId, before: nil, after: nil))
                    break
                }
                let range = Self.eventRange(resource.bytes, uid: mark.uid, label: collection + path, zone: zone, now: now)
                var r = SyncedResource(collection: collection, path: path, uid: mark.uid, taskId: mark.taskId,
                                       etag: resource.etag ?? (listed[path] ?? nil), hash: "", range: range ?? TimeRange(start: now, end: now + 1))
                // Plan's part of it is rewritten (its words may be older than the task's), what it holds is the server's.
                r.made = resource.bytes
                r.held = resource.bytes
                read.leftovers.append(r)
                report.conflicts.append(.init(kind: .leftover, uid: mark.uid, taskId: mark.taskId, before: range, after: nil))
                break
            }
        }
        return read
    }

    /// How many UIDs of events gone from the phone a collection's setting keeps (the latest).
    static let retiredKept = 500

    /// The setting that keeps the UIDs of plan's events deleted or replaced on the phone in `collection`.
    static func retiredKey(_ collection: String) -> String { "syncRetired " + collection }

    /// The UIDs of plan's events gone from the phone: never given to a new sitting, even by a sync
    /// after one killed between reading the deletion and sending the new event.
    static func retiredUIDs(_ t: StoreTransaction, collection: String) throws -> Set<String> {
        Set((try t.setting(retiredKey(collection)) ?? "").split(separator: "\n").map(String.init))
    }

    /// Adds `uids` to the UIDs kept as gone from the phone (the latest ``retiredKept``).
    static func retire(_ uids: [String], _ t: StoreTransaction, collection: String) throws {
        guard !uids.isEmpty else { return }
        let kept = (try t.setting(retiredKey(collection)) ?? "").split(separator: "\n").map(String.init)
        let all = kept.filter { !uids.contains($0) } + uids
        try t.setSetting(retiredKey(collection), all.suffix(retiredKept).joined(separator: "\n"))
    }

    /// Whether a member's name is one plan gives its events (``resourceName(_:)`` of `<task id>-<n>@plan`).
    static func isPlansName(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? ""
        return name.hasSuffix("@plan.ics") || (name.hasPrefix("plan-") && name.hasSuffix(".ics"))
    }
}

extension SyncedResource {
    /// A new event recorded before its PUT was sent: no ETag and nothing held yet, but what plan made. Whether the
    /// server took it is what the next sync finds out.
    var isPending: Bool { etag == nil && held == nil && made != nil }
}

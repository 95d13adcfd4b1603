import Foundation
import PlanCore
import PlanDAV
import PlanGroups
import PlanICal
import PlanStore

/// Study sessions on a group's shared CalDAV calendar: written there by
/// `plan group create --calendar`, answered there by `join`/`leave` with
/// `If-Match` (re-read and retried on 412, so answers given at the same
/// moment are all kept), read from there by `plan group list --calendar`.
extension PlanService {
    /// How many times a change is PUT before plan gives up on a calendar
    /// whose event keeps changing (each 412 means someone else's change went in).
    static let answerTries = 6

    /// The session as its group calendar keeps it: its invitation without
    /// METHOD, the organizer an ATTENDEE too (with their answer), so leaving
    /// and joining are recorded for everyone alike.
    static func calendarObject(_ s: GroupSession) -> [UInt8] {
        var inv = invitation(s)
        inv.attendees = s.everyone
        return Array(GroupEvent.text(inv).utf8)
    }

    /// The member path for a new session on the collection at `url`: `<collection>/<uid>.ics`.
    static func memberPath(_ url: SubscriptionURL, uid: String) -> String {
        let collection = DAVClient.path(url.text, in: url) ?? "/"
        return (collection.hasSuffix("/") ? collection : collection + "/") + safe(uid) + ".ics"
    }

    /// PUTs a new session to its group calendar (`If-None-Match: *`) and
    /// returns it with its path and ETag.
    func putNewSession(_ s: GroupSession, _ url: SubscriptionURL, client: DAVClient) throws -> GroupSession {
        let path = Self.memberPath(url, uid: s.uid)
        var placed = s
        placed.calendarPath = path
        do {
            switch try client.put(url, path, Self.calendarObject(s), condition: .absent) {
            case .done(let etag):
                placed.calendarETag = try etag ?? client.get(url, path)?.etag
            case .preconditionFailed:
                throw ServiceError.refused("\(url.text): a session with UID \(s.uid) is on the group calendar already; nothing was kept")
            case .missing:
                throw ServiceError.cannotWrite(path: url.text, reason: "no calendar collection there (404); check the group calendar's URL")
            case .locked:
                throw ServiceError.cannotWrite(path: url.text, reason: "the server is writing there for someone else (423 Locked); nothing was kept, try again")
            }
        } catch let error as DAVError {
            throw ServiceError.cannotWrite(path: error.url, reason: error.reason)
        }
        guard placed.calendarETag != nil else {
            throw ServiceError.cannotWrite(path: url.text + Self.safe(s.uid) + ".ics", reason: "the server gave the new event no ETag, so answers to it could be lost; nothing was kept")
        }
        return placed
    }

    /// Runs `body`, a store write transaction that changes a group calendar
    /// and then keeps the change (it sets `changed` to the calendar's URL once
    /// the server has it). Opening the transaction first means a store that
    /// cannot be written refuses before any request; when the store fails
    /// after the server took the change (the replan, the commit), the one
    /// line says so and how to bring the store up to date: `plan group list
    /// --calendar` reads the event back (its ETag changed).
    func keepingCalendarChange<T>(_ body: (_ changed: inout String?) throws -> T) throws -> T {
        var changed: String?
        do {
            return try body(&changed)
        } catch {
            guard let url = changed else { throw error }
            throw ServiceError.cannotWrite(path: store.path, reason: "the group calendar \(url) has the change but the store could not keep it (\(ServiceError(error).description)); `plan group list --calendar \(url)` brings the store up to date")
        }
    }

    /// Sets `me`'s answer on the group calendar (see ``changeOnCalendar(_:insecure:t:_:)``),
    /// edited with libical; no PUT when it is already that answer.
    func answerOnCalendar(_ local: GroupSession, _ me: CalendarUser, _ status: Participation, insecure: Bool, t: StoreTransaction) throws -> GroupSession {
        try changeOnCalendar(local, insecure: insecure, t: t) { bytes, label, before in
            if before.cancelled { throw ServiceError.refused("\"\(before.title)\" was cancelled by \(before.organizer.displayName)") }
            if before.status(of: me.email) == status { return nil }
            do throws(ImportError) {
                return Array(try GroupEvent.answering(bytes, label: label, user: me, status: status).utf8)
            } catch {
                throw ServiceError.calendar(error)
            }
        }
    }

    /// Marks the session cancelled on the group calendar: SEQUENCE bumped,
    /// `STATUS:CANCELLED`, DTSTAMP now, everyone's answers as the calendar has them.
    func cancelOnCalendar(_ local: GroupSession, insecure: Bool, t: StoreTransaction) throws -> GroupSession {
        try changeOnCalendar(local, insecure: insecure, t: t) { _, _, before in
            if before.cancelled { throw ServiceError.refused("\"\(before.title)\" is cancelled already") }
            var s = before
            s.cancelled = true
            s.sequence += 1
            s.stamp = now
            return Self.calendarObject(s)
        }
    }

    /// Changes the session on its group calendar: GET it, `edit` the bytes
    /// read (nil: nothing to change), PUT `If-Match` the ETag read; on 412
    /// (someone else changed it in between) read again and edit again, at
    /// most ``answerTries`` times. Returns the session as the calendar now
    /// has it, with `local`'s id. Runs inside the write transaction `t`
    /// (see ``keepingCalendarChange(_:)``).
    func changeOnCalendar(_ local: GroupSession, insecure: Bool, t: StoreTransaction,
                          _ edit: (_ bytes: [UInt8], _ label: String, _ before: GroupSession) throws -> [UInt8]?) throws -> GroupSession {
        guard let raw = local.calendarURL, let path = local.calendarPath else { return local }
        let url = try Self.collectionURL(raw, insecure: insecure)
        let client = try davClient(insecure: insecure, t: t)
        let label = url.text + path
        do {
            for attempt in 1...Self.answerTries {
                guard let current = try client.get(url, path) else {
                    throw ServiceError.refused("\"\(local.title)\" is no longer on the group calendar \(url.text) (deleted there); `plan group list --calendar \(url.text)` shows what is")
                }
                guard let etag = current.etag else {
                    throw ServiceError.cannotWrite(path: label, reason: "the server sent no ETag, so a change could overwrite someone else's")
                }
                let before = try Self.session(from: current.bytes, label: label, like: local, url: url, path: path, etag: etag)
                guard let edited = try edit(current.bytes, label, before) else { return before }
                var outcome: DAVClient.WriteOutcome?
                do {
                    outcome = try client.put(url, path, edited, condition: .etag(etag))
                } catch .serverError {
                    // Xandikos answers 500 to some of several PUTs at once. The next try reads back
                    // whether it went in (then there is nothing to change) before it writes again.
                    outcome = nil
                }
                switch outcome {
                case .done(let newTag)?:
                    if let newTag { return try Self.session(from: edited, label: label, like: local, url: url, path: path, etag: newTag) }
                    guard let after = try client.get(url, path), let tag = after.etag else {
                        throw ServiceError.cannotWrite(path: label, reason: "the server sent no ETag for the change")
                    }
                    return try Self.session(from: after.bytes, label: label, like: local, url: url, path: path, etag: tag)
                case .preconditionFailed?, .locked?, nil:
                    // Someone else's change went in first (412), or is going in (423): read theirs and change again, a little later each time.
                    usleep(UInt32(20_000 * attempt))
                case .missing?:
                    throw ServiceError.refused("\"\(local.title)\" is no longer on the group calendar \(url.text) (deleted there)")
                }
            }
        } catch let error as DAVError {
            throw ServiceError.cannotWrite(path: error.url, reason: error.reason)
        }
        throw ServiceError.cannotWrite(path: label, reason: "the event changed under every one of \(Self.answerTries) tries (412 Precondition Failed, 423 Locked or a server error each time); nothing changed, try again")
    }

    /// The session in `bytes` (a group calendar's member) with `like`'s id
    /// (or `id` when new), at `url`/`path` and `etag`.
    static func session(from bytes: [UInt8], label: String, like: GroupSession?, id: String? = nil, url: SubscriptionURL,
                        path: String, etag: String?) throws -> GroupSession {
        let inv: Invitation
        do throws(ImportError) {
            inv = try GroupEvent.read(bytes, label: label)
        } catch {
            throw ServiceError.calendar(error)
        }
        return Self.session(inv, id: like?.id ?? id ?? inv.uid, cancelled: inv.cancelled, calendarURL: url.text,
                            calendarPath: path, calendarETag: etag)
    }

    /// What `plan group list --calendar` read: how many sessions are on it,
    /// and the members that are not sessions.
    package struct GroupCalendarRead: Sendable {
        package var url: String
        package var sessions: Int
        package var skipped: [ImportWarning]
    }

    /// Reads every session on the group calendar at `raw` (calendar-query
    /// for the ETags, then calendar-multiget of what is new or changed) and
    /// keeps them in the store, so `join`/`leave` can answer them; a member
    /// that is not a session (no ORGANIZER, no time) is skipped with a warning.
    package func readGroupCalendar(_ raw: String, insecure: Bool = false) throws -> GroupCalendarRead {
        try guarded {
            let url = try Self.collectionURL(raw, insecure: insecure)
            let client = try davClient(insecure: insecure)
            let known = try store.read { try $0.groupSessions() }.filter { $0.calendarURL == url.text }
            let etagOf = Dictionary(known.compactMap { s in s.calendarPath.map { ($0, s.calendarETag) } }, uniquingKeysWith: { a, _ in a })
            var read: [GroupSession] = [], skipped: [ImportWarning] = [], count = 0
            do {
                let members = try client.etags(url)
                count = members.count
                let stale = members.filter { etagOf[$0.path] == nil || etagOf[$0.path]! != $0.etag }.map(\.path)
                for r in try client.multiget(url, stale.sorted()) {
                    do {
                        read.append(try Self.session(from: r.bytes, label: url.text + r.path, like: nil, url: url, path: r.path, etag: r.etag))
                    } catch let e as ServiceError {
                        skipped.append(ImportWarning(id: "not-a-session", file: url.text + r.path, line: nil, property: nil, value: nil,
                                                     message: "skipped, not a study session: \(e.description)"))
                    }
                }
            } catch let error as DAVError {
                throw ServiceError.unreadable(path: error.url, reason: error.reason)
            }
            try store.write { t in
                let all = try t.groupSessions()
                var taken = Set(all.map { $0.id.lowercased() })
                for var s in read {
                    if let old = all.first(where: { $0.uid == s.uid }) {
                        s.id = old.id
                    } else {
                        s.id = TaskIds.unique(TaskIds.slug(s.title), taken: taken)
                        taken.insert(s.id.lowercased())
                    }
                    try t.saveGroupSession(s)
                }
            }
            return GroupCalendarRead(url: url.text, sessions: count - skipped.count, skipped: skipped)
        }
    }
}

import Foundation
import PlanCore
import PlanFiles
import PlanGroups
import PlanICal
import PlanStore

/// What `plan group find` asks, before the members are read.
package struct GroupFindRequest: Sendable {
    package var members: [GroupMemberSource]
    package var duration: Int64
    /// Default: the next 7 days from now.
    package var within: TimeRange?
    package var between: DayWindow?
    package var days: Set<Weekday>?
    package var granularity: Int64?
    package var minMembers: Int?
    package var top: Int

    package init(members: [GroupMemberSource], duration: Int64, within: TimeRange? = nil, between: DayWindow? = nil,
                days: Set<Weekday>? = nil, granularity: Int64? = nil, minMembers: Int? = nil, top: Int = 5) {
        self.members = members
        self.duration = duration
        self.within = within
        self.between = between
        self.days = days
        self.granularity = granularity
        self.minMembers = minMembers
        self.top = top
    }
}

/// What `plan group find` found: the search as run (members with their
/// names and zones) and the slots, best first.
package struct GroupFindResult: Sendable {
    package var search: GroupSearch
    package var slots: [GroupSlot]
    /// The user's zone.
    package var zone: SystemZone
    package var warnings: [ImportWarning]
}

/// What to create with `plan group create`.
package struct GroupSessionSpec: Sendable {
    package var title: String
    package var course: String?
    package var start: Instant
    package var duration: Int64
    package var location: String?
    package var geo: GeoPoint?
    package var notes: String?
    /// Invitees' addresses (duplicates and the organizer's own are left out).
    package var invite: [String]
    package var calendarURL: String?

    package init(title: String, course: String?, start: Instant, duration: Int64, location: String?, geo: GeoPoint?,
                notes: String?, invite: [String], calendarURL: String?) {
        self.title = title
        self.course = course
        self.start = start
        self.duration = duration
        self.location = location
        self.geo = geo
        self.notes = notes
        self.invite = invite
        self.calendarURL = calendarURL
    }
}

/// What a change to a session did: the session as saved, the study sittings
/// that moved in the user's plan (and why), and the iMIP files written.
package struct GroupChange: Sendable {
    package var session: GroupSession
    package var replanned: Replanned?
    package var messages: [String]
    package var warnings: [ImportWarning]
}

/// What `plan group reply` applied: whose answer changed from what to what.
package struct GroupReplyApplied: Sendable {
    package var session: GroupSession
    package var answers: [(user: CalendarUser, before: Participation, after: Participation)]
    /// The reply answered an earlier version of the session (its SEQUENCE is lower).
    package var outdated: Bool
}

extension PlanService {
    enum MeKey {
        static let name = "me.name"
        static let email = "me.email"
    }

    // MARK: Who I am

    /// The user as an organizer and attendee (`plan me`), nil until set.
    package func me() throws -> CalendarUser? {
        try guarded { try store.read { try Self.me($0) } }
    }

    static func me(_ t: StoreTransaction) throws -> CalendarUser? {
        guard let email = try t.setting(MeKey.email) else { return nil }
        return CalendarUser(email: email, name: try t.setting(MeKey.name))
    }

    /// Sets the name and/or address the user organizes and answers with;
    /// an address that is not `local@domain` is refused.
    package func setMe(name: String?, email: String?) throws -> CalendarUser {
        try guarded {
            try store.write { t in
                if let email {
                    if let problem = MailAddress.problem(email) {
                        throw ServiceError.refused("--email \(LineText.excerpt(email)): \(problem); expected an address like ada@uni.edu")
                    }
                    try t.setSetting(MeKey.email, email)
                }
                if let name {
                    // The From header's and ORGANIZER's CN: one line, no control character.
                    try Self.checkText([("--name", name, false)])
                    let trimmed = name.trimmingCharacters(in: .whitespaces)
                    try t.setSetting(MeKey.name, trimmed.isEmpty ? nil : trimmed)
                }
                guard let me = try Self.me(t) else {
                    throw ServiceError.refused("plan does not know your address yet: give it once with `plan me --name \"Ada Byron\" --email ada@uni.edu`")
                }
                return me
            }
        }
    }

    static func requireMe(_ t: StoreTransaction) throws -> CalendarUser {
        guard let me = try me(t) else {
            throw ServiceError.refused("who is organizing? give your name and address once with `plan me --name \"Ada Byron\" --email ada@uni.edu`")
        }
        return me
    }

    // MARK: Finding a time

    /// Reads every member's busy time and finds the best slots (see ``GroupFinder``).
    package func findGroupTime(_ r: GroupFindRequest) throws -> GroupFindResult {
        try guarded {
            try store.read { t in
                let settings = try self.settings(t)
                let zone = settings.zone
                let within = r.within ?? TimeRange(start: now, end: now + 7 * 86_400)
                // Busy time a little beyond the window: a session at its edge still sees it.
                let window = TimeRange(start: within.start - 86_400, end: within.end + 86_400)
                var members: [GroupMember] = [], warnings: [ImportWarning] = [], taken = TaskIds.Names()
                for source in r.members {
                    let (m, w) = try groupMember(source, window: window, settings: settings, t: t, taken: &taken)
                    members.append(m)
                    warnings += w
                }
                let search = GroupSearch(members: members, within: within, duration: r.duration,
                                         between: r.between ?? GroupSearch.defaultBetween, days: r.days ?? Set(Weekday.allCases),
                                         granularity: r.granularity ?? GroupSearch.defaultGranularity,
                                         minMembers: r.minMembers, top: r.top)
                do throws(GroupSearchError) {
                    return GroupFindResult(search: search, slots: try GroupFinder.find(search), zone: zone, warnings: warnings)
                } catch {
                    throw ServiceError.refused(error.description)
                }
            }
        }
    }

    // MARK: Sessions

    /// Busy blocks of the sessions the user goes to (ACCEPTED, not cancelled), widened by the buffer.
    func groupSessionBlocks(_ t: StoreTransaction, policy: Policy) throws -> [BusyBlock] {
        guard let me = try Self.me(t) else { return [] }
        return try t.groupSessions().filter { $0.isAttending(me.email) }.compactMap { s in
            policy.block(for: s.range).map { BusyBlock(range: $0, source: Self.sessionSource(s)) }
        }
    }

    /// The sessions the user goes to (accepted, not cancelled) that overlap `range`, in time order.
    func attendedSessions(_ t: StoreTransaction, overlapping range: TimeRange?) throws -> [StudySession] {
        guard let me = try Self.me(t) else { return [] }
        return try t.groupSessions().filter { $0.isAttending(me.email) && (range.map($0.range.overlaps) ?? true) }.map {
            StudySession(id: $0.id, uid: $0.uid, title: $0.title, course: $0.course, location: $0.location, range: $0.range,
                         organizer: $0.organizer, attendees: $0.attendees)
        }
    }

    /// What a session's busy block names as its source.
    static func sessionSource(_ s: GroupSession) -> String { "group session " + s.id }

    /// Names the session a moved sitting collides with (the scheduler sees only busy time).
    func nameGroupSessions(_ moves: [Move], _ t: StoreTransaction) throws -> [Move] {
        let titles = Dictionary(try t.groupSessions().map { (Self.sessionSource($0), $0.title) }, uniquingKeysWith: { a, _ in a })
        return moves.map { m in
            var m = m
            if case .busy(let s, let b, let inBuffer, nil)? = m.reason, let title = titles[b.source] {
                m.reason = .busy(sitting: s, block: b, inBuffer: inBuffer, summary: title)
            }
            return m
        }
    }

    /// Every session, in time order; only `course`'s (any case) when given,
    /// only those not ended by `from` when given.
    package func groupSessions(course: String? = nil, from: Instant? = nil) throws -> [GroupSession] {
        try guarded {
            try store.read { t in
                try t.groupSessions().filter { s in
                    (course.map { c in s.course?.lowercased() == c.lowercased() } ?? true) && (from.map { s.range.end > $0 } ?? true)
                }
            }
        }
    }

    /// One session by its id (any case) or its UID.
    package func groupSession(_ id: String) throws -> GroupSession {
        try guarded { try store.read { try Self.session(id, $0) } }
    }

    static func session(_ id: String, _ t: StoreTransaction) throws -> GroupSession {
        let all = try t.groupSessions()
        if let s = all.first(where: { $0.id.lowercased() == id.lowercased() }) { return s }
        if let s = all.first(where: { $0.uid == id }) { return s }
        throw ServiceError.notFound(kind: "group session", name: id)
    }

    /// Creates a session organized by the user (who goes to it), saves it,
    /// re-fits the user's sittings that collide with it, and writes one
    /// iMIP REQUEST per invitee into `mailDir` (when given). With a group
    /// calendar, the session is PUT there last (`If-None-Match: *`) and kept
    /// with its ETag; when that fails, nothing is kept and the messages
    /// written are removed (a session is never half on the group calendar).
    package func createGroupSession(_ spec: GroupSessionSpec, mailDir: String?, insecure: Bool = false) throws -> GroupChange {
        let title = spec.title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { throw ServiceError.refused("a session needs a title") }
        guard spec.duration > 0 else { throw ServiceError.refused("--for must be longer than zero") }
        for a in spec.invite {
            if let problem = MailAddress.problem(a) {
                throw ServiceError.refused("--invite \(LineText.excerpt(a)): \(problem); expected an address like bob@uni.edu")
            }
        }
        return try guarded {
            let calendar = try spec.calendarURL.map { try Self.collectionURL($0, insecure: insecure) }
            let client = try calendar.map { _ in try davClient(insecure: insecure) }
            return try store.write { t in
                let me = try Self.requireMe(t)
                let existing = try t.groupSessions()
                let id = TaskIds.unique(TaskIds.slug(title), taken: Set(existing.map { $0.id.lowercased() }))
                var invitees: [InvitedUser] = []
                for a in spec.invite where !me.sameAddress(a) && !invitees.contains(where: { $0.user.sameAddress(a) }) {
                    invitees.append(InvitedUser(user: CalendarUser(email: a, name: nil), status: .needsAction))
                }
                let start = spec.start.local(offset: 0)
                let stamp = start.date.isoString.replacingOccurrences(of: "-", with: "")
                    + "T" + start.hhmm.replacingOccurrences(of: ":", with: "") + "Z"
                let domain = me.email.split(separator: "@").last.map(String.init) ?? "plan"
                var session = GroupSession(
                    id: id, uid: "\(id)-\(stamp)@\(domain)", sequence: 0, title: title, course: spec.course, range: TimeRange(start: spec.start, end: spec.start + spec.duration),
                    location: spec.location, geo: spec.geo, notes: spec.notes, organizer: me, organizerStatus: .accepted,
                    attendees: invitees, calendarURL: calendar?.text, cancelled: false, stamp: now)
                try t.saveGroupSession(session)
                let (replanned, warnings) = try replan(t, dryRun: false, compact: false)
                let messages = try writeMessages(.request, session, to: invitees.map(\.user), mailDir: mailDir, t: t)
                if let calendar, let client {
                    do {
                        session = try putNewSession(session, calendar, client: client)
                    } catch {
                        for p in messages { try? FileManager.default.removeItem(atPath: p) }
                        throw error
                    }
                    try t.saveGroupSession(session)
                }
                return GroupChange(session: session, replanned: replanned, messages: messages, warnings: warnings)
            }
        }
    }

    /// Sets the user's own answer (`join`: ACCEPTED, `leave`: DECLINED) and
    /// re-fits the plan: joining makes the session busy time, leaving frees it.
    /// A session on a group calendar is answered there (anyone who can write
    /// the calendar may join; see ``answerOnCalendar(_:_:_:insecure:t:)``) inside
    /// the store's write transaction (see ``keepingCalendarChange(_:)``): a store
    /// that cannot be written refuses before the server is asked, and the
    /// session is kept as the calendar then has it, committed right after the PUT.
    package func answerGroupSession(_ id: String, _ status: Participation, insecure: Bool = false, mailDir: String? = nil) throws -> GroupChange {
        try guarded {
            try keepingCalendarChange { changed in
                try store.write { t in
                    let me = try Self.requireMe(t)
                    let session = try Self.session(id, t)
                    if session.cancelled { throw ServiceError.refused("\"\(session.title)\" was cancelled by \(session.organizer.displayName)") }
                    var answered: GroupSession
                    if session.isOnCalendar {
                        answered = try answerOnCalendar(session, me, status, insecure: insecure, t: t)
                        changed = session.calendarURL
                    } else {
                        guard let mine = session.answering(me.email, status) else {
                            throw ServiceError.refused("you (\(me.email)) are not invited to \"\(session.title)\"")
                        }
                        answered = mine
                        answered.stamp = now
                    }
                    // The answer for the organizer, by mail, when asked (a group calendar has it already).
                    let messages = try writeReply(answered, me: me, mailDir: mailDir, t: t)
                    try t.saveGroupSession(answered)
                    let (replanned, warnings) = try replan(t, dryRun: false, compact: false)
                    return GroupChange(session: answered, replanned: replanned, messages: messages, warnings: warnings)
                }
            }
        }
    }

    /// Applies an iTIP REPLY (as a mail client saves it): each attendee it
    /// names gets the answer it gives. Refused when it is not a REPLY, names
    /// no session of the store, or names someone not invited. A session on a
    /// group calendar gets the answer there too (as a `join` does, with
    /// `If-Match`), so members who read the calendar see it.
    package func applyGroupReply(path: String, insecure: Bool = false) throws -> GroupReplyApplied {
        let file = try Self.schedulingFile(path)
        let (message, absolute) = (file.message, file.label)
        guard message.method == .reply else {
            if message.method == .request {
                throw ServiceError.refused("\(absolute): this is an invitation (METHOD:REQUEST): answer it with `plan group reply \(path) --accept` (or --decline), with --mail-dir DIR for the answer to send")
            }
            throw ServiceError.refused("\(absolute): METHOD:\(message.method.rawValue) is not an answer to an invitation (METHOD:REPLY)")
        }
        return try guarded {
            try keepingCalendarChange { changed in try store.write { t in
                guard var session = try t.groupSessions().first(where: { $0.uid == message.uid }) else {
                    throw ServiceError.notFound(kind: "group session", name: LineText.excerpt(message.uid))
                }
                let answer: SchedulingAuthority.Answer
                switch SchedulingAuthority.applyingAnswer(session, organizer: message.organizer, attendees: message.attendees, sender: file.sender) {
                case .success(let a): answer = a
                case .failure(let refusal): throw ServiceError.refused("\(absolute): \(refusal); nothing changed")
                }
                session = answer.session
                let answers = [(user: answer.user, before: answer.before, after: answer.after)]
                if session.isOnCalendar {
                    for a in answers {
                        session = try answerOnCalendar(session, a.user, a.after, insecure: insecure, t: t)
                        changed = session.calendarURL
                    }
                }
                try t.saveGroupSession(session)
                return GroupReplyApplied(session: session, answers: answers, outdated: message.sequence < session.sequence)
            } }
        }
    }

    /// Cancels a session the user organizes: SEQUENCE bumped, STATUS:CANCELLED,
    /// one iMIP CANCEL per invitee into `mailDir`; its time is freed in the plan.
    /// A session on a group calendar is cancelled there (with `If-Match`,
    /// retried on 412) inside the store's write transaction, as an answer is
    /// (see ``answerGroupSession(_:_:insecure:)``), and the
    /// CANCEL goes to everyone the calendar lists.
    package func cancelGroupSession(_ id: String, mailDir: String?, insecure: Bool = false) throws -> GroupChange {
        try guarded {
            try keepingCalendarChange { changed in
                try store.write { t in
                    let me = try Self.requireMe(t)
                    var session = try Self.session(id, t)
                    guard session.organizer.sameAddress(me.email) else {
                        throw ServiceError.refused("only its organizer (\(session.organizer.email)) can cancel \"\(session.title)\"")
                    }
                    if session.cancelled { throw ServiceError.refused("\"\(session.title)\" is cancelled already") }
                    // Refused before the group calendar is changed (``writeMessages`` checks it again).
                    if mailDir != nil, session.attendees.count > GroupSession.maxInvitees {
                        throw Self.tooManyRecipients(session, session.attendees.count)
                    }
                    if session.isOnCalendar {
                        session = try cancelOnCalendar(session, insecure: insecure, t: t)
                        changed = session.calendarURL
                    } else {
                        session.cancelled = true
                        session.sequence += 1
                        session.stamp = now
                    }
                    try t.saveGroupSession(session)
                    let (replanned, warnings) = try replan(t, dryRun: false, compact: false)
                    let messages = try writeMessages(.cancel, session, to: session.attendees.map(\.user), mailDir: mailDir, t: t)
                    return GroupChange(session: session, replanned: replanned, messages: messages, warnings: warnings)
                }
            }
        }
    }
}

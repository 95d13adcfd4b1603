import Foundation
import PlanCore
import PlanFiles
import PlanGroups
import PlanICal
import PlanStore

/// Invitations answered both ways by mail (iMIP, RFC 6047): an invited
/// student without the group calendar answers the invitation they got
/// (`plan group reply INVITE.eml --accept`), and plan writes the REPLY for
/// the organizer, who applies it (`plan group reply REPLY.eml`).
extension PlanService {
    /// An iTIP message from a file a mail program saved: `.ics`, or the
    /// whole message (`.eml`, its `text/calendar` part, and the address its
    /// `From:` names, which must be one address).
    static func schedulingFile(_ path: String) throws -> SchedulingFile {
        let absolute = absolutePath(path)
        let raw: [UInt8]
        do throws(RegularFile.Failure) {
            raw = try RegularFile.read(absolute, limit: ICalImporter.maxFileBytes)
        } catch {
            throw ServiceError.unreadable(path: absolute, reason: error.reason)
        }
        let found = MailReader.calendar(in: raw)
        guard let bytes = found.calendar else {
            throw ServiceError.refused("\(absolute): \(found.problem ?? "no invitation in it")")
        }
        let sender = MailReader.sender(in: raw)
        if let sender, let problem = MailAddress.problem(sender) {
            throw ServiceError.refused("\(absolute): From: \(LineText.excerpt(sender)) is not one mail address: \(problem)")
        }
        do throws(ImportError) {
            return SchedulingFile(bytes: bytes, message: try SchedulingReader.read(bytes, label: absolute), label: absolute, sender: sender)
        } catch {
            throw ServiceError.calendar(error)
        }
    }

    /// An iTIP message as read from a file (``schedulingFile(_:)``).
    struct SchedulingFile {
        /// The iCalendar text.
        var bytes: [UInt8]
        var message: SchedulingMessage
        /// The file's absolute path, as errors name it.
        var label: String
        /// The `From:` address of a mail message; nil for a bare `.ics`.
        var sender: String?
    }

    /// Answers an invitation the user received (`plan group reply INVITE
    /// --accept|--decline`): the session is kept (or brought up to the
    /// invitation's version) with the user's answer, the plan re-fitted
    /// (going makes it busy time), and with `mailDir` one REPLY (`.eml`) is
    /// written for the organizer, the user's `plan me` name as its CN. A
    /// CANCEL read the same way marks the session cancelled.
    package func answerInvitation(path: String, _ status: Participation, mailDir: String?) throws -> GroupChange {
        let file = try Self.schedulingFile(path)
        guard file.message.method == .request || file.message.method == .cancel else {
            throw ServiceError.refused("\(file.label): this is an answer (METHOD:\(file.message.method.rawValue)), not an invitation: apply it with `plan group reply \(path)` (without --accept or --decline)")
        }
        let inv: Invitation
        do throws(ImportError) {
            inv = try GroupEvent.read(file.bytes, label: file.label)
        } catch {
            throw ServiceError.calendar(error)
        }
        return try guarded {
            try store.write { t in
                let me = try Self.requireMe(t)
                guard inv.organizer.sameAddress(me.email) || inv.attendees.contains(where: { $0.user.sameAddress(me.email) }) else {
                    let asked = inv.attendees.map(\.user.email).joined(separator: ", ")
                    throw ServiceError.refused("\(file.label): you (\(me.email)) are not among those invited (\(asked.isEmpty ? "nobody" : asked)); "
                                               + "if that is another address of yours, set it with `plan me --email ADDRESS`")
                }
                let existing = try t.groupSessions()
                let known = existing.first { $0.uid == inv.uid }
                let effect: SchedulingAuthority.InvitationEffect
                switch SchedulingAuthority.invitationEffect(known: known, organizer: inv.organizer, sequence: inv.sequence, me: me, sender: file.sender) {
                case .success(let e): effect = e
                case .failure(let refusal): throw ServiceError.refused("\(file.label): \(refusal); nothing changed")
                }
                let cancel = inv.cancelled || file.message.method == .cancel
                var session: GroupSession
                if let known, effect == .sameVersion {
                    // The version plan has: only the student's answer (or the organizer's cancel) is taken from it.
                    session = known
                    session.cancelled = known.cancelled || cancel
                } else {
                    let id = known?.id ?? TaskIds.unique(TaskIds.slug(inv.summary), taken: Set(existing.map { $0.id.lowercased() }))
                    session = Self.session(inv, id: id, cancelled: cancel, calendarURL: known?.calendarURL,
                                           calendarPath: known?.calendarPath, calendarETag: known?.calendarETag)
                }
                var messages: [String] = []
                if !session.cancelled {
                    guard let answered = session.answering(me.email, status) else {
                        throw ServiceError.refused("you (\(me.email)) are not invited to \"\(session.title)\"")
                    }
                    session = answered
                    // The name the organizer sees is the one `plan me` keeps.
                    if let i = session.attendees.firstIndex(where: { $0.user.sameAddress(me.email) }) { session.attendees[i].user.name = me.name }
                    messages = try writeReply(session, me: me, mailDir: mailDir, t: t)
                }
                try t.saveGroupSession(session)
                let (replanned, warnings) = try replan(t, dryRun: false, compact: false)
                return GroupChange(session: session, replanned: replanned, messages: messages, warnings: warnings)
            }
        }
    }

    /// One iMIP REPLY for the organizer of `s` (unless that is `me`) into
    /// `mailDir`: the session with only `me` as ATTENDEE, with my answer
    /// (RFC 5546 §3.2.3). None without a folder.
    func writeReply(_ s: GroupSession, me: CalendarUser, mailDir: String?, t: StoreTransaction) throws -> [String] {
        guard let mailDir, !s.organizer.sameAddress(me.email), let mine = s.status(of: me.email) else { return [] }
        var reply = s
        reply.attendees = [InvitedUser(user: me, status: mine)]
        return try writeMessages(.reply, reply, from: me, to: [s.organizer], mailDir: mailDir, t: t)
    }
}

import PlanCore

/// Who may change a study session by mail: the rules `plan group reply`
/// applies before an invitation or an answer touches the store (RFC 5546
/// §2.1.5 and §3.2, RFC 6047 §3; docs/design.md, "Who may change what").
///
/// - An answer (REPLY) speaks for one attendee — its sender — about a
///   session the store has, organized by the organizer it names. It never
///   changes the organizer's own answer, nor anyone else's.
/// - An invitation (REQUEST, CANCEL) for a session the store has changes it
///   only when it comes from that session's organizer with a higher
///   SEQUENCE; the same SEQUENCE is answered as the store has it; a lower
///   one, another organizer, or the student's own session is refused.
///
/// A mail's `From:` is checked against the party when the file is a mail
/// message (`.eml`); a bare `.ics` has no sender, and its one ATTENDEE or
/// its ORGANIZER stands for it.
package enum SchedulingAuthority {
    /// What an invitation may do to the store.
    package enum InvitationEffect: Hashable, Sendable {
        /// A session plan does not have yet: kept as the invitation says.
        case new
        /// The version plan has (the same SEQUENCE): the session stays as it
        /// is; only the student's own answer (or a cancel) is taken.
        case sameVersion
        /// A later version from the session's organizer: it replaces what plan has.
        case newerVersion
    }

    /// Why an answer (REPLY) naming `organizer` and `attendees`, sent by
    /// `sender` (nil for a bare `.ics`), may not change `session`; nil when it may.
    static func answerRefusal(_ session: GroupSession, organizer: CalendarUser?, attendees: [InvitedUser],
                                      sender: String?) -> String? {
        guard let organizer else {
            return "it names no ORGANIZER; an answer names the organizer of the session it answers (RFC 5546 §3.2.3)"
        }
        guard session.organizer.sameAddress(organizer.email) else {
            return "it answers a session organized by \(organizer.email), but \"\(session.title)\" is organized by \(session.organizer.email)"
        }
        guard attendees.count == 1, let answerer = attendees.first?.user else {
            if attendees.isEmpty { return "it names no ATTENDEE" }
            let named = attendees.prefix(5).map(\.user.email).joined(separator: ", ") + (attendees.count > 5 ? ", …" : "")
            return "an answer speaks for its sender alone (one ATTENDEE), and this one names \(attendees.count): \(named)"
        }
        if session.organizer.sameAddress(answerer.email) {
            return "it would change the answer of the organizer (\(session.organizer.email)); no mail changes the organizer's own answer"
        }
        if let sender, !answerer.sameAddress(sender) {
            return "it was sent by \(sender) but answers for \(answerer.email); an answer changes only its sender's own "
                + "(if it is theirs and a mailing list rewrote the From:, apply its .ics attachment)"
        }
        return nil
    }

    /// An answer as applied: the session with it, and whose answer went from what to what.
    package struct Answer: Hashable, Sendable {
        package var session: GroupSession
        package var user: CalendarUser
        package var before: Participation
        package var after: Participation
    }

    /// `session` with the answer of a REPLY (its ORGANIZER, its ATTENDEEs,
    /// the mail's `From:` or nil) applied, or why it may not be
    /// (``answerRefusal(_:organizer:attendees:sender:)``, or the one who
    /// answers is not invited). Only that one attendee's status changes; a
    /// name (`CN`) is kept for them when plan has none.
    package static func applyingAnswer(_ session: GroupSession, organizer: CalendarUser?, attendees: [InvitedUser],
                                       sender: String?) -> Result<Answer, Refusal> {
        if let refusal = answerRefusal(session, organizer: organizer, attendees: attendees, sender: sender) { return .failure(Refusal(refusal)) }
        let a = attendees[0]
        guard let before = session.status(of: a.user.email), var next = session.answering(a.user.email, a.status),
              let i = next.attendees.firstIndex(where: { $0.user.sameAddress(a.user.email) }) else {
            return .failure(Refusal("\(a.user.email) is not invited to \"\(session.title)\""))
        }
        // A name is kept only as `plan me` would keep one (it goes into later messages' CN).
        if let name = a.user.name, LineText.problem(name) == nil, next.attendees[i].user.name == nil { next.attendees[i].user.name = name }
        return .success(Answer(session: next, user: next.attendees[i].user, before: before, after: a.status))
    }

    /// What an invitation (`cancel`: a CANCEL) from `organizer` at
    /// `sequence`, sent by `sender` (nil for a bare `.ics`), may do, given
    /// the session plan has with its UID (`known`) and the student (`me`):
    /// its effect, or why it is refused.
    package static func invitationEffect(known: GroupSession?, organizer: CalendarUser, sequence: Int, me: CalendarUser,
                                         sender: String?) -> Result<InvitationEffect, Refusal> {
        if let sender, !organizer.sameAddress(sender) {
            return .failure(Refusal("it was sent by \(sender), but its ORGANIZER is \(organizer.email); an invitation comes from its organizer "
                                    + "(if it is theirs and a mailing list rewrote the From:, answer its .ics attachment)"))
        }
        guard let known else {
            if organizer.sameAddress(me.email) {
                return .failure(Refusal("it names you (\(me.email)) as its organizer, but you organize no session with its UID; "
                                        + "a session of yours is made with `plan group create`"))
            }
            return .success(.new)
        }
        if known.organizer.sameAddress(me.email) {
            return .failure(Refusal("you organize \"\(known.title)\"; an invitation does not change it (change it with `plan group` commands)"))
        }
        guard known.organizer.sameAddress(organizer.email) else {
            return .failure(Refusal("it comes from \(organizer.email), but \"\(known.title)\" is organized by \(known.organizer.email); "
                                    + "plan keeps the session as its organizer sent it"))
        }
        if sequence < known.sequence {
            return .failure(Refusal("an earlier version of \"\(known.title)\" (SEQUENCE \(sequence); plan has \(known.sequence)); answer the latest invitation"))
        }
        return .success(sequence == known.sequence ? .sameVersion : .newerVersion)
    }

    /// Why a message may not change the store.
    package struct Refusal: Error, Hashable, Sendable, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }
}

import PlanCore
import PlanGroups
import PlanICal

/// Invitation answers under fuzzing, with the rules of who may change what
/// (docs/design.md) checked on every input: the bytes are a mail (or `.ics`)
/// as `plan group reply` reads it, applied as an answer to a session the
/// student (Ada) organizes and weighed as an invitation against it and
/// against a session she is invited to. An input that breaks a rule traps:
/// an answer that changes anyone's status but its one sender's, the
/// organizer's own, or the session itself; an invitation accepted for Ada's
/// own session, from another organizer, or at an earlier SEQUENCE.
public enum InvitationEntry {
    static let ada = CalendarUser(email: "ada@uni.edu", name: "Ada Byron")
    static let range = TimeRange(start: Instant(seconds: 1_795_438_800), end: Instant(seconds: 1_795_446_000))

    /// Ada's session: Bob invited, Alice going.
    static let organized = GroupSession(
        id: "review", uid: "review-20261202T230000Z@uni.edu", sequence: 1, title: "CS 201 midterm review", course: "CS201", range: range,
        location: "Library", geo: nil, notes: nil, organizer: ada, organizerStatus: .accepted,
        attendees: [InvitedUser(user: CalendarUser(email: "bob@uni.edu", name: nil), status: .needsAction),
                    InvitedUser(user: CalendarUser(email: "alice@uni.edu", name: "Alice"), status: .accepted)],
        calendarURL: nil, cancelled: false, stamp: range.start)

    /// Carol's session, Ada invited.
    static let invited = GroupSession(
        id: "lab", uid: "lab-20261203T150000Z@uni.edu", sequence: 2, title: "Lab prep", course: nil, range: range,
        location: nil, geo: nil, notes: nil, organizer: CalendarUser(email: "carol@uni.edu", name: "Carol"), organizerStatus: .accepted,
        attendees: [InvitedUser(user: ada, status: .needsAction)], calendarURL: nil, cancelled: false, stamp: range.start)

    public static func run(_ bytes: [UInt8]) {
        guard let calendar = MailReader.calendar(in: bytes).calendar,
              let message = try? SchedulingReader.read(calendar, label: "fuzz.eml") else { return }
        let sender = MailReader.sender(in: bytes)
        if let sender, MailAddress.problem(sender) != nil { return }
        switch message.method {
        case .reply:
            check(answer: message, sender: sender)
        case .request, .cancel:
            guard let meeting = try? GroupEvent.read(calendar, label: "fuzz.eml") else { return }
            let mine = SchedulingAuthority.invitationEffect(known: organized, organizer: meeting.organizer, sequence: meeting.sequence,
                                                            me: ada, sender: sender)
            if case .success = mine { preconditionFailure("an invitation was taken for the student's own session") }
            let theirs = SchedulingAuthority.invitationEffect(known: invited, organizer: meeting.organizer, sequence: meeting.sequence,
                                                              me: ada, sender: sender)
            let allowed = meeting.organizer.sameAddress(invited.organizer.email) && meeting.sequence >= invited.sequence
                && (sender.map(meeting.organizer.sameAddress) ?? true)
            if case .success(let effect) = theirs {
                precondition(allowed, "an invitation was taken from someone other than the organizer, or at an earlier SEQUENCE")
                precondition((effect == .sameVersion) == (meeting.sequence == invited.sequence), "the same SEQUENCE must change nothing")
            } else {
                precondition(!allowed, "the organizer's own later invitation was refused")
            }
            blackHole(meeting.attendees.count)
        }
    }

    /// An answer applied to Ada's session changes one status only: its sender's, never the organizer's.
    static func check(answer message: SchedulingMessage, sender: String?) {
        guard case .success(let applied) = SchedulingAuthority.applyingAnswer(organized, organizer: message.organizer,
                                                                              attendees: message.attendees, sender: sender) else { return }
        let after = applied.session
        precondition(message.attendees.count == 1, "an answer spoke for more than one attendee")
        precondition(message.organizer.map { organized.organizer.sameAddress($0.email) } ?? false, "an answer about another organizer's session")
        precondition(!organized.organizer.sameAddress(applied.user.email), "an answer changed the organizer's own")
        precondition(sender.map(applied.user.sameAddress) ?? true, "an answer changed someone other than its sender")
        precondition(after.organizerStatus == organized.organizerStatus && after.organizer == organized.organizer, "the organizer changed")
        var unchanged = after
        unchanged.attendees = organized.attendees
        precondition(unchanged == organized, "an answer changed the session itself")
        precondition(after.attendees.count == organized.attendees.count, "an answer added or removed an attendee")
        for (a, b) in zip(organized.attendees, after.attendees) {
            precondition(a.user.email == b.user.email, "an answer changed an address")
            if !a.user.sameAddress(applied.user.email) { precondition(a == b, "an answer changed someone else's") }
        }
        blackHole(after.attendees.count)
    }
}

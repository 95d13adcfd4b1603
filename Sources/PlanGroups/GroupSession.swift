import PlanCore

/// A study-group session: one meeting, its organizer and who is invited,
/// as kept in the store and sent in iTIP messages.
package struct GroupSession: Hashable, Sendable {
    /// At most this many invitees (`--invite`): every message lists them all,
    /// so the messages of a session grow with the square of their number.
    package static let maxInvitees = 100

    /// The short name commands take (`cs-201-midterm-review`).
    package var id: String
    /// The iCalendar UID, the same in every message about the session.
    package var uid: String
    /// Bumped on every change the organizer sends (a cancel).
    package var sequence: Int
    package var title: String
    package var course: String?
    package var range: TimeRange
    package var location: String?
    package var geo: GeoPoint?
    package var notes: String?
    package var organizer: CalendarUser
    /// The organizer's own answer: ACCEPTED when created, DECLINED after `leave`.
    package var organizerStatus: Participation
    /// The invitees, in the order invited.
    package var attendees: [InvitedUser]
    /// The group calendar (a CalDAV collection) it lives on (`--calendar`).
    package var calendarURL: String?
    /// Its member's path on the group calendar (`/group/cs201/<uid>.ics`),
    /// nil when it is not there (kept from before plan wrote group calendars).
    package var calendarPath: String?
    /// The member's ETag as last read or written: a change is PUT `If-Match` it.
    package var calendarETag: String?
    package var cancelled: Bool
    /// The `DTSTAMP` of the last message written about it.
    package var stamp: Instant

    package init(id: String, uid: String, sequence: Int, title: String, course: String?, range: TimeRange, location: String?,
                geo: GeoPoint?, notes: String?, organizer: CalendarUser, organizerStatus: Participation, attendees: [InvitedUser],
                calendarURL: String?, cancelled: Bool, stamp: Instant, calendarPath: String? = nil, calendarETag: String? = nil) {
        self.id = id
        self.uid = uid
        self.sequence = sequence
        self.title = title
        self.course = course
        self.range = range
        self.location = location
        self.geo = geo
        self.notes = notes
        self.organizer = organizer
        self.organizerStatus = organizerStatus
        self.attendees = attendees
        self.calendarURL = calendarURL
        self.calendarPath = calendarPath
        self.calendarETag = calendarETag
        self.cancelled = cancelled
        self.stamp = stamp
    }

    /// Whether it is on its group calendar (written or read there, with an ETag).
    package var isOnCalendar: Bool { calendarURL != nil && calendarPath != nil && calendarETag != nil }

    /// Everyone with an answer: the organizer first, then the invitees.
    package var everyone: [InvitedUser] {
        [InvitedUser(user: organizer, status: organizerStatus)] + attendees.filter { !organizer.sameAddress($0.user.email) }
    }

    /// The answer of the person with address `email` (any case), nil when not in it.
    package func status(of email: String) -> Participation? {
        everyone.first { $0.user.sameAddress(email) }?.status
    }

    /// Whether the person with address `email` is going (ACCEPTED) and it is not cancelled.
    package func isAttending(_ email: String) -> Bool {
        !cancelled && status(of: email) == .accepted
    }

    /// Every attendee, the organizer too, has declined or left.
    package var isEmpty: Bool { everyone.allSatisfy { $0.status == .declined } }

    /// The people with answer `status`, in order.
    package func people(_ status: Participation) -> [CalendarUser] {
        everyone.filter { $0.status == status }.map(\.user)
    }

    /// The session with `email`'s answer set to `status` (the organizer's or
    /// an invitee's); nil when `email` is neither.
    package func answering(_ email: String, _ status: Participation) -> GroupSession? {
        var s = self
        if organizer.sameAddress(email) {
            s.organizerStatus = status
            return s
        }
        guard let i = attendees.firstIndex(where: { $0.user.sameAddress(email) }) else { return nil }
        s.attendees[i].status = status
        return s
    }
}

/// A study-group session the user goes to (accepted, not cancelled), as the
/// agenda, the week and the exported calendar show it beside classes and
/// sittings: the time it blocks is the session's own.
package struct StudySession: Hashable, Sendable {
    /// The session's id, as `plan group list` shows it (`plan group join ID`).
    package var id: String
    /// Its iCalendar UID, shared with the invitation and the group calendar.
    package var uid: String
    package var title: String
    package var course: String?
    package var location: String?
    package var range: TimeRange
    /// Who called it, and who is asked (with their answers): the group's event as the group has it.
    package var organizer: CalendarUser?
    package var attendees: [InvitedUser]

    package init(id: String, uid: String, title: String, course: String?, location: String?, range: TimeRange,
                 organizer: CalendarUser? = nil, attendees: [InvitedUser] = []) {
        self.id = id
        self.uid = uid
        self.title = title
        self.course = course
        self.location = location
        self.range = range
        self.organizer = organizer
        self.attendees = attendees
    }
}

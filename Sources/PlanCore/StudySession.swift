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

    package init(id: String, uid: String, title: String, course: String?, location: String?, range: TimeRange) {
        self.id = id
        self.uid = uid
        self.title = title
        self.course = course
        self.location = location
        self.range = range
    }
}

/// One line of the agenda: a calendar occurrence, a planned sitting or a
/// study-group session the user goes to.
package enum AgendaItem: Hashable, Sendable {
    case event(Occurrence)
    case sitting(Sitting, title: String, project: String?)
    case session(StudySession)
}

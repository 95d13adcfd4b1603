/// One line of the agenda: a calendar occurrence, a planned sitting or a
/// study-group session the user goes to.
package enum AgendaItem: Hashable, Sendable {
    case event(Occurrence)
    /// `missed`: it passed with nothing recorded on its task since it began.
    case sitting(Sitting, title: String, project: String?, missed: Bool)
    case session(StudySession)
}

/// One line of the agenda: a calendar occurrence or a planned sitting.
package enum AgendaItem: Hashable, Sendable {
    case event(Occurrence)
    case sitting(Sitting, title: String, project: String?)
}

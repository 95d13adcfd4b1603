/// One line of the agenda: a calendar occurrence or a planned sitting.
public enum AgendaItem: Hashable, Sendable {
    case event(Occurrence)
    case sitting(Sitting, title: String, project: String?)
}

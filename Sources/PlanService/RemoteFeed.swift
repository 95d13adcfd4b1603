import PlanICal

/// A calendar on a server as one planning run reads it: what was fetched
/// (by ``RemoteCalendars`` for a subscription, ``CalDAVCalendars`` for a
/// collection, whose members are merged into one calendar), or the stored
/// copy fallen back on, or why there is none.
struct RemoteFeed: CalendarFeed {
    /// Which kind of source it is, the start of its identity (the busy cache's key).
    enum Kind: String {
        case subscription
        case caldav
    }

    var kind: Kind
    var url: String
    var content: Result<CalendarContent, ImportError>

    var identity: String { kind.rawValue + ":" + url }
    var label: String { url }

    func revision() throws(ImportError) -> CalendarRevision { try content.get().revision }
    func read() throws(ImportError) -> CalendarContent { try content.get() }
}

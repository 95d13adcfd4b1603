/// A registered calendar: the name the user refers to it by and where its
/// events come from.
///
/// Where a calendar comes from is a ``Kind``; the service asks a source of
/// each kind for its bytes and for whether they changed, so nothing else
/// assumes a calendar is a file.
package struct CalendarSource: Hashable, Sendable {
    /// Where a calendar's content is read from.
    ///
    /// A local file, or a published calendar on a server (read through
    /// PlanDAV, the module that talks HTTP), or a CalDAV collection read
    /// member by member.
    package enum Kind: Hashable, Sendable {
        /// An `.ics` file, by its absolute path.
        case file(path: String)
        /// An `https://` (or `webcal://`, kept as https) calendar, fetched with
        /// its ETag/Last-Modified and cached in the store; never with credentials in it.
        case subscription(url: String)
        /// A CalDAV calendar collection (its URL ends in `/`), read
        /// incrementally (sync-collection or ETags) and cached in the store.
        case caldav(url: String)
    }

    package var name: String
    package var kind: Kind

    package init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    /// What the user registered, as they would write it again: a file's path, a URL.
    package var location: String {
        switch kind {
        case .file(let path): path
        case .subscription(let url), .caldav(let url): url
        }
    }
}

import PlanICal
import PlanStore
import Synchronization

/// The calendars this service read, each once, in the order first read: what
/// `--verbose` says (the faces print ``taken()``); and the bytes they hold
/// together, bounded so that one command (one `plan rpc` request: each opens
/// its own service) never holds more than ``maxBytes`` of calendars, however
/// many are registered or how large each is (a file may be 100 MB).
package final class CalendarReads: Sendable {
    /// At most this many bytes of calendars, each counted once at its
    /// largest, are read by one command.
    package static let maxBytes = 200_000_000
    /// At most this many calendars are registered (`plan calendar add`), or
    /// read by one command besides them (`plan week --calendar`).
    package static let maxCalendars = 50

    private let read = Mutex<[CalendarSource]>([])
    /// Bytes by feed identity.
    private let sizes = Mutex<[String: Int]>([:])

    package init() {}

    /// Notes that `source` was read.
    func note(_ source: CalendarSource) {
        read.withLock { if !$0.contains(source) { $0.append(source) } }
    }

    /// Counts `content` of the calendar `identity` names; refused when the
    /// calendars read so far would hold more than ``maxBytes``.
    func count(_ content: CalendarContent, identity: String) throws(ImportError) {
        let total = sizes.withLock { s in
            s[identity] = max(s[identity] ?? 0, content.bytes.count)
            return s.values.reduce(0, +)
        }
        guard total <= Self.maxBytes else {
            throw .invalid(file: content.label, reason: "with it the calendars this command reads hold \(total) bytes, "
                                + "over \(Self.maxBytes), the most plan reads at once (remove a calendar with `plan calendar remove`)")
        }
    }

    /// The calendars read since the last call, and forgets them.
    package func taken() -> [CalendarSource] {
        read.withLock { r in
            defer { r = [] }
            return r
        }
    }
}

/// A feed whose reads count against the service's ``CalendarReads/maxBytes``.
struct CountedFeed: CalendarFeed {
    let feed: any CalendarFeed
    let reads: CalendarReads

    var identity: String { feed.identity }
    var label: String { feed.label }
    func revision() throws(ImportError) -> CalendarRevision { try feed.revision() }

    func read() throws(ImportError) -> CalendarContent {
        let content = try feed.read()
        try reads.count(content, identity: feed.identity)
        return content
    }
}

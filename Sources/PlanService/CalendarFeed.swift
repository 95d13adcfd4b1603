import PlanCore
import PlanICal
import PlanStore

/// Where the service reads a registered calendar: its content, and whether
/// it changed since it was last read.
///
/// The busy cache, the agenda, registration and export read calendars only
/// through a feed, so none of them assumes a calendar is a file. One
/// conformer per place a calendar is read from (``FileFeed``, and
/// ``RemoteFeed`` for subscriptions and CalDAV collections over PlanDAV); see ``PlanService/feed(for:_:)``.
protocol CalendarFeed: Sendable {
    /// Which calendar this is, for cache keys: the kind and the location.
    var identity: String { get }
    /// What messages and busy blocks call it (a file's path).
    var label: String { get }
    /// The revision the source is at now, without reading its content.
    func revision() throws(ImportError) -> CalendarRevision
    /// The whole content, with the revision it was read at.
    func read() throws(ImportError) -> CalendarContent
}

/// A version of a calendar's content as its source tells it: a different
/// revision means the content may have changed; the same one, that it did
/// not since it was read.
enum CalendarRevision: Hashable, Sendable {
    /// A file's modification time (nanoseconds since 1970) and size.
    case file(modified: Int64, size: Int64)
    /// A subscription's ETag as the server sent it (`etag:…`), else its
    /// Last-Modified (`modified:…`), else its content's fingerprint.
    case subscription(validator: String)
    /// A CalDAV collection's sync token (`token:…`), else a hash of its members' ETags.
    case caldav(state: String)
}

/// A calendar's content as read once.
struct CalendarContent: Sendable {
    /// The iCalendar text.
    var bytes: [UInt8]
    /// The revision the source reported for it (taken before the bytes were
    /// read: a change while reading shows as a later revision).
    var revision: CalendarRevision
    /// What messages call it (the feed's label).
    var label: String

    /// The content hash and the length, in hex and decimal: equal for equal
    /// bytes, whatever the revision (a file touched but not changed keeps it).
    var fingerprint: String { String(Self.hash(bytes), radix: 16) + ":" + String(bytes.count) }

    /// The content as the exporter takes it.
    var calendarBytes: CalendarBytes { CalendarBytes(label: label, bytes: bytes) }

    /// A 64-bit FNV-1a-style hash taken eight bytes at a time (then the
    /// tail byte by byte): fast, and with the length beside it, enough to
    /// notice that a calendar changed.
    static func hash(_ bytes: [UInt8]) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        bytes.withUnsafeBytes { raw in
            let words = raw.count / 8
            for k in 0..<words {
                h ^= raw.loadUnaligned(fromByteOffset: k * 8, as: UInt64.self)
                h = (h &* 0x100_0000_01b3) ^ (h >> 29)
            }
            for k in (words * 8)..<raw.count {
                h ^= UInt64(raw[k])
                h = h &* 0x100_0000_01b3
            }
        }
        return h
    }
}

extension PlanService {
    /// Asks the servers of the registered subscriptions (and of `adding`)
    /// before the operation's transaction opens, so no store lock is held
    /// while the network answers (see ``RemoteCalendars``). Operations that
    /// read calendars call it first; one that forgets still works, fetching
    /// inside its transaction.
    func prefetchSubscriptions(adding: [String] = []) throws {
        let sources = try store.read { try $0.calendars() }
        let registered = sources.compactMap { source -> String? in
            if case .subscription(let url) = source.kind { return url }
            return nil
        }
        try remote.prefetch(registered + adding, store: store, now: now)
        let collections = sources.compactMap { source -> String? in
            if case .caldav(let url) = source.kind { return url }
            return nil
        }
        try self.collections.prefetch(collections, store: store, now: now)
    }

    /// The feed that reads calendar `source` in transaction `t` (a
    /// subscription is fetched once, its copy kept through `t`), its reads
    /// counted against ``CalendarReads/maxBytes`` (a server's content when
    /// it is fetched, as it is then held).
    func feed(for source: CalendarSource, _ t: StoreTransaction) throws -> any CalendarFeed {
        reads.note(source)
        let feed: any CalendarFeed = switch source.kind {
        case .file(let path): FileFeed(path: path)
        case .subscription(let url): RemoteFeed(kind: .subscription, url: url, content: try remote.content(url, t, now: now))
        case .caldav(let url): RemoteFeed(kind: .caldav, url: url, content: try collections.content(url, t, now: now))
        }
        if let remote = feed as? RemoteFeed, case .success(let content) = remote.content {
            try reads.count(content, identity: remote.identity)
        }
        return counted(feed)
    }

    /// `feed`, its reads counted against ``CalendarReads/maxBytes``.
    func counted(_ feed: any CalendarFeed) -> any CalendarFeed { CountedFeed(feed: feed, reads: reads) }
}

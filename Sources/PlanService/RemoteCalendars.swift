import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore
import Synchronization

/// The subscribed calendars of one service: each fetched at most once a
/// minute (so one command sends one request per subscription however often
/// it reads the calendar), its last good copy kept in the store, and the
/// warnings of copies used because the server was out of reach, said once.
///
/// The network is never waited on inside a store transaction (which would
/// hold the store's write lock for up to a minute and make every other
/// `plan` wait): ``prefetch(_:store:now:)`` reads the stored copy, asks the
/// server and remembers the answer before the operation opens its
/// transaction; ``content(_:_:now:)`` then only writes what the answer
/// changed (a new copy, or the time it was confirmed) through that
/// transaction. A URL not prefetched is fetched on demand as before.
///
/// A fetch is conditional on the stored copy's ETag/Last-Modified, so an
/// unchanged calendar costs one small request (a 304). New content is kept
/// only when it reads as a calendar. When the server cannot be reached, or
/// answers anything plan cannot use (an error status, refused credentials,
/// a page that is not a calendar), the stored copy stands in with one
/// warning naming the source, what happened and the copy's age; with no
/// copy, the calendar cannot be read.
package final class RemoteCalendars: Sendable, RemoteCopies {
    let fetcher: Fetcher
    let answers = ServerAnswers<SubscriptionCopy>()
    /// The warnings of copies used in place of a server, not yet taken.
    private let notices = Mutex<[ImportWarning]>([])

    typealias Answer = ServerAnswers<SubscriptionCopy>.Answer

    package init(environment: [String: String]) {
        fetcher = Fetcher(environment: environment)
    }

    /// The warnings of copies used in place of a server, each once; emptied by the call.
    package func takeNotices() -> [ImportWarning] {
        notices.withLock { n in
            defer { n = [] }
            return n
        }
    }

    /// Adds a warning to say once (a subscription or CalDAV collection read from its stored copy).
    func note(_ warning: ImportWarning) {
        notices.withLock { $0.append(warning) }
    }

    /// One conditional GET of `url` against the stored `copy`, and what the
    /// store should keep of the answer (a warning of a copy used instead is
    /// noted at once): no store access, no transaction.
    func ask(_ url: String, copy: SubscriptionCopy?, commands: [String: PasswordCommand], now: Instant,
             at clock: ContinuousClock.Instant) -> Answer {
        var fetcher = fetcher
        fetcher.passwordCommands = commands
        do {
            // Stored as checked when it was added (http elsewhere only with --insecure).
            let address = try SubscriptionURL(url, insecure: true)
            switch try fetcher.fetch(address, validators: copy.map { Validators(etag: $0.etag, lastModified: $0.lastModified) }) {
            case .notModified:
                guard let copy else {
                    return Answer(at: clock, content: .failure(.unreadable(file: url, reason: "the server answered 304 to a first request")), pending: nil)
                }
                return Answer(at: clock, content: .success(Self.content(copy)), pending: .confirmed(at: now.seconds))
            case .fetched(let bytes, let validators):
                try Self.checkReadable(bytes, url: url, now: now)
                let fresh = SubscriptionCopy(url: url, bytes: bytes, etag: validators.etag, lastModified: validators.lastModified,
                                             fetchedAt: now.seconds, checkedAt: now.seconds)
                return Answer(at: clock, content: .success(Self.content(fresh)), pending: .save(fresh))
            }
        } catch {
            return Self.failed(error, url: url, offlineId: "subscription-offline", now: now, at: clock,
                               stored: { copy.map { (Self.content($0), $0.checkedAt) } }, note: note)
        }
    }

    /// The stored copy as a feed's content; its revision is the server's validator.
    static func content(_ copy: SubscriptionCopy) -> CalendarContent {
        let content = CalendarContent(bytes: copy.bytes, revision: .subscription(validator: ""), label: copy.url)
        let validator = copy.etag.map { "etag:" + $0 } ?? copy.lastModified.map { "modified:" + $0 } ?? "content:" + content.fingerprint
        return CalendarContent(bytes: copy.bytes, revision: .subscription(validator: validator), label: copy.url)
    }

    /// `seconds` in the largest whole unit: `45 s`, `12 min`, `3 h`, `2 days`.
    static func age(_ seconds: Int64) -> String {
        let s = max(0, seconds)
        if s < 60 { return "\(s) s" }
        if s < 3_600 { return "\(s / 60) min" }
        if s < 86_400 { return "\(s / 3_600) h" }
        return s < 172_800 ? "1 day" : "\(s / 86_400) days"
    }
}

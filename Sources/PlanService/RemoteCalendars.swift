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
/// only when it reads as a calendar. When the server cannot be reached (or
/// answers 5xx), the stored copy stands in with one warning naming the
/// source and its age; with no copy, or when the server refuses the
/// credentials or has no calendar there, the calendar cannot be read.
public final class RemoteCalendars: Sendable {
    let fetcher: Fetcher
    private let answers = ServerAnswers<SubscriptionCopy>()
    /// The warnings of copies used in place of a server, not yet taken.
    private let notices = Mutex<[ImportWarning]>([])

    typealias Answer = ServerAnswers<SubscriptionCopy>.Answer
    typealias Pending = ServerAnswers<SubscriptionCopy>.Pending

    public init(environment: [String: String]) {
        fetcher = Fetcher(environment: environment)
    }

    /// The warnings of copies used in place of a server, each once; emptied by the call.
    public func takeNotices() -> [ImportWarning] {
        notices.withLock { n in
            defer { n = [] }
            return n
        }
    }

    /// Adds a warning to say once (a CalDAV collection read from its stored copy).
    func note(_ warning: ImportWarning) {
        notices.withLock { $0.append(warning) }
    }

    /// Asks the server about each of `urls` not asked within the last
    /// minute, outside any write transaction: the stored copies are read in
    /// one short read, the answers remembered for ``content(_:_:now:)``.
    func prefetch(_ urls: [String], store: PlanStore, now: Instant) throws {
        let clock = ContinuousClock.now
        let due = answers.due(urls, at: clock)
        guard !due.isEmpty else { return }
        let (copies, commands) = try store.read { t in
            (try due.map { try t.subscriptionCopy(url: $0) }, try PasswordCommands.load(t))
        }
        for (url, copy) in zip(due, copies) {
            answers.keep(url, ask(url, copy: copy, commands: commands, now: now, at: clock))
        }
    }

    /// The subscription at `url` as read now (see the type's summary); what
    /// the answer changed is kept through `t`.
    func content(_ url: String, _ t: StoreTransaction, now: Instant) throws -> Result<CalendarContent, ImportError> {
        let clock = ContinuousClock.now
        return try answers.settle(url, at: clock, ask: {
            ask(url, copy: try t.subscriptionCopy(url: url), commands: try PasswordCommands.load(t), now: now, at: clock)
        }, write: { pending in
            switch pending {
            case .save(let copy): try t.saveSubscriptionCopy(copy)
            case .confirmed(let at): try t.markSubscriptionChecked(url: url, at: at)
            }
        })
    }

    /// One conditional GET of `url` against the stored `copy`, and what the
    /// store should keep of the answer (a warning of a copy used instead is
    /// noted at once): no store access, no transaction.
    private func ask(_ url: String, copy: SubscriptionCopy?, commands: [String: PasswordCommand], now: Instant,
                     at clock: ContinuousClock.Instant) -> Answer {
        let (content, pending, notice) = fetch(url, copy: copy, commands: commands, now: now)
        if let notice { note(notice) }
        return Answer(at: clock, content: content, pending: pending)
    }

    /// The GET itself: the content, what to keep, and the warning to say, if any.
    private func fetch(_ url: String, copy: SubscriptionCopy?, commands: [String: PasswordCommand], now: Instant)
        -> (Result<CalendarContent, ImportError>, Pending?, ImportWarning?) {
        var fetcher = fetcher
        fetcher.passwordCommands = commands
        do {
            // Stored as checked when it was added (http elsewhere only with --insecure).
            let address = try SubscriptionURL(url, insecure: true)
            switch try fetcher.fetch(address, validators: copy.map { Validators(etag: $0.etag, lastModified: $0.lastModified) }) {
            case .notModified:
                guard let copy else { return (.failure(.unreadable(file: url, reason: "the server answered 304 to a first request")), nil, nil) }
                return (.success(Self.content(copy)), .confirmed(at: now.seconds), nil)
            case .fetched(let bytes, let validators):
                // Junk from the server is the importer's error; the stored copy stays.
                _ = try ICalImporter.importData(bytes, label: url, options: ImportOptions(window: TimeRange(start: now, end: now + 86_400)))
                let fresh = SubscriptionCopy(url: url, bytes: bytes, etag: validators.etag, lastModified: validators.lastModified,
                                             fetchedAt: now.seconds, checkedAt: now.seconds)
                return (.success(Self.content(fresh)), .save(fresh), nil)
            }
        } catch let e as DAVError {
            guard e.isOffline else { return (.failure(.unreadable(file: url, reason: e.reason)), nil, nil) }
            guard let copy else {
                return (.failure(.unreadable(file: url, reason: e.reason + "; no copy of it is stored yet")), nil, nil)
            }
            let age = Self.age(now.seconds - copy.checkedAt)
            let notice = ImportWarning(id: "subscription-offline", file: url, line: nil, property: nil, value: nil,
                                       message: "\(e.reason); planning with the stored copy, last confirmed \(age) ago")
            return (.success(Self.content(copy)), nil, notice)
        } catch let e as ImportError {
            return (.failure(e), nil, nil)
        } catch {
            return (.failure(.unreadable(file: url, reason: String(describing: error))), nil, nil)
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

import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore
import Synchronization

/// A subscribed calendar as one planning run reads it: the content
/// ``RemoteCalendars`` fetched (or the stored copy it fell back on), or why
/// there is none.
struct SubscriptionFeed: CalendarFeed {
    var url: String
    var content: Result<CalendarContent, ImportError>

    var identity: String { "subscription:" + url }
    var label: String { url }

    func revision() throws(ImportError) -> CalendarRevision { try content.get().revision }
    func read() throws(ImportError) -> CalendarContent { try content.get() }
}

/// The subscribed calendars of one service: each fetched at most once a
/// minute (so one command sends one request per subscription however often
/// it reads the calendar), its last good copy kept in the store, and the
/// warnings of copies used because the server was out of reach, said once.
///
/// A fetch is conditional on the stored copy's ETag/Last-Modified, so an
/// unchanged calendar costs one small request (a 304). New content is kept
/// only when it reads as a calendar. When the server cannot be reached (or
/// answers 5xx), the stored copy stands in with one warning naming the
/// source and its age; with no copy, or when the server refuses the
/// credentials or has no calendar there, the calendar cannot be read.
public final class RemoteCalendars: Sendable {
    /// How long a fetched result stands for later reads by the same service (`plan rpc` lives long).
    static let reuseSeconds: Double = 60

    let fetcher: Fetcher
    private let state = Mutex(State())

    struct State {
        var memo: [String: (at: ContinuousClock.Instant, content: Result<CalendarContent, ImportError>)] = [:]
        var notices: [ImportWarning] = []
    }

    public init(environment: [String: String]) {
        fetcher = Fetcher(environment: environment)
    }

    /// The warnings of copies used in place of a server, each once; emptied by the call.
    public func takeNotices() -> [ImportWarning] {
        state.withLock { s in
            defer { s.notices = [] }
            return s.notices
        }
    }

    /// The subscription at `url` as read now (see the type's summary);
    /// the store's copy is read and kept through `t`.
    func content(_ url: String, _ t: StoreTransaction, now: Instant) throws -> Result<CalendarContent, ImportError> {
        let clock = ContinuousClock.now
        if let hit = state.withLock({ $0.memo[url] }), hit.at.duration(to: clock) < .seconds(Self.reuseSeconds) {
            return hit.content
        }
        let (content, notice) = try fetch(url, t, now: now)
        state.withLock { s in
            s.memo[url] = (clock, content)
            if let notice { s.notices.append(notice) }
        }
        return content
    }

    private func fetch(_ url: String, _ t: StoreTransaction, now: Instant) throws
        -> (Result<CalendarContent, ImportError>, ImportWarning?) {
        let copy = try t.subscriptionCopy(url: url)
        do {
            // Stored as checked when it was added (http elsewhere only with --insecure).
            let address = try SubscriptionURL(url, insecure: true)
            switch try fetcher.fetch(address, validators: copy.map { Validators(etag: $0.etag, lastModified: $0.lastModified) }) {
            case .notModified:
                guard let copy else { return (.failure(.unreadable(file: url, reason: "the server answered 304 to a first request")), nil) }
                try t.markSubscriptionChecked(url: url, at: now.seconds)
                return (.success(Self.content(copy)), nil)
            case .fetched(let bytes, let validators):
                // Junk from the server is the importer's error; the stored copy stays.
                _ = try ICalImporter.importData(bytes, label: url, options: ImportOptions(window: TimeRange(start: now, end: now + 86_400)))
                let fresh = SubscriptionCopy(url: url, bytes: bytes, etag: validators.etag, lastModified: validators.lastModified,
                                             fetchedAt: now.seconds, checkedAt: now.seconds)
                try t.saveSubscriptionCopy(fresh)
                return (.success(Self.content(fresh)), nil)
            }
        } catch let e as DAVError {
            guard e.isOffline else { return (.failure(.unreadable(file: url, reason: e.reason)), nil) }
            guard let copy else {
                return (.failure(.unreadable(file: url, reason: e.reason + "; no copy of it is stored yet")), nil)
            }
            let age = Self.age(now.seconds - copy.checkedAt)
            let notice = ImportWarning(id: "subscription-offline", file: url, line: nil, property: nil, value: nil,
                                       message: "\(e.reason); planning with the stored copy, last confirmed \(age) ago")
            return (.success(Self.content(copy)), notice)
        } catch let e as ImportError {
            return (.failure(e), nil)
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

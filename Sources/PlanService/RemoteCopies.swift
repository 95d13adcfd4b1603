import PlanCore
import PlanDAV
import PlanICal
import PlanStore

/// A remote calendar's last good copy as the store keeps it, read and
/// written through the operation's transaction.
protocol StoredCopy: Sendable {
    /// The stored copy of the calendar at `url`, if it was ever read.
    static func stored(url: String, in t: StoreTransaction) throws -> Self?
    /// Keeps `copy` as the calendar's last good copy.
    static func save(_ copy: Self, in t: StoreTransaction) throws
    /// Records that the server said the stored copy is current at `at` (seconds).
    static func markChecked(url: String, at: Int64, in t: StoreTransaction) throws
}

extension SubscriptionCopy: StoredCopy {
    static func stored(url: String, in t: StoreTransaction) throws -> Self? { try t.subscriptionCopy(url: url) }
    static func save(_ copy: Self, in t: StoreTransaction) throws { try t.saveSubscriptionCopy(copy) }
    static func markChecked(url: String, at: Int64, in t: StoreTransaction) throws { try t.markSubscriptionChecked(url: url, at: at) }
}

extension CalDAVCopy: StoredCopy {
    static func stored(url: String, in t: StoreTransaction) throws -> Self? { try t.caldavCopy(url: url) }
    static func save(_ copy: Self, in t: StoreTransaction) throws { try t.saveCalDAVCopy(copy) }
    static func markChecked(url: String, at: Int64, in t: StoreTransaction) throws { try t.markCalDAVChecked(url: url, at: at) }
}

/// The remote calendars of one kind, read through ``ServerAnswers`` with
/// their last good copies in the store: subscriptions
/// (``RemoteCalendars``) and CalDAV collections (``CalDAVCalendars``). Each
/// says how to ask its server; asking ahead of the operation's transaction,
/// keeping the answer through it, and standing in with the stored copy when
/// the server is out of reach are the same for both.
protocol RemoteCopies: AnyObject, Sendable {
    associatedtype Copy: StoredCopy
    var answers: ServerAnswers<Copy> { get }
    /// Asks the server about `url` against the stored `copy` (no store
    /// access): the answer, made at `clock`.
    func ask(_ url: String, copy: Copy?, commands: [String: PasswordCommand], now: Instant,
             at clock: ContinuousClock.Instant) -> ServerAnswers<Copy>.Answer
}

extension RemoteCopies {
    /// Asks the server about each of `urls` not asked within the last
    /// minute, outside any write transaction.
    func prefetch(_ urls: [String], store: PlanStore, now: Instant) throws {
        try answers.prefetch(urls, store: store) { ask($0, copy: $1, commands: $2, now: now, at: $3) }
    }

    /// The calendar at `url` as read now; what the answer changed is kept through `t`.
    func content(_ url: String, _ t: StoreTransaction, now: Instant) throws -> Result<CalendarContent, ImportError> {
        try answers.content(url, t) { ask($0, copy: $1, commands: $2, now: now, at: $3) }
    }

    /// Refuses new content that does not read as a calendar (junk from the
    /// server is the importer's error, and the stored copy stays).
    static func checkReadable(_ bytes: [UInt8], url: String, now: Instant) throws(ImportError) {
        _ = try ICalImporter.importData(bytes, label: url, options: ImportOptions(window: TimeRange(start: now, end: now + 86_400)))
    }

    /// The answer when asking the server about `url` failed with `error`.
    /// When the server is out of reach, the stored copy (`stored()`: its
    /// content and when it was last confirmed) stands in and `note` gets one
    /// warning `offlineId` naming its age; with no copy, or any other
    /// failure, the calendar cannot be read.
    static func failed(_ error: any Error, url: String, offlineId: String, now: Instant, at clock: ContinuousClock.Instant,
                       stored: () -> (content: CalendarContent, checkedAt: Int64)?,
                       note: (ImportWarning) -> Void) -> ServerAnswers<Copy>.Answer {
        let content: Result<CalendarContent, ImportError>
        switch error {
        case let e as DAVError where e.isOffline:
            if let stored = stored() {
                let age = RemoteCalendars.age(now.seconds - stored.checkedAt)
                note(ImportWarning(id: offlineId, file: url, line: nil, property: nil, value: nil,
                                   message: "\(e.reason); planning with the stored copy, last confirmed \(age) ago"))
                content = .success(stored.content)
            } else {
                content = .failure(.unreadable(file: url, reason: e.reason + "; no copy of it is stored yet"))
            }
        case let e as DAVError:
            content = .failure(.unreadable(file: url, reason: e.reason))
        case let e as ImportError:
            content = .failure(e)
        default:
            content = .failure(.unreadable(file: url, reason: String(describing: error)))
        }
        return ServerAnswers<Copy>.Answer(at: clock, content: content, pending: nil)
    }
}

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
/// says how to ask its server; asking ahead of the operation's transaction
/// and keeping the answer through it are the same for both.
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
}

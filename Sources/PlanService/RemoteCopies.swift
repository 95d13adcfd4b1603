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
    /// server is the importer's error, and the stored copy stays): it must
    /// end with `END:VCALENDAR` (a body cut short, or a calendar's first
    /// line followed by an error page, does not) and the importer must read
    /// it.
    static func checkReadable(_ bytes: [UInt8], url: String, now: Instant) throws(ImportError) {
        var end = bytes.count
        while end > 0, [0x20, 0x09, 0x0D, 0x0A, 0x00].contains(bytes[end - 1]) { end -= 1 }
        let last = Array("END:VCALENDAR".utf8)
        guard end >= last.count, zip(bytes[(end - last.count)..<end], last).allSatisfy({ $0 & 0xDF == $1 & 0xDF }) else {
            throw .invalid(file: url, reason: "it does not end with END:VCALENDAR (cut short, or not a calendar)")
        }
        _ = try ICalImporter.importData(bytes, label: url, options: ImportOptions(window: TimeRange(start: now, end: now + 86_400)))
    }

    /// The answer when asking the server about `url` failed with `error`.
    /// Whatever went wrong — the server out of reach, an error status, a
    /// refused password, an answer that is not a calendar — a stored copy
    /// (`stored()`: its content and when it was last confirmed) stands in
    /// and `note` gets one warning `offlineId` saying what happened and the
    /// copy's age: a bad answer never costs the last good copy. With no
    /// copy, or a URL plan refuses to ask, the calendar cannot be read.
    static func failed(_ error: any Error, url: String, offlineId: String, now: Instant, at clock: ContinuousClock.Instant,
                       stored: () -> (content: CalendarContent, checkedAt: Int64)?,
                       note: (ImportWarning) -> Void) -> ServerAnswers<Copy>.Answer {
        let reason: String? = switch error {
        case let e as DAVError: e.isRefusedURL ? nil : e.reason
        case ImportError.invalid(_, let r): "the server's answer is not a usable calendar: \(r)"
        case ImportError.unreadable(_, let r): r
        default: String(describing: error)
        }
        if let reason, let stored = stored() {
            let age = RemoteCalendars.age(now.seconds - stored.checkedAt)
            note(ImportWarning(id: offlineId, file: url, line: nil, property: nil, value: nil,
                               message: "\(reason); planning with the stored copy, last confirmed \(age) ago"))
            return ServerAnswers<Copy>.Answer(at: clock, content: .success(stored.content), pending: nil)
        }
        let content: Result<CalendarContent, ImportError>
        switch error {
        case let e as DAVError where e.isOffline:
            content = .failure(.unreadable(file: url, reason: e.reason + "; no copy of it is stored yet"))
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

import PlanICal
import Synchronization

/// What servers answered about remote calendars within the last minute, by
/// URL, and the store write each answer still calls for: the one memo under
/// ``RemoteCalendars`` (subscriptions, `Copy` = `SubscriptionCopy`) and
/// ``CalDAVCalendars`` (collections, `Copy` = `CalDAVCopy`).
///
/// An answer is made outside any transaction (``due(_:at:)``, ``keep(_:_:)``);
/// ``settle(_:at:ask:write:)`` hands its pending write to the operation's
/// transaction once, so a later read in the same service writes nothing.
final class ServerAnswers<Copy: Sendable>: Sendable {
    /// How long an answer stands for later reads by the same service (`plan rpc` lives long).
    static var reuseSeconds: Double { 60 }

    /// A store write an answer calls for.
    enum Pending: Sendable {
        /// New content: the last good copy from now on.
        case save(Copy)
        /// Nothing changed: the stored copy was confirmed current at this time (seconds).
        case confirmed(at: Int64)
    }

    struct Answer: Sendable {
        var at: ContinuousClock.Instant
        var content: Result<CalendarContent, ImportError>
        var pending: Pending?
    }

    private let memo = Mutex<[String: Answer]>([:])

    init() {}

    /// Those of `urls` with no answer younger than ``reuseSeconds`` at `clock`.
    func due(_ urls: [String], at clock: ContinuousClock.Instant) -> [String] {
        urls.filter { fresh($0, at: clock) == nil }
    }

    /// The answer for `url` if it is younger than ``reuseSeconds`` at `clock`.
    func fresh(_ url: String, at clock: ContinuousClock.Instant) -> Answer? {
        guard let hit = memo.withLock({ $0[url] }), hit.at.duration(to: clock) < .seconds(Self.reuseSeconds) else { return nil }
        return hit
    }

    func keep(_ url: String, _ answer: Answer) {
        memo.withLock { $0[url] = answer }
    }

    /// The content for `url`: its fresh answer, else `ask()` now; the
    /// answer's pending write goes to `write` (the caller's transaction) and
    /// is then forgotten.
    func settle(_ url: String, at clock: ContinuousClock.Instant, ask: () throws -> Answer,
                write: (Pending) throws -> Void) throws -> Result<CalendarContent, ImportError> {
        let answer = try fresh(url, at: clock) ?? ask()
        if let pending = answer.pending { try write(pending) }
        keep(url, Answer(at: answer.at, content: answer.content, pending: nil))
        return answer.content
    }
}

import PlanDAV
import PlanICal
import PlanStore
import Synchronization

/// What servers answered about remote calendars within the last minute, by
/// URL, and the store write each answer still calls for: the one memo under
/// ``RemoteCalendars`` (subscriptions, `Copy` = `SubscriptionCopy`) and
/// ``CalDAVCalendars`` (collections, `Copy` = `CalDAVCopy`).
///
/// An answer is made outside any transaction (``prefetch(_:store:ask:)``);
/// ``content(_:_:ask:)`` hands its pending write to the operation's
/// transaction once, so a later read in the same service writes nothing.
final class ServerAnswers<Copy: StoredCopy>: Sendable {
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

    /// ``RemoteCopies/ask(_:copy:commands:now:at:)``.
    typealias Ask = (_ url: String, _ copy: Copy?, _ commands: [String: PasswordCommand],
                     _ clock: ContinuousClock.Instant) -> Answer

    private let memo = Mutex<[String: Answer]>([:])

    init() {}

    /// Asks about each of `urls` with no answer younger than
    /// ``reuseSeconds``, outside any write transaction: the stored copies
    /// are read in one short read, the answers kept for ``content(_:_:ask:)``.
    func prefetch(_ urls: [String], store: PlanStore, ask: Ask) throws {
        let clock = ContinuousClock.now
        let due = urls.filter { fresh($0, at: clock) == nil }
        guard !due.isEmpty else { return }
        let (copies, commands) = try store.read { t in
            (try due.map { try Copy.stored(url: $0, in: t) }, try PasswordCommands.load(t))
        }
        for (url, copy) in zip(due, copies) {
            keep(url, answered(ask(url, copy, commands, clock)))
        }
    }

    /// The content for `url` as read now: its fresh answer, else `ask` now;
    /// the answer's pending write goes through `t` (the operation's
    /// transaction) and is then forgotten.
    func content(_ url: String, _ t: StoreTransaction, ask: Ask) throws -> Result<CalendarContent, ImportError> {
        let clock = ContinuousClock.now
        let answer = try fresh(url, at: clock) ?? answered(ask(url, try Copy.stored(url: url, in: t), try PasswordCommands.load(t), clock))
        switch answer.pending {
        case .save(let copy)?: try Copy.save(copy, in: t)
        case .confirmed(let at)?: try Copy.markChecked(url: url, at: at, in: t)
        case nil: break
        }
        keep(url, Answer(at: answer.at, content: answer.content, pending: nil))
        return answer.content
    }

    /// `answer` as of now: an answer is as old as the moment it came (or the
    /// wait for it ran out), not the moment it was asked, so a server that
    /// takes the whole time limit is still asked once per command.
    private func answered(_ answer: Answer) -> Answer {
        Answer(at: ContinuousClock.now, content: answer.content, pending: answer.pending)
    }

    /// The answer for `url` if it is younger than ``reuseSeconds`` at `clock`.
    private func fresh(_ url: String, at clock: ContinuousClock.Instant) -> Answer? {
        guard let hit = memo.withLock({ $0[url] }), hit.at.duration(to: clock) < .seconds(Self.reuseSeconds) else { return nil }
        return hit
    }

    private func keep(_ url: String, _ answer: Answer) {
        memo.withLock { $0[url] = answer }
    }
}

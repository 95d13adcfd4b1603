import PlanStore
import Synchronization

/// The registered calendars this service read, each once, in the order first
/// read: what `--verbose` says (the faces print ``taken()``). Bounded by the
/// calendars registered, however many requests a `plan rpc` session answers.
public final class CalendarReads: Sendable {
    private let read = Mutex<[CalendarSource]>([])

    public init() {}

    /// Notes that `source` was read.
    func note(_ source: CalendarSource) {
        read.withLock { if !$0.contains(source) { $0.append(source) } }
    }

    /// The calendars read since the last call, and forgets them.
    public func taken() -> [CalendarSource] {
        read.withLock { r in
            defer { r = [] }
            return r
        }
    }
}

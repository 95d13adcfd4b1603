import PlanCore
import Synchronization

/// The owed work this service's planning commands re-fitted (``OwedRefit``), for the faces to
/// say in one line each (the CLI prints ``taken()``); dropped when the command saved nothing.
package final class OwedNotes: Sendable {
    private let notes = Mutex<[OwedRefit]>([])

    package init() {}

    func add(_ note: OwedRefit) { notes.withLock { n in if !n.contains(note) { n.append(note) } } }

    /// Forgets them: the transaction that re-fitted them was rolled back.
    func discard() { notes.withLock { $0.removeAll() } }

    /// The notes so far, in the order made, and none after.
    package func taken() -> [OwedRefit] { notes.withLock { n in defer { n.removeAll() }; return n } }
}

import PlanCore
import PlanICal
import Synchronization

/// What this service's planning commands did besides their own result, for the faces to say in
/// one line each (the CLI prints them as the command ends): owed work re-fitted (``OwedRefit``)
/// and estimates planned by what finished work took (``LearnedEstimate``). Dropped when the
/// command saved nothing.
package final class PlanNotes: Sendable {
    private let owedNotes = Mutex<[OwedRefit]>([])
    private let learnedNotes = Mutex<[LearnedEstimate]>([])
    private let quietWarnings = Mutex<[ImportWarning]>([])
    private let loudWarnings = Mutex<[ImportWarning]>([])

    package init() {}

    func add(_ note: OwedRefit) { owedNotes.withLock { n in if !n.contains(note) { n.append(note) } } }

    func add(_ note: LearnedEstimate) { learnedNotes.withLock { n in if !n.contains(note) { n.append(note) } } }

    /// Warnings to say as the command ends (an export that left out what plan did not plan around).
    func addWarnings(_ warnings: [ImportWarning]) { loudWarnings.withLock { $0 += warnings } }

    /// Those warnings, and none after.
    package func takeWarnings() -> [ImportWarning] { loudWarnings.withLock { n in defer { n.removeAll() }; return n } }

    /// A calendar's warnings said before (when it was added, or last changed): for --verbose only.
    func addQuiet(_ warnings: [ImportWarning]) { quietWarnings.withLock { n in n += warnings.filter { !n.contains($0) } } }

    /// The warnings said before, and none after.
    package func takeQuiet() -> [ImportWarning] { quietWarnings.withLock { n in defer { n.removeAll() }; return n } }

    /// Forgets them: the transaction that made them was rolled back.
    func discard() {
        owedNotes.withLock { $0.removeAll() }
        learnedNotes.withLock { $0.removeAll() }
    }

    /// The owed work re-fitted so far, in the order re-fitted, and none after.
    package func takeOwed() -> [OwedRefit] { owedNotes.withLock { n in defer { n.removeAll() }; return n } }

    /// The estimates planned otherwise so far, and none after.
    package func takeLearned() -> [LearnedEstimate] { learnedNotes.withLock { n in defer { n.removeAll() }; return n } }
}

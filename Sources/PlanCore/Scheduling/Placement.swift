/// How a task's sittings are laid out once the plan knows which tasks fit
/// (rules 8 and 9 of the contract above ``TaskScheduler``).
package enum Placement: String, Hashable, Sendable, CaseIterable {
    /// Each sitting as early as the rules allow ("get it over with").
    case early
    /// The daily load levelled over the days each task may use, finishing a
    /// margin before the due where it can (see ``Balancer``).
    case balanced
}

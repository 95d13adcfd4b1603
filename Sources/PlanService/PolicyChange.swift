import PlanCore

/// A change to the stored settings, as `plan policy set` and `policy.set`
/// take it: each member given replaces the stored one, the rest stay; the
/// policy's members are checked when the policy is read back.
public struct PolicyChange: Hashable, Sendable {
    public var timeZone: String?
    /// The policy's members to change, in the contract's spelling. A zero
    /// `buffer` or `maxPerDay` means none, their default, and is stored
    /// unset; of `busy`, each member given replaces the stored one.
    public var policy = ScheduleRequest.PolicySpec()

    public init() {}

    /// The settings' text with this change made.
    public func apply(to s: inout PlanSettings.Text) {
        func unsetWhenZero(_ text: String) -> String? { text == ISODuration.format(0) ? nil : text }
        if let timeZone { s.timeZone = timeZone }
        if let v = policy.dayStart { s.policy.dayStart = v }
        if let v = policy.dayEnd { s.policy.dayEnd = v }
        if let v = policy.workingDays { s.policy.workingDays = v }
        if let v = policy.buffer { s.policy.buffer = unsetWhenZero(v) }
        if let v = policy.breakBetweenSittings { s.policy.breakBetweenSittings = v }
        if let v = policy.granularity { s.policy.granularity = v }
        if let v = policy.maxPerDay { s.policy.maxPerDay = unsetWhenZero(v) }
        if let change = policy.busy, change.allDay != nil || change.tentative != nil {
            var b = s.policy.busy ?? ScheduleRequest.BusySpec()
            if let v = change.allDay { b.allDay = v }
            if let v = change.tentative { b.tentative = v }
            s.policy.busy = b
        }
    }
}

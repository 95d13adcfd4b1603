import PlanCore

/// A change to the stored policy, as `plan policy set` and `policy.set` take
/// it: each field given replaces the stored one, the rest stay. Durations are
/// kept in whole minutes; zero for `buffer` or `maxPerDay` means none, their
/// default, and is stored unset.
public struct PolicyChange: Hashable, Sendable {
    public var timeZone: String?
    /// `HH:MM`, checked when the policy is read back.
    public var dayStart: String?
    public var dayEnd: String?
    /// Day codes, checked when the policy is read back.
    public var workingDays: [String]?
    /// Elapsed seconds.
    public var buffer: Int64?
    public var breakBetweenSittings: Int64?
    public var granularity: Int64?
    public var maxPerDay: Int64?
    public var busyAllDay: Bool?
    public var busyTentative: Bool?

    public init() {}

    /// The settings' text with this change made.
    public func apply(to s: inout PlanSettings.Text) {
        func unsetWhenZero(_ v: Int64) -> String? {
            let text = ISODuration.format(v)
            return text == ISODuration.format(0) ? nil : text
        }
        if let timeZone { s.timeZone = timeZone }
        if let dayStart { s.policy.dayStart = dayStart }
        if let dayEnd { s.policy.dayEnd = dayEnd }
        if let workingDays { s.policy.workingDays = workingDays }
        if let buffer { s.policy.buffer = unsetWhenZero(buffer) }
        if let breakBetweenSittings { s.policy.breakBetweenSittings = ISODuration.format(breakBetweenSittings) }
        if let granularity { s.policy.granularity = ISODuration.format(granularity) }
        if let maxPerDay { s.policy.maxPerDay = unsetWhenZero(maxPerDay) }
        if busyAllDay != nil || busyTentative != nil {
            var b = s.policy.busy ?? ScheduleRequest.BusySpec()
            if let busyAllDay { b.allDay = busyAllDay }
            if let busyTentative { b.tentative = busyTentative }
            s.policy.busy = b
        }
    }
}

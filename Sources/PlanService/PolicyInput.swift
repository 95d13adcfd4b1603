import PlanCore

/// A change to the stored settings as a user or an editor gives it — what
/// `plan policy set` and `policy.set` take: text, durations in any form
/// ``InputValue/duration(_:field:)`` reads. Each member given replaces the
/// stored one, the rest stay. Both faces fill one in and the service reads
/// it, once: durations here (``InputError`` naming the field), the zone and
/// the policy's other members when the settings are checked as a request's
/// would be (``PlanService/updateSettings(_:)``).
package struct PolicyInput: Hashable, Sendable {
    package var timeZone: String?
    /// The policy's members to change, in the contract's spelling except
    /// that durations may be written as users write them (`10m`). A zero
    /// `buffer` or `maxPerDay` means none, their default, and is stored
    /// unset (a zero `finishEarly` is kept: no margin); of `busy`, each
    /// member given replaces the stored one.
    package var policy = ScheduleRequest.PolicySpec()
    /// How far ahead repeating tasks' occurrences exist: `4w`, `30d`, `6 weeks`
    /// (1 day to 52 weeks).
    package var horizon: String?
    /// `on` or `off`: whether new work is planned by how long finished work took (``PlanSettings/learn``).
    package var learn: String?

    package init() {}

    /// The settings' text with this change made.
    func apply(to s: inout PlanSettings.Text) throws(InputError) {
        func iso(_ text: String?, _ field: String) throws(InputError) -> String? {
            try text.map { t throws(InputError) in ISODuration.format(try InputValue.duration(t, field: field)) }
        }
        func unsetWhenZero(_ text: String) -> String? { text == ISODuration.format(0) ? nil : text }
        let p = policy
        let buffer = try iso(p.buffer, "buffer"), breakBetween = try iso(p.breakBetweenSittings, "breakBetweenSittings")
        let granularity = try iso(p.granularity, "granularity"), maxPerDay = try iso(p.maxPerDay, "maxPerDay")
        let finishEarly = try p.finishEarly.map { t throws(InputError) in
            ISODuration.format(try InputValue.margin(t, field: "finishEarly"))
        }
        let placement = try p.placement.map { t throws(InputError) in
            guard let v = Placement(rawValue: t.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw InputError("placement", "\"\(t)\" is not a placement (balanced or early)")
            }
            return v.rawValue
        }
        let prefer = try p.prefer.map { t throws(InputError) in try InputValue.prefer(t, field: "prefer").text }
        if let horizon {
            guard let seconds = Recurrence.startBefore(horizon), seconds >= 86_400, seconds <= PlanService.maxHorizon,
                  seconds % 86_400 == 0 else {
                throw InputError("horizon", "\"\(horizon)\" is not a planning horizon (whole days, 1 day to 52 weeks, e.g. 4w or 30d)")
            }
            s.horizon = seconds
        }
        if let learn {
            switch learn.trimmingCharacters(in: .whitespaces).lowercased() {
            case "on", "true", "yes": s.learn = true
            case "off", "false", "no": s.learn = false
            default: throw InputError("learn", "\"\(learn)\" is not on or off")
            }
        }
        if let timeZone { s.timeZone = timeZone }
        if let v = p.dayStart { s.policy.dayStart = v }
        if let v = p.dayEnd { s.policy.dayEnd = v }
        if let v = p.workingDays { s.policy.workingDays = v.map { $0.uppercased() } }
        if let buffer { s.policy.buffer = unsetWhenZero(buffer) }
        if let breakBetween { s.policy.breakBetweenSittings = breakBetween }
        if let granularity { s.policy.granularity = granularity }
        if let maxPerDay { s.policy.maxPerDay = unsetWhenZero(maxPerDay) }
        if let placement { s.policy.placement = placement }
        if let finishEarly { s.policy.finishEarly = finishEarly }
        if let prefer { s.policy.prefer = prefer == "any" ? nil : prefer }
        if let change = p.busy, change.allDay != nil || change.tentative != nil {
            var b = s.policy.busy ?? ScheduleRequest.BusySpec()
            if let v = change.allDay { b.allDay = v }
            if let v = change.tentative { b.tentative = v }
            s.policy.busy = b
        }
    }
}

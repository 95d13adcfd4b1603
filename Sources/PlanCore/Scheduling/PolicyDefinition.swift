/// The scheduling policy as the user set it, in typed values: what they left
/// unset stays unset (``policy(zone:)`` fills in the contract's defaults), and
/// the working days keep the order they were given in (repeats too), so the
/// contract's spelling of a stored policy is the one the user wrote.
package struct PolicyDefinition: Hashable, Sendable {
    /// Nil for 09:00.
    package var dayStart: TimeOfDay?
    /// Nil for 21:00.
    package var dayEnd: TimeOfDay?
    /// As given; nil for every day.
    package var workingDays: [Weekday]?
    /// Elapsed seconds; nil for none.
    package var buffer: Int64?
    /// Elapsed seconds; nil for 15 minutes.
    package var breakBetweenSittings: Int64?
    /// Elapsed seconds; nil for 5 minutes.
    package var granularity: Int64?
    /// Elapsed seconds; nil for no limit.
    package var maxPerDay: Int64?
    /// Nil for no (all-day events leave the day free).
    package var busyAllDay: Bool?
    /// Nil for yes (tentative events block their time).
    package var busyTentative: Bool?
    /// Nil for balanced.
    package var placement: Placement?
    /// Elapsed seconds; nil for one day (0: no margin).
    package var finishEarly: Int64?
    /// Nil for no preferred hours.
    package var prefer: PreferredHours?

    /// The contract's defaults, for what a user leaves unset: every day
    /// 09:00–21:00, no buffer, a 15-minute break, a 5-minute grid, no daily
    /// maximum, tentative events busy, all-day events free, balanced
    /// placement finishing a day before each due.
    package static func defaults(zone: SystemZone) -> Policy {
        var p = Policy(zone: zone)
        p.dayStart = TimeOfDay(hour: 9)
        p.dayEnd = TimeOfDay(hour: 21)
        p.placement = .balanced
        p.finishEarly = 86_400
        return p
    }

    /// Nothing set: every member the contract's default. Set those the user sets.
    package init() {}

    /// Reads and checks the contract's spelling of a policy (a request's
    /// `policy`, `plan policy set`, or a policy kept as text by an older
    /// store), in the contract's order, each error naming its field under
    /// `/policy`: a malformed time, an empty day window, an unknown or no
    /// working day, a malformed or negative duration, a granularity that is
    /// not whole minutes dividing an hour.
    package init(_ spec: ScheduleRequest.PolicySpec) throws(ScheduleRequestError) {
        func bad(_ field: String, _ message: String, _ kind: ScheduleRequestError.Kind = .badValue) -> ScheduleRequestError {
            ScheduleRequestError(kind, taskId: nil, field: "/policy/\(field)", message: message)
        }
        let defaults = Self.defaults(zone: .utc)
        if let t = spec.dayStart {
            guard let v = TimeOfDay(hhmm: t, allowEndOfDay: false) else {
                throw bad("dayStart", "\"\(t)\" is not a time of day HH:MM (00:00–23:59)")
            }
            dayStart = v
        }
        if let t = spec.dayEnd {
            guard let v = TimeOfDay(hhmm: t, allowEndOfDay: true) else {
                throw bad("dayEnd", "\"\(t)\" is not a time of day HH:MM (00:00–24:00)")
            }
            dayEnd = v
        }
        let start = dayStart ?? defaults.dayStart, end = dayEnd ?? defaults.dayEnd
        guard start < end else {
            throw bad(spec.dayEnd != nil ? "dayEnd" : "dayStart",
                      "the day window \(start.hhmm)–\(end.hhmm) is empty: dayEnd must be later than dayStart")
        }
        if let codes = spec.workingDays {
            var days: [Weekday] = []
            for (k, code) in codes.enumerated() {
                guard let d = Weekday(code: code) else {
                    throw bad("workingDays/\(k)", "\"\(code)\" is not a day code (MO TU WE TH FR SA SU)")
                }
                days.append(d)
            }
            guard !days.isEmpty else { throw bad("workingDays", "at least one working day is needed") }
            workingDays = days
        }
        func duration(_ field: String, _ text: String?) throws(ScheduleRequestError) -> Int64? {
            guard let text else { return nil }
            guard let v = ISODuration.parse(text) else {
                throw bad(field, "\"\(text)\" is not an ISO 8601 duration (e.g. PT1H30M)")
            }
            guard v >= 0 else { throw bad(field, "\"\(text)\" is negative; a duration must be zero or more", .negativeDuration) }
            return v
        }
        buffer = try duration("buffer", spec.buffer)
        breakBetweenSittings = try duration("breakBetweenSittings", spec.breakBetweenSittings)
        if let v = try duration("granularity", spec.granularity) {
            guard v > 0, v % 60 == 0, 3600 % v == 0 else {
                throw bad("granularity", "\"\(spec.granularity!)\" does not divide an hour into whole minutes (use e.g. PT5M, PT15M, PT30M, PT1H)",
                          .badGranularity)
            }
            granularity = v
        }
        maxPerDay = try duration("maxPerDay", spec.maxPerDay)
        busyAllDay = spec.busy?.allDay
        busyTentative = spec.busy?.tentative
        if let text = spec.placement {
            guard let v = Placement(rawValue: text) else {
                throw bad("placement", "\"\(text)\" is not a placement (early or balanced)")
            }
            placement = v
        }
        finishEarly = try duration("finishEarly", spec.finishEarly)
        if let text = spec.prefer {
            guard let v = PreferredHours(text: text) else {
                throw bad("prefer", "\"\(text)\" is not preferred hours (\(PreferredHours.accepted))")
            }
            prefer = v
        }
    }

    /// The contract's spelling of this policy (what ``init(_:)`` reads back):
    /// times `HH:MM`, durations canonical, what is unset left out.
    package var spec: ScheduleRequest.PolicySpec {
        ScheduleRequest.PolicySpec(
            dayStart: dayStart?.hhmm, dayEnd: dayEnd?.hhmm, workingDays: workingDays?.map(\.code),
            buffer: buffer.map(ISODuration.format), breakBetweenSittings: breakBetweenSittings.map(ISODuration.format),
            granularity: granularity.map(ISODuration.format), maxPerDay: maxPerDay.map(ISODuration.format),
            busy: busyAllDay == nil && busyTentative == nil ? nil
                : ScheduleRequest.BusySpec(allDay: busyAllDay, tentative: busyTentative),
            placement: placement?.rawValue, finishEarly: finishEarly.map(ISODuration.format), prefer: prefer?.text)
    }

    /// The scheduler's policy in `zone`: what is unset takes the contract's default.
    package func policy(zone: SystemZone) -> Policy {
        var p = Self.defaults(zone: zone)
        if let v = dayStart { p.dayStart = v }
        if let v = dayEnd { p.dayEnd = v }
        if let v = workingDays { p.workingDays = Set(v) }
        if let v = buffer { p.buffer = v }
        if let v = breakBetweenSittings { p.breakBetweenSittings = v }
        if let v = granularity { p.granularity = v }
        if let v = maxPerDay { p.maxPerDay = v }
        if let v = busyAllDay { p.busy.allDay = v }
        if let v = busyTentative { p.busy.tentative = v }
        if let v = placement { p.placement = v }
        if let v = finishEarly { p.finishEarly = v }
        p.prefer = prefer
        return p
    }
}

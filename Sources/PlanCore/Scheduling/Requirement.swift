/// One task's placement problem at its turn in the order: where and how much
/// it may sit, and which rules apply (the `with…` switches lift one rule at a
/// time when the diagnosis asks what binds).
struct Requirement {
    /// No sitting starts earlier: max(now, start, prerequisites' last ends).
    var lower: Instant
    /// Every sitting ends by this.
    var due: Instant
    /// The task's daily window: [max(dayStart, earliest), min(dayEnd, latest)).
    var windowStart: TimeOfDay
    var windowEnd: TimeOfDay
    /// Remaining work, on the grid (rule 5).
    var remaining: Int64
    /// Longest and shortest sitting, on the grid, capped (rule 4).
    var span: Int64
    var minSitting: Int64
    /// Sit on non-working days too.
    var allDays = false
    var withBusy = true
    /// Other tasks' sittings occupy time and count toward `maxPerDay`.
    var withOthers = true
    var withMaxPerDay = true
}

/// A free range one sitting may use: grid-aligned, inside one local day's
/// window, and with the room left under `maxPerDay` that day.
struct Slot {
    var start: Instant
    var end: Instant
    var day: Int64
    /// Seconds of sitting time still allowed that day (`Int64.max` for no limit).
    var cap: Int64
}

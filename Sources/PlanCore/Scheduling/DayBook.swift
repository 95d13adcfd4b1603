/// What is booked on one local day.
struct DayBook {
    let date: LocalDate
    let working: Bool
    /// The policy window of the day as instants (not snapped).
    let window: TimeRange
    /// The whole local day `[00:00, next 00:00)`.
    let wholeDay: TimeRange
    /// The policy window minus busy blocks and sittings, grid-aligned; kept up
    /// to date as sittings are booked.
    var free: [TimeRange]
    /// The policy window minus busy blocks only (``free`` before any sitting).
    var freeOfBusy: [TimeRange] = []
    /// The whole day minus busy blocks and sittings, grid-aligned, made on
    /// first use (a diagnosis lifting the window) and then kept up to date.
    var wholeDayFree: [TimeRange]?
    /// Sittings booked on this day, sorted by start.
    var sittings: [TimeRange] = []
    /// Their total length.
    var used: Int64 = 0
    /// Other wall-clock times of this day already resolved (tasks' own windows).
    var otherTimes: [(minutes: Int, instant: Instant)] = []
}

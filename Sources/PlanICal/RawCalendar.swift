import PlanCore

/// A DATE or DATE-TIME value exactly as a property states it (RFC 5545 §3.3.4–5).
enum RawTime: Hashable {
    case date(LocalDate)
    case floating(LocalDateTime)
    /// A DATE-TIME in UTC (`…Z`); the payload is the UTC wall clock.
    case utc(LocalDateTime)
    /// A DATE-TIME with a TZID parameter.
    case zoned(LocalDateTime, tzid: String)
}

/// A DURATION value (RFC 5545 §3.3.6): nominal days/weeks plus exact seconds.
struct RawDuration: Hashable {
    var days: Int64
    var seconds: Int64

    /// Total seconds counting a day as 86 400 (the wall-clock reading).
    var wallSeconds: Int64 { days * 86_400 + seconds }
}

/// One RDATE value: a start, or a PERIOD.
enum RawRDate: Hashable {
    case time(RawTime)
    case period(RawTime, end: RawTime)
    case periodDuration(RawTime, RawDuration)
}

/// The parts of one VEVENT the importer uses, copied out of libical.
struct RawEvent {
    /// Position of the VEVENT in the file (0-based, document order).
    var ordinal: Int
    /// Line of its BEGIN:VEVENT.
    var line: Int?
    var uid: String?
    var summary: String?
    var status: String?
    var transparent = false
    /// LOCATION and CATEGORIES, read from the lines (they never reach libical; see `isInert`).
    var location: String?
    var categories: [String] = []
    var sequence = 0
    /// LAST-MODIFIED, else DTSTAMP, as a UTC wall clock: which of two copies
    /// of one event is the newer (see `Expander.newestCopy`).
    var revised: LocalDateTime?
    var dtstart: RawTime?
    var dtend: RawTime?
    /// The DTEND line's number and value as written, for a warning that names
    /// it (an end before the start is swapped; see `Expander.orderEnds`).
    var dtendLine: ContentLines.Line?
    var duration: RawDuration?
    /// The DURATION line's number and value as written (see `Expander.matchDurationToStart`).
    var durationLine: ContentLines.Line?
    var rrules: [String] = []
    var exrules: [String] = []
    var rdates: [RawRDate] = []
    var exdates: [RawTime] = []
    var recurrenceId: RawTime?
    var thisAndFuture = false
    /// It had an RRULE that was ignored (INTERVAL/COUNT out of range): still a series.
    var hadIgnoredRule = false
    /// Why the event cannot be expanded faithfully (an unreadable DTSTART,
    /// DTEND, DURATION, RRULE, RDATE, EXDATE, EXRULE or RECURRENCE-ID);
    /// empty when it is sound.
    var broken: [String] = []
}

/// One VCALENDAR (or the implicit calendar around bare components).
struct RawCalendar {
    var events: [RawEvent] = []
    /// TZIDs of the VTIMEZONEs it defines, in order.
    var timezoneIds: [String] = []
    var xWRTimezone: String?
}

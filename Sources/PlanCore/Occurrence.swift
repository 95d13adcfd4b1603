/// A point in time as an iCalendar file states it (RFC 5545 §3.3.4, §3.3.5).
package enum CalendarTime: Hashable, Sendable, Comparable {
    /// A zoned or UTC DATE-TIME, resolved to an instant.
    case utc(Instant)
    /// A DATE-TIME with neither `Z` nor TZID: the same wall clock in every zone.
    case floating(LocalDateTime)
    /// A DATE value (all-day).
    case date(LocalDate)

    /// The wire name of the kind: `utc`, `floating` or `date`.
    package var kind: String {
        switch self {
        case .utc: "utc"
        case .floating: "floating"
        case .date: "date"
        }
    }

    /// `YYYY-MM-DDTHH:MM:SSZ`, `YYYY-MM-DDTHH:MM:SS` or `YYYY-MM-DD`.
    package var wireString: String {
        switch self {
        case .utc(let i): i.utcString
        case .floating(let l): l.isoString
        case .date(let d): d.isoString
        }
    }

    /// The instant this names when floating times and dates are read in `zone`
    /// (a date means its local midnight).
    package func instant(in zone: some UTCOffsetProvider) -> Instant {
        switch self {
        case .utc(let i): i
        case .floating(let l): zone.resolve(l)
        case .date(let d): zone.resolve(LocalDateTime(date: d))
        }
    }

    /// Seconds since the epoch reading floating times and dates as UTC: the
    /// sort key RFC-agnostic tools (and the corpus) use.
    package var sortKey: Int64 {
        switch self {
        case .utc(let i): i.seconds
        case .floating(let l): l.secondsSinceEpoch
        case .date(let d): d.daysSinceEpoch * 86_400
        }
    }

    package static func < (a: CalendarTime, b: CalendarTime) -> Bool { a.sortKey < b.sortKey }
}

/// STATUS of an event (RFC 5545 §3.8.1.11).
package enum EventStatus: String, Hashable, Sendable {
    case tentative = "TENTATIVE"
    case confirmed = "CONFIRMED"
    case cancelled = "CANCELLED"
}

/// One occurrence of a VEVENT, after recurrence expansion and overrides.
package struct Occurrence: Hashable, Sendable {
    package var uid: String
    /// RECURRENCE-ID of an override, the original start of a generated
    /// instance of a series, nil for a one-off event.
    package var recurrenceId: CalendarTime?
    package var start: CalendarTime
    package var end: CalendarTime
    package var summary: String?
    /// The STATUS text as written (upper-cased), nil when absent.
    package var status: String?
    /// TRANSP:TRANSPARENT.
    package var transparent: Bool
    /// The zone name of the original DTSTART (nil for UTC, floating and dates).
    package var tzid: String?
    /// Where it came from (a file path or label).
    package var source: String
    /// LOCATION (RFC 5545 §3.8.7.1), unescaped; nil when absent.
    package var location: String?
    /// CATEGORIES (RFC 5545 §3.8.1.2): every item of every CATEGORIES property, unescaped, in order.
    package var categories: [String]

    package init(uid: String, recurrenceId: CalendarTime?, start: CalendarTime, end: CalendarTime,
                summary: String?, status: String?, transparent: Bool, tzid: String?, source: String,
                location: String? = nil, categories: [String] = []) {
        self.uid = uid
        self.recurrenceId = recurrenceId
        self.start = start
        self.end = end
        self.summary = summary
        self.status = status
        self.transparent = transparent
        self.tzid = tzid
        self.source = source
        self.location = location
        self.categories = categories
    }

    package var isCancelled: Bool { status == EventStatus.cancelled.rawValue }
    package var isTentative: Bool { status == EventStatus.tentative.rawValue }
    package var isAllDay: Bool { if case .date = start { true } else { false } }

    /// The half-open span of time it takes, reading floating times and dates in `zone`.
    package func range(in zone: some UTCOffsetProvider) -> TimeRange {
        TimeRange(start: start.instant(in: zone), end: end.instant(in: zone))
    }
}

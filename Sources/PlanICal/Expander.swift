import PlanCore

/// A time inside a series: a date, or a wall clock in a zone of the
/// calendar's `ZoneTable` (nil zone = floating).
enum SeriesTime: Hashable {
    case date(LocalDate)
    case local(LocalDateTime, zone: Int?)

    var localDate: LocalDate {
        switch self {
        case .date(let d): d
        case .local(let l, _): l.date
        }
    }
}

/// How long each instance lasts (RFC 5545 §3.6.1, §3.8.5.3, §3.3.6).
enum InstanceLength {
    /// Whole days on the calendar (all-day series).
    case days(Int64)
    /// Wall-clock seconds added to the local start (shifts of a
    /// THISANDFUTURE override, floating times).
    case wall(Int64)
    /// Nominal days on the local calendar, then exact seconds: a DURATION
    /// (`P1D` follows the clock across a DST change, `PT24H` is 24 hours), or
    /// the exact length DTEND − DTSTART that every instance keeps.
    case nominal(days: Int64, seconds: Int64)

    static func exact(_ seconds: Int64) -> InstanceLength { .nominal(days: 0, seconds: seconds) }
}

/// Expands the VEVENTs of one calendar into occurrences.
struct Expander {
    let file: String
    let options: ImportOptions
    var zones: ZoneTable
    let custom: [String: LibicalZone]
    /// Index of the X-WR-TIMEZONE zone, applied to floating and UTC values.
    let xwr: Int?
    var warnings: [ImportWarning] = []
    /// UIDs with a THISANDFUTURE override (instances before the window may move into it).
    var movedByOverride: Set<String> = []
    /// Entries in the builder's text table of the events that emitted
    /// occurrences, by ordinal (-1: none yet; ordinals count the file's
    /// VEVENTs, so the table is as long as the file has events).
    var textIndex: [Int32] = []
    /// Entries in the builder's zone names, by index in ``zones`` (nil: not yet added).
    var zoneNameIndex: [Int32?] = []

    /// Most iterator steps spent on one rule before giving up (an endless
    /// FREQ=SECONDLY rule far before the window, say): about 0.2 s of
    /// libical. It was 1,000,000 until libFuzzer found a MINUTELY rule from
    /// 1864 with a THISANDFUTURE override (so walked from DTSTART) that took
    /// 3.5 s to walk that far and 3 s more under the sanitizers.
    static let maxSteps = 100_000
    /// Steps left to the rules (RRULE and EXRULE) of the series being
    /// expanded: they share ``maxSteps``. libFuzzer found one event with 158
    /// copies of a weekly rule, each walked 3,054 steps from 1997 because the
    /// event lasts 28 years (so every instance reaches the window): 7 s.
    /// Identical rules are walked once (``distinct(_:)``); this bounds
    /// different ones.
    var seriesStepsLeft = maxSteps
    /// The same for a rule in another calendar than the Gregorian (RSCALE),
    /// whose steps cost ICU up to 0.7 ms each: at most about a second of them.
    static let maxCalendarSteps = 1_500
    /// Rules in another calendar (RSCALE) one file may have expanded. A
    /// step of libical 3.0.16 can search one for centuries before giving up
    /// (`RSCALE=ETHIOPIC;FREQ=MONTHLY;BYMONTH=13` from a DTSTART outside that
    /// month: 0.3 s, 1.7 s in the fuzzer's sanitized build), and which ones
    /// it will cannot be told beforehand as for Gregorian rules (``RuleDays``).
    static let maxCalendarRules = 8
    /// The rules in another calendar expanded so far in this file.
    var calendarRules = 0
    init(file: String, options: ImportOptions, zones: ZoneTable, custom: [String: LibicalZone], xWRTimezone: String?) {
        self.file = file
        self.options = options
        self.zones = zones
        self.custom = custom
        var x: Int?
        if let name = xWRTimezone {
            x = self.zones.index(for: name, custom: [:])
        }
        self.xwr = x
        if let name = xWRTimezone, x == nil {
            warnings.append(ImportWarning(id: "unknown-tzid", file: file, line: nil, property: "X-WR-TIMEZONE",
                                          value: name, message: "not a time zone this system knows; ignored"))
        }
    }

    // MARK: Values

    mutating func normalize(_ t: RawTime, event: RawEvent, property: String) -> SeriesTime {
        switch t {
        case .date(let d):
            return .date(d)
        case .floating(let l):
            return .local(l, zone: xwr ?? eventZone(event))
        case .utc(let l):
            guard let xwr else { return .local(l, zone: ZoneTable.utc) }
            let instant = Instant(seconds: l.secondsSinceEpoch)
            return .local(zones[xwr].provider.local(instant), zone: xwr)
        case .zoned(let l, let tzid):
            if let z = zones.index(for: tzid, custom: custom) { return .local(l, zone: z) }
            warn("unknown-tzid", event, property, tzid,
                 "TZID names no VTIMEZONE in the file and no zone this system knows; read as floating time")
            return .local(l, zone: xwr ?? eventZone(event))
        }
    }

    func calendarTime(_ t: SeriesTime) -> CalendarTime {
        switch t {
        case .date(let d): .date(d)
        case .local(let l, nil): .floating(l)
        case .local(let l, let z?): .utc(zones[z].provider.resolve(l))
        }
    }

    func add(_ length: InstanceLength, to t: SeriesTime) -> SeriesTime {
        switch (t, length) {
        case (.date(let d), .days(let n)): return .date(d.adding(days: Int(n)))
        case (.date(let d), .wall(let s)): return .date(d.adding(days: Int(s / 86_400)))
        case (.date(let d), .nominal(let n, let s)): return .date(d.adding(days: Int(n + s / 86_400)))
        case (.local(let l, let z), .days(let n)): return .local(l.adding(seconds: n * 86_400), zone: z)
        case (.local(let l, let z), .wall(let s)): return .local(l.adding(seconds: s), zone: z)
        case (.local(let l, let z?), .nominal(let n, let s)):
            let p = zones[z].provider
            return .local(p.local(p.resolve(l.adding(seconds: n * 86_400)) + s), zone: z)
        case (.local(let l, nil), .nominal(let n, let s)): return .local(l.adding(seconds: n * 86_400 + s), zone: nil)
        }
    }

    /// The length of `event`'s instances from DTEND, DURATION or the defaults
    /// of RFC 5545 §3.6.1 (one day for a date, zero for a date-time).
    func length(start: SeriesTime, end: SeriesTime?, duration: RawDuration?) -> InstanceLength {
        if let end {
            switch (start, end) {
            case (.date(let a), .date(let b)): return .days(b.daysSinceEpoch - a.daysSinceEpoch)
            case (.local(let a, let za), .local(let b, let zb)):
                guard let za, let zb else { return .wall(b.secondsSinceEpoch - a.secondsSinceEpoch) }
                return .exact(zones[zb].provider.resolve(b) - zones[za].provider.resolve(a))
            case (.date(let a), .local(let b, _)):
                return .days(max(0, b.date.daysSinceEpoch - a.daysSinceEpoch))
            case (.local(let a, _), .date(let b)):
                return .wall(LocalDateTime(date: b).secondsSinceEpoch - a.secondsSinceEpoch)
            }
        }
        if let duration {
            if case .date = start { return .days(duration.days + duration.seconds / 86_400) }
            return .nominal(days: duration.days, seconds: duration.seconds)
        }
        if case .date = start { return .days(1) }
        return .wall(0)
    }

    mutating func warn(_ id: String, _ e: RawEvent, _ property: String?, _ value: String?, _ message: String) {
        warnings.append(ImportWarning(id: id, file: file, line: e.line, property: property, value: value, message: message))
    }
}

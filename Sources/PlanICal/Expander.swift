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

/// How long each instance lasts (RFC 5545 §3.6.1, §3.8.2.5).
enum InstanceLength {
    /// Whole days on the calendar (all-day series).
    case days(Int64)
    /// Wall-clock seconds added to the local start (the `timedelta` reading
    /// peers use: a 1-hour class across a DST change still ends at 10:00).
    case wall(Int64)
    /// Elapsed seconds (DTSTART and DTEND in different zones).
    case exact(Int64)
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

    /// Most iterator steps spent on one rule before giving up (an endless
    /// FREQ=SECONDLY rule far before the window, say).
    static let maxSteps = 1_000_000

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
        case (.date(let d), .wall(let s)), (.date(let d), .exact(let s)): return .date(d.adding(days: Int(s / 86_400)))
        case (.local(let l, let z), .days(let n)): return .local(l.adding(seconds: n * 86_400), zone: z)
        case (.local(let l, let z), .wall(let s)): return .local(l.adding(seconds: s), zone: z)
        case (.local(let l, let z?), .exact(let s)):
            let p = zones[z].provider
            return .local(p.local(p.resolve(l) + s), zone: z)
        case (.local(let l, nil), .exact(let s)): return .local(l.adding(seconds: s), zone: nil)
        }
    }

    /// The length of `event`'s instances from DTEND, DURATION or the defaults
    /// of RFC 5545 §3.6.1 (one day for a date, zero for a date-time).
    func length(start: SeriesTime, end: SeriesTime?, duration: RawDuration?) -> InstanceLength {
        if let end {
            switch (start, end) {
            case (.date(let a), .date(let b)): return .days(b.daysSinceEpoch - a.daysSinceEpoch)
            case (.local(let a, let za), .local(let b, let zb)):
                if za == zb || za == nil || zb == nil { return .wall(b.secondsSinceEpoch - a.secondsSinceEpoch) }
                return .exact(zones[zb!].provider.resolve(b) - zones[za!].provider.resolve(a))
            case (.date(let a), .local(let b, _)):
                return .days(max(0, b.date.daysSinceEpoch - a.daysSinceEpoch))
            case (.local(let a, _), .date(let b)):
                return .wall(LocalDateTime(date: b).secondsSinceEpoch - a.secondsSinceEpoch)
            }
        }
        if let duration {
            if case .date = start { return .days(duration.days + duration.seconds / 86_400) }
            return .wall(duration.wallSeconds)
        }
        if case .date = start { return .days(1) }
        return .wall(0)
    }

    // MARK: Series

    /// One generated instance before overrides: where it starts and ends and
    /// the start it is known by (its RECURRENCE-ID).
    struct Instance {
        var original: SeriesTime
        var start: SeriesTime
        var end: SeriesTime
    }

    /// Expands every event of one calendar, merging RECURRENCE-ID overrides
    /// into their series by UID.
    mutating func expand(_ events: [RawEvent]) -> [Occurrence] {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (i, e) in events.enumerated() {
            guard e.dtstart != nil else {
                warn("no-dtstart", e, nil, nil, "VEVENT\(e.uid.map { " \($0)" } ?? "") has no DTSTART; it takes no time and was skipped")
                continue
            }
            let key = e.uid ?? "\u{0}#\(i)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(i)
        }
        var out: [Occurrence] = []
        for key in order {
            let members = groups[key]!.map { events[$0] }
            var masters = members.filter { $0.recurrenceId == nil }
            var overrides = members.filter { $0.recurrenceId != nil }
            if let bad = masters.first(where: { !$0.broken.isEmpty }) {
                warn("skipped-event", bad, nil, nil,
                     "VEVENT\(bad.uid.map { " \($0)" } ?? "") skipped with its \(overrides.count) override(s): \(bad.broken.joined(separator: "; "))")
                continue
            }
            for o in overrides where !o.broken.isEmpty {
                warn("skipped-event", o, nil, nil, "override of \(o.uid ?? "an event") skipped: \(o.broken.joined(separator: "; "))")
            }
            overrides.removeAll { !$0.broken.isEmpty }
            if masters.count > 1 {
                // RFC 5545 §3.8.4.7: a UID names one event; peers keep the first.
                for extra in masters.dropFirst() {
                    warn("duplicate-uid", extra, "UID", extra.uid,
                         "a second VEVENT with this UID and no RECURRENCE-ID; the first one (line \(masters[0].line.map(String.init) ?? "?")) is used")
                }
                masters = [masters[0]]
            }
            expandGroup(masters: masters, overrides: overrides, into: &out)
        }
        return out
    }

    /// The zone a floating value of `e` is read in when the event mixes
    /// floating and zoned values (RFC 5545 leaves this undefined; peers read
    /// the floating ones in the zone of the others).
    private mutating func eventZone(_ e: RawEvent) -> Int? {
        guard xwr == nil else { return nil }
        var candidates: [RawTime] = [e.dtstart, e.dtend, e.recurrenceId].compactMap { $0 }
        candidates += e.exdates
        for r in e.rdates {
            switch r {
            case .time(let t), .period(let t, _), .periodDuration(let t, _): candidates.append(t)
            }
        }
        for c in candidates {
            switch c {
            case .utc: return ZoneTable.utc
            case .zoned(_, let tzid): if let z = zones.index(for: tzid, custom: custom) { return z }
            case .date, .floating: continue
            }
        }
        return nil
    }

    private mutating func expandGroup(masters: [RawEvent], overrides: [RawEvent], into out: inout [Occurrence]) {
        // Later SEQUENCE wins between overrides of the same instance; then the later one in the file.
        var exact: [CalendarTime: (RawEvent, SeriesTime)] = [:]
        var future: [(key: Int64, event: RawEvent, rid: SeriesTime)] = []
        for o in overrides {
            let rid = normalize(o.recurrenceId!, event: o, property: "RECURRENCE-ID")
            let key = calendarTime(rid)
            if let prev = exact[key], prev.0.sequence > o.sequence { continue }
            exact[key] = (o, rid)
            if o.thisAndFuture { future.append((key.sortKey, o, rid)) }
        }
        future.sort { $0.key < $1.key }

        var produced = 0
        var capped = false
        for master in masters {
            let instances = seriesInstances(master)
            for inst in instances {
                let originalKey = calendarTime(inst.original)
                if exact[originalKey] != nil { continue }
                var event = master
                var start = inst.start, end = inst.end
                // RANGE=THISANDFUTURE: the latest such override at or before this instance moves it.
                if let f = future.last(where: { $0.key <= originalKey.sortKey }) {
                    let oStart = normalize(f.event.dtstart!, event: f.event, property: "DTSTART")
                    let shift = wallSeconds(oStart) - wallSeconds(f.rid)
                    start = add(.wall(shift), to: inst.start)
                    let oEnd = f.event.dtend.map { normalize($0, event: f.event, property: "DTEND") }
                    end = add(length(start: oStart, end: oEnd, duration: f.event.duration), to: start)
                    event = f.event
                }
                if produced >= options.maxOccurrencesPerSeries { capped = true; break }
                if emit(event, start: start, end: end, recurrenceId: originalKey, into: &out) { produced += 1 }
            }
        }
        for o in overrides {
            let rid = normalize(o.recurrenceId!, event: o, property: "RECURRENCE-ID")
            guard let chosen = exact[calendarTime(rid)], chosen.0.ordinal == o.ordinal else { continue }
            let start = normalize(o.dtstart!, event: o, property: "DTSTART")
            let end = add(length(start: start, end: o.dtend.map { normalize($0, event: o, property: "DTEND") },
                                 duration: o.duration), to: start)
            if produced >= options.maxOccurrencesPerSeries { capped = true; break }
            if emit(o, start: start, end: end, recurrenceId: calendarTime(rid), into: &out) { produced += 1 }
        }
        if capped, let m = masters.first ?? overrides.first {
            warn("occurrence-cap", m, "RRULE", m.rrules.first,
                 "more than \(options.maxOccurrencesPerSeries) occurrences in the window; only the first \(options.maxOccurrencesPerSeries) were kept")
        }
    }

    private func wallSeconds(_ t: SeriesTime) -> Int64 {
        switch t {
        case .date(let d): d.daysSinceEpoch * 86_400
        case .local(let l, _): l.secondsSinceEpoch
        }
    }

    /// Appends the occurrence when it overlaps the window; returns whether it did.
    private func emit(_ e: RawEvent, start: SeriesTime, end: SeriesTime, recurrenceId: CalendarTime?,
                      into out: inout [Occurrence]) -> Bool {
        let s = calendarTime(start), en = calendarTime(end)
        let range = TimeRange(start: s.instant(in: options.floatingZone), end: en.instant(in: options.floatingZone))
        guard range.overlaps(options.window) else { return false }
        var tzid: String?
        if case .local(_, let z?) = start { tzid = zones[z].name }
        out.append(Occurrence(uid: e.uid ?? "", recurrenceId: recurrenceId, start: s, end: en, summary: e.summary,
                              status: e.status, transparent: e.transparent, tzid: tzid, source: file))
        return true
    }

    /// Every instance of one master: DTSTART, RRULE and RDATE instances minus
    /// EXDATE and EXRULE ones, in order, bounded by the window and caps.
    private mutating func seriesInstances(_ e: RawEvent) -> [Instance] {
        let start = normalize(e.dtstart!, event: e, property: "DTSTART")
        let end = e.dtend.map { normalize($0, event: e, property: "DTEND") }
        let len = length(start: start, end: end, duration: e.duration)
        let recurring = !e.rrules.isEmpty || !e.rdates.isEmpty
        guard recurring else {
            return [Instance(original: start, start: start, end: end ?? add(len, to: start))]
        }
        // RFC 5545 §3.8.5.3: DTSTART is always the first instance (peers emit it
        // even when it does not match the rule).
        var starts: [SeriesTime: SeriesTime?] = [start: nil]
        var order: [SeriesTime] = [start]
        for rule in e.rrules {
            for t in ruleInstances(rule, start: start, event: e, property: "RRULE") where starts[t] == nil {
                starts[t] = .some(nil)
                order.append(t)
            }
        }
        for r in e.rdates {
            switch r {
            case .time(let t):
                let s = normalize(t, event: e, property: "RDATE")
                if starts[s] == nil { order.append(s) }
                starts[s] = .some(nil)
            case .period(let t, let endT):
                let s = normalize(t, event: e, property: "RDATE")
                if starts[s] == nil { order.append(s) }
                starts[s] = .some(normalize(endT, event: e, property: "RDATE"))
            case .periodDuration(let t, let d):
                let s = normalize(t, event: e, property: "RDATE")
                if starts[s] == nil { order.append(s) }
                starts[s] = .some(add(.wall(d.wallSeconds), to: s))
            }
        }
        var excluded = Set<CalendarTime>()
        var excludedDates = Set<LocalDate>()
        for x in e.exdates {
            let t = normalize(x, event: e, property: "EXDATE")
            if case .date(let d) = t, case .local = start { excludedDates.insert(d) }
            excluded.insert(calendarTime(t))
        }
        for rule in e.exrules {
            for t in ruleInstances(rule, start: start, event: e, property: "EXRULE") { excluded.insert(calendarTime(t)) }
        }
        var result: [Instance] = []
        result.reserveCapacity(order.count)
        if excluded.isEmpty && excludedDates.isEmpty && e.rdates.isEmpty && e.rrules.count == 1 {
            // The common case: one rule, already in order.
            return order.map { Instance(original: $0, start: $0, end: add(len, to: $0)) }
        }
        for s in order {
            if excluded.contains(calendarTime(s)) { continue }
            if !excludedDates.isEmpty, case .local = s, excludedDates.contains(s.localDate) { continue }
            let periodEnd = starts[s] ?? nil
            result.append(Instance(original: s, start: s, end: periodEnd ?? add(len, to: s)))
        }
        return result.map { (calendarTime($0.start).sortKey, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The starts an RRULE or EXRULE generates, up to just past the window.
    private mutating func ruleInstances(_ rule: String, start: SeriesTime, event e: RawEvent, property: String) -> [SeriesTime] {
        let isDate: Bool, wall: LocalDateTime, zone: Int?
        switch start {
        case .date(let d): isDate = true; wall = LocalDateTime(date: d); zone = nil
        case .local(let l, let z): isDate = false; wall = l; zone = z
        }
        guard let it = LibicalRecurrence(rule: rule, start: wall, isDate: isDate) else {
            warn("bad-rule", e, property, rule, "libical cannot expand this rule; only DTSTART was used")
            return []
        }
        // Wall-clock bound: the window end plus two days covers every UTC offset.
        let upper = options.window.end.seconds + 2 * 86_400
        let lower = options.window.start.seconds - 2 * 86_400
        if !it.hasCount, ["SECONDLY", "MINUTELY", "HOURLY"].contains(it.frequency), wall.secondsSinceEpoch < lower - 86_400 * 400 {
            // Dense rules far before the window: jump (libical allows it without COUNT).
            _ = it.skip(to: LocalDateTime(secondsSinceEpoch: lower - 86_400 * 400))
        }
        let until = it.until
        var out: [SeriesTime] = []
        var steps = 0
        while let l = it.next() {
            steps += 1
            if l.secondsSinceEpoch > upper { break }
            let t: SeriesTime = isDate ? .date(l.date) : .local(l, zone: zone)
            if let until, !passes(t, until: until) { break }
            out.append(t)
            if steps >= Self.maxSteps || out.count > options.maxOccurrencesPerSeries * 4 + 10_000 {
                warn("occurrence-cap", e, property, rule,
                     "expansion stopped after \(steps) instances (a rule this dense is cut off at \(options.window.start.utcString) + \(out.count) instances)")
                break
            }
        }
        return out
    }

    /// RFC 5545 §3.3.10: UNTIL is inclusive. A UTC UNTIL is compared as an
    /// instant; a date UNTIL on a timed series includes that whole local day.
    private func passes(_ t: SeriesTime, until: RawTime) -> Bool {
        switch (t, until) {
        case (.date(let d), .date(let u)): return d <= u
        case (.date(let d), .utc(let u)), (.date(let d), .floating(let u)), (.date(let d), .zoned(let u, _)):
            return d <= u.date
        case (.local(let l, _), .date(let u)): return l.date <= u
        case (.local(let l, let z?), .utc(let u)):
            return zones[z].provider.resolve(l).seconds <= u.secondsSinceEpoch
        case (.local(let l, _), .utc(let u)), (.local(let l, _), .floating(let u)), (.local(let l, _), .zoned(let u, _)):
            return l <= u
        }
    }

    private mutating func warn(_ id: String, _ e: RawEvent, _ property: String?, _ value: String?, _ message: String) {
        warnings.append(ImportWarning(id: id, file: file, line: e.line, property: property, value: value, message: message))
    }
}

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
    private var textIndex: [Int32] = []
    /// Entries in the builder's zone names, by index in ``zones`` (nil: not yet added).
    private var zoneNameIndex: [Int32?] = []

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
    private var seriesStepsLeft = maxSteps
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
    private var calendarRules = 0
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

    // MARK: Series

    /// One generated instance before overrides: where it starts and ends and
    /// the start it is known by (its RECURRENCE-ID).
    struct Instance {
        var original: SeriesTime
        var start: SeriesTime
        var end: SeriesTime
    }

    /// Expands every event of one calendar into `out`, merging RECURRENCE-ID
    /// overrides into their series by UID.
    mutating func expand(_ events: [RawEvent], into out: inout OccurrenceBuilder) {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        var events = events
        for i in events.indices { orderEnds(&events[i]) }
        for (i, e) in events.enumerated() {
            guard e.dtstart != nil else {
                warn("no-dtstart", e, nil, nil, "VEVENT\(e.uid.map { " \($0)" } ?? "") has no DTSTART; it takes no time and was skipped")
                continue
            }
            let key = e.uid ?? "\u{0}#\(i)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(i)
        }
        movedByOverride = Set(events.filter { $0.thisAndFuture }.compactMap { $0.uid })
        if let last = events.lazy.map(\.ordinal).max(), last >= textIndex.count {
            textIndex += repeatElement(-1, count: last + 1 - textIndex.count)
        }
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
                let kept = Self.newestCopy(masters)
                for other in masters where other.ordinal != kept.ordinal {
                    warn("duplicate-uid", other, "UID", other.uid,
                         "another VEVENT with this UID and no RECURRENCE-ID (line \(kept.line.map(String.init) ?? "?")) "
                            + "is used instead of this one: \(Self.whyNewer(kept, than: other))")
                }
                masters = [kept]
            }
            expandGroup(masters: masters, overrides: overrides, into: &out)
        }
    }

    /// The zone a floating value of `e` is read in when the event mixes
    /// floating and zoned values (RFC 5545 leaves this undefined; peers read
    /// the floating ones in the zone of the others): the zone of its DTSTART,
    /// DTEND, EXDATEs or RDATEs. A RECURRENCE-ID only names an instance, so an override keeps
    /// a floating DTSTART floating whatever zone its RECURRENCE-ID is
    /// written in (the corpus peer reads it so).
    private mutating func eventZone(_ e: RawEvent) -> Int? {
        guard xwr == nil else { return nil }
        var candidates: [RawTime] = [e.dtstart, e.dtend].compactMap { $0 }
        // A floating master with UTC EXDATEs is read in UTC (khal's corpus file
        // event_dtr_no_tz_exdatez: the peer reads it so).
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

    private mutating func expandGroup(masters: [RawEvent], overrides: [RawEvent], into out: inout OccurrenceBuilder) {
        var kind = SeriesKind.zoned
        if let m = masters.first, let start = m.dtstart { kind = SeriesKind(normalize(start, event: m, property: "DTSTART")) }
        // Later SEQUENCE wins between overrides of the same instance; then the later one in the file.
        var exact: [InstanceName: (RawEvent, SeriesTime)] = [:]
        var byDay = false
        var future: [(key: Int64, event: RawEvent, rid: SeriesTime)] = []
        // Each override's instance, named once for both passes below.
        let names = overrides.map { instanceName($0.recurrenceId!, of: $0, property: "RECURRENCE-ID", series: kind) }
        for (o, named) in zip(overrides, names) {
            let (key, rid) = named
            if let prev = exact[key], prev.0.sequence > o.sequence { continue }
            exact[key] = (o, rid)
            if case .day = key { byDay = true }
            if o.thisAndFuture { future.append((key.sortKey, o, rid)) }
        }
        future.sort { $0.key < $1.key }

        var produced = 0
        var capped = false
        for master in masters {
            let instances = seriesInstances(master)
            let isSeries = !master.rrules.isEmpty || !master.rdates.isEmpty || master.hadIgnoredRule
            for inst in instances {
                let originalKey = calendarTime(inst.original)
                if !exact.isEmpty && (exact[.at(originalKey)] != nil || (byDay && exact[.day(inst.original.localDate)] != nil)) {
                    continue
                }
                // RANGE=THISANDFUTURE: the latest such override at or before this instance moves it.
                if !future.isEmpty, let f = future.last(where: { $0.key <= originalKey.sortKey }) {
                    let oStart = normalize(f.event.dtstart!, event: f.event, property: "DTSTART")
                    let shift = wallSeconds(oStart) - wallSeconds(f.rid)
                    let start = add(.wall(shift), to: inst.start)
                    let oEnd = f.event.dtend.map { normalize($0, event: f.event, property: "DTEND") }
                    let end = add(length(start: oStart, end: oEnd, duration: f.event.duration), to: start)
                    if produced >= options.maxOccurrencesPerSeries { capped = true; break }
                    if emit(f.event, start: start, end: end, recurrenceId: isSeries ? originalKey : nil, into: &out) { produced += 1 }
                    continue
                }
                if produced >= options.maxOccurrencesPerSeries { capped = true; break }
                // Not moved: the start is the original one, already resolved.
                if emit(master, start: inst.start, end: inst.end, recurrenceId: isSeries ? originalKey : nil,
                        resolvedStart: originalKey, into: &out) { produced += 1 }
            }
        }
        for (o, (key, _)) in zip(overrides, names) {
            guard let (chosen, rid) = exact[key], chosen.ordinal == o.ordinal else { continue }
            let start = normalize(o.dtstart!, event: o, property: "DTSTART")
            let end = add(length(start: start, end: o.dtend.map { normalize($0, event: o, property: "DTEND") },
                                 duration: o.duration), to: start)
            if produced >= options.maxOccurrencesPerSeries { capped = true; break }
            let named: CalendarTime
            switch key {
            case .at(let t): named = t
            case .day: named = calendarTime(rid)
            }
            if emit(o, start: start, end: end, recurrenceId: named, into: &out) { produced += 1 }
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

    /// Appends the occurrence when it overlaps the window; returns whether it
    /// did. `resolvedStart` is `calendarTime(start)` when the caller has it.
    private mutating func emit(_ e: RawEvent, start: SeriesTime, end: SeriesTime, recurrenceId: CalendarTime?,
                               resolvedStart: CalendarTime? = nil, into out: inout OccurrenceBuilder) -> Bool {
        let s = resolvedStart ?? calendarTime(start), en = calendarTime(end)
        let range = TimeRange(start: s.instant(in: options.floatingZone), end: en.instant(in: options.floatingZone))
        guard range.overlaps(options.window) else { return false }
        var zone: Int32 = -1
        if case .local(_, let z?) = start, let name = zones[z].name {
            if zoneNameIndex.count <= z { zoneNameIndex += repeatElement(nil, count: z + 1 - zoneNameIndex.count) }
            if let known = zoneNameIndex[z] {
                zone = known
            } else {
                zone = out.addZoneName(name)
                zoneNameIndex[z] = zone
            }
        }
        out.append(text: text(of: e, in: &out), zone: zone, start: s, end: en, recurrenceId: recurrenceId,
                   startInstant: range.start.seconds)
        return true
    }

    /// The entry of `e`'s texts in `out`, added on its first occurrence.
    private mutating func text(of e: RawEvent, in out: inout OccurrenceBuilder) -> Int32 {
        let known = textIndex[e.ordinal]
        if known >= 0 { return known }
        let index = out.addText(EventText(uid: e.uid ?? "", summary: e.summary, status: e.status, transparent: e.transparent,
                                          location: e.location, categories: e.categories))
        textIndex[e.ordinal] = index
        return index
    }

    /// Every instance of one master: DTSTART, RRULE and RDATE instances minus
    /// EXDATE and EXRULE ones, in order, bounded by the window and caps.
    private mutating func seriesInstances(_ e: RawEvent) -> [Instance] {
        let start = normalize(e.dtstart!, event: e, property: "DTSTART")
        let end = e.dtend.map { normalize($0, event: e, property: "DTEND") }
        let len = length(start: start, end: end, duration: e.duration)
        let recurring = !e.rrules.isEmpty || !e.rdates.isEmpty
        seriesStepsLeft = Self.maxSteps
        guard recurring else {
            return [Instance(original: start, start: start, end: end ?? add(len, to: start))]
        }
        // Before the window, instances matter only to overrides that move them
        // (keep all then) and for their length (a long event can reach in).
        let probe = add(len, to: start)
        let longest = max(0, wallSeconds(probe) - wallSeconds(start))
        let keepAll = movedByOverride.contains(e.uid ?? "")
        if e.rrules.count == 1 && e.rdates.isEmpty,
           let plain = singleRuleInstances(e, start: start, length: len, longest: longest, keepAll: keepAll) {
            return plain
        }
        // RFC 5545 §3.8.5.3: DTSTART is always the first instance (peers emit it
        // even when it does not match the rule).
        var starts: [SeriesTime: SeriesTime?] = [start: nil]
        var order: [SeriesTime] = [start]
        for rule in Self.distinct(e.rrules) {
            for t in ruleInstances(rule, start: start, event: e, property: "RRULE", longest: longest, keepAll: keepAll) where starts[t] == nil {
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
                starts[s] = .some(add(.nominal(days: d.days, seconds: d.seconds), to: s))
            }
        }
        let exclusions = excludedInstances(e, start: start, longest: longest, keepAll: keepAll)
        let excluded = Set(exclusions.starts), excludedDates = Set(exclusions.days)
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
        return result.map { (calendarTime($0.start).sortKey, $0) }.sorted { $0.0 < $1.0 }.map { $0.1 }
    }

    /// ``seriesInstances(_:)`` for the common series — one RRULE, no RDATE —
    /// without its hash tables: the same instances in the same order. nil
    /// when the rule's starts are not strictly increasing (the general code
    /// then removes repeats).
    private mutating func singleRuleInstances(_ e: RawEvent, start: SeriesTime, length len: InstanceLength,
                                              longest: Int64, keepAll: Bool) -> [Instance]? {
        let ruleStarts = ruleInstances(e.rrules[0], start: start, event: e, property: "RRULE", longest: longest, keepAll: keepAll)
        var previous = Int64.min
        for t in ruleStarts {
            let w = wallSeconds(t)
            if w <= previous { return nil }
            previous = w
        }
        // The same exclusions as the general code; the few EXDATEs of a series
        // are compared one by one rather than hashed.
        let (excluded, excludedDates) = excludedInstances(e, start: start, longest: longest, keepAll: keepAll)
        let excludedSet: Set<CalendarTime>? = excluded.count > 16 ? Set(excluded) : nil
        var result: [Instance] = []
        result.reserveCapacity(ruleStarts.count + 1)
        // DTSTART first, then every rule start but DTSTART itself.
        if excluded.isEmpty && excludedDates.isEmpty {
            result.append(Instance(original: start, start: start, end: add(len, to: start)))
            for t in ruleStarts where t != start {
                result.append(Instance(original: t, start: t, end: add(len, to: t)))
            }
            return result
        }
        var keys: [Int64] = []
        keys.reserveCapacity(ruleStarts.count + 1)
        var sorted = true
        func consider(_ s: SeriesTime) {
            let key = calendarTime(s)
            if let excludedSet { if excludedSet.contains(key) { return } } else if excluded.contains(key) { return }
            if !excludedDates.isEmpty, case .local = s, excludedDates.contains(s.localDate) { return }
            if let last = keys.last, key.sortKey < last { sorted = false }
            keys.append(key.sortKey)
            result.append(Instance(original: s, start: s, end: add(len, to: s)))
        }
        consider(start)
        for t in ruleStarts where t != start { consider(t) }
        if sorted { return result }
        return zip(keys, result).sorted { $0.0 < $1.0 }.map { $0.1 }
    }

    /// The instances EXDATE and EXRULE remove from a series starting at
    /// `start`: by start, and (a date EXDATE on a timed series) by local date;
    /// see ``instanceName(_:of:property:series:)``.
    private mutating func excludedInstances(_ e: RawEvent, start: SeriesTime, longest: Int64,
                                            keepAll: Bool) -> (starts: [CalendarTime], days: [LocalDate]) {
        var starts: [CalendarTime] = [], days: [LocalDate] = []
        let kind = SeriesKind(start)
        for x in e.exdates {
            switch instanceName(x, of: e, property: "EXDATE", series: kind).name {
            case .at(let t): starts.append(t)
            case .day(let d): days.append(d)
            }
        }
        for rule in Self.distinct(e.exrules) {
            for t in ruleInstances(rule, start: start, event: e, property: "EXRULE", longest: longest, keepAll: keepAll) {
                starts.append(calendarTime(t))
            }
        }
        return (starts, days)
    }

    /// The starts an RRULE or EXRULE generates, up to just past the window.
    private mutating func ruleInstances(_ rule: String, start: SeriesTime, event e: RawEvent, property: String,
                                        longest: Int64, keepAll: Bool) -> [SeriesTime] {
        let isDate: Bool, wall: LocalDateTime, zone: Int?
        switch start {
        case .date(let d): isDate = true; wall = LocalDateTime(date: d); zone = nil
        case .local(let l, let z): isDate = false; wall = l; zone = z
        }
        // Wall-clock bounds: a day either side covers every UTC offset.
        let upper = options.window.end.seconds + 86_400
        if RecurrenceIterator.calendarScale(of: rule) != nil {
            guard calendarRules < Self.maxCalendarRules else {
                warn("bad-rule", e, property, rule,
                     "the file has more than \(Self.maxCalendarRules) rules in other calendars (RSCALE), each of which can take libical a third of a second; only DTSTART was used")
                return []
            }
            calendarRules += 1
        }
        // No instance past `upper` is used, so libical need not look further for one.
        let walkLimit = LocalDateTime(secondsSinceEpoch: upper + 1)
        guard var it = RecurrenceIterator(rule: rule, start: wall, isDate: isDate, walkLimit: walkLimit) else {
            let why = RuleDays.refusal(rule, start: wall.date) ?? "libical cannot expand this rule; only DTSTART was used"
            warn("bad-rule", e, property, rule, why)
            return []
        }
        let reach = options.window.start.seconds - 86_400 - max(0, longest)
        // No instance comes before DTSTART: a series that starts after the window
        // is not walked (libical would search on to its first instance, which for
        // FREQ=MINUTELY;BYDAY=1SA from 2035 took minutes: found by the fuzz pass).
        if wall.secondsSinceEpoch > upper { return [] }
        var skipped: LocalDateTime?
        if !it.hasCount, let period = it.fixedPeriod, wall.secondsSinceEpoch < reach, !keepAll {
            // A rule of equal periods (DAILY, WEEKLY, or dense) far before the
            // window: restart it a whole number of periods after DTSTART (same
            // phase, same later instances; without COUNT nothing before that
            // point changes what comes after). A DAILY rule from 1864 walked
            // libical 59,438 steps (found by libFuzzer).
            let from = wall.secondsSinceEpoch
            let restart = LocalDateTime(secondsSinceEpoch: from + (reach - from) / period * period)
            if let later = RecurrenceIterator(rule: rule, start: restart, isDate: isDate, walkLimit: walkLimit) {
                it = later
                skipped = restart
            }
        }
        if skipped == nil, it.calendarScale != nil, !it.hasCount, wall.secondsSinceEpoch < reach, !keepAll {
            // A rule in another calendar far before the window: libical jumps
            // to the window's period instead of walking there step by costly step.
            let jumpTo = LocalDateTime(secondsSinceEpoch: reach)
            _ = it.jump(to: isDate ? LocalDateTime(date: jumpTo.date) : jumpTo, isDate: isDate)
        }
        // A dense rule that filters: libical walks every period, instance or not (RecurrenceIterator.maxDensePeriods).
        if let period = it.densePeriod, it.filters(rule),
           (upper - (skipped ?? wall).secondsSinceEpoch) / period > RecurrenceIterator.maxDensePeriods {
            warn("bad-rule", e, property, rule,
                 "libical would walk more than \(RecurrenceIterator.maxDensePeriods) periods of this rule to expand it; only DTSTART was used")
            return []
        }
        let until = it.until
        var out: [SeriesTime] = []
        var steps = 0
        var inWindow = 0
        let windowStart = options.window.start
        let ruleLimit = it.calendarScale == nil ? Self.maxSteps : Self.maxCalendarSteps
        let limit = min(ruleLimit, seriesStepsLeft)
        defer { seriesStepsLeft -= steps }
        while let l = it.next() {
            // Another instance past the bound: stop, and say so.
            if steps >= limit {
                warn("occurrence-cap", e, property, rule, limit < ruleLimit
                     ? "expansion stopped after \(Self.maxSteps) steps of this event's rules; later occurrences are not listed"
                     : "expansion stopped after \(steps) steps of the rule; later occurrences are not listed")
                break
            }
            steps += 1
            // The restart point is not an instance unless the rule itself says so.
            if steps == 1, let skipped, l == skipped, !Self.matches(rule: rule, l, isDate: isDate) { continue }
            if l.secondsSinceEpoch > upper { break }
            let t: SeriesTime = isDate ? .date(l.date) : .local(l, zone: zone)
            if let until, !passes(t, until: until) { break }
            // Instances well before the window are dropped (libical still
            // counted them toward COUNT); only those that reach it count
            // toward the cap.
            if l.secondsSinceEpoch >= reach || keepAll { out.append(t) }
            if l.secondsSinceEpoch + longest >= windowStart.seconds - 86_400,
               calendarTime(t).instant(in: options.floatingZone).seconds + longest > windowStart.seconds {
                inWindow += 1
            }
            if inWindow > options.maxOccurrencesPerSeries { break }
        }
        return out
    }

    /// `rules` without repeats, in order: a rule written twice adds no
    /// instance. (The same rule with its parts in another order is walked
    /// again, within the series' ``maxSteps``.)
    static func distinct(_ rules: [String]) -> [String] {
        guard rules.count > 1 else { return rules }
        var seen = Set<String>()
        return rules.filter { seen.insert($0).inserted }
    }

    /// Whether `t` is an instance of a rule of equal periods restarted at
    /// `t`: an iterator begun one period earlier must reach it.
    static func matches(rule: String, _ t: LocalDateTime, isDate: Bool) -> Bool {
        guard let probe = RecurrenceIterator(rule: rule, start: t, isDate: isDate), let period = probe.fixedPeriod else { return false }
        let before = t.adding(seconds: -period)
        guard let it = RecurrenceIterator(rule: rule, start: before, isDate: isDate, walkLimit: t) else { return false }
        var first = true
        var steps = 0
        while let l = it.next(), steps < 10_000 {
            steps += 1
            if first, l == before { first = false; continue }
            first = false
            if l == t { return true }
            if l > t { return false }
        }
        return false
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
            // A zone moves a reading by less than a week (offsets are hours):
            // only a reading within a week of UNTIL needs resolving.
            let wall = l.secondsSinceEpoch, limit = u.secondsSinceEpoch
            if wall + 604_800 <= limit { return true }
            if wall - 604_800 > limit { return false }
            return zones[z].provider.resolve(l).seconds <= limit
        case (.local(let l, _), .utc(let u)), (.local(let l, _), .floating(let u)), (.local(let l, _), .zoned(let u, _)):
            return l <= u
        }
    }

    private mutating func warn(_ id: String, _ e: RawEvent, _ property: String?, _ value: String?, _ message: String) {
        warnings.append(ImportWarning(id: id, file: file, line: e.line, property: property, value: value, message: message))
    }
}

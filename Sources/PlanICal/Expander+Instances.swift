import PlanCore

// Expander: the instances of one series, from its rules, dates and exclusions.

extension Expander {
    /// Every instance of one master: DTSTART, RRULE and RDATE instances minus
    /// EXDATE and EXRULE ones, in order, bounded by the window and caps.
    mutating func seriesInstances(_ e: RawEvent) -> [Instance] {
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
}

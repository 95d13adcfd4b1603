import PlanCore

// Expander: the events of a calendar, grouped by UID, into occurrences.

extension Expander {
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
    mutating func eventZone(_ e: RawEvent) -> Int? {
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
        var seriesStart: SeriesTime?
        if let m = masters.first, let start = m.dtstart {
            seriesStart = normalize(start, event: m, property: "DTSTART")
        }
        let kind = seriesStart.map(SeriesKind.init) ?? .zoned
        // Later SEQUENCE wins between overrides of the same instance; then the later one in the file.
        var exact: [InstanceName: (RawEvent, SeriesTime)] = [:]
        var byDay = false
        var future: [(key: Int64, event: RawEvent, rid: SeriesTime)] = []
        // Each override's instance, named once for both passes below.
        let overrides = namedOverrides(overrides, master: masters.first, start: seriesStart, series: kind)
        for named in overrides {
            let (o, key, rid) = (named.event, named.name, named.rid)
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
        for named in overrides {
            let (o, key) = (named.event, named.name)
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
        if capped, let m = masters.first ?? overrides.first?.event {
            warn("occurrence-cap", m, "RRULE", m.rrules.first,
                 "more than \(options.maxOccurrencesPerSeries) occurrences in the window; only the first \(options.maxOccurrencesPerSeries) were kept")
        }
    }

    func wallSeconds(_ t: SeriesTime) -> Int64 {
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
}

/// The week laid out once, for the terminal grid, `--json` and the picture:
/// which days are columns, which hours are rows, where each block sits (its
/// day, its wall-clock minutes, its lane among the blocks it overlaps) and
/// what is listed under the grid. A pure value of its ``WeekInput``.
///
/// The rules:
/// - columns are the days of the range, except a Saturday or Sunday with
///   nothing on it (no block, no all-day event);
/// - rows run from the hour of the earliest start to the hour of the latest
///   end (rounded up), over all days; none when nothing has a time;
/// - an item is cut at local midnights into one block per day, placed by the
///   wall clock of that day (so a DST change moves nothing off its hour);
/// - blocks of a day are put in lanes: each the lowest lane free over its
///   half-hour slots, so two blocks that share a slot sit side by side;
///   `lanes` is the number of lanes of the blocks it overlaps, directly or
///   through others;
/// - each day says which of its hours do not exist (clocks go forward) and
///   which happen twice (clocks go back);
/// - all-day events and courses with no set time are listed, not drawn.
package struct WeekLayout: Hashable, Sendable {
    /// Lanes are decided on these slots, the terminal's resolution.
    package static let slotMinutes = 30

    package struct Column: Hashable, Sendable {
        package var date: LocalDate
        /// Hours of the wall clock that this day skips (a DST gap).
        package var missingHours: [Int]
        /// Hours of the wall clock that this day has twice (clocks go back).
        package var repeatedHours: [Int]
    }

    package struct Block: Hashable, Sendable {
        /// Index into ``WeekLayout/columns``.
        package var column: Int
        /// The part of the item on this day.
        package var range: TimeRange
        /// Wall-clock minutes after that day's midnight, `endMinute` at most 1440.
        package var startMinute: Int
        package var endMinute: Int
        package var lane: Int
        package var lanes: Int
        package var color: String
        package var item: WeekInput.Item

        /// What a block says first: `CS 201 Data Structures`, `▸ HIST200 History essay (1/4)`, `? MATH 221 office hours`,
        /// `◆ CS201 Midterm review (study group)`.
        package var label: String {
            var s = item.tentative ? "? " : ""
            if item.kind == .sitting { s += "▸ " }
            if item.kind == .session { s += "◆ " }
            if let g = item.group { s += g + " " }
            return s + item.title
        }

        /// `10:00–10:50` in wall-clock time.
        package var timeText: String { WeekLayout.clock(startMinute) + "–" + WeekLayout.clock(endMinute) }
    }

    /// Something with no place in the grid.
    package struct Listed: Hashable, Sendable {
        package enum Kind: String, Hashable, Sendable {
            case allDay = "all-day"
            case noSetTime = "no-set-time"
        }

        package var kind: Kind
        /// The first day of an all-day event in the range; nil for a course.
        package var date: LocalDate?
        package var code: String?
        package var title: String
        package var when: String
        package var color: String
    }

    package struct LegendEntry: Hashable, Sendable {
        package var group: String
        package var color: String
        package var hasClasses: Bool
        package var hasSittings: Bool
        /// A study-group session of this group is in the week.
        package var hasSessions: Bool = false
    }

    package var first: LocalDate
    package var days: Int
    package var zone: SystemZone
    package var name: String?
    /// The fortnight's busiest day and the least possible, as the input gives it.
    package var load: FortnightLoad?
    package var columns: [Column]
    /// Rows are the hours `firstHour..<lastHour`; empty when nothing has a time.
    package var firstHour: Int
    package var lastHour: Int
    package var blocks: [Block]
    package var legend: [LegendEntry]
    package var listed: [Listed]

    package var hours: Range<Int> { firstHour..<lastHour }
    package var last: LocalDate { first.adding(days: days - 1) }

    package init(_ input: WeekInput) {
        first = input.first
        days = max(1, input.days)
        zone = input.zone
        name = input.name
        load = input.load
        let zone = input.zone
        let dates = (0..<days).map { input.first.adding(days: $0) }
        let bounds = (0...days).map { zone.resolve(LocalDateTime(date: input.first.adding(days: $0))) }
        // Every group of this picture at once: no two share a colour while the palette lasts.
        let colors = WeekColors.distinct(input.items.compactMap(\.group) + input.unscheduled.map(\.code), chosen: input.colors)
        func colorOf(_ group: String?) -> String {
            guard let group else { return WeekColors.neutral }
            return colors[group] ?? WeekColors.color(group: group, chosen: input.colors[WeekGroups.key(group)])
        }

        // Every timed item cut at the local midnights of the range.
        var pieces: [(day: Int, block: Block)] = []
        var allDay: [(day: Int, item: WeekInput.Item)] = []
        var used = Set<Int>()
        for item in input.items {
            guard item.range.end > bounds[0], item.range.start < bounds[days] else { continue }
            var day = Self.dayIndex(of: item.range.start, bounds)
            if item.allDay {
                allDay.append((day, item))
                while day < days, bounds[day] < item.range.end { used.insert(day); day += 1 }
                continue
            }
            while day < days, bounds[day] < max(item.range.end, item.range.start + 1) {
                let start = max(item.range.start, bounds[day]), end = min(item.range.end, bounds[day + 1])
                let startMinute = start == bounds[day] ? 0 : Self.wallMinute(start, zone)
                var endMinute = end == bounds[day + 1] ? 1440 : Self.wallMinute(end, zone)
                if endMinute <= startMinute { endMinute = min(1440, startMinute + max(1, Int((end - start) / 60))) }
                pieces.append((day, Block(column: 0, range: TimeRange(start: start, end: end), startMinute: startMinute,
                                          endMinute: endMinute, lane: 0, lanes: 1, color: colorOf(item.group), item: item)))
                used.insert(day)
                day += 1
            }
        }

        // Columns: weekdays always, a weekend day only when used.
        var columnOf: [Int: Int] = [:]
        var columns: [Column] = []
        for (i, d) in dates.enumerated() where d.isoWeekday < 6 || used.contains(i) {
            columnOf[i] = columns.count
            let (missing, repeated) = Self.oddHours(d, zone)
            columns.append(Column(date: d, missingHours: missing, repeatedHours: repeated))
        }
        self.columns = columns

        // Lanes, day by day.
        var blocks: [Block] = []
        var byDay: [Int: [Block]] = [:]
        for (day, b) in pieces {
            var b = b
            b.column = columnOf[day] ?? 0
            byDay[day, default: []].append(b)
        }
        for day in byDay.keys.sorted() {
            blocks += Self.laned(byDay[day] ?? [])
        }
        self.blocks = blocks
        firstHour = blocks.map { $0.startMinute / 60 }.min() ?? 0
        lastHour = blocks.map { ($0.endMinute + 59) / 60 }.max() ?? 0

        // The legend: every group in the week, classes before projects' own, by name.
        var entries: [String: LegendEntry] = [:]
        var keyOf: [String: String] = [:]
        for b in blocks {
            let g = b.item.group ?? "other"
            let key = keyOf[g] ?? WeekGroups.key(g)
            keyOf[g] = key
            var e = entries[key] ?? LegendEntry(group: g, color: b.color, hasClasses: false, hasSittings: false)
            switch b.item.kind {
            case .sitting: e.hasSittings = true
            case .session: e.hasSessions = true
            case .event: e.hasClasses = true
            }
            entries[key] = e
        }
        legend = entries.values.sorted { ($0.group.lowercased(), $0.group) < ($1.group.lowercased(), $1.group) }

        // Under the grid: all-day events by day, then courses with no set time.
        var listed = allDay.sorted { ($0.day, $0.item.title, $0.item.detail) < ($1.day, $1.item.title, $1.item.detail) }.map {
            Listed(kind: .allDay, date: dates[$0.day], code: $0.item.group, title: $0.item.title, when: "all day", color: colorOf($0.item.group))
        }
        listed += input.unscheduled.sorted { ($0.code, $0.title) < ($1.code, $1.title) }.map {
            Listed(kind: .noSetTime, date: nil, code: $0.code, title: $0.title, when: $0.when, color: colorOf($0.code))
        }
        self.listed = listed
    }

    /// The day of the range `instant` falls on (0 when before it).
    static func dayIndex(of instant: Instant, _ bounds: [Instant]) -> Int {
        var lo = 0, hi = bounds.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if bounds[mid] <= instant { lo = mid } else { hi = mid }
        }
        return lo
    }

    static func wallMinute(_ instant: Instant, _ zone: SystemZone) -> Int {
        zone.local(instant).secondOfDay / 60
    }

    /// The hours of `date` the wall clock skips, and those it shows twice.
    static func oddHours(_ date: LocalDate, _ zone: SystemZone) -> (missing: [Int], repeated: [Int]) {
        var missing: [Int] = [], repeated: [Int] = []
        for h in 0..<24 {
            let i = zone.resolve(LocalDateTime(date: date, hour: h))
            let l = zone.local(i)
            if l.date != date || l.hour != h {
                missing.append(h)
            } else {
                let later = zone.local(i + 3600)
                if later.date == date, later.hour == h { repeated.append(h) }
            }
        }
        return (missing, repeated)
    }

    /// The blocks laned by the minute, for a picture: only blocks whose times overlap
    /// share a column's width (12:40–14:40 and 14:55–15:55 are each drawn whole, though
    /// the text grid's half-hour rows put them side by side).
    package var blocksLanedByMinute: [Block] {
        Dictionary(grouping: blocks, by: \.column).keys.sorted().flatMap { column in
            Self.laned(blocks.filter { $0.column == column }, slot: 1)
        }
    }

    /// Lanes for the blocks of one day: sorted by start, longer first, then by
    /// label and detail; each takes the lowest lane whose last block ended by
    /// its first slot (of `slot` minutes: the text grid's rows). A group of blocks linked by
    /// overlaps shares one lane count.
    static func laned(_ blocks: [Block], slot: Int = slotMinutes) -> [Block] {
        func slots(_ b: Block) -> (Int, Int) {
            (b.startMinute / slot, max(b.startMinute / slot + 1, (b.endMinute + slot - 1) / slot))
        }
        // The keys once per block: a label is built, not stored.
        let keys = blocks.map { b -> (start: Int, end: Int, label: String, detail: String, origin: String) in
            let (s, e) = slots(b)
            return (s, e, b.label, b.item.detail, b.item.origin)
        }
        let order = keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.start != b.start { return a.start < b.start }
            if a.end != b.end { return a.end > b.end }
            return (a.label, a.detail, a.origin) < (b.label, b.detail, b.origin)
        }
        var sorted = order.map { blocks[$0] }
        var laneEnds: [Int] = []
        var groupStart = 0, groupEnd = 0
        func closeGroup(_ upTo: Int) {
            let lanes = (sorted[groupStart..<upTo].map(\.lane).max() ?? 0) + 1
            for k in groupStart..<upTo { sorted[k].lanes = lanes }
        }
        for k in sorted.indices {
            let (s, e) = slots(sorted[k])
            if k > 0, s >= groupEnd {
                closeGroup(k)
                groupStart = k
                laneEnds.removeAll(keepingCapacity: true)
            }
            let lane = laneEnds.firstIndex { $0 <= s } ?? laneEnds.count
            if lane == laneEnds.count { laneEnds.append(e) } else { laneEnds[lane] = e }
            sorted[k].lane = lane
            groupEnd = k == groupStart ? e : max(groupEnd, e)
        }
        if !sorted.isEmpty { closeGroup(sorted.count) }
        return sorted
    }

    /// `HH:MM` for minutes after midnight (`24:00` for the day's end).
    package static func clock(_ minute: Int) -> String {
        let h = minute / 60, m = minute % 60
        return (h < 10 ? "0" : "") + String(h) + ":" + (m < 10 ? "0" : "") + String(m)
    }
}

import PlanCore

/// `plan events` as text: the occurrences of a window, a heading per local day.
package enum EventsText {
    /// A heading per local day of `window` that has occurrences, then one
    /// line each (`09:00–10:15  CS 201 Lecture  [tentative]`), with the file
    /// each came from when `withSource`; a sentence when there are none.
    package static func render(_ occurrences: [Occurrence], window: TimeRange, zone: SystemZone, withSource: Bool) -> String {
        let firstDay = zone.local(window.start).date
        let lastDay = zone.local(window.end - 1).date
        var dayRanges: [LocalDate: TimeRange] = [:]
        func dayRange(_ day: LocalDate) -> TimeRange {
            if let known = dayRanges[day] { return known }
            let r = TimeRange(start: zone.resolve(LocalDateTime(date: day)), end: zone.resolve(LocalDateTime(date: day.adding(days: 1))))
            dayRanges[day] = r
            return r
        }
        // Each occurrence is resolved once and tried only against the days from the one
        // before its start to the one after its end, in the window (filtering every
        // occurrence for every day had resolved a year of 100,000 occurrences 36 million
        // times: 29 s). A day keeps its occurrences in the order given.
        var todays: [LocalDate: [Occurrence]] = [:]
        for o in occurrences {
            let r = o.range(in: zone)
            guard r.overlaps(window) else { continue }
            var day = max(firstDay, zone.local(r.start).date.adding(days: -1))
            let last = min(lastDay, zone.local(r.end).date.adding(days: 1))
            while day <= last {
                if r.overlaps(dayRange(day)) { todays[day, default: []].append(o) }
                day = day.adding(days: 1)
            }
        }
        var out = ""
        var total = 0
        var day = firstDay
        while day <= lastDay {
            if let listed = todays[day] {
                if !out.isEmpty { out += "\n" }
                out += TimeText.day(day) + "\n"
                for o in listed { out += "  " + line(o, dayRange: dayRange(day), zone: zone, withSource: withSource) + "\n" }
                total += listed.count
            }
            day = day.adding(days: 1)
        }
        if total == 0 {
            return "No events between \(describe(window.start, zone)) and \(describe(window.end, zone)).\n"
        }
        return out
    }

    private static func line(_ o: Occurrence, dayRange: TimeRange, zone: SystemZone, withSource: Bool) -> String {
        let r = o.range(in: zone)
        var when: String
        if o.isAllDay {
            when = EventWords.allDay
        } else {
            let s = EventWords.edge(r.start, beyondDay: r.start < dayRange.start, zone)
            let e = EventWords.edge(r.end, beyondDay: r.end > dayRange.end, zone)
            when = r.isEmpty ? "\(s)      " : "\(s)–\(e)"
        }
        var text = "\(when)  \(EventWords.title(o))"
        let marks = EventWords.marks(o)
        if !marks.isEmpty { text += "  " + marks.joined(separator: " ") }
        if withSource { text += "  (\(TerminalText.label(o.source)))" }
        return text
    }

    /// A window's edge: the date alone at midnight, else the date and clock.
    private static func describe(_ t: Instant, _ zone: SystemZone) -> String {
        let l = zone.local(t)
        return l.secondOfDay == 0 ? l.date.isoString : "\(l.date.isoString) \(l.hhmm)"
    }
}

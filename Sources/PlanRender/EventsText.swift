import PlanCore

/// `plan events` as text: the occurrences of a window, a heading per local day.
public enum EventsText {
    /// A heading per local day of `window` that has occurrences, then one
    /// line each (`09:00–10:15  CS 201 Lecture  [tentative]`), with the file
    /// each came from when `withSource`; a sentence when there are none.
    public static func render(_ occurrences: [Occurrence], window: TimeRange, zone: SystemZone, withSource: Bool) -> String {
        let firstDay = zone.local(window.start).date
        let lastDay = zone.local(window.end - 1).date
        var out = ""
        var day = firstDay
        var total = 0
        while day <= lastDay {
            let dayRange = TimeRange(start: zone.resolve(LocalDateTime(date: day)),
                                     end: zone.resolve(LocalDateTime(date: day.adding(days: 1))))
            let todays = occurrences.filter { o in
                let r = o.range(in: zone)
                return r.overlaps(dayRange) && r.overlaps(window)
            }
            if !todays.isEmpty {
                if !out.isEmpty { out += "\n" }
                out += TimeText.day(day) + "\n"
                for o in todays { out += "  " + line(o, dayRange: dayRange, zone: zone, withSource: withSource) + "\n" }
                total += todays.count
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

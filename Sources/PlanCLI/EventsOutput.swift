import Foundation
import PlanCore

/// Renderings of occurrences for `plan events`.
enum EventsOutput {
    /// One JSON array, one occurrence per line, fields in a fixed order.
    static func json(_ occurrences: [Occurrence], withSource: Bool) -> String {
        let out = JSONBytes(streaming: false)
        out.occurrences(occurrences, withSource: withSource)
        return out.text
    }

    /// ``json(_:withSource:)`` written straight to stdout, a block at a time
    /// (a year of a large calendar is hundreds of megabytes of text).
    static func writeJSON<List: RandomAccessCollection<Occurrence> & Sendable>(_ occurrences: List, withSource: Bool)
        where List.Index == Int {
        let out = JSONBytes(streaming: true)
        if occurrences.count >= 32_768 && ProcessInfo.processInfo.activeProcessorCount > 1 {
            out.occurrencesInParallel(occurrences, withSource: withSource)
        } else {
            out.occurrences(occurrences, withSource: withSource)
        }
        out.flush()
    }

    /// A readable agenda: a heading per local day, then its occurrences.
    static func agenda(_ occurrences: [Occurrence], window: TimeRange, zone: SystemZone, withSource: Bool) -> String {
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
                out += "\(weekdayName(day)) \(day.isoString)\n"
                for o in todays { out += "  " + line(o, day: day, dayRange: dayRange, zone: zone, withSource: withSource) + "\n" }
                total += todays.count
            }
            day = day.adding(days: 1)
        }
        if total == 0 {
            return "No events between \(describe(window.start, zone)) and \(describe(window.end, zone)).\n"
        }
        return out
    }

    private static func line(_ o: Occurrence, day: LocalDate, dayRange: TimeRange, zone: SystemZone, withSource: Bool) -> String {
        let r = o.range(in: zone)
        var when: String
        if o.isAllDay {
            when = "all day    "
        } else {
            let s = r.start < dayRange.start ? "…    " : clock(r.start, zone)
            let e = r.end > dayRange.end ? "…    " : clock(r.end, zone)
            when = r.isEmpty ? "\(s)      " : "\(s)–\(e)"
        }
        var text = "\(when)  \(o.summary ?? "(no title)")"
        var marks: [String] = []
        if o.transparent { marks.append("[free]") }
        if o.isTentative { marks.append("[tentative]") }
        if o.isCancelled { marks.append("[cancelled]") }
        if !marks.isEmpty { text += "  " + marks.joined(separator: " ") }
        if withSource { text += "  (\(o.source))" }
        return text
    }

    private static func clock(_ i: Instant, _ zone: SystemZone) -> String {
        let l = zone.local(i)
        return (l.hour < 10 ? "0" : "") + "\(l.hour):" + (l.minute < 10 ? "0" : "") + "\(l.minute)"
    }

    private static func describe(_ i: Instant, _ zone: SystemZone) -> String {
        let l = zone.local(i)
        return l.secondOfDay == 0 ? l.date.isoString : "\(l.date.isoString) \(clock(i, zone))"
    }

    static func weekdayName(_ d: LocalDate) -> String {
        ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][d.isoWeekday - 1]
    }
}

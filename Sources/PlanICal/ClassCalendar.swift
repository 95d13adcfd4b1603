import CLibical
import Foundation
import PlanCore

/// A class that meets every week on some days: one VEVENT with a weekly RRULE.
package struct WeeklyClass: Hashable, Sendable {
    /// Stable across runs, so writing the calendar again replaces, not duplicates.
    package var uid: String
    package var summary: String
    package var location: String?
    package var description: String?
    package var categories: [String]
    /// The first meeting's wall-clock start and end, in the calendar's zone.
    package var start: LocalDateTime
    package var end: LocalDateTime
    /// BYDAY: the days it meets.
    package var days: [Weekday]
    /// UNTIL: the start of the last meeting, in UTC (RFC 5545 §3.3.10 asks UTC with a zoned DTSTART).
    package var until: Instant
    /// EXDATE: the starts of meetings that do not happen (holidays, breaks), wall clock.
    package var skipped: [LocalDateTime]

    package init(uid: String, summary: String, location: String?, description: String?, categories: [String],
                start: LocalDateTime, end: LocalDateTime, days: [Weekday], until: Instant, skipped: [LocalDateTime]) {
        self.uid = uid
        self.summary = summary
        self.location = location
        self.description = description
        self.categories = categories
        self.start = start
        self.end = end
        self.days = days
        self.until = until
        self.skipped = skipped
    }
}

extension ICalExporter {
    /// A class calendar as iCalendar text: one VEVENT per weekly class, local
    /// times with `TZID=timeZone` and libical's VTIMEZONE for it (cut at the
    /// first class's year), `DTSTAMP` = `stamp`; the same classes and stamp
    /// give the same bytes. A zone libical does not know is refused.
    package static func classes(_ classes: [WeeklyClass], timeZone: String, name: String, stamp: Instant) throws(ImportError) -> String {
        lock.lock()
        defer { lock.unlock() }
        let firstYear = classes.map(\.start.date.year).min() ?? 2000
        guard let definition = SittingZone.builtinDefinition(timeZone, fromYear: firstYear) else {
            throw .invalid(file: name, reason: "libical has no time zone \"\(timeZone)\" to write the classes in")
        }
        guard let out = newCalendar() else { return "" }
        defer { icalcomponent_free(out) }
        if let x = icalproperty_new_x(name) {
            icalproperty_set_x_name(x, "X-WR-CALNAME")
            icalcomponent_add_property(out, x)
        }
        icalcomponent_add_component(out, definition)
        for c in classes {
            guard let ev = icalcomponent_new(ICAL_VEVENT_COMPONENT) else { continue }
            icalcomponent_add_property(ev, icalproperty_new_uid(c.uid))
            icalcomponent_add_property(ev, icalproperty_new_dtstamp(utcTime(stamp)))
            icalcomponent_add_property(ev, zoned(icalproperty_new_dtstart(icalTime(c.start, isDate: false)), timeZone))
            icalcomponent_add_property(ev, zoned(icalproperty_new_dtend(icalTime(c.end, isDate: false)), timeZone))
            let until = c.until.local(offset: 0)
            let rule = "FREQ=WEEKLY;UNTIL=\(until.date.isoString.replacingOccurrences(of: "-", with: ""))T"
                + String(format: "%02d%02d%02dZ", until.hour, until.minute, until.secondOfDay % 60)
                + ";BYDAY=" + c.days.map(\.code).joined(separator: ",")
            icalcomponent_add_property(ev, icalproperty_new_rrule(icalrecurrencetype_from_string(rule)))
            for skip in c.skipped {
                icalcomponent_add_property(ev, zoned(icalproperty_new_exdate(icalTime(skip, isDate: false)), timeZone))
            }
            icalcomponent_add_property(ev, icalproperty_new_summary(c.summary))
            if let location = c.location { icalcomponent_add_property(ev, icalproperty_new_location(location)) }
            if let description = c.description { icalcomponent_add_property(ev, icalproperty_new_description(description)) }
            if !c.categories.isEmpty { icalcomponent_add_property(ev, icalproperty_new_categories(c.categories.joined(separator: ","))) }
            icalcomponent_add_property(ev, icalproperty_new_transp(ICAL_TRANSP_OPAQUE))
            icalcomponent_add_component(out, ev)
        }
        return text(of: out) ?? ""
    }
}

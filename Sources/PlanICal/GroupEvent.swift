import CLibical
import Foundation
import PlanCore

/// A study session as a calendar object on a group's CalDAV collection:
/// written, read back and answered with libical (never as text).
package enum GroupEvent {
    /// The session as the group calendar keeps it: the VEVENT of its
    /// invitations without `METHOD` (RFC 4791 §4.1), `RSVP=TRUE` on those who
    /// have not answered. The same invitation gives the same bytes.
    package static func text(_ inv: Invitation) -> String {
        ICalExporter.calendarText(nil, inv)
    }

    /// The meeting in `bytes` (a member of a group calendar): its first
    /// VEVENT's UID, SEQUENCE, DTSTAMP, times, SUMMARY, LOCATION, GEO,
    /// DESCRIPTION, CATEGORIES, ORGANIZER, ATTENDEEs (an answer plan does not
    /// use, such as DELEGATED, reads as NEEDS-ACTION) and whether
    /// `STATUS:CANCELLED`. `label` names it in errors.
    package static func read(_ bytes: [UInt8], label: String) throws(ImportError) -> Invitation {
        try withEvents(bytes, label: label) { _, events throws(ImportError) in
            let ev = events[0]
            let uid = try SchedulingReader.uid(ev, label: label)
            let start = icalcomponent_get_dtstart(ev), end = icalcomponent_get_dtend(ev)
            guard icaltime_is_null_time(start) == 0, icaltime_is_null_time(end) == 0, icaltime_is_date(start) == 0 else {
                throw .invalid(file: label, reason: "its VEVENT has no start and end time (DTSTART with a time, DTEND or DURATION)")
            }
            let range = TimeRange(start: instant(start), end: instant(end))
            guard range.end > range.start else { throw .invalid(file: label, reason: "its VEVENT ends before it starts") }
            // The text itself (libical unescapes `\,` `\;` `\\` `\n` when it parses), not the
            // value as written: read back and written again, it must not gain a backslash.
            func text(_ kind: icalproperty_kind, _ field: String, lines: Bool = false) throws(ImportError) -> String? {
                try SchedulingReader.text(ev, kind, field, lines: lines, label: label)
            }
            let geo = icalcomponent_get_first_property(ev, ICAL_GEO_PROPERTY).map { p in
                let g = icalproperty_get_geo(p)
                return GeoPoint(latitude: g.lat, longitude: g.lon)
            }
            var categories: [String] = []
            var cp = icalcomponent_get_first_property(ev, ICAL_CATEGORIES_PROPERTY)
            while let p = cp {
                if let c = icalproperty_get_categories(p) {
                    let value = String(cString: c)
                    if let problem = LineText.problem(value) {
                        throw .invalid(file: label, reason: "CATEGORIES \"\(LineText.excerpt(value))\": \(problem)")
                    }
                    categories += value.split(separator: ",").map(String.init)
                }
                cp = icalcomponent_get_next_property(ev, ICAL_CATEGORIES_PROPERTY)
            }
            let organizer = try SchedulingReader.organizer(ev, label: label)
            guard let organizer else { throw .invalid(file: label, reason: "its VEVENT has no ORGANIZER: not a study session") }
            let attendees = try SchedulingReader.attendees(ev, label: label) { _, _ in .needsAction }
            let stamp = icalcomponent_get_first_property(ev, ICAL_DTSTAMP_PROPERTY).map { instant(icalproperty_get_dtstamp($0)) } ?? range.start
            let sequence = try SchedulingReader.sequence(ev, label: label)
            return Invitation(uid: uid, sequence: sequence, stamp: stamp, range: range,
                              summary: try text(ICAL_SUMMARY_PROPERTY, "SUMMARY") ?? "(no title)", location: try text(ICAL_LOCATION_PROPERTY, "LOCATION"),
                              geo: geo, description: try text(ICAL_DESCRIPTION_PROPERTY, "DESCRIPTION", lines: true), categories: categories, organizer: organizer,
                              attendees: attendees, cancelled: icalcomponent_get_status(ev) == ICAL_STATUS_CANCELLED)
        }
    }

    /// `bytes` with `user`'s answer set to `status` in every VEVENT (an
    /// ATTENDEE found by address, any case; added with `ROLE=REQ-PARTICIPANT`
    /// when absent), `RSVP` dropped from it once answered; everything else
    /// as it was. Edited and written by libical.
    package static func answering(_ bytes: [UInt8], label: String, user: CalendarUser, status: Participation) throws(ImportError) -> String {
        try withEvents(bytes, label: label) { root, events throws(ImportError) in
            for ev in events {
                var mine: OpaquePointer?
                var ap = icalcomponent_get_first_property(ev, ICAL_ATTENDEE_PROPERTY)
                while let p = ap, mine == nil {
                    if let v = icalproperty_get_attendee(p), user.sameAddress(SchedulingReader.address(String(cString: v))) { mine = p }
                    ap = icalcomponent_get_next_property(ev, ICAL_ATTENDEE_PROPERTY)
                }
                if mine == nil, let p = ICalExporter.user(icalproperty_new_attendee("mailto:" + user.email), user) {
                    icalproperty_add_parameter(p, icalparameter_new_role(ICAL_ROLE_REQPARTICIPANT))
                    icalcomponent_add_property(ev, p)
                    mine = p
                }
                guard let p = mine else { throw .invalid(file: label, reason: "libical could not add the ATTENDEE \(user.email)") }
                icalproperty_set_parameter(p, icalparameter_new_partstat(ICalExporter.partstat(status)))
                if status != .needsAction { icalproperty_remove_parameter_by_kind(p, ICAL_RSVP_PARAMETER) }
            }
            guard let text = ICalExporter.text(of: root) else { throw .invalid(file: label, reason: "libical could not write it back") }
            return text
        }
    }

    /// Parses `bytes` under libical's lock and hands its VCALENDAR and VEVENTs (at least one) to `body`.
    private static func withEvents<T>(_ bytes: [UInt8], label: String,
                                      _ body: (OpaquePointer, [OpaquePointer]) throws(ImportError) -> T) throws(ImportError) -> T {
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
            throw .invalid(file: label, reason: "not UTF-8 iCalendar text")
        }
        let lines = ContentLines(bytes)
        if let problem = SchedulingReader.sequenceProblem(lines) { throw .invalid(file: label, reason: problem) }
        ICalExporter.lock.lock()
        defer { ICalExporter.lock.unlock() }
        guard let root = LibicalText.parse(lines) else { throw .invalid(file: label, reason: "libical cannot read it as iCalendar") }
        defer { icalcomponent_free(root) }
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else { throw .invalid(file: label, reason: "no VCALENDAR in it") }
        var events: [OpaquePointer] = []
        var c = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
        while let ev = c {
            events.append(ev)
            c = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
        }
        guard !events.isEmpty else { throw .invalid(file: label, reason: "no VEVENT in it") }
        return try body(root, events)
    }

    /// A time as an instant: UTC, in its own zone when it names one, floating read as UTC.
    static func instant(_ t: icaltimetype) -> Instant {
        Instant(seconds: Int64(icaltime_as_timet_with_zone(t, t.zone ?? icaltimezone_get_utc_timezone())))
    }
}

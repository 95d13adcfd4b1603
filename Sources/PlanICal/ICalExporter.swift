import CLibical
import Foundation
import PlanCore

/// One planned work session, as it goes into the exported calendar.
package struct ExportSitting: Hashable, Sendable {
    /// Stable across runs, and following the sitting when it moves (see `SittingUIDs`).
    package var uid: String
    package var range: TimeRange
    /// `Project: Task`.
    package var summary: String
    package var categories: [String]
    package var description: String
    /// `X-PLAN-TASK-ID`; empty for a study session.
    package var taskId: String
    /// A study session's id (`X-PLAN-SESSION-ID`, instead of the task's), nil for a sitting.
    package var sessionId: String?
    package var location: String?
    /// SEQUENCE, when written (`plan sync`: how often plan changed the event).
    package var sequence: Int?
    /// LAST-MODIFIED, when written.
    package var modified: Instant?
    /// A study session's ORGANIZER and ATTENDEEs (with their PARTSTAT).
    package var organizer: CalendarUser?
    package var attendees: [InvitedUser] = []

    package init(uid: String, range: TimeRange, summary: String, categories: [String], description: String, taskId: String,
                 sessionId: String? = nil, location: String? = nil) {
        self.uid = uid
        self.range = range
        self.summary = summary
        self.categories = categories
        self.description = description
        self.taskId = taskId
        self.sessionId = sessionId
        self.location = location
    }
}

/// Writes iCalendar (RFC 5545) with libical: the imported calendars as they
/// were, plus one VEVENT per sitting (and per study session the user goes to).
package enum ICalExporter {
    static let lock = NSLock()

    /// The merged calendar as iCalendar text (CRLF, folded by libical).
    ///
    /// A study session (`sessionId`) whose UID a calendar already holds is
    /// not written again.
    ///
    /// VEVENTs and VTIMEZONEs of `calendars` go out as they were written, as
    /// far as libical lets them (RRULEs, overrides and zones intact, the
    /// properties and their parameters in their order, UIDs byte for byte, a
    /// value list on one line as on one line; see ``ValueLists``; a VTIMEZONE
    /// seen twice is written once); `X-LIC-ERROR` notes libical added while
    /// reading are dropped. What libical rewrites anyway: the case of names,
    /// line folding, escapes and the form of values (its own), and properties
    /// it cannot read (left out).
    ///
    /// Sittings are written in `timeZone` (the user's zone: `TZID=` local
    /// times and one VTIMEZONE for it; see ``SittingZone``), in UTC when it is
    /// nil, with `DTSTAMP` = `stamp` (UTC), so the same plan and stamp give the
    /// same bytes.
    /// The calendars come as read (``CalendarBytes``): the exporter never
    /// reads a file.
    ///
    /// `unplanned` names, per calendar label, what plan did not plan around (``Unplanned``): an
    /// event it skipped is left out, and one whose rule it ignored goes out without its rules (as
    /// plan planned around it: its DTSTART only); `leftOut` gets a warning naming each.
    package static func merged(calendars: [CalendarBytes], sittings: [ExportSitting], stamp: Instant,
                              timeZone: String? = nil, unplanned: [String: Unplanned] = [:],
                              leftOut: inout [ImportWarning]) throws(ImportError) -> String {
        var notes: [ImportWarning] = []
        defer { leftOut += notes }
        return try merged(calendars: calendars, sittings: sittings, stamp: stamp, timeZone: timeZone,
                          unplanned: unplanned, notes: &notes)
    }

    /// ``merged(calendars:sittings:stamp:timeZone:unplanned:leftOut:)`` with every event planned around.
    package static func merged(calendars: [CalendarBytes], sittings: [ExportSitting], stamp: Instant,
                              timeZone: String? = nil) throws(ImportError) -> String {
        var notes: [ImportWarning] = []
        return try merged(calendars: calendars, sittings: sittings, stamp: stamp, timeZone: timeZone, unplanned: [:], notes: &notes)
    }

    /// What plan did not plan around in one calendar, by the file's line numbers: the lines the
    /// importer's `skipped-event` and `no-dtstart` warnings name (the event's), and those of the
    /// rules its `bad-rule` warnings name.
    package struct Unplanned: Hashable, Sendable {
        package var skipped: Set<Int> = []
        package var ignoredRules: Set<Int> = []

        package init(warnings: [ImportWarning]) {
            for w in warnings {
                guard let line = w.line else { continue }
                switch w.id {
                case "skipped-event", "no-dtstart": skipped.insert(line)
                case "bad-rule": ignoredRules.insert(line)
                default: break
                }
            }
        }

        var isEmpty: Bool { skipped.isEmpty && ignoredRules.isEmpty }
    }

    private static func merged(calendars: [CalendarBytes], sittings: [ExportSitting], stamp: Instant, timeZone: String?,
                               unplanned: [String: Unplanned], notes: inout [ImportWarning]) throws(ImportError) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let out = newCalendar() else { return "" }
        defer { icalcomponent_free(out) }

        var zonesWritten = Set<String>()
        var uids = Set<String>()
        for calendar in calendars {
            var doc = ReadDocument()
            var reader = LibicalReader(file: calendar.label, lines: ContentLines(calendar.bytes))
            let roots = reader.parseRoots(&doc)
            defer { for r in roots { icalcomponent_free(r) } }
            if roots.isEmpty { throw .invalid(file: calendar.label, reason: "libical found no complete component in it") }
            var events = 0
            let leaving = unplanned[calendar.label].flatMap { $0.isEmpty ? nil : $0 }
            for root in roots {
                copyMembers(of: root, into: out, zonesWritten: &zonesWritten, uids: &uids, events: &events, reader: reader,
                            unplanned: leaving, notes: &notes)
            }
        }
        let zone = timeZone.flatMap { name in
            sittings.map(\.range.start).min().flatMap { SittingZone(identifier: name, calendar: out, firstSitting: $0) }
        }
        var events: [OpaquePointer] = []
        var zoneUsed = false
        // A study session already in a calendar (the group's calendar registered as busy time) goes out once, as it is there.
        for s in sittings where s.sessionId == nil || !uids.contains(s.uid) {
            guard let ev = icalcomponent_new(ICAL_VEVENT_COMPONENT) else { continue }
            icalcomponent_add_property(ev, icalproperty_new_uid(s.uid))
            icalcomponent_add_property(ev, icalproperty_new_dtstamp(utcTime(stamp)))
            if let zone, let start = zone.local(s.range.start), let end = zone.local(s.range.end) {
                icalcomponent_add_property(ev, zoned(icalproperty_new_dtstart(icalTime(start, isDate: false)), zone.tzid))
                icalcomponent_add_property(ev, zoned(icalproperty_new_dtend(icalTime(end, isDate: false)), zone.tzid))
                zoneUsed = true
            } else {
                icalcomponent_add_property(ev, icalproperty_new_dtstart(utcTime(s.range.start)))
                icalcomponent_add_property(ev, icalproperty_new_dtend(utcTime(s.range.end)))
            }
            icalcomponent_add_property(ev, icalproperty_new_summary(s.summary))
            if !s.categories.isEmpty {
                icalcomponent_add_property(ev, icalproperty_new_categories(s.categories.joined(separator: ",")))
            }
            if let location = s.location { icalcomponent_add_property(ev, icalproperty_new_location(location)) }
            if let o = s.organizer { icalcomponent_add_property(ev, user(icalproperty_new_organizer("mailto:" + o.email), o)) }
            for a in s.attendees {
                if let p = attendee(a, rsvp: false) { icalcomponent_add_property(ev, p) }
            }
            if !s.description.isEmpty { icalcomponent_add_property(ev, icalproperty_new_description(s.description)) }
            if let x = icalproperty_new_x(s.sessionId ?? s.taskId) {
                icalproperty_set_x_name(x, s.sessionId == nil ? "X-PLAN-TASK-ID" : "X-PLAN-SESSION-ID")
                icalcomponent_add_property(ev, x)
            }
            icalcomponent_add_property(ev, icalproperty_new_transp(ICAL_TRANSP_OPAQUE))
            if let sequence = s.sequence { icalcomponent_add_property(ev, icalproperty_new_sequence(Int32(clamping: sequence))) }
            if let modified = s.modified { icalcomponent_add_property(ev, icalproperty_new_lastmodified(utcTime(modified))) }
            events.append(ev)
        }
        // The zone's definition ahead of the events that name it.
        if zoneUsed { zone?.addDefinition(to: out) }
        for ev in events { icalcomponent_add_component(out, ev) }
        return text(of: out) ?? ""
    }

    /// Copies the VEVENTs and VTIMEZONEs under `root` (a VCALENDAR, an XROOT
    /// of several, or a bare component) into `out`. `events` counts the
    /// VEVENTs copied so far: the ordinal by which `reader` finds each one's
    /// lines, so its UID goes out byte for byte (see
    /// `LibicalReader.uidAsWritten`).
    private static func copyMembers(of root: OpaquePointer, into out: OpaquePointer, zonesWritten: inout Set<String>,
                                    uids: inout Set<String>, events: inout Int, reader: LibicalReader,
                                    unplanned: Unplanned?, notes: inout [ImportWarning]) {
        switch icalcomponent_isa(root) {
        case ICAL_VCALENDAR_COMPONENT, ICAL_XROOT_COMPONENT:
            var c = icalcomponent_get_first_component(root, ICAL_ANY_COMPONENT)
            while let comp = c {
                copyMembers(of: comp, into: out, zonesWritten: &zonesWritten, uids: &uids, events: &events, reader: reader,
                            unplanned: unplanned, notes: &notes)
                c = icalcomponent_get_next_component(root, ICAL_ANY_COMPONENT)
            }
        case ICAL_VTIMEZONE_COMPONENT:
            guard let p = icalcomponent_get_first_property(root, ICAL_TZID_PROPERTY), let t = icalproperty_get_tzid(p) else { return }
            guard zonesWritten.insert(String(cString: t)).inserted, let copy = icalcomponent_new_clone(root) else { return }
            stripErrors(copy)
            icalcomponent_add_component(out, copy)
        case ICAL_VEVENT_COMPONENT:
            defer { events += 1 }
            let lines = unplanned == nil ? [] : reader.lineNumbers(ordinal: events)
            let first = lines.min()
            let uidText = icalcomponent_get_first_property(root, ICAL_UID_PROPERTY).flatMap { icalproperty_get_uid($0) }
                .map { TerminalText.label(String(cString: $0)) } ?? "(no UID)"
            if let unplanned, !unplanned.skipped.isDisjoint(with: lines) {
                notes.append(ImportWarning(id: "left-out", file: reader.file, line: first, property: "UID", value: uidText,
                                           message: "plan could not read this event and did not plan around it, so it is left out"))
                return
            }
            guard let copy = icalcomponent_new_clone(root) else { return }
            stripErrors(copy)
            if let unplanned, !unplanned.ignoredRules.isDisjoint(with: lines) {
                for kind in [ICAL_RRULE_PROPERTY, ICAL_EXRULE_PROPERTY, ICAL_RDATE_PROPERTY, ICAL_EXDATE_PROPERTY] {
                    while let p = icalcomponent_get_first_property(copy, kind) {
                        icalcomponent_remove_property(copy, p)
                        icalproperty_free(p)
                    }
                }
                notes.append(ImportWarning(id: "rule-left-out", file: reader.file, line: first, property: "UID", value: uidText,
                                           message: "plan could not read this event's rule and planned around its DTSTART only, so it goes out without the rule"))
            }
            if let p = icalcomponent_get_first_property(copy, ICAL_UID_PROPERTY), let u = icalproperty_get_uid(p) {
                let parsed = String(cString: u)
                uids.insert(parsed)
                if let written = reader.uidAsWritten(parsed, ordinal: events), written != parsed {
                    icalproperty_set_uid(p, written)
                }
            }
            ValueLists.rejoin(copy, lines: reader.ownLines(ordinal: events))
            icalcomponent_add_component(out, copy)
        default:
            return
        }
    }

    /// Removes X-LIC-ERROR properties (libical's notes, not the file's data), recursively.
    private static func stripErrors(_ comp: OpaquePointer) {
        while let p = icalcomponent_get_first_property(comp, ICAL_XLICERROR_PROPERTY) {
            icalcomponent_remove_property(comp, p)
            icalproperty_free(p)
        }
        var c = icalcomponent_get_first_component(comp, ICAL_ANY_COMPONENT)
        while let child = c {
            stripErrors(child)
            c = icalcomponent_get_next_component(comp, ICAL_ANY_COMPONENT)
        }
    }

    /// `prop` with a TZID parameter: its floating time is local time there.
    static func zoned(_ prop: OpaquePointer?, _ tzid: String) -> OpaquePointer? {
        if let prop { icalproperty_add_parameter(prop, icalparameter_new_tzid(tzid)) }
        return prop
    }

    /// A new VCALENDAR with plan's `VERSION`, `PRODID` and `CALSCALE`
    /// (RFC 5545 §3.7), every calendar plan writes starting so; the caller
    /// owns it (`defer { icalcomponent_free(…) }` on the next line).
    static func newCalendar() -> OpaquePointer? {
        guard let cal = icalcomponent_new(ICAL_VCALENDAR_COMPONENT) else { return nil }
        icalcomponent_add_property(cal, icalproperty_new_version("2.0"))
        icalcomponent_add_property(cal, icalproperty_new_prodid("-//plan//plan \(planICalVersion)//EN"))
        icalcomponent_add_property(cal, icalproperty_new_calscale("GREGORIAN"))
        return cal
    }

    /// `component` as iCalendar text written by libical (CRLF, folded); nil
    /// when libical writes nothing.
    static func text(of component: OpaquePointer) -> String? {
        guard let text = icalcomponent_as_ical_string_r(component) else { return nil }
        defer { icalmemory_free_buffer(text) }
        return String(cString: text)
    }

    static func utcTime(_ i: Instant) -> icaltimetype {
        icaltime_from_timet_with_zone(time_t(i.seconds), 0, icaltimezone_get_utc_timezone())
    }
}

/// The version written into PRODID.
let planICalVersion = "0.1"

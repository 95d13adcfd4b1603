import CLibical
import Foundation
import PlanCore

/// The iTIP methods plan writes or reads (RFC 5546 §1.4).
package enum SchedulingMethod: String, Hashable, Sendable {
    case request = "REQUEST"
    case reply = "REPLY"
    case cancel = "CANCEL"
}

/// One meeting as an iTIP message carries it: a VEVENT with its organizer
/// and attendees (RFC 5546 §3.2).
package struct Invitation: Hashable, Sendable {
    /// Stable for the life of the meeting: every message about it carries it.
    package var uid: String
    /// Bumped by the organizer on every change that needs new answers (and on cancel).
    package var sequence: Int
    /// `DTSTAMP`: when this message was made (the command's `now`).
    package var stamp: Instant
    package var range: TimeRange
    package var summary: String
    package var location: String?
    /// `GEO`: latitude and longitude in degrees.
    package var geo: GeoPoint?
    package var description: String?
    package var categories: [String]
    package var organizer: CalendarUser
    package var attendees: [InvitedUser]
    package var cancelled: Bool

    package init(uid: String, sequence: Int, stamp: Instant, range: TimeRange, summary: String, location: String?,
                geo: GeoPoint?, description: String?, categories: [String],
                organizer: CalendarUser, attendees: [InvitedUser], cancelled: Bool) {
        self.uid = uid
        self.sequence = sequence
        self.stamp = stamp
        self.range = range
        self.summary = summary
        self.location = location
        self.geo = geo
        self.description = description
        self.categories = categories
        self.organizer = organizer
        self.attendees = attendees
        self.cancelled = cancelled
    }
}

extension ICalExporter {
    /// The iTIP message (RFC 5546) for `invitation` as iCalendar text, written
    /// by libical: `METHOD`, one VEVENT with `UID`, `SEQUENCE`, `DTSTAMP`,
    /// `DTSTART`/`DTEND` in UTC (every client shows them in its own zone),
    /// `ORGANIZER` and each `ATTENDEE` with `CN`, `ROLE=REQ-PARTICIPANT`,
    /// `PARTSTAT` and, in a request, `RSVP=TRUE`; `STATUS:CANCELLED` in a
    /// cancel. The same invitation gives the same bytes.
    package static func scheduling(_ method: SchedulingMethod, _ inv: Invitation) -> String {
        calendarText(method, inv)
    }

    /// The VCALENDAR of ``scheduling(_:_:)``, with `METHOD` when `method` is
    /// given; without, the meeting as a calendar object on a CalDAV
    /// collection (RFC 4791 §4.1 forbids METHOD there), `RSVP=TRUE` on the
    /// attendees who have not answered.
    static func calendarText(_ method: SchedulingMethod?, _ inv: Invitation) -> String {
        lock.lock()
        defer { lock.unlock() }
        guard let out = newCalendar() else { return "" }
        defer { icalcomponent_free(out) }
        if let method {
            let m: icalproperty_method = switch method {
            case .request: ICAL_METHOD_REQUEST
            case .reply: ICAL_METHOD_REPLY
            case .cancel: ICAL_METHOD_CANCEL
            }
            icalcomponent_add_property(out, icalproperty_new_method(m))
        }
        guard let ev = icalcomponent_new(ICAL_VEVENT_COMPONENT) else { return "" }
        icalcomponent_add_property(ev, icalproperty_new_uid(inv.uid))
        icalcomponent_add_property(ev, icalproperty_new_sequence(Int32(clamping: inv.sequence)))
        icalcomponent_add_property(ev, icalproperty_new_dtstamp(utcTime(inv.stamp)))
        icalcomponent_add_property(ev, icalproperty_new_dtstart(utcTime(inv.range.start)))
        icalcomponent_add_property(ev, icalproperty_new_dtend(utcTime(inv.range.end)))
        icalcomponent_add_property(ev, icalproperty_new_summary(inv.summary))
        if let l = inv.location { icalcomponent_add_property(ev, icalproperty_new_location(l)) }
        if let g = inv.geo { icalcomponent_add_property(ev, icalproperty_new_geo(icalgeotype(lat: g.latitude, lon: g.longitude))) }
        if let d = inv.description { icalcomponent_add_property(ev, icalproperty_new_description(d)) }
        if !inv.categories.isEmpty { icalcomponent_add_property(ev, icalproperty_new_categories(inv.categories.joined(separator: ","))) }
        icalcomponent_add_property(ev, user(icalproperty_new_organizer("mailto:" + inv.organizer.email), inv.organizer))
        for a in inv.attendees {
            if let p = attendee(a, rsvp: method == .request || (method == nil && a.status == .needsAction)) { icalcomponent_add_property(ev, p) }
        }
        icalcomponent_add_property(ev, icalproperty_new_status(inv.cancelled || method == .cancel ? ICAL_STATUS_CANCELLED : ICAL_STATUS_CONFIRMED))
        icalcomponent_add_property(ev, icalproperty_new_transp(ICAL_TRANSP_OPAQUE))
        icalcomponent_add_component(out, ev)
        return text(of: out) ?? ""
    }

    /// `ATTENDEE;CN=…;ROLE=REQ-PARTICIPANT;PARTSTAT=…[;RSVP=TRUE]:mailto:…`.
    static func attendee(_ a: InvitedUser, rsvp: Bool) -> OpaquePointer? {
        guard let p = user(icalproperty_new_attendee("mailto:" + a.user.email), a.user) else { return nil }
        icalproperty_add_parameter(p, icalparameter_new_role(ICAL_ROLE_REQPARTICIPANT))
        icalproperty_add_parameter(p, icalparameter_new_partstat(partstat(a.status)))
        if rsvp { icalproperty_add_parameter(p, icalparameter_new_rsvp(ICAL_RSVP_TRUE)) }
        return p
    }

    static func user(_ prop: OpaquePointer?, _ u: CalendarUser) -> OpaquePointer? {
        if let prop, let name = u.name, !name.isEmpty { icalproperty_add_parameter(prop, icalparameter_new_cn(name)) }
        return prop
    }

    static func partstat(_ p: Participation) -> icalparameter_partstat {
        switch p {
        case .needsAction: ICAL_PARTSTAT_NEEDSACTION
        case .accepted: ICAL_PARTSTAT_ACCEPTED
        case .declined: ICAL_PARTSTAT_DECLINED
        case .tentative: ICAL_PARTSTAT_TENTATIVE
        }
    }
}

/// An iTIP message as read (RFC 5546): its method and the one meeting it is about.
package struct SchedulingMessage: Hashable, Sendable {
    package var method: SchedulingMethod
    package var uid: String
    /// `SEQUENCE` (0 when absent).
    package var sequence: Int
    package var summary: String?
    package var organizer: CalendarUser?
    package var attendees: [InvitedUser]
}

/// Reads iTIP messages with libical.
package enum SchedulingReader {
    /// The message in `bytes` (an `.ics` as a mail client saves a `text/calendar`
    /// part): its `METHOD` and its first VEVENT's UID, SEQUENCE, ORGANIZER and
    /// ATTENDEEs with their `PARTSTAT` (NEEDS-ACTION when absent; a status plan
    /// does not use, such as DELEGATED, is refused). `label` names it in errors.
    package static func read(_ bytes: [UInt8], label: String) throws(ImportError) -> SchedulingMessage {
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw .invalid(file: label, reason: "not UTF-8 text (an iTIP message is an .ics file: save the invitation's text/calendar part)")
        }
        ICalExporter.lock.lock()
        defer { ICalExporter.lock.unlock() }
        guard let root = icalcomponent_new_from_string(text) else {
            throw .invalid(file: label, reason: "libical cannot read it as iCalendar (save the message's text/calendar part as .ics)")
        }
        defer { icalcomponent_free(root) }
        let calendar = icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT ? root
            : icalcomponent_get_first_component(root, ICAL_VCALENDAR_COMPONENT)
        guard let calendar else { throw .invalid(file: label, reason: "no VCALENDAR in it") }
        guard let mp = icalcomponent_get_first_property(calendar, ICAL_METHOD_PROPERTY) else {
            throw .invalid(file: label, reason: "no METHOD: not an iTIP message (RFC 5546)")
        }
        let method: SchedulingMethod
        switch icalproperty_get_method(mp) {
        case ICAL_METHOD_REQUEST: method = .request
        case ICAL_METHOD_REPLY: method = .reply
        case ICAL_METHOD_CANCEL: method = .cancel
        default:
            let raw = icalproperty_get_value_as_string(mp).map { String(cString: $0) } ?? "?"
            throw .invalid(file: label, reason: "METHOD:\(raw) is not one plan reads (REQUEST, REPLY, CANCEL)")
        }
        guard let ev = icalcomponent_get_first_component(calendar, ICAL_VEVENT_COMPONENT) else {
            throw .invalid(file: label, reason: "no VEVENT in it")
        }
        guard let up = icalcomponent_get_first_property(ev, ICAL_UID_PROPERTY), let u = icalproperty_get_uid(up), u.pointee != 0 else {
            throw .invalid(file: label, reason: "its VEVENT has no UID")
        }
        let sequence = icalcomponent_get_first_property(ev, ICAL_SEQUENCE_PROPERTY).map { Int(icalproperty_get_sequence($0)) } ?? 0
        let summary = icalcomponent_get_first_property(ev, ICAL_SUMMARY_PROPERTY).flatMap(icalproperty_get_summary).map { String(cString: $0) }
        let organizer = icalcomponent_get_first_property(ev, ICAL_ORGANIZER_PROPERTY).flatMap { p in
            icalproperty_get_organizer(p).map { CalendarUser(email: address(String(cString: $0)), name: commonName(p)) }
        }
        let attendees = try Self.attendees(ev) { email, raw throws(ImportError) in
            throw .invalid(file: label, reason: "ATTENDEE \(email): \(raw) is not an answer plan records (ACCEPTED, DECLINED, TENTATIVE, NEEDS-ACTION)")
        }
        return SchedulingMessage(method: method, uid: String(cString: u), sequence: sequence, summary: summary,
                                 organizer: organizer, attendees: attendees)
    }

    /// The ATTENDEEs of `ev` with their PARTSTAT (NEEDS-ACTION when absent);
    /// `other` decides on an answer plan does not use (the address and the
    /// parameter as written): refuse it, or read it as some answer.
    static func attendees(_ ev: OpaquePointer,
                          other: (_ email: String, _ raw: String) throws(ImportError) -> Participation) throws(ImportError) -> [InvitedUser] {
        var attendees: [InvitedUser] = []
        var p = icalcomponent_get_first_property(ev, ICAL_ATTENDEE_PROPERTY)
        while let prop = p {
            defer { p = icalcomponent_get_next_property(ev, ICAL_ATTENDEE_PROPERTY) }
            guard let v = icalproperty_get_attendee(prop) else { continue }
            let email = address(String(cString: v))
            var status = Participation.needsAction
            if let param = icalproperty_get_first_parameter(prop, ICAL_PARTSTAT_PARAMETER) {
                switch icalparameter_get_partstat(param) {
                case ICAL_PARTSTAT_NEEDSACTION: status = .needsAction
                case ICAL_PARTSTAT_ACCEPTED: status = .accepted
                case ICAL_PARTSTAT_DECLINED: status = .declined
                case ICAL_PARTSTAT_TENTATIVE: status = .tentative
                default: status = try other(email, icalparameter_as_ical_string(param).map { String(cString: $0) } ?? "?")
                }
            }
            attendees.append(InvitedUser(user: CalendarUser(email: email, name: commonName(prop)), status: status))
        }
        return attendees
    }

    /// `mailto:Ada@Uni.edu` → `Ada@Uni.edu` (the scheme in any case; the address as written).
    static func address(_ value: String) -> String {
        value.lowercased().hasPrefix("mailto:") ? String(value.dropFirst(7)) : value
    }

    static func commonName(_ prop: OpaquePointer) -> String? {
        guard let param = icalproperty_get_first_parameter(prop, ICAL_CN_PARAMETER), let cn = icalparameter_get_cn(param) else { return nil }
        let s = String(cString: cn)
        return s.isEmpty ? nil : s
    }
}

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
    /// The properties ``read(_:label:)`` reads: libical is given no other line (a long
    /// DESCRIPTION costs one pass over its bytes, no more).
    static let propertiesRead: Set<String> = ["METHOD", "UID", "SEQUENCE", "SUMMARY", "ORGANIZER", "ATTENDEE"]

    /// The message in `bytes` (an `.ics` as a mail client saves a `text/calendar`
    /// part): its `METHOD` and its first VEVENT's UID, SEQUENCE, ORGANIZER and
    /// ATTENDEEs with their `PARTSTAT` (NEEDS-ACTION when absent; a status plan
    /// does not use, such as DELEGATED, is refused). `label` names it in errors.
    package static func read(_ bytes: [UInt8], label: String) throws(ImportError) -> SchedulingMessage {
        let lines = ContentLines(bytes)
        guard !lines.hadNUL, bytes.isUTF8 else {
            throw .invalid(file: label, reason: "not UTF-8 text (an iTIP message is an .ics file: save the invitation's text/calendar part)")
        }
        if let problem = sequenceProblem(lines) { throw .invalid(file: label, reason: problem) }
        ICalExporter.lock.lock()
        defer { ICalExporter.lock.unlock() }
        guard let root = LibicalText.parse(lines, only: Self.propertiesRead) else {
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
        let uid = try Self.uid(ev, label: label)
        let sequence = try Self.sequence(ev, label: label)
        let summary = try Self.text(ev, ICAL_SUMMARY_PROPERTY, "SUMMARY", label: label)
        let organizer = try Self.organizer(ev, label: label)
        let attendees = try Self.attendees(ev, label: label) { email, raw throws(ImportError) in
            throw .invalid(file: label, reason: "ATTENDEE \(email): \(LineText.excerpt(raw)) is not an answer plan records (ACCEPTED, DECLINED, TENTATIVE, NEEDS-ACTION)")
        }
        return SchedulingMessage(method: method, uid: uid, sequence: sequence, summary: summary,
                                 organizer: organizer, attendees: attendees)
    }

    /// The ATTENDEEs of `ev` with their PARTSTAT (NEEDS-ACTION when absent);
    /// `other` decides on an answer plan does not use (the address and the
    /// parameter as written): refuse it, or read it as some answer. Each
    /// address and name is checked as ``user(_:_:label:)`` does.
    static func attendees(_ ev: OpaquePointer, label: String,
                          other: (_ email: String, _ raw: String) throws(ImportError) -> Participation) throws(ImportError) -> [InvitedUser] {
        var attendees: [InvitedUser] = []
        var p = icalcomponent_get_first_property(ev, ICAL_ATTENDEE_PROPERTY)
        while let prop = p {
            defer { p = icalcomponent_get_next_property(ev, ICAL_ATTENDEE_PROPERTY) }
            guard let v = icalproperty_get_attendee(prop) else { continue }
            let user = try Self.user(prop, "ATTENDEE", String(cString: v), label: label)
            var status = Participation.needsAction
            if let param = icalproperty_get_first_parameter(prop, ICAL_PARTSTAT_PARAMETER) {
                switch icalparameter_get_partstat(param) {
                case ICAL_PARTSTAT_NEEDSACTION: status = .needsAction
                case ICAL_PARTSTAT_ACCEPTED: status = .accepted
                case ICAL_PARTSTAT_DECLINED: status = .declined
                case ICAL_PARTSTAT_TENTATIVE: status = .tentative
                default: status = try other(user.email, icalparameter_as_ical_string(param).map { String(cString: $0) } ?? "?")
                }
            }
            attendees.append(InvitedUser(user: user, status: status))
        }
        return attendees
    }

    /// The ORGANIZER of `ev`, checked as ``user(_:_:label:)`` does; nil without one.
    static func organizer(_ ev: OpaquePointer, label: String) throws(ImportError) -> CalendarUser? {
        guard let p = icalcomponent_get_first_property(ev, ICAL_ORGANIZER_PROPERTY), let v = icalproperty_get_organizer(p) else { return nil }
        return try user(p, "ORGANIZER", String(cString: v), label: label)
    }

    /// An ORGANIZER or ATTENDEE as plan keeps it: its value one address
    /// (``MailAddress``, after `mailto:`), its `CN` one line of text. Either
    /// otherwise refuses the message, naming the property and the value (a
    /// value such as `mailto:bob@uni.edu>, <eve@x.org` would be two
    /// recipients of every mail plan writes back).
    static func user(_ prop: OpaquePointer, _ field: String, _ value: String, label: String) throws(ImportError) -> CalendarUser {
        let email = address(value)
        if let problem = MailAddress.problem(email) {
            throw .invalid(file: label, reason: "\(field) \(LineText.excerpt(value)) is not one mail address: \(problem)")
        }
        let name = commonName(prop)
        if let name, let problem = LineText.problem(name) {
            throw .invalid(file: label, reason: "\(field) \(email): its CN \"\(LineText.excerpt(name))\": \(problem)")
        }
        return CalendarUser(email: email, name: name)
    }

    /// A text property's value (libical unescapes it), nil when absent or
    /// empty; one with a control character refuses the message (a line feed
    /// and a tab are kept where `lines`, in a description).
    static func text(_ ev: OpaquePointer, _ kind: icalproperty_kind, _ field: String, lines: Bool = false,
                     label: String) throws(ImportError) -> String? {
        guard let p = icalcomponent_get_first_property(ev, kind), let v = icalproperty_get_value(p), let c = icalvalue_get_text(v) else { return nil }
        let s = String(cString: c)
        if let problem = LineText.problem(s, lines: lines) {
            throw .invalid(file: label, reason: "\(field) \"\(LineText.excerpt(s))\": \(problem)")
        }
        return s.isEmpty ? nil : s
    }

    /// The VEVENT's `UID`: present, one line of text.
    static func uid(_ ev: OpaquePointer, label: String) throws(ImportError) -> String {
        guard let up = icalcomponent_get_first_property(ev, ICAL_UID_PROPERTY), let u = icalproperty_get_uid(up), u.pointee != 0 else {
            throw .invalid(file: label, reason: "its VEVENT has no UID")
        }
        let uid = String(cString: u)
        if let problem = LineText.problem(uid) { throw .invalid(file: label, reason: "UID \"\(LineText.excerpt(uid))\": \(problem)") }
        return uid
    }

    /// `SEQUENCE` (0 when absent), checked as written first
    /// (``sequenceProblem(_:)``): libical keeps it in an `int`, so digits past
    /// 2147483647 would wrap to some other version, even an earlier one.
    static func sequence(_ ev: OpaquePointer, label: String) throws(ImportError) -> Int {
        guard let p = icalcomponent_get_first_property(ev, ICAL_SEQUENCE_PROPERTY) else { return 0 }
        let n = Int(icalproperty_get_sequence(p))
        guard n >= 0 else { throw .invalid(file: label, reason: "SEQUENCE \(n) is not a version number (0 to 2147483647)") }
        return n
    }

    /// Why a `SEQUENCE` line of `bytes` is not a version number RFC 5545's
    /// integer holds (§3.3.8: 0 to 2147483647), read from the unfolded
    /// lines before libical converts it; nil when every one is.
    static func sequenceProblem(_ lines: ContentLines) -> String? {
        for line in lines.lines where line.name == "SEQUENCE" {
            guard let colon = line.bytes.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let value = String(decoding: line.bytes[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let digits = value.hasPrefix("+") ? String(value.dropFirst()) : value
            guard !digits.isEmpty, digits.utf8.count <= 10, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let n = Int(digits), n <= Int(Int32.max) else {
                return "SEQUENCE \(LineText.excerpt(value)) is not a version number (0 to 2147483647)"
            }
        }
        return nil
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

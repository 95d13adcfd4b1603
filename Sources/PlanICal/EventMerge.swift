import CLibical
import Foundation

/// An event plan writes again after the student changed it on the phone:
/// the phone's copy with plan's part brought up to date, so what the
/// student added (an alarm, a colour, a note, a new title) survives.
package enum EventMerge {
    /// The properties whose values plan makes (besides the times and the stamps).
    static let words: [icalproperty_kind] = [ICAL_SUMMARY_PROPERTY, ICAL_DESCRIPTION_PROPERTY, ICAL_CATEGORIES_PROPERTY,
                                             ICAL_LOCATION_PROPERTY, ICAL_TRANSP_PROPERTY]
    static let times: [icalproperty_kind] = [ICAL_DTSTART_PROPERTY, ICAL_DTEND_PROPERTY, ICAL_DURATION_PROPERTY]
    static let stamps: [icalproperty_kind] = [ICAL_DTSTAMP_PROPERTY, ICAL_LASTMODIFIED_PROPERTY, ICAL_SEQUENCE_PROPERTY]

    /// `held` (the calendar the server holds) with the event `uid` brought
    /// up to `fresh` (what plan makes now), given `made` (what plan made
    /// last time):
    /// - a property of ``words`` the phone left as plan made it takes plan's
    ///   new value; one the phone changed (or added, or removed) stays the phone's;
    /// - the times are plan's unless `keepTimes` (the sitting is where the
    ///   server has it: the phone's way of writing them stays);
    /// - DTSTAMP and LAST-MODIFIED are fresh's; SEQUENCE is fresh's, or one
    ///   more than the phone's when the phone's is higher;
    /// - everything else of the phone's (VALARM, COLOR, ATTACH, X- properties,
    ///   other events' components) stays as it is.
    /// With `made` nil (an event an older plan wrote, or unknown), every word
    /// property stays the server's. Nil when any of them cannot be read or
    /// has no such event (the caller then sends `fresh`).
    package static func merged(fresh: [UInt8], made: [UInt8]?, held: [UInt8], uid: String, keepTimes: Bool)
        -> (bytes: [UInt8], sequence: Int)? {
        ICalExporter.lock.lock()
        defer { ICalExporter.lock.unlock() }
        guard let freshRoot = parse(fresh) else { return nil }
        defer { icalcomponent_free(freshRoot) }
        let madeRoot = made.flatMap(parse)
        defer { if let madeRoot { icalcomponent_free(madeRoot) } }
        if made != nil && madeRoot == nil { return nil }
        guard let heldRoot = parse(held) else { return nil }
        defer { icalcomponent_free(heldRoot) }
        guard let new = event(freshRoot, uid), let there = event(heldRoot, uid) else { return nil }
        if let madeRoot {
            guard let old = event(madeRoot, uid) else { return nil }
            for kind in words where values(there, kind) == values(old, kind) { replace(kind, in: there, from: new) }
        }
        if !keepTimes {
            for kind in times { replace(kind, in: there, from: new) }
            // The zone the new times name, when the server's copy lacks it.
            copyZones(from: freshRoot, into: heldRoot)
        }
        let theirs = icalcomponent_get_first_property(there, ICAL_SEQUENCE_PROPERTY).map { Int(icalproperty_get_sequence($0)) } ?? 0
        let ours = icalcomponent_get_first_property(new, ICAL_SEQUENCE_PROPERTY).map { Int(icalproperty_get_sequence($0)) } ?? 0
        for kind in stamps { replace(kind, in: there, from: new) }
        let sequence = max(ours, theirs + 1)
        if sequence != ours, let p = icalcomponent_get_first_property(there, ICAL_SEQUENCE_PROPERTY) {
            icalproperty_set_sequence(p, Int32(clamping: sequence))
        }
        guard let text = ICalExporter.text(of: heldRoot) else { return nil }
        return (Array(text.utf8), sequence)
    }

    private static func parse(_ bytes: [UInt8]) -> OpaquePointer? {
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil,
              let root = LibicalText.parse(bytes) else { return nil }
        guard icalcomponent_isa(root) == ICAL_VCALENDAR_COMPONENT else {
            icalcomponent_free(root)
            return nil
        }
        return root
    }

    /// The VEVENT of `root` with UID `uid` (the master, not an override).
    private static func event(_ root: OpaquePointer, _ uid: String) -> OpaquePointer? {
        var c = icalcomponent_get_first_component(root, ICAL_VEVENT_COMPONENT)
        while let ev = c {
            if let u = icalcomponent_get_uid(ev), String(cString: u) == uid,
               icalcomponent_get_first_property(ev, ICAL_RECURRENCEID_PROPERTY) == nil { return ev }
            c = icalcomponent_get_next_component(root, ICAL_VEVENT_COMPONENT)
        }
        return nil
    }

    /// Every property of `kind` in `ev`, as libical writes each (parameters included).
    private static func values(_ ev: OpaquePointer, _ kind: icalproperty_kind) -> [String] {
        var out: [String] = []
        var p = icalcomponent_get_first_property(ev, kind)
        while let prop = p {
            if let s = icalproperty_as_ical_string_r(prop) {
                out.append(String(cString: s))
                icalmemory_free_buffer(s)
            }
            p = icalcomponent_get_next_property(ev, kind)
        }
        return out
    }

    /// Replaces the properties of `kind` in `ev` with copies of `source`'s (none when it has none).
    private static func replace(_ kind: icalproperty_kind, in ev: OpaquePointer, from source: OpaquePointer) {
        while let p = icalcomponent_get_first_property(ev, kind) {
            icalcomponent_remove_property(ev, p)
            icalproperty_free(p)
        }
        var p = icalcomponent_get_first_property(source, kind)
        while let prop = p {
            if let copy = icalproperty_new_clone(prop) { icalcomponent_add_property(ev, copy) }
            p = icalcomponent_get_next_property(source, kind)
        }
    }

    /// Adds to `root` each VTIMEZONE of `source` whose TZID it lacks (ahead of its events).
    private static func copyZones(from source: OpaquePointer, into root: OpaquePointer) {
        var have = Set<String>()
        var c = icalcomponent_get_first_component(root, ICAL_VTIMEZONE_COMPONENT)
        while let z = c {
            if let p = icalcomponent_get_first_property(z, ICAL_TZID_PROPERTY), let t = icalproperty_get_tzid(p) { have.insert(String(cString: t)) }
            c = icalcomponent_get_next_component(root, ICAL_VTIMEZONE_COMPONENT)
        }
        var z = icalcomponent_get_first_component(source, ICAL_VTIMEZONE_COMPONENT)
        while let zone = z {
            if let p = icalcomponent_get_first_property(zone, ICAL_TZID_PROPERTY), let t = icalproperty_get_tzid(p),
               !have.contains(String(cString: t)), let copy = icalcomponent_new_clone(zone) {
                icalcomponent_add_component(root, copy)
            }
            z = icalcomponent_get_next_component(source, ICAL_VTIMEZONE_COMPONENT)
        }
    }
}

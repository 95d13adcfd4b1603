import CLibical
import PlanCore

/// The zone exported sittings are written in: the user's, as local times with
/// `TZID=` and one VTIMEZONE (RFC 5545 §3.2.19, §3.6.5), so that a sitting
/// moved on a phone keeps its local-time meaning (issue 12, item 10).
///
/// The VTIMEZONE for the TZID is the one an imported calendar already carries
/// under that name (a calendar holds one per TZID, and the imported one goes
/// out as it was written), else libical's, built from the system zoneinfo,
/// named by the IANA name (not libical's prefixed TZID) and cut to start at
/// the first sitting's year.
///
/// A sitting is written in local time only when that local time reads back
/// as the same instant both by the VTIMEZONE written and by the system
/// zoneinfo (readers use one or the other), by RFC 5545 §3.3.5's rule;
/// otherwise it is written in UTC. That happens for a sitting in the second
/// pass of an ambiguous hour (its local time means the first) and under an
/// imported VTIMEZONE that disagrees with the zoneinfo there. A user zone that
/// is UTC itself is written as UTC, without a VTIMEZONE.
struct SittingZone {
    /// The TZID written: the user's zone name (`America/New_York`).
    let tzid: String
    private let system: SystemZone
    /// The zone as the VTIMEZONE written for ``tzid`` defines it.
    private let written: LibicalZone
    /// Whether that VTIMEZONE came with an imported calendar (so is written already).
    private let imported: Bool
    private let firstYear: Int

    /// nil when sittings go out in UTC: `identifier` is UTC itself, or a zone
    /// neither the system nor libical knows.
    init?(identifier: String, calendar: OpaquePointer, firstSitting: Instant) {
        guard !ZoneTable.utcNames.contains(identifier), let system = SystemZone(identifier: identifier) else { return nil }
        tzid = identifier
        self.system = system
        firstYear = firstSitting.local(offset: 0).date.year
        if let existing = Self.vtimezone(identifier, in: calendar) {
            guard let zone = LibicalZone(vtimezone: existing) else { return nil }
            written = zone
            imported = true
        } else {
            guard let definition = Self.builtinDefinition(identifier, fromYear: firstYear) else { return nil }
            defer { icalcomponent_free(definition) }
            guard let zone = LibicalZone(vtimezone: definition) else { return nil }
            written = zone
            imported = false
        }
    }

    /// The local time to write for `instant`, nil when it must be UTC.
    func local(_ instant: Instant) -> LocalDateTime? {
        let reading = system.local(instant)
        guard system.resolve(reading) == instant, written.resolve(reading) == instant else { return nil }
        return reading
    }

    /// Adds the VTIMEZONE for ``tzid`` to `calendar` unless an imported one is there.
    func addDefinition(to calendar: OpaquePointer) {
        guard !imported, let definition = Self.builtinDefinition(tzid, fromYear: firstYear) else { return }
        icalcomponent_add_component(calendar, definition)
    }

    /// The calendar's VTIMEZONE with this TZID, if any (owned by the calendar).
    private static func vtimezone(_ tzid: String, in calendar: OpaquePointer) -> OpaquePointer? {
        var c = icalcomponent_get_first_component(calendar, ICAL_VTIMEZONE_COMPONENT)
        while let comp = c {
            if let p = icalcomponent_get_first_property(comp, ICAL_TZID_PROPERTY), let t = icalproperty_get_tzid(p),
               String(cString: t) == tzid {
                return comp
            }
            c = icalcomponent_get_next_component(calendar, ICAL_VTIMEZONE_COMPONENT)
        }
        return nil
    }

    /// libical's VTIMEZONE for an IANA name, TZID set to that name and its
    /// history cut at 1 January of `year` (UTC); the caller owns it.
    static func builtinDefinition(_ name: String, fromYear year: Int) -> OpaquePointer? {
        guard let zone = icaltimezone_get_builtin_timezone(name), let shared = icaltimezone_get_component(zone),
              let definition = icalcomponent_new_clone(shared) else { return nil }
        var start = icalTime(LocalDateTime(date: LocalDate(year: year, month: 1, day: 1)), isDate: false)
        start.zone = icaltimezone_get_utc_timezone()
        icaltimezone_truncate_vtimezone(definition, start, icaltime_null_time(), 0)
        if let p = icalcomponent_get_first_property(definition, ICAL_TZID_PROPERTY) {
            icalproperty_set_tzid(p, name)
        }
        // libical's own note of where the zone came from (an X-property).
        var notes: [OpaquePointer] = []
        var p = icalcomponent_get_first_property(definition, ICAL_X_PROPERTY)
        while let x = p {
            if let n = icalproperty_get_x_name(x), String(cString: n) == "X-LIC-LOCATION" { notes.append(x) }
            p = icalcomponent_get_next_property(definition, ICAL_X_PROPERTY)
        }
        for x in notes {
            icalcomponent_remove_property(definition, x)
            icalproperty_free(x)
        }
        return definition
    }
}

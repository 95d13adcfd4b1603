import CLibical
import Foundation
import PlanCore

/// A free-busy answer (a VCALENDAR holding VFREEBUSY components, RFC 5545
/// §3.6.4, as a CalDAV server answers an RFC 4791 §7.10 free-busy-query),
/// read with libical.
package enum FreeBusyReader {
    /// The busy periods of every VFREEBUSY in `bytes`, sorted: each FREEBUSY
    /// period whose FBTYPE is BUSY (also when absent), BUSY-UNAVAILABLE,
    /// BUSY-TENTATIVE or a type plan does not know (RFC 5545 §3.2.9 reads
    /// those as BUSY); FBTYPE=FREE is not busy. A period given with a
    /// duration ends after it. `label` names the answer in errors.
    package static func busy(_ bytes: [UInt8], label: String) throws(ImportError) -> [TimeRange] {
        guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
            throw .invalid(file: label, reason: "the free-busy answer is not UTF-8 iCalendar text")
        }
        ICalExporter.lock.lock()
        defer { ICalExporter.lock.unlock() }
        guard let root = LibicalText.parse(bytes) else {
            throw .invalid(file: label, reason: "libical cannot read the free-busy answer as iCalendar")
        }
        defer { icalcomponent_free(root) }
        var components: [OpaquePointer] = []
        if icalcomponent_isa(root) == ICAL_VFREEBUSY_COMPONENT { components.append(root) }
        var c = icalcomponent_get_first_component(root, ICAL_VFREEBUSY_COMPONENT)
        while let fb = c {
            components.append(fb)
            c = icalcomponent_get_next_component(root, ICAL_VFREEBUSY_COMPONENT)
        }
        guard !components.isEmpty else { throw .invalid(file: label, reason: "the answer holds no VFREEBUSY") }
        var busy: [TimeRange] = []
        for fb in components {
            var p = icalcomponent_get_first_property(fb, ICAL_FREEBUSY_PROPERTY)
            while let prop = p {
                defer { p = icalcomponent_get_next_property(fb, ICAL_FREEBUSY_PROPERTY) }
                if let param = icalproperty_get_first_parameter(prop, ICAL_FBTYPE_PARAMETER),
                   icalparameter_get_fbtype(param) == ICAL_FBTYPE_FREE { continue }
                let period = icalproperty_get_freebusy(prop)
                guard icaltime_is_null_time(period.start) == 0 else {
                    throw .invalid(file: label, reason: "a FREEBUSY period has no start")
                }
                let start = GroupEvent.instant(period.start)
                let end = icaltime_is_null_time(period.end) == 0 ? GroupEvent.instant(period.end)
                    : start + Int64(icaldurationtype_as_int(period.duration))
                if end > start { busy.append(TimeRange(start: start, end: end)) }
            }
        }
        return busy.sorted { $0.start != $1.start ? $0.start < $1.start : $0.end < $1.end }
    }
}

import CLibical
import PlanCore

/// The marks plan writes on each sitting it exports or syncs (the UID
/// `<task id>-<n>@plan` and `X-PLAN-TASK-ID`), read back with libical: how
/// `plan sync` tells its own resources from anyone else's.
package enum SittingMarkers {
    /// Each VEVENT of `bytes` that carries `X-PLAN-TASK-ID`: its UID and
    /// that task id; or `X-PLAN-SESSION-ID` (a study session plan wrote): its
    /// UID and an empty task id. Empty when libical finds none (not plan's,
    /// or not iCalendar).
    package static func read(_ bytes: [UInt8], label: String) -> [(uid: String, taskId: String)] {
        ICalExporter.lock.lock()
        defer { ICalExporter.lock.unlock() }
        var doc = ReadDocument()
        var reader = LibicalReader(file: label, lines: ContentLines(bytes))
        let roots = reader.parseRoots(&doc)
        defer { for r in roots { icalcomponent_free(r) } }
        var out: [(String, String)] = []
        for root in roots { collect(root, into: &out) }
        return out
    }

    private static func collect(_ comp: OpaquePointer, into out: inout [(String, String)]) {
        if icalcomponent_isa(comp) == ICAL_VEVENT_COMPONENT {
            guard let uid = icalcomponent_get_uid(comp).map({ String(cString: $0) }) else { return }
            var p = icalcomponent_get_first_property(comp, ICAL_X_PROPERTY)
            while let prop = p {
                if let name = icalproperty_get_x_name(prop).map({ String(cString: $0).uppercased() }), let value = icalproperty_get_x(prop) {
                    if name == "X-PLAN-TASK-ID" {
                        out.append((uid, String(cString: value)))
                        return
                    }
                    if name == "X-PLAN-SESSION-ID" {
                        out.append((uid, ""))
                        return
                    }
                }
                p = icalcomponent_get_next_property(comp, ICAL_X_PROPERTY)
            }
            return
        }
        var child = icalcomponent_get_first_component(comp, ICAL_ANY_COMPONENT)
        while let c = child {
            collect(c, into: &out)
            child = icalcomponent_get_next_component(comp, ICAL_ANY_COMPONENT)
        }
    }
}

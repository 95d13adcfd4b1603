import CLibical
import PlanCore

/// The marks plan writes on each sitting it exports or syncs (the UID
/// `<task id>-<n>@plan` and `X-PLAN-TASK-ID`), read back with libical: how
/// `plan sync` tells its own resources from anyone else's.
package enum SittingMarkers {
    /// Each VEVENT of `bytes` that carries `X-PLAN-TASK-ID`: its UID and
    /// that task id. Empty when libical finds none (not plan's, or not iCalendar).
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
                if let name = icalproperty_get_x_name(prop), String(cString: name).uppercased() == "X-PLAN-TASK-ID",
                   let value = icalproperty_get_x(prop) {
                    out.append((uid, String(cString: value)))
                    return
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

    /// Whether `uid` is of the form plan gives sittings (`<task id>-<n>@plan`) for `taskId`.
    package static func isSittingUID(_ uid: String, taskId: String) -> Bool {
        guard uid.hasPrefix(taskId + "-"), uid.hasSuffix("@plan") else { return false }
        let n = uid.dropFirst(taskId.count + 1).dropLast(5)
        return !n.isEmpty && n.allSatisfy(\.isASCII) && Int(n) != nil
    }
}

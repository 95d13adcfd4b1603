import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The `calendar.*` methods that register, list and remove calendars.
extension RPCServer {
    func calendarAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "name", "insecure"])
        let path = try p.name("path")
        let name = try p.optionalString("name")
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw RPCError.params(p.pointer("name"), "must not be empty") }
        let insecure = try p.optionalBool("insecure") ?? false
        return try withService { service in
            do {
                let (source, result) = try service.addCalendar(path: path, name: name, insecure: insecure)
                return Self.encode(Wire.CalendarAdded(calendar: Wire.NamedCalendar(source), eventCount: result.eventCount,
                                                       warnings: result.warnings))
            } catch ServiceError.calendar(let c) {
                throw RPCError(.calendar(c), pointer: p.pointer("path"))
            }
        }
    }

    func calendarList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { Self.encode(try $0.calendars().map(Wire.NamedCalendar.init)) }
    }

    func calendarRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name"])
        let name = try p.name("name")
        return try withService { service in
            try service.removeCalendar(named: name)
            return Self.encode(Wire.Removed(removed: name))
        }
    }
}

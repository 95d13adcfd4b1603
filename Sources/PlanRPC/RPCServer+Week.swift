import Foundation
import PlanCore
import PlanProtocol
import PlanService

/// `plan.week`: the laid-out week of `plan week --json`, for editors.
extension RPCServer {
    func planWeek(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["from", "days", "tz", "calendars", "onlyClasses"])
        let days = try p.optionalInt("days", in: 1...31) ?? 7
        _ = try p.optionalString("from")
        let tz = try p.optionalString("tz")
        if let tz, SystemZone(identifier: tz) == nil {
            throw RPCError.params(p.pointer("tz"), "\"\(tz)\" is not an IANA time zone (e.g. America/New_York)")
        }
        let calendars = try p.optionalStrings("calendars") ?? []
        let onlyClasses = try p.optionalBool("onlyClasses") ?? false
        return try withService { service in
            let zone = try tz.flatMap(SystemZone.init(identifier:)) ?? service.zone()
            let today = zone.local(service.now).date
            let first = try Inputs.date(p, "from", now: service.now, zone: zone)?.day(in: zone)
                ?? today.adding(days: 1 - today.isoWeekday)
            let gathered = try service.week(from: first, days: days, zone: zone.identifier, extraCalendars: calendars,
                                            onlyClasses: onlyClasses)
            return WeekJSON.text(WeekLayout(gathered.input))
        }
    }
}

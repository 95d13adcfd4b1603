import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The `policy.*` methods.
extension RPCServer {
    func policyGet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { Self.encode(Wire.Settings(try $0.settings(defaultZone: environment.defaultZone))) }
    }

    func policySet(_ p: Params) throws(RPCError) -> String {
        let durations = ["buffer", "breakBetweenSittings", "granularity", "maxPerDay"]
        try p.allowOnly(["timeZone", "dayStart", "dayEnd", "workingDays"] + durations + ["busy"])
        let tz = try p.optionalString("timeZone")
        if let tz, SystemZone(identifier: tz) == nil {
            throw RPCError.params(p.pointer("timeZone"), "unknown time zone \"\(tz)\" (expected an IANA name such as America/New_York)",
                                  kind: ScheduleRequestError.Kind.unknownZone.rawValue)
        }
        var change = PolicyChange()
        change.timeZone = tz
        change.policy.dayStart = try Inputs.clock(p, "dayStart", allow24: false)?.hhmm
        change.policy.dayEnd = try Inputs.clock(p, "dayEnd", allow24: true)?.hhmm
        change.policy.workingDays = try p.optionalStrings("workingDays")?.map { $0.uppercased() }
        change.policy.buffer = try Inputs.duration(p, "buffer").map(ISODuration.format)
        change.policy.breakBetweenSittings = try Inputs.duration(p, "breakBetweenSittings").map(ISODuration.format)
        change.policy.granularity = try Inputs.duration(p, "granularity").map(ISODuration.format)
        change.policy.maxPerDay = try Inputs.duration(p, "maxPerDay").map(ISODuration.format)
        if let busy = try p.optionalObject("busy") {
            try busy.allowOnly(["allDay", "tentative"])
            change.policy.busy = ScheduleRequest.BusySpec(allDay: try busy.optionalBool("allDay"), tentative: try busy.optionalBool("tentative"))
        }
        return try mapped(relocate: { e in
            e.field.hasPrefix("/policy/") ? String(e.field.dropFirst("/policy".count)) : e.field
        }) {
            let service = try environment.openService()
            let s = try service.updateSettings(defaultZone: environment.defaultZone, change.apply)
            return Self.encode(Wire.Settings(s))
        }
    }
}

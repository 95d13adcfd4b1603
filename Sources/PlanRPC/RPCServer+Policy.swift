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
        return try withService { Self.encode(Wire.Settings(try $0.settings())) }
    }

    func policySet(_ p: Params) throws(RPCError) -> String {
        let durations = ["buffer", "breakBetweenSittings", "granularity", "maxPerDay", "finishEarly"]
        try p.allowOnly(["timeZone", "dayStart", "dayEnd", "workingDays"] + durations + ["busy", "placement", "prefer", "horizon", "learn"])
        var input = PolicyInput()
        input.timeZone = try p.optionalString("timeZone")
        input.horizon = try p.optionalString("horizon")
        input.learn = try p.optionalBool("learn").map { $0 ? "on" : "off" }
        input.policy = ScheduleRequest.PolicySpec(
            dayStart: try p.optionalString("dayStart"), dayEnd: try p.optionalString("dayEnd"),
            workingDays: try p.optionalStrings("workingDays"), buffer: try p.optionalString("buffer"),
            breakBetweenSittings: try p.optionalString("breakBetweenSittings"), granularity: try p.optionalString("granularity"),
            maxPerDay: try p.optionalString("maxPerDay"), placement: try p.optionalString("placement"),
            finishEarly: try p.optionalString("finishEarly"), prefer: try p.optionalString("prefer"))
        if let busy = try p.optionalObject("busy") {
            try busy.allowOnly(["allDay", "tentative"])
            input.policy.busy = ScheduleRequest.BusySpec(allDay: try busy.optionalBool("allDay"), tentative: try busy.optionalBool("tentative"))
        }
        return try mapped(relocate: { e in
            e.field.hasPrefix("/policy/") ? String(e.field.dropFirst("/policy".count)) : e.field
        }) {
            let service = try environment.openService()
            let s = try service.updateSettings(input)
            return Self.encode(Wire.Settings(s))
        }
    }
}

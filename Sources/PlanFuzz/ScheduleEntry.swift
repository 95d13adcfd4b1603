import Foundation
import PlanCore
import PlanProtocol
import PlanRPC

/// `plan schedule` under fuzzing: a request's bytes read by the request
/// reader, checked (with the limits both faces apply), planned around no
/// calendar, and written as the response.
public enum ScheduleEntry {
    /// The clock when the request has no `now`: Monday 2026-11-23 13:00 UTC.
    static let now = Instant(seconds: 1_795_438_800)

    public static func run(_ bytes: [UInt8]) {
        guard let request = try? ScheduleRequest.decode(Data(bytes)),
              let input = try? request.validated(defaultNow: now),
              (try? StatelessSchedule.checkLimits(input)) != nil else { return }
        let plan = StatelessSchedule.plan(input, occurrences: [])
        blackHole(ScheduleResponse(plan: plan, zone: input.policy.zone).jsonText().utf8.count)
    }
}

import Foundation
import PlanProtocol
@testable import PlanCore

/// Runs a JSON request through the whole contract: decode, validate, plan
/// against `busy`, and render the response.
struct Run {
    let input: ScheduleInput
    let plan: Plan
    let response: ScheduleResponse

    init(_ json: String, busy: [BusyBlock] = []) throws {
        input = try ScheduleRequest.decode(Data(json.utf8)).validated()
        plan = input.scheduler.plan(tasks: input.tasks, busy: busy)
        response = ScheduleResponse(plan: plan, zone: input.policy.zone)
    }

    var zone: SystemZone { input.policy.zone }

    /// `Mon 09:00–10:30` for each sitting of a task, on the request's clock.
    func sittings(_ id: String) -> [String] {
        plan.sittings.filter { $0.taskId == id }.map { s in
            let a = zone.local(s.range.start), b = zone.local(s.range.end)
            return "\(Weekday(a.date).shortName) \(pad2(a.hour)):\(pad2(a.minute))–\(pad2(b.hour)):\(pad2(b.minute))"
        }
    }

    func task(_ id: String) -> ScheduleResponse.TaskEntry { response.tasks.first { $0.id == id }! }
    func diagnostic(_ id: String) -> Wire.Diagnostic? { response.diagnostics.first { $0.taskId == id } }

    /// Sitting time per local date.
    var perDay: [String: Int64] {
        var out: [String: Int64] = [:]
        for s in plan.sittings { out[zone.local(s.range.start).date.isoString, default: 0] += s.range.duration }
        return out
    }
}

/// Weekly classes as imported occurrences: on each date, each `HH:MM-HH:MM` span.
func classOccurrences(_ dates: [LocalDate], _ spans: [String], zone: SystemZone, title: String = "Class") -> [Occurrence] {
    var out: [Occurrence] = []
    for d in dates {
        for span in spans {
            let parts = span.split(separator: "-").map { TimeOfDay(hhmm: String($0), allowEndOfDay: true)! }
            func at(_ t: TimeOfDay) -> Instant {
                zone.resolve(LocalDateTime(date: d, hour: t.minutes / 60, minute: t.minutes % 60))
            }
            out.append(Occurrence(uid: "\(title)-\(d)-\(span)", recurrenceId: nil, start: .utc(at(parts[0])),
                                  end: .utc(at(parts[1])), summary: title, status: nil, transparent: false,
                                  tzid: zone.identifier, source: "timetable.ics"))
        }
    }
    return out
}

/// Busy blocks from classes under the request's policy (rule 1).
func classes(_ dates: [LocalDate], _ spans: [String], json: String) throws -> [BusyBlock] {
    let input = try ScheduleRequest.decode(Data(json.utf8)).validated()
    return input.policy.busyBlocks(from: classOccurrences(dates, spans, zone: input.policy.zone))
}

func date(_ s: String) -> LocalDate { LocalDate(iso: s)! }

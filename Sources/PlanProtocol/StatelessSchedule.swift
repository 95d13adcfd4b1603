import PlanCore
import PlanICal
import PlanService

/// The stateless scheduling contract (`plan schedule` and the `schedule` RPC
/// method): a validated request and calendars in, the plan out. No store.
package enum StatelessSchedule {
    /// Where a calendar comes from.
    package enum CalendarInput: Hashable, Sendable {
        /// An .ics file.
        case path(String)
        /// .ics text given inline (`label` names it in warnings and errors).
        case ics(String, label: String)
    }

    /// A calendar that could not be read, by its position among the inputs.
    package struct CalendarFailure: Error, Sendable {
        package var index: Int
        package var error: ImportError
    }

    /// The range the calendars are expanded over: from a day before `now` to
    /// a day after the last due, and as far again as the diagnosis looks for
    /// a later due that would fit.
    package static func window(for input: ScheduleInput) -> TimeRange {
        let lastDue = max(input.latestDue ?? input.now, input.now)
        return TimeRange(start: input.now - 86_400,
                         end: lastDue + 86_400 + Int64(input.scheduler.fixSearchDays) * 86_400)
    }

    /// Reads every calendar over the request's window. All are read (so every
    /// warning is collected); the failures come back by index, unreadable
    /// files first, because a plan that ignored a calendar would double-book.
    package static func occurrences(_ calendars: [CalendarInput], for input: ScheduleInput)
        -> (occurrences: [Occurrence], warnings: [ImportWarning], failures: [CalendarFailure]) {
        let options = ImportOptions(window: window(for: input), floatingZone: input.policy.zone)
        var occurrences: [Occurrence] = []
        var warnings: [ImportWarning] = []
        var failures: [CalendarFailure] = []
        for (i, c) in calendars.enumerated() {
            do {
                let result: ImportResult
                switch c {
                case .path(let path): result = try ICalImporter.importFile(path: path, options: options)
                case .ics(let text, let label): result = try ICalImporter.importData(Array(text.utf8), label: label, options: options)
                }
                warnings += result.warnings
                occurrences += result.occurrences
            } catch {
                failures.append(CalendarFailure(index: i, error: error))
            }
        }
        failures.sort { a, b in
            let ua = if case .unreadable = a.error { 0 } else { 1 }
            let ub = if case .unreadable = b.error { 0 } else { 1 }
            return (ua, a.index) < (ub, b.index)
        }
        return (occurrences, warnings, failures)
    }

    /// The bounds a validated request must keep (``InputLimits``, as for a
    /// task typed or sent), checked by both faces before planning: every duration at most 366 days, `due` and
    /// `start` within ten years of `now`. (A due a thousand years after `now`
    /// once overflowed the scheduler's stack: found by the fuzzer.)
    package static func checkLimits(_ input: ScheduleInput) throws(ScheduleRequestError) {
        func long(_ v: Int64, _ pointer: String, _ taskId: String? = nil) throws(ScheduleRequestError) {
            if v > InputLimits.maxDuration {
                throw ScheduleRequestError(.badValue, taskId: taskId, field: pointer,
                                           message: "\(ISODuration.format(v)) is longer than \(InputLimits.maxDuration / 3600) hours, the most plan accepts")
            }
        }
        try long(input.policy.buffer, "/policy/buffer")
        try long(input.policy.breakBetweenSittings, "/policy/breakBetweenSittings")
        if let m = input.policy.maxPerDay { try long(m, "/policy/maxPerDay") }
        try long(input.policy.finishEarly, "/policy/finishEarly")
        for (i, t) in input.tasks.enumerated() {
            try long(t.estimate, "/tasks/\(i)/estimate", t.id)
            try long(t.span, "/tasks/\(i)/span", t.id)
            try long(t.minSitting, "/tasks/\(i)/minSitting", t.id)
            try long(t.done, "/tasks/\(i)/done", t.id)
            if abs(t.due - input.now) > InputLimits.maxHorizon {
                throw ScheduleRequestError(.badValue, taskId: t.id, field: "/tasks/\(i)/due", message: "more than ten years from now")
            }
            if let s = t.start, abs(s - input.now) > InputLimits.maxHorizon {
                throw ScheduleRequestError(.badValue, taskId: t.id, field: "/tasks/\(i)/start", message: "more than ten years from now")
            }
        }
    }

    /// The plan for a validated request around the given occurrences.
    package static func plan(_ input: ScheduleInput, occurrences: [Occurrence]) -> Plan {
        input.scheduler.plan(tasks: input.tasks, busy: input.policy.busyBlocks(from: occurrences))
    }

    /// The busiest day of `plan`'s coming fortnight and the least possible for the work it schedules.
    package static func load(_ input: ScheduleInput, plan: Plan, occurrences: [Occurrence]) -> FortnightLoad {
        let scheduled = Set(plan.tasks.filter { $0.status == .scheduled }.map(\.id))
        return FortnightLoad(sittings: plan.sittings, tasks: input.tasks.filter { scheduled.contains($0.id) },
                             scheduler: input.scheduler, busy: input.policy.busyBlocks(from: occurrences))
    }

    /// Request and calendars to the contract's response, or the first
    /// calendar failure.
    package static func run(_ input: ScheduleInput, calendars: [CalendarInput])
        throws(CalendarFailure) -> (response: ScheduleResponse, warnings: [ImportWarning]) {
        let read = occurrences(calendars, for: input)
        if let first = read.failures.first { throw first }
        let plan = plan(input, occurrences: read.occurrences)
        let load = load(input, plan: plan, occurrences: read.occurrences)
        return (ScheduleResponse(plan: plan, load: load, zone: input.policy.zone), read.warnings)
    }
}

import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService

/// `plan schedule`: the stateless form of the scheduling contract. Reads a
/// request and calendars, plans, prints the response; no store is touched.
struct ScheduleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schedule",
        abstract: "Fit tasks into the free time around your calendars.",
        discussion: """
        Reads a scheduling request (JSON, Schemas/schedule-request.schema.json) and the \
        .ics calendars given with --calendar, places every task's remaining work in \
        sittings around the busy time, and prints the plan day by day, or the response \
        JSON (Schemas/schedule-response.schema.json) with --json. Nothing is stored.

        A request; in a task only id, title, estimate and due are required, and
        "policy" may be left out (defaults: 07:00-22:00 every day, no buffer, 15-minute
        break, 5-minute grid, no daily maximum, tentative events busy, all-day free):
          {"timeZone": "America/New_York", "now": "2026-11-23T08:00:00-05:00",
           "policy": {"dayStart": "07:00", "dayEnd": "22:00", "buffer": "PT10M",
             "breakBetweenSittings": "PT15M", "granularity": "PT5M",
             "maxPerDay": "PT6H", "busy": {"allDay": false, "tentative": true}},
           "tasks": [{"id": "essay", "title": "History essay", "estimate": "PT6H",
             "span": "PT2H", "minSitting": "PT30M", "earliest": "09:00",
             "due": "2026-12-10T17:00", "priority": 3, "done": "PT1H"}]}
        Without "now" the clock is used.

        Examples:
          plan schedule --calendar Examples/fall-2026-classes.ics --tasks week.json
          plan schedule --calendar a.ics --calendar b.ics --tasks week.json --json
          cat week.json | plan schedule --tasks -

        A task that does not fit gets no sittings and an explanation: what it needs, \
        how much fits, what limits it, and the smallest change to each of its own \
        fields that makes it fit. That is a result, not an error.

        Exit codes: 0 a plan was computed (even if some tasks do not fit); 65 the \
        request is invalid (the message names the task and field) or a calendar has \
        nothing readable; 66 a file is missing or unreadable; 64 bad options.
        """
    )

    @Option(name: .customLong("calendar"),
            help: ArgumentHelp("An .ics file whose events are busy time (repeat for several).", valueName: "file.ics"))
    var calendars: [String] = []

    @Option(name: .customLong("tasks"),
            help: ArgumentHelp("The request JSON; - reads standard input.", valueName: "request.json"))
    var request: String

    @Flag(help: "Print the response JSON instead of the readable plan.")
    var json = false

    @OptionGroup var output: OutputOptions

    func run() throws {
        let label = request == "-" ? "<stdin>" : request
        let data: Data
        do {
            data = Data(try request == "-" ? BoundedRead.read(FileHandle.standardInput) : BoundedRead.read(path: request))
        } catch .tooLarge(let limit) {
            printError("\(label): invalid request: larger than \(limit) bytes, the most plan reads as a request")
            throw PlanExit.dataError
        } catch {
            printError("\(label): cannot read: \(error.description)")
            throw PlanExit.noInput
        }
        let clock = Instant(seconds: Int64(Date().timeIntervalSince1970.rounded(.down)))
        let input: ScheduleInput
        do {
            input = try ScheduleRequest.decode(data).validated(defaultNow: clock)
            try StatelessSchedule.checkLimits(input)
        } catch {
            printError("\(label): invalid request: \(error.description)")
            throw PlanExit.dataError
        }

        // The same path as the `schedule` RPC method.
        for file in calendars { printVerbose("read calendar file \(file)") }
        let read = StatelessSchedule.occurrences(calendars.map { .path($0) }, for: input)
        printWarnings(read.warnings)
        let statuses = read.failures.map { failure(.calendar($0.error)) }
        // A plan that ignored a calendar would double-book: print none.
        if let first = statuses.first { throw first }
        let plan = StatelessSchedule.plan(input, occurrences: read.occurrences)
        let zone = input.policy.zone
        let load = StatelessSchedule.load(input, plan: plan, occurrences: read.occurrences)
        if json { print(ScheduleResponse(plan: plan, load: load, zone: zone).jsonText(), terminator: "") } else { show(plan.text(zone: zone), terminator: "") }
    }
}

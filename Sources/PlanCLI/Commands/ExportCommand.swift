import ArgumentParser
import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the merged calendar (classes + planned sittings + study sessions) as .ics.",
        discussion: """
        The imported events go out as they were written (RRULEs, time zones, UIDs, \
        parameters, and value lists such as CATEGORIES:CLASS,CS 201 on one line); each \
        sitting becomes one event with a stable UID, SUMMARY "Project: Task", CATEGORIES \
        (the project), a DESCRIPTION with the task's notes and its id, and X-PLAN-TASK-ID, \
        its times in your time zone (TZID and a VTIMEZONE, see plan policy). Each study-group \
        session you go to (plan group) is one event too, with the invitation's UID, SUMMARY \
        "Course: Title (study group)", its LOCATION and X-PLAN-SESSION-ID. Any calendar \
        app imports the file. Use - to write to stdout.
        """)

    @Argument(help: ArgumentHelp("Output file, or - for stdout.", valueName: "out.ics")) var output: String
    @Option(help: ArgumentHelp("Only sittings and sessions from this date.", valueName: "date")) var from: String?
    @Option(help: ArgumentHelp("Only sittings and sessions before this date.", valueName: "date")) var to: String?
    @Flag(help: "Leave the imported calendars out: only the planned sittings and study sessions.") var onlyPlan = false
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let zone = try service.zone()
            func instant(_ text: String?, _ option: String) throws -> Instant? {
                guard let text else { return nil }
                guard let v = HumanInput.date(text, now: service.now, zone: zone) else {
                    let tomorrow = HumanInput.nearDays(now: service.now, zone: zone).tomorrow
                    throw ValidationError("\(option) \(text): expected a date like \(tomorrow)")
                }
                return v.instant(in: zone)
            }
            let text = try service.export(from: try instant(from, "--from"), to: try instant(to, "--to"), onlyPlan: onlyPlan)
            if output == "-" {
                FileHandle.standardOutput.write(Data(text.utf8))
            } else {
                try FileOutput.write(text, to: output)
                if !options.json { say("Wrote \(output).") }
            }
        }
    }
}

import ArgumentParser
import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanImage
import PlanProtocol
import PlanRender
import PlanStore

/// The `plan` command: its subcommands are the whole shell interface.
package struct PlanCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Fit your work around your fixed timetable.",
        discussion: """
        plan reads the calendars you already have (.ics), keeps your projects and \
        tasks, and fits work sessions into the free time around your classes.

        Start here:
          plan add-task "History essay" --estimate 6h --due fri --calendar classes.ics
          plan agenda
          plan export study-plan.ics

        Exit codes: 0 ok; 1 plan doctor found a problem; 3 the task does not fit (nothing saved); 4 it fits only if \
        other tasks move (nothing saved; use --replan); 64 usage error; 65 bad input \
        data (a calendar or request that cannot be read, an unknown task); 66 a file \
        that is missing or unreadable, or a store path that is not a file; 70 internal error; 73 cannot create or change the \
        store (read-only) or an output file, or write the sync collection; 74 the disk is full or failed (nothing \
        changed); 75 the store is busy, try again.
        """,
        // The libraries' versions are asked for only by `plan --version` (see ``main()``):
        // reading them costs every other command a few milliseconds.
        version: "plan \(planVersion)",
        subcommands: [EventsCommand.self, ScheduleCommand.self, CalendarCommand.self, SyncCommand.self, ProjectCommand.self, AddTaskCommand.self, TasksCommand.self,
                      TaskCommand.self, DoneCommand.self, AgendaCommand.self, ReplanCommand.self, ReviewCommand.self, PolicyCommand.self,
                      ExportCommand.self, CoursesCommand.self, GradesCommand.self, WeekCommand.self, MeCommand.self, GroupCommand.self,
                      RPCCommand.self, DoctorCommand.self, BackupCommand.self, RestoreCommand.self]
    )

    package init() {}

    /// Parses the command line and runs the command; a failure exits with its
    /// documented status, reported as text or, with `--json`, as one JSON
    /// object on stderr (``ErrorReport``).
    package static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments == ["--version"] {
            print(versionText)
            return
        }
        if arguments == ["--generate-completion-script", "fish"] || arguments == ["--generate-completion-script=fish"] {
            print(FishCompletionScript.text)
            return
        }
        ErrorReport.shared.start(json: ErrorReport.asksForJSON(arguments))
        if let (problem, path) = CommandLineCheck.problem(arguments) {
            let see = "  See 'plan \((path + ["--help"]).joined(separator: " "))' for more information."
            if let line = ErrorReport.shared.jsonLine(.usage, fallback: problem) {
                FileHandleStderr.write(line + "\n")
            } else {
                FileHandleStderr.write(TerminalText.output("Error: \(problem)\n\(see)\n", keepingStyle: false))
            }
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        var ran: (any ParsableCommand.Type)?
        do {
            var command = try parseAsRoot(arguments)
            ran = type(of: command)
            try command.run()
        } catch {
            let code = exitCode(for: error)
            let status = ExitStatus(rawValue: code.rawValue) ?? .software
            // What was typed may be quoted back: a URL in it is shown without its credentials.
            if let line = ErrorReport.shared.jsonLine(status, fallback: message(for: error)) {
                FileHandleStderr.write(SubscriptionURL.hidingCredentials(in: line) + "\n")
                Foundation.exit(code.rawValue)
            }
            // Help and the version are plan's own text, on stdout.
            guard code != .success else { exit(withError: error) }
            // A usage error may quote what was typed: written inert, as every message is.
            // One found by the command itself, after parsing, points at that command's help,
            // not at the root's usage (ArgumentParser knows only the root by then).
            let text = if code == .validationFailure, let ran, let path = commandPath(to: ran), !path.isEmpty {
                "Error: \(message(for: error))\n  See 'plan \(path.joined(separator: " ")) --help' for more information."
            } else {
                fullMessage(for: error)
            }
            if !text.isEmpty {
                FileHandleStderr.write(TerminalText.output(SubscriptionURL.hidingCredentials(in: text) + "\n", keepingStyle: false))
            }
            Foundation.exit(code.rawValue)
        }
    }
}

/// The subcommand names that lead from `plan` to `command` (empty for
/// `plan` itself), nil when it is not one of plan's commands.
func commandPath(to command: any ParsableCommand.Type, from root: any ParsableCommand.Type = PlanCommand.self) -> [String]? {
    if command == root { return [] }
    for sub in root.configuration.subcommands {
        if let rest = commandPath(to: command, from: sub) { return [sub._commandName] + rest }
    }
    return nil
}

/// plan's own version.
package let planVersion = "0.1.0"

/// What `plan --version` prints: plan's version, then the versions of the
/// libraries this process actually runs with (asked at run time) and the
/// store schema it writes.
package var versionText: String {
    """
    plan \(planVersion)
    libical \(LibicalVersion.linked)
    SQLite \(PlanStore.sqliteVersion) (store schema \(PlanStore.schemaVersion))
    librsvg \(PNGImage.librsvgVersion)
    """
}

import ArgumentParser

/// The `plan` command: its subcommands are the whole shell interface.
public struct PlanCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Fit your work around your fixed timetable.",
        discussion: """
        plan reads the calendars you already have (.ics), keeps your projects and \
        tasks, and fits work sessions into the free time around your classes.

        Exit codes: 0 ok, 64 usage error, 65 bad input data (a calendar or request \
        that cannot be read), 66 a file that is missing or unreadable, 70 internal error.
        """,
        version: planVersion,
        subcommands: [EventsCommand.self, ScheduleCommand.self, CalendarCommand.self, ProjectCommand.self, AddTaskCommand.self, TasksCommand.self,
                      TaskCommand.self, DoneCommand.self, AgendaCommand.self, ReplanCommand.self, PolicyCommand.self,
                      ExportCommand.self]
    )

    public init() {}
}

/// The version `plan --version` prints.
public let planVersion = "0.1.0"

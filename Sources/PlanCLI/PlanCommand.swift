import ArgumentParser

/// The `plan` command: its subcommands are the whole shell interface.
public struct PlanCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Fit your work around your fixed timetable.",
        discussion: """
        plan reads the calendars you already have (.ics), keeps your projects and \
        tasks, and fits work sessions into the free time around your classes.

        Start here:
          plan add-task "History essay" --estimate 6h --due fri --calendar classes.ics
          plan agenda
          plan export study-plan.ics

        Exit codes: 0 ok; 3 the task does not fit (nothing saved); 4 it fits only if \
        other tasks move (nothing saved; use --replan); 64 usage error; 65 bad input \
        data (a calendar or request that cannot be read, an unknown task); 66 a file \
        that is missing or unreadable; 69 not available yet (a CalDAV group calendar); 70 internal error; 73 cannot create the store or \
        an output file; 75 the store is busy, try again.
        """,
        version: planVersion,
        subcommands: [EventsCommand.self, ScheduleCommand.self, CalendarCommand.self, SyncCommand.self, ProjectCommand.self, AddTaskCommand.self, TasksCommand.self,
                      TaskCommand.self, DoneCommand.self, AgendaCommand.self, ReplanCommand.self, PolicyCommand.self,
                      ExportCommand.self, CoursesCommand.self, GradesCommand.self, WeekCommand.self, MeCommand.self, GroupCommand.self,
                      RPCCommand.self]
    )

    public init() {}
}

/// The version `plan --version` prints.
public let planVersion = "0.1.0"

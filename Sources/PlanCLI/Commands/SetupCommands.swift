import ArgumentParser
import Foundation
import PlanCore
import PlanProtocol
import PlanRender
import PlanService
import PlanStore

struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar", abstract: "Register the .ics calendars (files or subscriptions) whose events are busy time.",
        discussion: """
            Registered calendars are read again on every planning run, so an updated class schedule is picked up. \
            A subscription (https:// or webcal://) is fetched only when the server says it changed (ETag, Last-Modified); \
            its last good copy is kept in the store and used, with a warning, when the server cannot be reached. \
            Credentials come from PLAN_CALDAV_USER/PLAN_CALDAV_PASSWORD, a password command (--password-command, \
            kept for the host; or PLAN_CALDAV_PASSWORD_COMMAND), or ~/.netrc ($NETRC); never from the URL, and plan never \
            prints or stores a password.

            Examples:
              plan calendar add Examples/fall-2026-classes.ics --name classes
              plan calendar add webcal://calendar.example.edu/fall-2026/cs201.ics --name cs201
              plan calendar add https://dav.example.edu/ada/timetable.ics --user ada --password-command 'pass show uni/dav'
            """,
        subcommands: [Add.self, List.self, Remove.self, Target.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Register a calendar file, an https:// / webcal:// subscription or a CalDAV collection (read once to check it).")
        @Argument(help: ArgumentHelp("A .ics file, or the URL of a published calendar.", valueName: "file.ics|URL")) var file: String
        @Option(help: "Name to refer to it by. Default: the file name (a URL's last path part, else its host).") var name: String?
        @Flag(help: "Allow a plain http:// URL to another machine (sent unencrypted, without credentials).") var insecure = false
        @OptionGroup var credentials: PasswordCommandOptions
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let (source, result) = try service.addCalendar(path: file, name: name, insecure: insecure,
                                                               passwordCommand: credentials.passwordCommand, user: credentials.user)
                printWarnings(result.warnings)
                confirm(options.json, Wire.NamedCalendar(source)) {
                    "Registered calendar \"\(source.name)\": \(source.location) (\(result.eventCount) event\(TimeText.plural(result.eventCount))).\n"
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List registered calendars.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let all = try service.calendars()
                emit(options.json, all.map(Wire.NamedCalendar.init)) {
                    all.isEmpty ? "No calendars. Add one with `plan calendar add FILE.ics`.\n"
                        : all.map { "\($0.name)  \($0.location)\n" }.joined()
                }
            }
        }
    }

    struct Target: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "target", abstract: "Set the CalDAV collection `plan sync` writes the study sittings to.",
            discussion: """
                The collection must be a calendar; --create makes it (MKCALENDAR, named "Study plan", with a colour). \
                Without URL, shows the one set.

                Example:
                  plan calendar target https://dav.example.org/alex/study/ --create
                """)
        @Argument(help: ArgumentHelp("The collection's URL (https://, or http:// on this machine).", valueName: "URL")) var url: String?
        @Flag(help: "Make the collection (named \"Study plan\") when there is none at URL.") var create = false
        @Option(help: ArgumentHelp("The colour --create gives it.", valueName: "#rrggbb")) var color = "#3A7BD5"
        @Flag(help: "Allow a plain http:// URL to another machine.") var insecure = false
        @OptionGroup var credentials: PasswordCommandOptions
        @OptionGroup var options: StoreOptions

        func validate() throws {
            if url == nil && (credentials.passwordCommand != nil || create) { throw ValidationError("--password-command and --create need the collection's URL") }
        }

        func run() throws {
            try withService(options) { service in
                guard let url else {
                    let kept = try service.syncTarget()
                    confirm(options.json, Wire.SyncTarget(url: kept, created: false)) {
                        kept.map { "\($0)\n" } ?? "No sync target. Set one with `plan calendar target URL` (--create to make it).\n"
                    }
                    return
                }
                let set = try service.setSyncTarget(url, create: create, color: color, insecure: insecure,
                                                    passwordCommand: credentials.passwordCommand, user: credentials.user)
                confirm(options.json, Wire.SyncTarget(url: set.url, created: set.created)) {
                    set.created ? "Created the calendar \"Study plan\" at \(set.url); `plan sync` writes there.\n"
                        : "`plan sync` writes to \(set.url).\n"
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Unregister a calendar (the file is not touched).")
        @Argument(help: "Its name (see `plan calendar list`).") var name: String
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                try service.removeCalendar(named: name)
                if options.json { print(Wire.encode(["removed": name])) } else { say("Removed calendar \"\(TerminalText.label(name))\".") }
            }
        }
    }
}

struct ProjectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "project", abstract: "Group tasks by project (a course, say).",
        subcommands: [Add.self, List.self, Remove.self])

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "add", abstract: "Add a project.")
        @Argument(help: "The project's name, e.g. CS201.") var name: String
        @Option(help: "A colour name or #rrggbb, shown by calendar apps that read CATEGORIES colours.") var color: String?
        @Option(help: "Free text kept with the project.") var notes: String?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let p = try service.addProject(name: name, color: color, notes: notes)
                confirm(options.json, Wire.Project(p)) { "Added project \"\(TerminalText.label(p.name))\".\n" }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List projects.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let all = try service.projects()
                emit(options.json, all.map(Wire.Project.init)) {
                    all.isEmpty ? "No projects. Add one with `plan project add NAME`.\n"
                        : all.map { "\(TerminalText.label($0.name))\($0.color.map { "  (\(TerminalText.label($0)))" } ?? "")\n" }.joined()
                }
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove a project; refused while it has tasks, unless --force (which removes them too).")
        @Argument(help: "The project's name, e.g. CS201.") var name: String
        @Flag(help: "Also remove its tasks.") var force = false
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let removed = try service.removeProject(named: name, force: force)
                if options.json {
                    print(Wire.encode(["removed": [name] + removed]))
                } else {
                    say("Removed project \"\(name)\"\(removed.isEmpty ? "" : " and its tasks \(removed.joined(separator: ", "))").")
                }
            }
        }
    }
}

struct PolicyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "policy", abstract: "Show or change when plan may schedule work.",
        subcommands: [Show.self, Set.self])

    struct Show: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the time zone and policy.")
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let w = Wire.Settings(try service.settings())
                emit(options.json, w) {
                    let p = w.policy
                    return """
                    time zone        \(w.timeZone)
                    day window       \(p.dayStart ?? "")–\(p.dayEnd ?? "")
                    working days     \((p.workingDays ?? []).joined(separator: " "))
                    buffer           \(p.buffer.flatMap(ISODuration.parse).map(ISODuration.humanString) ?? "none") around calendar events
                    break            \(p.breakBetweenSittings.flatMap(ISODuration.parse).map(ISODuration.humanString) ?? "") between sittings of a task
                    granularity      \(p.granularity.flatMap(ISODuration.parse).map(ISODuration.humanString) ?? "")
                    max per day      \(p.maxPerDay.flatMap(ISODuration.parse).map(ISODuration.humanString) ?? "no limit")
                    placement        \(p.placement ?? "")\(p.placement == Placement.balanced.rawValue ? ", " + margin(p.finishEarly) : "")
                    preferred hours  \(p.prefer.flatMap(PreferredHours.init(text:))?.phrase ?? "any hours")
                    busy: all-day    \(p.busy?.allDay == true ? "yes" : "no")
                    busy: tentative  \(p.busy?.tentative == false ? "no" : "yes")
                    horizon          \(Self.days(w.horizon.flatMap(ISODuration.parse) ?? 0)) ahead for repeating tasks
                    learn            \(w.learn == false ? "off: estimates planned as typed" : "on: new work planned by how long a project's finished work took")

                    """
                }
            }
        }

        /// `4 weeks`, `10 days`: a horizon in the units it is set in.
        static func days(_ seconds: Int64) -> String {
            let d = seconds / 86_400
            if d % 7 == 0 { return "\(d / 7) week\(d == 7 ? "" : "s")" }
            return "\(d) day\(d == 1 ? "" : "s")"
        }

        /// `finishing 24h before due where it can`, or `no margin before due`.
        func margin(_ text: String?) -> String {
            let v = text.flatMap(ISODuration.parse) ?? 0
            return v == 0 ? "no margin before due" : "finishing \(ISODuration.humanString(v)) before due where it can"
        }
    }

    struct Set: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change the policy. Already planned sittings stay; `plan replan` re-fits those it rules out.",
            discussion: """
                Example: plan policy set --day-start 08:00 --day-end 23:00 --working-days MO,TU,WE,TH,FR --max-per-day 5h
                Unset, the day runs 09:00–21:00 every day and work is balanced, finishing a day before each due.
                """)
        @Option(help: ArgumentHelp("IANA zone, e.g. America/New_York.", valueName: "zone")) var tz: String?
        @Option(help: ArgumentHelp("No work before this time of day.", valueName: "HH:MM")) var dayStart: String?
        @Option(help: ArgumentHelp("No work after this time of day.", valueName: "HH:MM")) var dayEnd: String?
        @Option(help: ArgumentHelp("Comma-separated: MO,TU,WE,TH,FR,SA,SU.", valueName: "days")) var workingDays: String?
        @Option(help: ArgumentHelp("Free time kept around calendar events (0 for none).", valueName: "duration")) var buffer: String?
        @Option(name: .customLong("break"), help: ArgumentHelp("Between two sittings of one task.", valueName: "duration")) var breakBetween: String?
        @Option(help: ArgumentHelp("Grid of start and end times; must divide an hour.", valueName: "duration")) var granularity: String?
        @Option(help: ArgumentHelp("Most work per day (0 for no limit).", valueName: "duration")) var maxPerDay: String?
        @Option(help: ArgumentHelp("How sittings are laid out: balanced (the default) levels the daily load over the days each task may use, finishing a margin before each due; early puts each sitting as early as it fits (get it over with).", valueName: "balanced|early")) var placement: String?
        // Unconditional: `--finish-early -1d` is read as the (refused) value, not as an unknown option.
        @Option(parsing: .unconditional, help: ArgumentHelp("Balanced placement finishes each task this long before its due where it can (default 1d; 0 for no margin). Never a reason to refuse a task.", valueName: "duration")) var finishEarly: String?
        @Option(help: ArgumentHelp("Hours balanced placement uses first: morning (08-12), afternoon (12-17), evening (17-22), HH:MM-HH:MM, or any (the default). Soft: work goes elsewhere when it does not fit there; a task may choose its own.", valueName: "hours")) var prefer: String?
        @Option(help: ArgumentHelp("How far ahead repeating tasks' occurrences are made and planned (default 4w; 1d to 52w). Planning commands extend it as time passes.", valueName: "duration")) var horizon: String?
        @Option(help: ArgumentHelp("Plan new work of a project or series whose finished tasks (3 or more) took more or less than their estimates (outside 0.9–1.1×) for the estimate times that ratio; on (the default) or off. `plan review` shows the ratios; `add-task --as-estimated` plans one task as typed.", valueName: "on|off")) var learn: String?
        @Option(help: ArgumentHelp("Do all-day events block the day? yes/no.", valueName: "yes|no")) var busyAllDay: String?
        @Option(help: ArgumentHelp("Do tentative events block time? yes/no.", valueName: "yes|no")) var busyTentative: String?
        @OptionGroup var options: StoreOptions

        func yesNo(_ v: String?, _ option: String) throws -> Bool? {
            guard let v else { return nil }
            switch v.lowercased() {
            case "yes", "y", "true", "on": return true
            case "no", "n", "false", "off": return false
            default: throw ValidationError("\(option) \(v): expected yes or no")
            }
        }

        func run() throws {
            try withService(options) { service in
                var input = PolicyInput()
                input.timeZone = tz
                input.horizon = horizon
                input.learn = learn
                input.policy = ScheduleRequest.PolicySpec(
                    dayStart: dayStart, dayEnd: dayEnd,
                    workingDays: workingDays.map { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } },
                    buffer: buffer, breakBetweenSittings: breakBetween, granularity: granularity, maxPerDay: maxPerDay,
                    busy: ScheduleRequest.BusySpec(allDay: try yesNo(busyAllDay, "--busy-all-day"),
                                                   tentative: try yesNo(busyTentative, "--busy-tentative")),
                    placement: placement, finishEarly: finishEarly, prefer: prefer)
                let s = try service.updateSettings(input)
                confirm(options.json, Wire.Settings(s)) { "Policy saved. Run `plan replan` to re-fit planned work to it.\n" }
            }
        }
    }
}

/// `--password-command CMD [--user NAME]`, as `plan calendar add` and
/// `plan calendar target` take them: the command is kept for the URL's host.
struct PasswordCommandOptions: ParsableArguments {
    @Option(name: .customLong("password-command"),
            help: ArgumentHelp("A command that prints the password on its first line (pass, secret-tool, security…); kept for this host and run when its server is asked. The password itself is never stored.", valueName: "command"))
    var passwordCommand: String?
    @Option(help: ArgumentHelp("The user name that goes with --password-command. Default: PLAN_CALDAV_USER, else the netrc login for the host.", valueName: "name"))
    var user: String?

    func validate() throws {
        if user != nil && passwordCommand == nil { throw ValidationError("--user goes with --password-command (for other credentials use ~/.netrc or PLAN_CALDAV_USER)") }
    }
}

import ArgumentParser
import Foundation
import PlanCore
import PlanGroups
import PlanProtocol
import PlanRender
import PlanService

struct MeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "me", abstract: "Show or set who you are in study groups: your name and email address.",
        discussion: """
            The address is the ORGANIZER of the sessions you create and the ATTENDEE whose answer \
            `plan group join` and `leave` set; addresses are compared without regard to case.

            Example: plan me --name "Ada Byron" --email ada@uni.edu
            """)
    @Option(help: "Your name, as invitations show it.") var name: String?
    @Option(help: "Your email address.") var email: String?
    @OptionGroup var options: StoreOptions

    func run() throws {
        try withService(options) { service in
            let me = name == nil && email == nil ? try service.me() : try service.setMe(name: name, email: email)
            if options.json {
                print(Wire.encode(Wire.me(me)))
            } else if let me {
                show("\(me.name.map { "\(TerminalText.label($0)) " } ?? "")<\(TerminalText.label(me.email))>")
            } else {
                show("Not set. Set it with `plan me --name \"Ada Byron\" --email ada@uni.edu`.")
            }
        }
    }
}

struct GroupCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "group", abstract: "Study groups: find a time everyone is free, propose a session, invite, join, leave.",
        discussion: """
            Invitations are standard iMIP messages (.eml files with a text/calendar part) that any \
            mail program sends and any calendar shows with Accept/Decline; plan does not send mail. \
            Set who you are first: plan me --name "Ada Byron" --email ada@uni.edu

            A group's sessions can live on a shared CalDAV calendar (a Radicale or Nextcloud \
            collection the group can write): `create --calendar URL` puts the session there, \
            `list --calendar URL` reads what the others put there, and `join`/`leave` answer there.

            Exit codes: 0 ok; 64 usage error; 65 bad input (an unknown session, a reply that is not \
            an answer to one of yours); 66 a member's calendar or the group calendar cannot be read \
            (out of reach, credentials refused, no calendar there, a server that does not answer a \
            free-busy query); 73 a message or the group calendar cannot be written.
            """,
        subcommands: [Find.self, Create.self, List.self, Reply.self, Join.self, Leave.self, Cancel.self])

    struct Find: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "find", abstract: "Find times the members are free: everyone first, then the most, then the earliest.",
            discussion: """
                Members: a .ics file, a published calendar's https:// or webcal:// address (fetched once), \
                or `me` (your registered calendars and the group sessions you go to; your planned study \
                sittings are not busy time, but a slot that would move one says which). A member's zone \
                is the one most of their events name (else yours); --between and --days are read in each \
                member's own zone. Start times lie on a 15-minute grid; the top slots do not overlap each \
                other. `caldav:URL` reads a CalDAV calendar collection's events; `freebusy:URL` asks its \
                server for the collection's free-busy time (a free-busy-query: only busy periods are \
                shared). Credentials as for `plan sync`: netrc, a password command, or the environment.

                Example: plan group find --member alice.ics --member bob.ics --member me --duration 2h \
                --within 2026-12-01..2026-12-05 --between 09:00-21:00 --days MO-FR
                """)
        @Option(name: .customLong("member"), help: ArgumentHelp("FILE.ics, https://…, caldav:URL, freebusy:URL or me, after NAME= to name the member (Ada=caldav:URL); repeat for each member.", valueName: "member"))
        var members: [String] = []
        @Option(help: ArgumentHelp("How long the session is: 2h, 90m.", valueName: "duration")) var duration: String
        @Option(help: ArgumentHelp("Where to look: FROM..TO, whole days both included (default: the next 7 days).", valueName: "FROM..TO"))
        var within: String?
        @Option(help: ArgumentHelp("The daily window, in each member's zone (default 09:00-21:00).", valueName: "HH:MM-HH:MM"))
        var between: String?
        @Option(help: ArgumentHelp("The days: MO-FR, MO,WE,FR (default: every day).", valueName: "days")) var days: String?
        @Option(help: ArgumentHelp("The grid of start times (default 15m).", valueName: "duration")) var granularity: String?
        @Option(help: ArgumentHelp("Offer only slots at least this many can come to (default 2, or 1 for one member).", valueName: "n"))
        var minMembers: Int?
        @Option(help: ArgumentHelp("How many slots to show (default 5).", valueName: "n")) var top: Int?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let zone = try service.zone()
                var input = GroupFindInput()
                input.members = members
                input.duration = duration
                input.within = within
                input.between = between
                input.days = days
                input.granularity = granularity
                input.minMembers = minMembers
                input.top = top
                let request: GroupFindRequest
                do throws(CoursesInputError) {
                    request = try input.request(now: service.now, zone: zone)
                } catch {
                    throw ValidationError(error.optionMessage)
                }
                let found = try service.findGroupTime(request)
                printWarnings(found.warnings)
                emit(options.json, Wire.GroupFound(found)) { GroupText.found(found.search, found.slots, zone: found.zone, style: Style.text) }
            }
        }
    }

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "create", abstract: "Propose a session: kept in your plan as busy time, one invitation (.eml) per invitee.",
            discussion: """
                The session is an iCalendar VEVENT with you as ORGANIZER and each invitee as an ATTENDEE \
                (PARTSTAT=NEEDS-ACTION, RSVP=TRUE), its LOCATION, GEO and the course as CATEGORIES. \
                With --mail-dir, one iMIP message per invitee is written there (METHOD:REQUEST), ready \
                for your mail program to send. Your study sittings that collide with it are re-fitted, \
                and the output says which. With --calendar, the session is also written to the group's \
                CalDAV calendar (as <UID>.ics, never over an existing one), where the others see it \
                with `plan group list --calendar URL` and join it; if that write fails, nothing is \
                kept and no message is left (exit 73).

                Example: plan group create "CS 201 midterm review" --course CS201 --at 2026-12-02T18:00 \
                --for 2h --where "Library, room 204" --invite bob@uni.edu --invite cy@uni.edu --mail-dir out/
                """)
        @Argument(help: "The session's title.") var title: String
        @Option(help: "The course (CATEGORIES), e.g. CS201.") var course: String?
        @Option(help: ArgumentHelp("When it starts, in your zone: 2026-12-02T18:00.", valueName: "date-time")) var at: String
        @Option(name: .customLong("for"), help: ArgumentHelp("How long: 2h, 90m.", valueName: "duration")) var length: String
        @Option(name: .customLong("where"), help: ArgumentHelp("The place (LOCATION).", valueName: "place")) var place: String?
        @Option(help: ArgumentHelp("Latitude,longitude of the place (GEO), e.g. 40.0012,-83.0153.", valueName: "lat,lon")) var geo: String?
        @Option(help: "Notes for the invitees (DESCRIPTION).") var notes: String?
        @Option(name: .customLong("invite"), help: ArgumentHelp("An invitee's email address (repeat).", valueName: "email")) var invitees: [String] = []
        @Option(help: ArgumentHelp("Write the invitations (.eml) into this folder.", valueName: "dir")) var mailDir: String?
        @Option(help: ArgumentHelp("Write the session to this group CalDAV calendar too.", valueName: "URL")) var calendar: String?
        @Flag(help: "Allow a plain http:// calendar URL on another machine.") var insecure = false
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let zone = try service.zone()
                var input = GroupSessionInput()
                (input.title, input.course, input.at, input.duration) = (title, course, at, length)
                (input.location, input.geo, input.notes, input.invite, input.calendar) = (place, geo, notes, invitees, calendar)
                let spec: GroupSessionSpec
                do throws(CoursesInputError) {
                    spec = try input.spec(now: service.now, zone: zone)
                } catch {
                    // The RPC's names where the options differ: `--for` is `duration`, `--where` is `location`.
                    let option = ["duration": "--for", "location": "--where", "title": "the title"][error.field]
                    throw ValidationError(option.map { "\($0) \(error.value): expected \(error.expected)" } ?? error.optionMessage)
                }
                let change = try service.createGroupSession(spec, mailDir: mailDir, insecure: insecure)
                printWarnings(change.warnings)
                let me = try service.me()?.email
                confirm(options.json, Wire.GroupChanged(change, me: me, zone: zone)) {
                    var out = "Created \"\(TerminalText.label(change.session.title))\" (\(TerminalText.label(change.session.id))): \(GroupText.range(change.session.range, zone))"
                    out += change.session.location.map { ", \(TerminalText.label($0))" } ?? ""
                    out += ".\n"
                    if let url = change.session.calendarURL { out += "On the group calendar: \(TerminalText.label(url))\n" }
                    return out + GroupChanges.text(change, zone: zone, mailDir: mailDir, invited: !change.session.attendees.isEmpty)
                }
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: "The sessions: when, where, who is going, whether you are in.",
            discussion: """
                With --calendar, the group calendar is read first (only what changed since the last \
                read is downloaded) and its sessions are kept, so you can join the ones others created.

                Example: plan group list --calendar https://dav.example.org/group/cs201/ --course CS201
                """)
        @Option(help: "Only this course's sessions.") var course: String?
        @Option(help: ArgumentHelp("Read the sessions on this group CalDAV calendar first.", valueName: "URL")) var calendar: String?
        @Flag(help: "Allow a plain http:// calendar URL on another machine.") var insecure = false
        @Option(help: ArgumentHelp("Only sessions not over by this day (default: today; `all` for every one).", valueName: "date")) var from: String?
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let zone = try service.zone()
                let start: Instant? = from == "all" ? nil
                    : zone.resolve(LocalDateTime(date: try from.map { try day($0, option: "--from", now: service.now, zone: zone) } ?? zone.local(service.now).date))
                if let calendar {
                    let read = try service.readGroupCalendar(calendar, insecure: insecure)
                    printWarnings(read.skipped)
                }
                let sessions = try service.groupSessions(course: course, from: start)
                let me = try service.me()?.email
                emit(options.json, sessions.map { Wire.GroupSession($0, me: me, zone: zone) }) {
                    GroupText.sessions(sessions, me: me, zone: zone, style: Style.text)
                }
            }
        }
    }

    struct Reply: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reply", abstract: "Answer an invitation you got by mail, or record an invitee's answer.",
            discussion: """
                Invited by mail, without the group's calendar: save the invitation as it came (File → Save As gives \
                an .eml; its invite.ics attachment works too) and answer it with --accept or --decline. The session \
                goes into your plan (busy time when you go), and with --mail-dir an answer (.eml, an iMIP REPLY under \
                the name `plan me` keeps) is written there for your mail program to send to the organizer.

                The organizer, given that answer (.eml or .ics) without --accept or --decline, records it.

                What a mail may change is checked first, and anything else refused with the reason, \
                nothing changed: an answer speaks only for the one attendee it names (in an .eml, its \
                From: address), about a session whose ORGANIZER it names, and never for the organizer; \
                an invitation for a session you have changes it only when it comes from that \
                session's organizer with a higher SEQUENCE, and never changes a session you organize.

                Examples:
                  plan group reply ~/Downloads/Invitation.eml --accept --mail-dir ~/outbox
                  plan group reply ~/Downloads/Accepted.eml
                """)
        @Argument(help: ArgumentHelp("The invitation or the answer: the mail message as saved (.eml), or its .ics part.", valueName: "file"))
        var file: String
        @Flag(help: "Go to the session the invitation is for.") var accept = false
        @Flag(help: "Not go to it.") var decline = false
        @Option(help: ArgumentHelp("Write your answer (.eml) for the organizer into this folder.", valueName: "dir")) var mailDir: String?
        @OptionGroup var options: StoreOptions

        func validate() throws {
            if accept && decline { throw ValidationError("--accept and --decline: give one") }
            if mailDir != nil && !accept && !decline { throw ValidationError("--mail-dir writes your answer to an invitation: give --accept or --decline too") }
        }

        func run() throws {
            if accept || decline {
                try withService(options) { service in
                    let zone = try service.zone()
                    let change = try service.answerInvitation(path: file, accept ? .accepted : .declined, mailDir: mailDir)
                    printWarnings(change.warnings)
                    let me = try service.me()?.email
                    confirm(options.json, Wire.GroupChanged(change, me: me, zone: zone)) {
                        let s = change.session
                        let head = s.cancelled ? "\"\(TerminalText.label(s.title))\" (\(TerminalText.label(s.id))) was cancelled by its organizer"
                            : "\(accept ? "You are going to" : "You declined") \"\(TerminalText.label(s.title))\" (\(TerminalText.label(s.id)))"
                        var out = "\(head), \(GroupText.range(s.range, zone)).\n  " + GroupText.answers(s) + "\n"
                        if change.messages.isEmpty && !s.cancelled && mailDir == nil {
                            out += "No answer written for \(TerminalText.label(s.organizer.displayName)): give --mail-dir DIR to write one.\n"
                        }
                        return out + GroupChanges.text(change, zone: zone, mailDir: nil, invited: false)
                    }
                }
                return
            }
            try withService(options) { service in
                let zone = try service.zone()
                let applied = try service.applyGroupReply(path: file)
                let me = try service.me()?.email
                confirm(options.json, Wire.GroupSession(applied.session, me: me, zone: zone)) {
                    var out = ""
                    for a in applied.answers {
                        out += "\(TerminalText.label(a.user.displayName)): \(GroupChanges.word(a.before)) → \(GroupChanges.word(a.after)) for "
                            + "\"\(TerminalText.label(applied.session.title))\" (\(TerminalText.label(applied.session.id))).\n"
                    }
                    if applied.outdated { out += "(The answer was to an earlier version of the session.)\n" }
                    return out + "  " + GroupText.answers(applied.session) + "\n"
                }
            }
        }
    }

    struct Join: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "join", abstract: "Go to a session (your PARTSTAT: ACCEPTED): it becomes busy time in your plan.",
            discussion: """
                A session on a group calendar is answered there: you are added as an ATTENDEE if the \
                organizer did not invite you, and the event is written back only if nobody changed it \
                meanwhile (If-Match); if someone did, plan reads theirs and answers again, so members \
                joining at the same moment are all recorded.

                Example: plan group list --calendar https://dav.example.org/group/cs201/ && plan group join cs-201-midterm-review
                """)
        @Argument(help: "The session's id (see `plan group list`).") var id: String
        @Flag(help: "Allow a plain http:// group calendar on another machine.") var insecure = false
        @Option(help: ArgumentHelp("Also write your answer (.eml) for the organizer into this folder.", valueName: "dir")) var mailDir: String?
        @OptionGroup var options: StoreOptions
        func run() throws { try GroupChanges.answer(id, .accepted, insecure: insecure, mailDir: mailDir, options) }
    }

    struct Leave: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "leave", abstract: "Not go to a session (your PARTSTAT: DECLINED): its time is free in your plan again.")
        @Argument(help: "The session's id (see `plan group list`).") var id: String
        @Flag(help: "Allow a plain http:// group calendar on another machine.") var insecure = false
        @Option(help: ArgumentHelp("Also write your answer (.eml) for the organizer into this folder.", valueName: "dir")) var mailDir: String?
        @OptionGroup var options: StoreOptions
        func run() throws { try GroupChanges.answer(id, .declined, insecure: insecure, mailDir: mailDir, options) }
    }

    struct Cancel: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "cancel", abstract: "Cancel a session you organize: one METHOD:CANCEL message (.eml) per invitee.",
            discussion: "A session on a group calendar is marked cancelled there (STATUS:CANCELLED, SEQUENCE bumped), and the CANCEL goes to everyone it lists.\n\nExample: plan group cancel cs-201-midterm-review --mail-dir out/")
        @Argument(help: "The session's id (see `plan group list`).") var id: String
        @Option(help: ArgumentHelp("Write the cancellations (.eml) into this folder.", valueName: "dir")) var mailDir: String?
        @Flag(help: "Allow a plain http:// group calendar on another machine.") var insecure = false
        @OptionGroup var options: StoreOptions

        func run() throws {
            try withService(options) { service in
                let zone = try service.zone()
                let change = try service.cancelGroupSession(id, mailDir: mailDir, insecure: insecure)
                printWarnings(change.warnings)
                let me = try service.me()?.email
                confirm(options.json, Wire.GroupChanged(change, me: me, zone: zone)) {
                    "Cancelled \"\(TerminalText.label(change.session.title))\" (\(TerminalText.label(change.session.id))), \(GroupText.range(change.session.range, zone)).\n"
                        + GroupChanges.text(change, zone: zone, mailDir: mailDir, invited: !change.session.attendees.isEmpty)
                }
            }
        }
    }
}

/// What the `plan group` commands that change a session print.
enum GroupChanges {
    static func answer(_ id: String, _ status: Participation, insecure: Bool, mailDir: String?, _ options: StoreOptions) throws {
        try withService(options) { service in
            let zone = try service.zone()
            let change = try service.answerGroupSession(id, status, insecure: insecure, mailDir: mailDir)
            printWarnings(change.warnings)
            let me = try service.me()?.email
            confirm(options.json, Wire.GroupChanged(change, me: me, zone: zone)) {
                let verb = status == .accepted ? "You are going to" : "You left"
                return "\(verb) \"\(TerminalText.label(change.session.title))\" (\(TerminalText.label(change.session.id))), \(GroupText.range(change.session.range, zone)).\n"
                    + "  " + GroupText.answers(change.session) + "\n" + text(change, zone: zone, mailDir: nil, invited: false)
            }
        }
    }

    /// The messages written and what moved in the plan.
    static func text(_ c: GroupChange, zone: SystemZone, mailDir: String?, invited: Bool) -> String {
        var out = ""
        if !c.messages.isEmpty {
            out += "Wrote \(c.messages.count) message\(c.messages.count == 1 ? "" : "s") for your mail program to send:\n"
            out += c.messages.map { "  \(TerminalText.label($0))\n" }.joined()
        } else if invited && mailDir == nil {
            out += "No messages written: give --mail-dir DIR to write one .eml per invitee.\n"
        }
        if let r = c.replanned {
            out += r.moves.isEmpty && r.plan.diagnostics.isEmpty ? "Your plan: no study sitting had to move.\n"
                : "Your plan: " + r.text(zone: zone, style: Style.text)
        }
        return out
    }

    static func word(_ p: Participation) -> String {
        switch p {
        case .needsAction: "invited"
        case .accepted: "going"
        case .declined: "declined"
        case .tentative: "maybe"
        }
    }
}

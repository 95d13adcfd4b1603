import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore

/// `plan doctor`: the store, each registered calendar, the time zone and the
/// credentials setup checked, each finding a ``Checkup`` value (the faces
/// render them and pick the exit status). Nothing is printed here, and no
/// password is ever part of a finding.
package enum Doctor {
    /// Every check, in a fixed order: the store, its disk and the partial files left beside it, its
    /// calendars, the time zone, the credentials.
    /// `storePath` is opened as any command opens it; a store not made yet is not created.
    /// `repair` first marks a store rebuilt from a dump as plan's again (``PlanStore/repairMark(_:)``).
    package static func checkups(storePath: String, environment: [String: String], now: Instant,
                                repair: Bool = false) -> [Checkup] {
        var out: [Checkup] = []
        var service: PlanService?
        if repair {
            do {
                if let schema = try PlanStore.repairMark(storePath) {
                    out.append(Checkup(.store, storePath, .ok,
                                       "repaired: its tables are this plan's, so it is marked as a plan store at schema \(schema)"))
                }
            } catch {
                out.append(Checkup(.store, storePath, .problem, error.description, fix: fix(for: error, path: storePath)))
            }
        }
        if !FileManager.default.fileExists(atPath: storePath) {
            out.append(Checkup(.store, storePath, .ok, "not made yet: the first command that saves something makes it"))
        } else {
            do {
                let store = try PlanStore(path: storePath)
                out += storeCheckups(store)
                service = PlanService(store: store, now: now, environment: environment)
            } catch {
                out.append(Checkup(.store, storePath, .problem, error.description, fix: fix(for: error, path: storePath)))
            }
        }
        out += fileCheckups(storePath: storePath, currentFolder: FileManager.default.currentDirectoryPath)
        var subscriptions: [SubscriptionURL] = []
        var commands: [String: PasswordCommand] = [:]
        if let service {
            let (found, urls) = calendarCheckups(service)
            out += found
            subscriptions = urls
            commands = (try? service.store.read { try PasswordCommands.load($0) }) ?? [:]
        }
        out += zoneCheckups(service, environment: environment)
        out += credentialCheckups(subscriptions, commands: commands, environment: environment)
        return out
    }

    static func storeCheckups(_ store: PlanStore) -> [Checkup] {
        let path = store.path
        var out: [Checkup] = []
        do {
            let problems = try store.integrityCheck()
            let summary = try PlanStore.summary(of: path)
            if problems == ["ok"] {
                let upgraded = store.upgrade.map { "; upgraded just now from schema \($0.fromVersion) (the old file is kept as \($0.backupPath))" } ?? ""
                out.append(Checkup(.store, path, .ok,
                                   "integrity ok; schema \(summary.schemaVersion) (this plan writes \(PlanStore.schemaVersion))\(upgraded); "
                                   + "\(summary.tasks) task\(summary.tasks == 1 ? "" : "s"), \(summary.calendars) calendar\(summary.calendars == 1 ? "" : "s")"))
            } else {
                out.append(Checkup(.store, path, .problem, "damaged: " + problems.prefix(3).joined(separator: "; "),
                                   fix: "`plan restore FILE` puts back a copy made with `plan backup`"))
            }
        } catch {
            out.append(Checkup(.store, path, .problem, error.description, fix: fix(for: error, path: path)))
        }
        // Each occurrence of a series exists once; copies that both hold recorded time were kept (never lost).
        if let duplicates = try? store.read({ try $0.duplicateOccurrences() }), !duplicates.isEmpty {
            let shown = duplicates.prefix(3).map { d in
                "\(TerminalText.label(d.seriesId)) \(TerminalText.label(d.key)): \(d.taskIds.map(TerminalText.label).joined(separator: ", "))"
            }.joined(separator: "; ")
            out.append(Checkup(.store, path, .warning,
                               "\(duplicates.count) occurrence\(duplicates.count == 1 ? "" : "s") of repeating tasks made more than once, "
                               + "each copy with time recorded: \(shown)\(duplicates.count > 3 ? "; …" : "")",
                               fix: "move the time to one copy (`plan done ID --spent …`) and `plan task remove` the other"))
        }
        if let refusal = store.writeRefusal {
            out.append(Checkup(.store, path, .warning, "read-only: \(refusal.description)",
                               fix: fix(for: refusal, path: path)))
        }
        return out
    }

    /// What to do about a store error.
    static func fix(for error: StoreError, path: String) -> String {
        switch error {
        case .readOnly: "make the file and its folder writable (chmod u+w), or move the store where it can be written and point PLAN_STORE at it"
        case .diskFull: "free some space on the disk holding \(path)"
        case .ioError: "check the disk (dmesg, smartctl); `plan backup FILE` to another disk keeps what can be read"
        case .busy: "another plan is writing: run plan doctor again in a moment"
        case .notAFile: "give --store (or PLAN_STORE) the path of a file"
        case .incompatible, .damaged: "`plan restore FILE` puts back a copy made with `plan backup`, or use the plan that wrote it"
        case .cannotOpen: "check the path and its permissions"
        default: "run plan doctor again; if it persists, report it (a bug)"
        }
    }

    /// Each registered calendar read now as planning reads it (a subscription
    /// fetched, its stored copy when the server is out of reach), and the
    /// subscription addresses, for the credentials check.
    static func calendarCheckups(_ service: PlanService) -> ([Checkup], [SubscriptionURL]) {
        var out: [Checkup] = []
        var urls: [SubscriptionURL] = []
        let window = TimeRange(start: service.now - 86_400 * 7, end: service.now + 86_400 * 366)
        let store = service.store
        let calendars: [CalendarSource]
        do {
            calendars = try store.read { try $0.calendars() }
        } catch {
            return ([Checkup(.calendar, store.path, .problem, "cannot list the calendars: \(ServiceError(error).description)")], [])
        }
        // The servers asked before any transaction opens, as planning asks them; a failure shows per calendar below.
        try? service.prefetchSubscriptions()
        if calendars.isEmpty {
            out.append(Checkup(.calendar, "(none)", .warning, "no calendar is registered: plan sees no classes",
                               fix: "plan calendar add FILE.ics (or an https:// / webcal:// address)"))
        }
        for c in calendars {
            switch c.kind {
            case .subscription(let url), .caldav(let url):
                if let address = try? SubscriptionURL(url, insecure: true) { urls.append(address) }
            case .file: break
            }
            let subject = "\(c.name) (\(c.location))"
            do {
                // A subscription fetched now keeps its fresh copy, as planning would; a read-only store is only read.
                let read: (StoreTransaction) throws -> ImportResult = { t in
                    let content = try service.feed(for: c, t).read()
                    return try ICalImporter.importData(content.bytes, label: content.label, options: ImportOptions(window: window))
                }
                let result = store.writeRefusal == nil ? try store.write(read) : try store.read(read)
                let offline = service.remote.takeNotices()
                let events = "\(result.occurrences.count) event\(result.occurrences.count == 1 ? "" : "s") in the coming year"
                if let notice = offline.first {
                    out.append(Checkup(.calendar, subject, .warning, "\(events), from the stored copy: \(notice.message)",
                                       fix: "check the network and the address; plan keeps planning with the stored copy"))
                } else if result.warnings.isEmpty {
                    out.append(Checkup(.calendar, subject, .ok, "\(events), no parse warnings"))
                } else {
                    let first = result.warnings[0].description
                    out.append(Checkup(.calendar, subject, .warning, "\(events); \(result.warnings.count) parse warning\(result.warnings.count == 1 ? "" : "s"), the first: \(first)",
                                       fix: "see them all with `plan events \(c.location)`; fix the calendar at its source, or ignore them if the events look right"))
                }
            } catch {
                let e = ServiceError(error)
                let fix = switch c.kind {
                case .file: "check the file is there and readable, or `plan calendar remove \(c.name)`"
                case .subscription, .caldav: "check the address, the network and the credentials (see below), or `plan calendar remove \(c.name)`"
                }
                out.append(Checkup(.calendar, subject, .problem, e.description, fix: fix))
            }
        }
        return (out, urls)
    }

    /// `$TZ` (when set) and the stored zone, each one plan knows.
    static func zoneCheckups(_ service: PlanService?, environment: [String: String]) -> [Checkup] {
        var out: [Checkup] = []
        let system = TimeZone.current.identifier
        if let tz = environment["TZ"], !tz.isEmpty {
            let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if SystemZone(identifier: name) != nil {
                out.append(Checkup(.timeZone, name, .ok, "from $TZ"))
            } else {
                out.append(Checkup(.timeZone, tz, .problem, "$TZ names no time zone this system knows: plan ignores it and uses \(system)",
                                   fix: "set TZ to an IANA name such as America/New_York (the names are in /usr/share/zoneinfo; Debian: apt install tzdata)"))
            }
        } else {
            out.append(Checkup(.timeZone, system, .ok, "the system's zone ($TZ is not set)"))
        }
        if let service, let stored = try? service.store.read({ try $0.setting(PlanService.Key.zone) }) {
            if (try? ScheduleRequest.zone(stored)) != nil {
                out.append(Checkup(.timeZone, stored, .ok, "the store's zone (plan policy), used for planning"))
            } else {
                out.append(Checkup(.timeZone, stored, .problem, "the store's zone is not one this system knows",
                                   fix: "plan policy set --tz ZONE with an IANA name (or install tzdata)"))
            }
        }
        return out
    }

    /// The netrc file (private to its owner) and where the credentials of
    /// each subscription come from — the user name only. A password command
    /// is not run here (the calendar check ran it if the server asked).
    static func credentialCheckups(_ subscriptions: [SubscriptionURL], commands: [String: PasswordCommand],
                                   environment: [String: String]) -> [Checkup] {
        var out: [Checkup] = []
        let user = environment["PLAN_CALDAV_USER"].flatMap { $0.isEmpty ? nil : $0 }
        let hasPassword = environment["PLAN_CALDAV_PASSWORD"] != nil
        if (user != nil) != hasPassword {
            out.append(Checkup(.credentials, "PLAN_CALDAV_USER / PLAN_CALDAV_PASSWORD", .warning,
                               user != nil ? "PLAN_CALDAV_USER is set without PLAN_CALDAV_PASSWORD: neither is used" : "PLAN_CALDAV_PASSWORD is set without PLAN_CALDAV_USER: neither is used",
                               fix: "set both, or neither (and keep credentials in ~/.netrc)"))
        } else if user != nil {
            out.append(Checkup(.credentials, "PLAN_CALDAV_USER / PLAN_CALDAV_PASSWORD", .ok, "both set (user \(user ?? ""))"))
        }
        let netrc = environment["NETRC"].flatMap { $0.isEmpty ? nil : $0 } ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.netrc")
        var st = stat()
        if stat(netrc, &st) == 0 {
            let mode = st.st_mode & 0o777
            let octal = "0" + String(mode, radix: 8)
            if mode & 0o077 != 0 {
                out.append(Checkup(.credentials, netrc, .problem, "mode \(octal): others on this machine can read its passwords",
                                   fix: "chmod 600 \(netrc)"))
            } else if access(netrc, R_OK) != 0 {
                out.append(Checkup(.credentials, netrc, .problem, "cannot be read by you (mode \(octal))", fix: "chmod u+r \(netrc)"))
            } else {
                out.append(Checkup(.credentials, netrc, .ok, "mode \(octal)"))
            }
        } else if !subscriptions.isEmpty || environment["NETRC"] != nil {
            out.append(Checkup(.credentials, netrc, environment["NETRC"] != nil ? .problem : .ok,
                               environment["NETRC"] != nil ? "$NETRC names a file that is not there" : "no netrc file (subscriptions are fetched without credentials)",
                               fix: environment["NETRC"] != nil ? "create it (mode 600) or unset NETRC" : nil))
        }
        if let command = environment["PLAN_CALDAV_PASSWORD_COMMAND"], !command.isEmpty {
            out.append(Checkup(.credentials, "PLAN_CALDAV_PASSWORD_COMMAND", .ok, "set: run for the subscription named on the command line"))
        }
        // Without the command variable: the lookup below must not run a command.
        var quiet = environment
        quiet["PLAN_CALDAV_PASSWORD_COMMAND"] = nil
        for url in Dictionary(subscriptions.map { ($0.origin, $0) }, uniquingKeysWith: { a, _ in a }).values.sorted(by: { $0.origin < $1.origin }) {
            let host = url.host
            if let command = Credentials.command(in: commands, origin: url.origin, host: host) {
                let user = command.user ?? (try? Credentials.lookup(host: host, primary: true, environment: quiet))?.user
                out.append(Checkup(.credentials, host, user == nil ? .problem : .ok,
                                   user.map { "a password command (plan calendar add --password-command), user \($0)" } ?? "a password command is set but no user name",
                                   fix: user == nil ? "plan calendar add URL --password-command CMD --user NAME, or set PLAN_CALDAV_USER, or a login in ~/.netrc" : nil))
            } else if let c = (try? Credentials.lookup(host: host, primary: true, environment: quiet)) ?? nil {
                out.append(Checkup(.credentials, host, .ok, "sent as user \(c.user)"))
            } else {
                out.append(Checkup(.credentials, host, .ok, "no credentials: fetched as a package calendar"))
            }
        }
        return out
    }
}

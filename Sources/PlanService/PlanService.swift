import Foundation
import PlanCore
import PlanDAV
import PlanICal
import PlanStore

/// The user's time zone and scheduling policy as stored.
package struct PlanSettings: Hashable, Sendable {
    package var timeZone: String
    package var policy: PolicyDefinition
    /// How far ahead repeating tasks' occurrences exist (`--horizon`), seconds.
    package var horizon: Int64 = PlanService.defaultHorizon
    /// Whether new work of a project or series that ran over or under its estimates is planned
    /// for the estimate times their ratio (``EstimateRatio``; `plan policy set --learn off`).
    package var learn = true

    /// The zone ``timeZone`` names; UTC when it names none this system knows.
    package var zone: SystemZone { SystemZone(identifier: timeZone) ?? .utc }

    /// The settings as the contract spells them: what `plan policy set` and
    /// `policy.set` change (see ``PlanService/updateSettings(_:)``).
    package struct Text: Hashable, Sendable {
        package var timeZone: String
        package var policy: ScheduleRequest.PolicySpec
        package var horizon: Int64 = PlanService.defaultHorizon
        package var learn = true
    }
}

/// What `add-task` did.
package enum AddTaskOutcome: Sendable {
    /// Placed (and saved unless it was a dry run), around the existing plan.
    case placed(task: TaskDefinition, sittings: [Sitting], plan: Plan, saved: Bool)
    /// Does not fit, even if everything else moved: nothing saved.
    case unschedulable(task: TaskDefinition, diagnostic: Diagnostic)
    /// Fits only when the whole plan is re-made in the contract's order;
    /// nothing saved unless `replan` was given.
    case needsReplan(task: TaskDefinition, moves: [Move], sittings: [Sitting], saved: Bool)
}

extension AddTaskOutcome {
    /// The task as it was read (its id given or made from the title).
    package var task: TaskDefinition {
        switch self {
        case .placed(let task, _, _, _), .unschedulable(let task, _), .needsReplan(let task, _, _, _): task
        }
    }
}

/// The merged view of a span of days.
package struct Agenda: Sendable {
    package var zone: SystemZone
    package var range: TimeRange
    package var items: [(range: TimeRange, item: AgendaItem)]
    package var warnings: [ImportWarning]
}

/// Everything `plan` does with a store: the CLI and `plan rpc` both call this.
package struct PlanService {
    package let store: PlanStore
    /// The clock, injected: every plan is a function of the store and `now`.
    package let now: Instant
    /// The subscribed calendars as fetched by this service, and the warnings
    /// of stored copies used in place of an unreachable server (the faces
    /// print ``RemoteCalendars/takeNotices()``).
    package let remote: RemoteCalendars
    /// The CalDAV collections registered as calendars, read incrementally
    /// (their warnings go to ``remote``'s notices).
    package let collections: CalDAVCalendars
    /// The registered calendars read, for `--verbose`.
    package let reads = CalendarReads()
    /// What the planning commands did besides their result (owed work re-fitted, estimates learned), for the faces.
    package let planNotes = PlanNotes()
    /// The zone used until the store names one (`plan policy set --tz`):
    /// `$TZ`, else the system's, resolved once when the service is made.
    /// Every date a user types and every time plan shows is read in
    /// ``zone()``, the stored zone or this one; no caller passes a zone.
    package let fallbackZone: SystemZone

    /// `environment` holds where credentials come from (`PLAN_CALDAV_USER`,
    /// `PLAN_CALDAV_PASSWORD`, `NETRC`, `HOME`) and `TZ`.
    package init(store: PlanStore, now: Instant, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.store = store
        self.now = now
        self.fallbackZone = SystemZone.local(environment: environment)
        self.remote = RemoteCalendars(environment: environment)
        self.collections = CalDAVCalendars(environment: environment, notices: remote)
    }

    /// Keys of the settings table.
    enum Key {
        static let zone = "timeZone"
        /// `off` when estimates are planned as typed (``PlanSettings/learn``); unset: on.
        static let learn = "learn"
    }

    // MARK: Settings

    /// The stored settings; the zone is ``fallbackZone`` until one is stored.
    package func settings() throws -> PlanSettings {
        try guarded {
            try store.read { t in try self.settings(t) }
        }
    }

    /// The user's zone: the stored one, else ``fallbackZone``.
    package func zone() throws -> SystemZone { try settings().zone }

    func settings(_ t: StoreTransaction) throws -> PlanSettings {
        PlanSettings(timeZone: try t.setting(Key.zone) ?? fallbackZone.identifier, policy: try t.policy(),
                     horizon: try t.setting(Self.horizonKey).flatMap { Int64($0) } ?? Self.defaultHorizon,
                     learn: try t.setting(Key.learn) != "off")
    }

    /// Changes the settings as the contract spells them, refusing what a
    /// request's `timeZone` and `policy` would refuse (the same errors, in
    /// the same order), and keeps them typed.
    package func updateSettings(_ input: PolicyInput) throws -> PlanSettings {
        try updateSettings { text throws(InputError) in try input.apply(to: &text) }
    }

    /// the input form with the change made by `change`.
    package func updateSettings(_ change: (inout PlanSettings.Text) throws -> Void) throws -> PlanSettings {
        try guarded {
            try store.write { t in
                let old = try self.settings(t)
                var text = PlanSettings.Text(timeZone: old.timeZone, policy: old.policy.spec, horizon: old.horizon, learn: old.learn)
                try change(&text)
                _ = try ScheduleRequest.zone(text.timeZone)
                let s = PlanSettings(timeZone: text.timeZone, policy: try PolicyDefinition(text.policy), horizon: text.horizon,
                                     learn: text.learn)
                try t.setSetting(Key.zone, s.timeZone)
                try t.setSetting(Key.learn, s.learn ? nil : "off")
                try t.setSetting(Self.horizonKey, s.horizon == Self.defaultHorizon ? nil : String(s.horizon))
                try t.savePolicy(s.policy)
                return s
            }
        }
    }

    // MARK: Calendars

    /// Registers a calendar after reading it once (so a broken one is refused):
    /// a file, an `https://`/`webcal://` subscription (plain `http://` only
    /// to this machine unless `insecure`), fetched and kept in the store, or
    /// a CalDAV calendar collection (a URL not ending in `.ics` whose
    /// server says it is one), its members kept in the store.
    /// `passwordCommand` (with `user`, else `PLAN_CALDAV_USER` or the netrc
    /// login) is kept for the URL's host — the command, never its output —
    /// and used from then on for that host's credentials.
    package func addCalendar(path: String, name: String?, insecure: Bool = false,
                            passwordCommand command: String? = nil, user: String? = nil) throws -> (CalendarSource, ImportResult) {
        try guarded {
            let passwordCommand = command.map { PasswordCommand(command: $0, user: user) }
            guard SubscriptionURL.looksLikeURL(path) else {
                if passwordCommand != nil {
                    throw ServiceError.refused("--password-command is for a calendar on a server (an https:// or webcal:// URL), not a file")
                }
                return try store.write { try register(path: Self.absolutePath(path), name: name, $0) }
            }
            let url: SubscriptionURL
            do throws(DAVError) {
                url = try SubscriptionURL(path, insecure: insecure)
            } catch {
                throw ServiceError.refused(error.description)
            }
            try store.read { try refuseTheSyncTargetAsBusy(url.text, $0) }
            return try keepingPasswordCommand(passwordCommand, origin: url.origin) {
                let commands = try store.read { try PasswordCommands.load($0) }
                if collections.probe(url, insecure: insecure, commands: commands) != nil {
                    let source = CalendarSource(name: name ?? Self.defaultName(forURL: url), kind: .caldav(url: url.text))
                    try collections.prefetch([url.text], store: store, now: now)
                    return try store.write { try register(source, $0) }
                }
                let source = CalendarSource(name: name ?? Self.defaultName(forURL: url), kind: .subscription(url: url.text))
                try remote.prefetch([url.text], store: store, now: now)
                return try store.write { try register(source, $0) }
            }
        }
    }

    /// Reads the file once through its feed (a broken one is refused) and registers it.
    func register(path absolute: String, name: String?, _ t: StoreTransaction) throws -> (CalendarSource, ImportResult) {
        try register(CalendarSource(name: name ?? Self.defaultName(for: absolute), kind: .file(path: absolute)), t)
    }

    /// Reads `source` once through its feed (a broken one is refused) and registers it.
    func register(_ source: CalendarSource, _ t: StoreTransaction) throws -> (CalendarSource, ImportResult) {
        try Self.checkText([("calendar name", source.name, false)])
        let registered = try t.calendars().count
        guard registered < CalendarReads.maxCalendars else {
            throw ServiceError.refused("\(registered) calendars are registered, the most plan reads: "
                                       + "remove one first (`plan calendar remove NAME`) to add \(source.name)")
        }
        let window = TimeRange(start: now - 86_400 * 7, end: now + 86_400 * 366)
        let content = try feed(for: source, t).read()
        let result = try ICalImporter.importData(content.bytes, label: content.label, options: ImportOptions(window: window))
        try t.addCalendar(source)
        _ = try Self.saidBefore(result.warnings, of: source.name, t)
        return (source, result)
    }

    /// Whether `warnings` of the calendar `name` are the ones said last time (by their ids, lines,
    /// properties and values); when not, they are noted as said now (a store opened read-only
    /// notes nothing, and says them each time).
    static func saidBefore(_ warnings: [ImportWarning], of name: String, _ t: StoreTransaction) throws -> Bool {
        guard !warnings.isEmpty else { return false }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for w in warnings {
            for byte in "\(w.id)|\(w.line ?? 0)|\(w.property ?? "")|\(w.value ?? "")\n".utf8 {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        let key = "warned:" + name, digest = String(hash, radix: 16)
        if try t.setting(key) == digest { return true }
        try? t.setSetting(key, digest)
        return false
    }

    /// A subscription's default name: the last part of its path without `.ics`, else its host.
    static func defaultName(forURL url: SubscriptionURL) -> String {
        let last = (URL(string: url.text)?.path ?? "").split(separator: "/").last.map(String.init) ?? ""
        let stem = last.lowercased().hasSuffix(".ics") ? String(last.dropLast(4)) : last
        return stem.isEmpty ? url.host : stem.removingPercentEncoding ?? stem
    }

    package func calendars() throws -> [CalendarSource] {
        try guarded { try store.read { try $0.calendars() } }
    }

    package func removeCalendar(named name: String) throws {
        try guarded { try store.write { try $0.removeCalendar(named: name) } }
    }

    static func absolutePath(_ path: String) -> String {
        if path.hasPrefix("/") { return (path as NSString).standardizingPath }
        return ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path) as NSString).standardizingPath
    }

    static func defaultName(for path: String) -> String {
        ((path as NSString).lastPathComponent as NSString).deletingPathExtension
    }

    // MARK: Projects

    package func addProject(name: String, color: String?, notes: String? = nil) throws -> Project {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { throw ServiceError.refused("a project needs a name") }
        try Self.checkText([("project name", name, false), ("--notes", notes, true)])
        let p = Project(id: trimmed, name: trimmed, color: color, notes: notes)
        try guarded { try store.write { try $0.addProject(p) } }
        return p
    }

    package func projects() throws -> [Project] {
        try guarded { try store.read { try $0.projects() } }
    }

    /// Removes a project; with `force` its tasks go too, otherwise it must have none.
    package func removeProject(named name: String, force: Bool) throws -> [String] {
        try guarded {
            try store.write { t in
                guard let project = try t.projects().first(where: { $0.name.lowercased() == name.lowercased() }) else {
                    throw ServiceError.notFound(kind: "project", name: name)
                }
                let tasks = try t.tasks().filter { $0.task.project?.lowercased() == project.name.lowercased() }.map(\.task.id)
                if !tasks.isEmpty && !force {
                    throw ServiceError.refused("project \"\(project.name)\" has \(tasks.count) task(s) (\(tasks.joined(separator: ", "))); remove them first or use --force")
                }
                for id in tasks { try t.removeTask(id: id) }
                try t.removeProject(named: project.name)
                return tasks
            }
        }
    }

    // MARK: Planning inputs

    /// Busy blocks of every registered calendar over `window`, by the policy;
    /// `fromCache` when no calendar had to be expanded.
    func busy(_ calendars: [CalendarSource], policy: Policy, window: TimeRange, t: StoreTransaction)
        throws -> (blocks: [BusyBlock], warnings: [ImportWarning], fromCache: Bool) {
        var blocks: [BusyBlock] = []
        var warnings: [ImportWarning] = []
        var fromCache = true
        for c in calendars {
            let r = try BusyCache.busy(feed: try feed(for: c, t), window: window, policy: policy, transaction: t, now: now)
            blocks += r.blocks
            // A calendar's warnings are said when it is added or they change; then only with --verbose.
            if try Self.saidBefore(r.warnings, of: c.name, t) { planNotes.addQuiet(r.warnings) } else { warnings += r.warnings }
            fromCache = fromCache && r.fromCache
        }
        blocks.sort { ($0.range.start, $0.range.end) < ($1.range.start, $1.range.end) }
        // A subscription read from its stored copy says so with the calendars' warnings (both faces show these).
        return (blocks, warnings + remote.takeNotices(), fromCache)
    }

    /// The stored tasks as the scheduler's input (tasks past due are left
    /// out of planning and reported by `tasks()`), checked as a request is.
    static func request(_ t: StoreTransaction, settings: PlanSettings, now: Instant, extra: [TaskDefinition] = [],
                        leaveOut: Set<String> = []) throws -> (ScheduleInput, [StoredTask]) {
        let stored = try t.tasks()
        let zone = try ScheduleRequest.zone(settings.timeZone)
        let policy = settings.policy.policy(zone: zone)
        let extraIds = Set(extra.map(\.id))
        // Past-due tasks cannot be planned; the scheduler would call them invalid.
        var tasks = (stored.map(\.task).filter { !leaveOut.contains($0.id) } + extra).filter {
            $0.due.instant(in: zone, endOfDay: true) > now || extraIds.contains($0.id)
        }
        // Work the student placed on the phone (a moved sitting) is not planned again.
        let pinned = try Self.pinned(t, now: now)
        for i in tasks.indices where !extraIds.contains(tasks[i].id) {
            guard let ranges = pinned[tasks[i].id] else { continue }
            tasks[i].record(spent: min(tasks[i].remaining, ranges.reduce(0) { $0 + $1.duration }))
        }
        let ids = Set(tasks.map(\.id))
        for i in tasks.indices { tasks[i].after = tasks[i].after.filter { ids.contains($0) } }
        let planTasks = try PlanTask.checked(tasks, zone: zone, policy: policy)
        return (ScheduleInput(policy: policy, now: now, tasks: planTasks), stored)
    }

    /// The planning window: from a day before `now` to a day after the last due.
    static func window(_ input: ScheduleInput, now: Instant) -> TimeRange {
        TimeRange(start: now - 86_400, end: max(input.latestDue ?? now, now) + 86_400)
    }

    /// Converts every failure of `body` into ``ServiceError`` (see ``ServiceError/init(_:)``).
    func guarded<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as EditRefused {
            // Not a failure of the store: the caller reports the diagnostic.
            throw e
        } catch {
            throw ServiceError(error)
        }
    }
}

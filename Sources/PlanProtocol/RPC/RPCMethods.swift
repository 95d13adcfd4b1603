import Foundation
import PlanCore
import PlanICal
import PlanService
import PlanStore

/// The methods. Each reads its params (refusing unknown ones), calls
/// ``PlanService`` (or the stateless contract), and returns its result as
/// JSON text; `Schemas/methods/<method>.{params,result}.schema.json`
/// describe both sides.
extension RPCServer {
    // MARK: Helpers

    /// Runs `body` on a freshly opened service, mapping its failures;
    /// `relocate` turns a contract error's field into a pointer into params.
    func withService<T>(relocate: @escaping (ScheduleRequestError) -> String? = { _ in nil },
                        _ body: (PlanService) throws -> T) throws(RPCError) -> T {
        let service = try environment.openService()
        return try mapped(relocate: relocate) { try body(service) }
    }

    /// The user's zone as stored (or the default).
    func zone(_ service: PlanService) throws -> SystemZone {
        try service.settings(defaultZone: environment.defaultZone).zone
    }

    static func encode(_ value: some Encodable) -> String { Wire.encode(value) }

    /// A task's id from its id or title (`notFound` points at `pointer`).
    func taskId(_ key: String, _ service: PlanService, pointer: String) throws -> String {
        do {
            return try service.task(key, defaultZone: environment.defaultZone).task.id
        } catch ServiceError.notFound {
            throw RPCError(.notFound, pointer: pointer, reason: "no task with id or title \"\(key)\" (see task.list)")
        }
    }

    /// `/tasks/3/estimate` of the task `id` → `/estimate`; nil for other tasks.
    static func pointerInto(task id: String) -> (ScheduleRequestError) -> String? {
        { e in
            guard e.taskId == id else { return nil }
            let parts = e.field.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count >= 4, parts[1] == "tasks" else { return nil }
            return "/" + parts[3...].joined(separator: "/")
        }
    }

    // MARK: Lifecycle

    func initialize(_ p: Params) throws(RPCError) -> String {
        // Clients send much here (LSP's processId, rootUri, …): other members are ignored.
        if let v = try p.optionalString("protocolVersion"), v.split(separator: ".").first != "1" {
            throw RPCError.params(p.pointer("protocolVersion"), "this server speaks protocol \(Self.protocolVersion); \(v) is not compatible")
        }
        _ = try p.optionalObject("clientInfo")
        return Self.encode(Wire.ServerInfo(serverVersion: environment.serverVersion, methods: Self.methodNames,
                                            maxMessageBytes: maxMessageBytes))
    }

    func shutdown(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        shutdownRequested = true
        return "null"
    }

    // MARK: Calendars

    func calendarAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "name", "insecure"])
        let path = try p.name("path")
        let name = try p.optionalString("name")
        if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw RPCError.params(p.pointer("name"), "must not be empty") }
        let insecure = try p.optionalBool("insecure") ?? false
        return try withService { service in
            do {
                let (source, result) = try service.addCalendar(path: path, name: name, insecure: insecure)
                return Self.encode(Wire.CalendarAdded(calendar: Wire.NamedCalendar(source), eventCount: result.eventCount,
                                                       warnings: result.warnings))
            } catch ServiceError.calendar(let c) {
                throw RPCError(.calendar(c), pointer: p.pointer("path"))
            }
        }
    }

    func calendarList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { Self.encode(try $0.calendars().map(Wire.NamedCalendar.init)) }
    }

    func calendarRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name"])
        let name = try p.name("name")
        return try withService { service in
            try service.removeCalendar(named: name)
            return Self.encode(Wire.Removed(removed: name))
        }
    }

    // MARK: Projects

    func projectAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "color", "notes"])
        let name = try p.name("name")
        let color = try p.optionalString("color"), notes = try p.optionalString("notes")
        return try withService { Self.encode(Wire.Project(try $0.addProject(name: name, color: color, notes: notes))) }
    }

    func projectList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { Self.encode(try $0.projects().map(Wire.Project.init)) }
    }

    func projectRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["name", "force"])
        let name = try p.name("name")
        let force = try p.optionalBool("force") ?? false
        return try withService { service in
            let tasks = try service.removeProject(named: name, force: force)
            return Self.encode(Wire.ProjectRemoved(removed: name, tasks: tasks))
        }
    }

    // MARK: Tasks

    static let taskFields = ["title", "project", "notes", "estimate", "span", "minSitting", "earliest", "latest",
                             "start", "due", "priority", "after", "done"]

    func taskAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["id"] + Self.taskFields + ["calendars", "dryRun", "replan"])
        // Shape first, so a wrong type is reported before anything is stored.
        let title = try p.name("title")
        let explicitId = try p.optionalString("id")
        if let explicitId, explicitId.isEmpty { throw RPCError.params(p.pointer("id"), "must not be empty") }
        _ = try p.string("estimate")
        _ = try p.string("due")
        let calendars = try p.optionalStrings("calendars") ?? []
        let after = try p.optionalStrings("after") ?? []
        let dryRun = try p.optionalBool("dryRun") ?? false, replan = try p.optionalBool("replan") ?? false
        let priority = try p.optionalInt("priority", in: 1...4)
        let project = try p.optionalString("project"), notes = try p.optionalString("notes")

        let service = try environment.openService()
        var id = explicitId ?? TaskIds.slug(title)
        func run() throws -> String {
            for (i, file) in calendars.enumerated() {
                let absolute = (file as NSString).isAbsolutePath ? (file as NSString).standardizingPath
                    : ((FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file) as NSString).standardizingPath
                if try !service.calendars().contains(where: { $0.kind == .file(path: absolute) }) {
                    do {
                        let (_, result) = try service.addCalendar(path: file, name: nil)
                        for w in result.warnings { environment.log("plan rpc: \(w)") }
                    } catch ServiceError.calendar(let c) {
                        throw RPCError(.calendar(c), pointer: p.pointer("calendars") + "/\(i)")
                    }
                }
            }
            let zone = try zone(service)
            let existing = try service.tasks(defaultZone: environment.defaultZone)
            if explicitId == nil { id = TaskIds.unique(id, taken: Set(existing.map(\.task.id))) }
            let afterIds = try after.enumerated().map { i, key in try taskId(key, service, pointer: p.pointer("after") + "/\(i)") }
            let spec = TaskDefinition(
                id: id, title: title, estimate: try Inputs.duration(p, "estimate")!,
                due: try Inputs.date(p, "due", now: service.now, zone: zone)!, project: project, notes: notes,
                span: try Inputs.duration(p, "span"), minSitting: try Inputs.duration(p, "minSitting"),
                earliest: try Inputs.clock(p, "earliest", allow24: false), latest: try Inputs.clock(p, "latest", allow24: true),
                start: try Inputs.date(p, "start", now: service.now, zone: zone), priority: priority,
                after: afterIds, done: try Inputs.duration(p, "done") ?? 0)
            let (outcome, warnings) = try service.addTask(spec, defaultZone: environment.defaultZone, dryRun: dryRun, replan: replan)
            for w in warnings { environment.log("plan rpc: \(w)") }
            return Self.encode(Wire.TaskAdded(outcome, zone: zone))
        }
        return try mapped(relocate: { Self.pointerInto(task: id)($0) }, run)
    }

    /// `body`'s failures as RPC errors: any error that is not one already is
    /// a ``ServiceError`` (an unknown one an internal error).
    func mapped<T>(relocate: @escaping (ScheduleRequestError) -> String?, _ body: () throws -> T) throws(RPCError) -> T {
        do {
            return try body()
        } catch let e as RPCError {
            throw e
        } catch {
            throw RPCError(ServiceError(error), relocate: relocate)
        }
    }

    func taskUpdate(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task"] + Self.taskFields.filter { $0 != "done" })
        let key = try p.name("task")
        let title = p.has("title") ? try p.name("title") : nil
        let project = try p.optionalString("project"), notes = try p.optionalString("notes")
        let priority = try p.optionalInt("priority", in: 1...4)
        let after = try p.optionalStrings("after")
        for k in ["estimate", "span", "minSitting", "earliest", "latest", "start", "due"] { _ = try p.optionalString(k) }
        let service = try environment.openService()
        var id = key
        func run() throws -> String {
            let zone = try zone(service)
            id = try taskId(key, service, pointer: p.pointer("task"))
            let estimate = try Inputs.duration(p, "estimate"), span = try Inputs.duration(p, "span")
            let minSitting = try Inputs.duration(p, "minSitting")
            let due = try Inputs.date(p, "due", now: service.now, zone: zone)
            let start = try Inputs.date(p, "start", now: service.now, zone: zone)
            let earliest = try Inputs.clock(p, "earliest", allow24: false), latest = try Inputs.clock(p, "latest", allow24: true)
            let afterIds = try after.map { keys in
                try keys.enumerated().map { i, k in try taskId(k, service, pointer: p.pointer("after") + "/\(i)") }
            }
            if let afterIds, afterIds.contains(id) {
                throw RPCError.params(p.pointer("after"), "a task cannot come after itself", kind: "cycle")
            }
            do {
                let (row, _) = try service.editTask(id, defaultZone: environment.defaultZone) { s in
                    if let title { s.title = title }
                    if let project { s.project = project }
                    if let notes { s.notes = notes }
                    if let estimate { s.estimate = estimate }
                    if let span { s.span = span }
                    if let minSitting { s.minSitting = minSitting }
                    if let due { s.due = due }
                    if let start { s.start = start }
                    if let earliest { s.earliest = earliest }
                    if let latest { s.latest = latest }
                    if let priority { s.priority = priority }
                    if let afterIds { s.after = afterIds }
                }
                return Self.encode(Wire.TaskUpdated(status: "updated", saved: true, task: Wire.StoredTask(row, zone: zone), diagnostic: nil))
            } catch let refused as PlanService.EditRefused {
                let row = try service.task(id, defaultZone: environment.defaultZone)
                return Self.encode(Wire.TaskUpdated(status: "unschedulable", saved: false, task: Wire.StoredTask(row, zone: zone),
                                                     diagnostic: Wire.Diagnostic(refused.diagnostic, zone: zone)))
            }
        }
        return try mapped(relocate: { e in
            // A cycle through `after` belongs to the new `after`, whichever task the check names first.
            if e.kind == .cycle { return p.pointer("after") }
            return Self.pointerInto(task: id)(e)
        }, run)
    }

    func taskRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task"])
        let key = try p.name("task")
        return try withService { service in
            _ = try taskId(key, service, pointer: p.pointer("task"))
            return Self.encode(Wire.Removed(removed: try service.removeTask(key, defaultZone: environment.defaultZone)))
        }
    }

    func taskDone(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task", "spent"])
        let key = try p.name("task")
        let spent = try Inputs.duration(p, "spent")
        if spent == 0 { throw RPCError.params(p.pointer("spent"), "must be longer than zero") }
        return try withService { service in
            _ = try taskId(key, service, pointer: p.pointer("task"))
            let row = try service.done(key, spent: spent, defaultZone: environment.defaultZone)
            return Self.encode(Wire.StoredTask(row, zone: try zone(service)))
        }
    }

    func taskList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { service in
            let zone = try zone(service)
            return Self.encode(try service.tasks(defaultZone: environment.defaultZone).map { Wire.StoredTask($0, zone: zone) })
        }
    }

    func taskGet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task"])
        let key = try p.name("task")
        return try withService { service in
            let id = try taskId(key, service, pointer: p.pointer("task"))
            return Self.encode(Wire.StoredTask(try service.task(id, defaultZone: environment.defaultZone), zone: try zone(service)))
        }
    }

    // MARK: Plan

    func planAgenda(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["from", "days"])
        let days = try p.optionalInt("days", in: 1...RPCLimits.maxAgendaDays) ?? 7
        _ = try p.optionalString("from")
        return try withService { service in
            let zone = try zone(service)
            let first = try Inputs.date(p, "from", now: service.now, zone: zone)?.day(in: zone)
            let agenda = try service.agenda(from: first, days: days, defaultZone: environment.defaultZone)
            return Self.encode(Wire.Agenda(
                from: zone.local(agenda.range.start).date.isoString, days: days,
                items: agenda.items.map { Wire.AgendaLine(range: $0.range, item: $0.item, zone: zone) },
                warnings: agenda.warnings))
        }
    }

    func planReplan(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["dryRun", "compact"])
        let dryRun = try p.optionalBool("dryRun") ?? false, compact = try p.optionalBool("compact") ?? false
        return try withService { service in
            let zone = try zone(service)
            let (r, warnings) = try service.replan(defaultZone: environment.defaultZone, dryRun: dryRun, compact: compact)
            return Self.encode(Wire.ReplanResult(r, warnings: warnings, zone: zone))
        }
    }

    func planExport(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "from", "to", "onlyPlan"])
        let path = p.has("path") ? try p.name("path") : nil
        _ = try p.optionalString("from")
        _ = try p.optionalString("to")
        let onlyPlan = try p.optionalBool("onlyPlan") ?? false
        return try withService { service in
            let zone = try zone(service)
            let from = try Inputs.date(p, "from", now: service.now, zone: zone)?.instant(in: zone, endOfDay: false)
            let to = try Inputs.date(p, "to", now: service.now, zone: zone)?.instant(in: zone, endOfDay: false)
            if let from, let to, to <= from { throw RPCError.params(p.pointer("to"), "must be after \"from\"") }
            let text = try service.export(from: from, to: to, onlyPlan: onlyPlan, defaultZone: environment.defaultZone)
            let sittings = text.components(separatedBy: "X-PLAN-TASK-ID:").count - 1
            guard let path else {
                return Self.encode(Wire.Exported(ics: text, path: nil, bytes: text.utf8.count, sittings: sittings))
            }
            let absolute = (path as NSString).isAbsolutePath ? path
                : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
            do throws(ServiceError) {
                try FileOutput.write(text, to: absolute, streams: false)
            } catch {
                throw RPCError(error, pointer: p.pointer("path"))
            }
            return Self.encode(Wire.Exported(ics: nil, path: (absolute as NSString).standardizingPath, bytes: text.utf8.count, sittings: sittings))
        }
    }

    // MARK: Policy

    func policyGet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { Self.encode(Wire.Settings(try $0.settings(defaultZone: environment.defaultZone))) }
    }

    func policySet(_ p: Params) throws(RPCError) -> String {
        let durations = ["buffer", "breakBetweenSittings", "granularity", "maxPerDay"]
        try p.allowOnly(["timeZone", "dayStart", "dayEnd", "workingDays"] + durations + ["busy"])
        let tz = try p.optionalString("timeZone")
        if let tz, SystemZone(identifier: tz) == nil {
            throw RPCError.params(p.pointer("timeZone"), "unknown time zone \"\(tz)\" (expected an IANA name such as America/New_York)",
                                  kind: ScheduleRequestError.Kind.unknownZone.rawValue)
        }
        var change = PolicyChange()
        change.timeZone = tz
        change.policy.dayStart = try Inputs.clock(p, "dayStart", allow24: false)?.hhmm
        change.policy.dayEnd = try Inputs.clock(p, "dayEnd", allow24: true)?.hhmm
        change.policy.workingDays = try p.optionalStrings("workingDays")?.map { $0.uppercased() }
        change.policy.buffer = try Inputs.duration(p, "buffer").map(ISODuration.format)
        change.policy.breakBetweenSittings = try Inputs.duration(p, "breakBetweenSittings").map(ISODuration.format)
        change.policy.granularity = try Inputs.duration(p, "granularity").map(ISODuration.format)
        change.policy.maxPerDay = try Inputs.duration(p, "maxPerDay").map(ISODuration.format)
        if let busy = try p.optionalObject("busy") {
            try busy.allowOnly(["allDay", "tentative"])
            change.policy.busy = ScheduleRequest.BusySpec(allDay: try busy.optionalBool("allDay"), tentative: try busy.optionalBool("tentative"))
        }
        return try mapped(relocate: { e in
            e.field.hasPrefix("/policy/") ? String(e.field.dropFirst("/policy".count)) : e.field
        }) {
            let service = try environment.openService()
            let s = try service.updateSettings(defaultZone: environment.defaultZone, change.apply)
            return Self.encode(Wire.Settings(s))
        }
    }

    // MARK: Stateless

    /// `{"path": …}` or `{"ics": …}` at `pointer`.
    static func calendarInput(_ v: JSONValue, pointer: String, index: Int) throws(RPCError) -> StatelessSchedule.CalendarInput {
        guard case .object(let m) = v else { throw RPCError.params(pointer, "expected {\"path\": …} or {\"ics\": …}, got \(v.typeName)") }
        let c = Params(members: m, base: pointer)
        try c.allowOnly(["path", "ics"])
        switch (c.has("path"), c.has("ics")) {
        case (true, false): return .path(try c.name("path"))
        case (false, true): return .ics(try c.string("ics"), label: "<calendars/\(index)>")
        default: throw RPCError.params(pointer, "give exactly one of \"path\" (an .ics file) and \"ics\" (its text)")
        }
    }

    func eventsExpand(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["path", "ics", "from", "to", "tz", "maxPerSeries"])
        let input = try Self.calendarInput(.object(p.members.filter { $0.0 == "path" || $0.0 == "ics" }), pointer: "", index: 0)
        let zoneName = try p.optionalString("tz") ?? environment.defaultZone
        guard let zone = SystemZone(identifier: zoneName) else {
            throw RPCError.params(p.pointer("tz"), "unknown time zone \"\(zoneName)\" (expected an IANA name such as America/New_York)")
        }
        let maxPerSeries = try p.optionalInt("maxPerSeries", in: 1...100_000) ?? 100_000
        func instant(_ key: String) throws(RPCError) -> Instant? {
            guard let text = try p.optionalString(key) else { return nil }
            guard let v = DateText.parse(text) else {
                throw RPCError.params(p.pointer(key), "\"\(text)\" is not a date or date-time (2026-11-23, 2026-11-23T08:00, 2026-11-23T08:00:00-05:00)")
            }
            return v.instant(in: zone)
        }
        let start = try instant("from") ?? zone.resolve(LocalDateTime(date: zone.local(environment.clock()).date))
        let end = try instant("to") ?? zone.resolve(LocalDateTime(date: zone.local(start).date.adding(days: 7)))
        guard start < end else { throw RPCError.params(p.pointer("to"), "must be after \"from\"") }
        guard end - start <= RPCLimits.maxExpandWindow else {
            throw RPCError.params(p.pointer("to"), "the window is longer than ten years, the most plan rpc expands")
        }
        let options = ImportOptions(window: TimeRange(start: start, end: end), floatingZone: zone, maxOccurrencesPerSeries: maxPerSeries)
        let result: ImportResult
        do {
            switch input {
            case .path(let path): result = try ICalImporter.importFile(path: path, options: options)
            case .ics(let text, _): result = try ICalImporter.importData(Array(text.utf8), label: "<ics>", options: options)
            }
        } catch {
            throw RPCError(.calendar(error), pointer: p.has("path") ? p.pointer("path") : p.pointer("ics"))
        }
        return Self.encode(Wire.Expanded(occurrences: result.occurrences.map { Wire.Occurrence($0, zone: zone) },
                                        eventCount: result.eventCount, warnings: result.warnings))
    }

    /// The stateless contract: params are a schedule request plus
    /// `calendars`; the result is exactly the contract's response.
    func schedule(_ p: Params) throws(RPCError) -> String {
        var calendars: [StatelessSchedule.CalendarInput] = []
        for (i, v) in (try p.optionalArray("calendars") ?? []).enumerated() {
            calendars.append(try Self.calendarInput(v, pointer: p.pointer("calendars") + "/\(i)", index: i))
        }
        let request = JSONValue.object(p.members.filter { $0.0 != "calendars" })
        let input: ScheduleInput
        do {
            input = try ScheduleRequest.decode(request).validated(defaultNow: environment.clock())
        } catch {
            throw RPCError.params(error.field, error.message, kind: error.kind.rawValue)
        }
        do {
            try StatelessSchedule.checkLimits(input)
        } catch {
            throw RPCError.params(error.field, error.message)
        }
        do {
            let (response, warnings) = try StatelessSchedule.run(input, calendars: calendars)
            for w in warnings { environment.log("plan rpc: \(w)") }
            // The contract's members in the contract's order, compact for the wire.
            return response.json.text
        } catch {
            throw RPCError(.calendar(error.error), pointer: p.pointer("calendars") + "/\(error.index)")
        }
    }
}

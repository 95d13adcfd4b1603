import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The `task.*` methods.
extension RPCServer {
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
}

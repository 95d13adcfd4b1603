import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The `task.*` methods.
extension RPCServer {
    static let taskFields = ["title", "project", "notes", "estimate", "span", "minSitting", "earliest", "latest",
                             "start", "due", "priority", "after", "done", "placement", "prefer"]

    /// The task fields of `task.add` and `task.update` as a ``TaskInput``:
    /// only their JSON types are checked here; the service reads the values.
    static func taskInput(_ p: Params) throws(RPCError) -> TaskInput {
        var input = TaskInput()
        input.title = try p.optionalString("title")
        input.id = try p.optionalString("id")
        input.project = try p.optionalString("project")
        input.notes = try p.optionalString("notes")
        input.estimate = try p.optionalString("estimate")
        input.span = try p.optionalString("span")
        input.minSitting = try p.optionalString("minSitting")
        input.earliest = try p.optionalString("earliest")
        input.latest = try p.optionalString("latest")
        input.start = try p.optionalString("start")
        input.due = try p.optionalString("due")
        input.priority = try p.optionalInt("priority", in: Int.min...Int.max)
        input.after = try p.optionalStrings("after")
        input.done = try p.optionalString("done")
        input.placement = try p.optionalString("placement")
        input.prefer = try p.optionalString("prefer")
        return input
    }

    func taskAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["id"] + Self.taskFields + ["calendars", "dryRun", "replan", "asEstimated"])
        // Shape first, so a wrong type is reported before anything is stored.
        _ = try p.string("title")
        _ = try p.string("estimate")
        _ = try p.string("due")
        var input = try Self.taskInput(p)
        input.asEstimated = try p.optionalBool("asEstimated") ?? false
        let calendars = try p.optionalStrings("calendars") ?? []
        let dryRun = try p.optionalBool("dryRun") ?? false, replan = try p.optionalBool("replan") ?? false

        let service = try environment.openService()
        return try mapped(relocate: Self.pointerIntoNewTask(service)) {
            try register(calendars, service, p)
            let (outcome, warnings) = try service.addTask(input, dryRun: dryRun, replan: replan)
            for w in warnings { environment.log("plan rpc: \(w)") }
            return Self.encode(Wire.TaskAdded(outcome, zone: try service.zone()))
        }
    }

    /// Registers the `.ics` files of `calendars` (`task.add`, `series.add`) that are not
    /// registered yet; one that cannot be read is refused at `/calendars/<i>`.
    func register(_ calendars: [String], _ service: PlanService, _ p: Params) throws {
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
    }

    /// Points the contract errors of a task being added into the params. The service gives
    /// it its id, so it is a task the store does not hold (read only on failure: the add
    /// rolled back); a series' occurrences are such tasks too.
    static func pointerIntoNewTask(_ service: PlanService) -> (ScheduleRequestError) -> String? {
        { e in
            guard let id = e.taskId, let stored = try? service.tasks(), !stored.contains(where: { $0.task.id == id }) else { return nil }
            return pointerInto(task: id)(e)
        }
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
        let input = try Self.taskInput(p)
        let service = try environment.openService()
        var id = key
        func run() throws -> String {
            let zone = try service.zone()
            id = try taskId(key, service, pointer: p.pointer("task"))
            do {
                let (row, _) = try service.editTask(id, input)
                return Self.encode(Wire.TaskUpdated(status: "updated", saved: true, task: Wire.StoredTask(row, zone: zone), diagnostic: nil))
            } catch let refused as PlanService.EditRefused {
                let row = try service.task(id)
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
            return Self.encode(Wire.Removed(removed: try service.removeTask(key)))
        }
    }

    func taskDone(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task", "spent", "left", "finished"])
        let key = try p.name("task")
        let input = DoneInput(spent: try p.optionalString("spent"), left: try p.optionalString("left"),
                              finished: try p.optionalBool("finished") ?? false)
        return try withService { service in
            _ = try taskId(key, service, pointer: p.pointer("task"))
            let row = try service.done(key, input)
            return Self.encode(Wire.StoredTask(row, zone: try service.zone()))
        }
    }

    func taskList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { service in
            let zone = try service.zone()
            return Self.encode(try service.tasks().map { Wire.StoredTask($0, zone: zone) })
        }
    }

    func taskGet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task"])
        let key = try p.name("task")
        return try withService { service in
            let id = try taskId(key, service, pointer: p.pointer("task"))
            return Self.encode(Wire.StoredTask(try service.task(id), zone: try service.zone()))
        }
    }
}

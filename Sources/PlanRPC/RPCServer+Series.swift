import Foundation
import PlanCore
import PlanProtocol
import PlanService

/// The `series.*` methods: repeating tasks (`plan add-task --every/--each/--before/--after-class`,
/// `plan task show|edit|remove SERIES`, `plan done OCCURRENCE --skip`).
extension RPCServer {
    /// The fields of a series' task that `series.update` changes (its template's).
    static let seriesTemplateFields = taskFields.filter { !["start", "due", "after", "done"].contains($0) }
    /// How a series repeats, as `series.add` takes it.
    static let seriesRepeatFields = ["every", "each", "before", "afterClass", "within", "from", "until", "count", "startBefore"]

    /// `series.add`'s params as a ``SeriesInput``: only their JSON types are checked here;
    /// the service reads the values, as it reads `plan add-task`'s.
    static func seriesInput(_ p: Params) throws(RPCError) -> SeriesInput {
        var input = SeriesInput()
        input.task = try taskInput(p)
        input.every = try p.optionalString("every")
        input.each = try p.optionalString("each")
        input.before = try p.optionalString("before")
        input.afterClass = try p.optionalString("afterClass")
        input.within = try p.optionalString("within")
        input.from = try p.optionalString("from")
        input.until = try p.optionalString("until")
        input.count = try p.optionalInt("count", in: Int.min...Int.max)
        input.startBefore = try p.optionalString("startBefore")
        return input
    }

    func seriesAdd(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["id"] + Self.seriesTemplateFields + ["due"] + Self.seriesRepeatFields + ["calendars", "dryRun", "replan"])
        // Shape first, so a wrong type is reported before anything is stored.
        _ = try p.string("title")
        _ = try p.string("estimate")
        let input = try Self.seriesInput(p)
        let calendars = try p.optionalStrings("calendars") ?? []
        let dryRun = try p.optionalBool("dryRun") ?? false, replan = try p.optionalBool("replan") ?? false

        let service = try environment.openService()
        return try mapped(relocate: Self.pointerIntoNewTask(service)) {
            try register(calendars, service, p)
            let (added, warnings) = try service.addSeries(input, dryRun: dryRun, replan: replan)
            for w in warnings { environment.log("plan rpc: \(w)") }
            return Self.encode(Wire.SeriesAdded(added, zone: try service.zone()))
        }
    }

    func seriesList(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { service in
            let zone = try service.zone()
            return Self.encode(try service.allSeries().map { Wire.SeriesShown($0, zone: zone) })
        }
    }

    func seriesGet(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["series"])
        let key = try p.name("series")
        return try withService { service in
            Self.encode(Wire.SeriesShown(try seriesRow(key, service, pointer: p.pointer("series")), zone: try service.zone()))
        }
    }

    func seriesUpdate(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["series"] + Self.seriesTemplateFields)
        let key = try p.name("series")
        let input = try Self.taskInput(p)
        return try withService { service in
            let zone = try service.zone()
            let id = try seriesRow(key, service, pointer: p.pointer("series")).series.id
            do {
                let row = try service.editSeries(id, input)
                return Self.encode(Wire.SeriesUpdated(outcome: .init(status: "updated", saved: true, diagnostic: nil),
                                                      shown: Wire.SeriesShown(row, zone: zone)))
            } catch let refused as PlanService.EditRefused {
                let row = try seriesRow(id, service, pointer: p.pointer("series"))
                return Self.encode(Wire.SeriesUpdated(
                    outcome: .init(status: "unschedulable", saved: false, diagnostic: Wire.Diagnostic(refused.diagnostic, zone: zone)),
                    shown: Wire.SeriesShown(row, zone: zone)))
            }
        }
    }

    func seriesSkip(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["task"])
        let key = try p.name("task")
        return try withService { service in
            let (occurrence, series) = try service.skip(try taskId(key, service, pointer: p.pointer("task")))
            return Self.encode(Wire.SeriesSkipped(skipped: occurrence, series: series))
        }
    }

    func seriesRemove(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["series", "from"])
        let key = try p.name("series")
        let from = try p.optionalString("from")
        return try withService { service in
            let id = try seriesRow(key, service, pointer: p.pointer("series")).series.id
            return Self.encode(Wire.SeriesRemovedResult(try service.removeSeries(id, from: from)))
        }
    }

    /// The series `key` names (its id or title); `notFound` points at `pointer`.
    func seriesRow(_ key: String, _ service: PlanService, pointer: String) throws -> SeriesRow {
        guard let row = try service.series(key) else {
            throw RPCError(ServiceError.notFound(kind: "series", name: key), pointer: pointer)
        }
        return row
    }
}

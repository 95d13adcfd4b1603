import Foundation
import PlanCore
import PlanICal
import PlanProtocol
import PlanService
import PlanStore

/// The `plan.*` methods that read and change the plan (agenda, review, replan, export).
extension RPCServer {
    func planAgenda(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["from", "days"])
        let days = try p.optionalInt("days", in: 1...RPCLimits.maxAgendaDays) ?? 7
        _ = try p.optionalString("from")
        return try withService { service in
            let zone = try service.zone()
            let first = try Inputs.date(p, "from", now: service.now, zone: zone)?.day(in: zone)
            let agenda = try service.agenda(from: first, days: days)
            return Self.encode(Wire.Agenda(
                from: zone.local(agenda.range.start).date.isoString, days: days,
                items: agenda.items.map { Wire.AgendaLine(range: $0.range, item: $0.item, zone: zone) },
                warnings: agenda.warnings))
        }
    }

    func planReview(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["from", "to"])
        _ = try p.optionalString("from")
        _ = try p.optionalString("to")
        return try withService { service in
            let settings = try service.settings()
            let zone = settings.zone
            let first = try Inputs.date(p, "from", now: service.now, zone: zone)?.day(in: zone)
            let last = try Inputs.date(p, "to", now: service.now, zone: zone)?.day(in: zone)
            return Self.encode(Wire.Review(try service.review(from: first, through: last), learning: settings.learn))
        }
    }

    func planReplan(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["dryRun", "compact"])
        let dryRun = try p.optionalBool("dryRun") ?? false, compact = try p.optionalBool("compact") ?? false
        return try withService { service in
            let zone = try service.zone()
            let (r, warnings) = try service.replan(dryRun: dryRun, compact: compact)
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
            let zone = try service.zone()
            let from = try Inputs.date(p, "from", now: service.now, zone: zone)?.instant(in: zone, endOfDay: false)
            let to = try Inputs.date(p, "to", now: service.now, zone: zone)?.instant(in: zone, endOfDay: false)
            if let from, let to, to <= from { throw RPCError.params(p.pointer("to"), "must be after \"from\"") }
            let text = try service.export(from: from, to: to, onlyPlan: onlyPlan)
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
}

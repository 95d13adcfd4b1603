import PlanProtocol
import PlanService

extension RPCServer {
    /// `calendar.target`: sets (with `url`) or reads the collection `sync` writes to.
    func calendarTarget(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["url", "create", "color"])
        let url = p.has("url") ? try p.name("url") : nil
        let create = try p.optionalBool("create") ?? false
        let color = try p.optionalString("color") ?? "#3A7BD5"
        return try withService { service in
            guard let url else { return Self.encode(Wire.SyncTarget(url: try service.syncTarget(), created: false)) }
            let set = try service.setSyncTarget(url, create: create, color: color)
            return Self.encode(Wire.SyncTarget(url: set.url, created: set.created))
        }
    }

    /// `sync`: writes the sittings into the target collection (see `plan sync`).
    func sync(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["to", "dryRun", "keepDeletedFree"])
        let to = p.has("to") ? try p.name("to") : nil
        let dryRun = try p.optionalBool("dryRun") ?? false
        let keepDeletedFree = try p.optionalBool("keepDeletedFree") ?? false
        return try withService { service in
            let zone = try service.zone()
            return Self.encode(Wire.SyncResult(try service.sync(to: to, dryRun: dryRun, keepDeletedFree: keepDeletedFree), zone: zone))
        }
    }
}

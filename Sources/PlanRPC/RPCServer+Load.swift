import PlanProtocol
import PlanService

/// `plan.load`: the busiest day of the stored plan's coming fortnight and the least possible for that
/// work, the line `plan tasks` and `plan week` print under their lists.
extension RPCServer {
    func planLoad(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly([])
        return try withService { service in Self.encode(Wire.Load(try service.load())) }
    }
}

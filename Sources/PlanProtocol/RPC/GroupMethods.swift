import PlanCore
import PlanService

/// The `group.*` methods: `plan group` for editors, with the same checks of
/// their inputs (``GroupFindInput``); `Schemas/methods/group.*` describe them.
extension RPCServer {
    func groupFind(_ p: Params) throws(RPCError) -> String {
        try p.allowOnly(["members", "duration", "within", "between", "days", "granularity", "minMembers", "top"])
        var input = GroupFindInput()
        input.members = try p.optionalStrings("members") ?? []
        input.duration = try p.string("duration")
        input.within = try p.optionalString("within")
        input.between = try p.optionalString("between")
        input.days = try p.optionalString("days")
        input.granularity = try p.optionalString("granularity")
        input.minMembers = try p.optionalInt("minMembers", in: 1...1_000)
        input.top = try p.optionalInt("top", in: 1...100)
        return try withService { service in
            let zone = try zone(service)
            let request: GroupFindRequest
            do throws(CoursesInputError) {
                request = try input.request(now: service.now, zone: zone)
            } catch {
                throw RPCError.params(p.pointer(error.field == "member" ? "members" : error.field), "\"\(error.value)\": expected \(error.expected)")
            }
            return Self.encode(Wire.GroupFound(try service.findGroupTime(request, defaultZone: environment.defaultZone)))
        }
    }
}

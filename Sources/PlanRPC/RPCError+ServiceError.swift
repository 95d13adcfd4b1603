import PlanCore
import PlanProtocol
import PlanService

extension RPCError {
    /// What an internal error's response says; the detail goes to the log.
    package static let internalReason = "an internal error (a bug: please report it); the details are in the server's log"

    /// The RPC form of a service failure, coded by ``ServiceError/codes``.
    /// `pointer` names the parameter a calendar or file came from; a contract
    /// error's pointer is made relative to the params by `relocate` (nil:
    /// the stored plan itself is not valid).
    package init(_ e: ServiceError, pointer: String? = nil, relocate: (ScheduleRequestError) -> String? = { $0.field }) {
        let code = e.codes.rpc
        switch e {
        case .invalid(let r):
            if let p = relocate(r) {
                self.init(.invalidParams, pointer: p, reason: r.message, kind: r.kind.rawValue)
            } else {
                self.init(code, reason: "the stored plan is not valid: \(r.description)", kind: r.kind.rawValue)
            }
        case .input(let i):
            self.init(code, pointer: i.pointer, reason: i.message, kind: i.kind)
        case .sameTitle: self.init(code, pointer: "/title", reason: e.description)
        case .nearProject: self.init(code, pointer: "/project", reason: e.description)
        case .unexpected(let detail), .store(.unexpected(_, let detail)):
            self.init(code, reason: Self.internalReason, detail: detail)
        case .store, .calendar, .notFound, .refused, .unreadable, .cannotWrite, .diskFailed: self.init(code, pointer: pointer, reason: e.description)
        }
    }
}

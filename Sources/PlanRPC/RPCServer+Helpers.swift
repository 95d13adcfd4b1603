import Foundation
import PlanCore
import PlanICal
import PlanProtocol
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

    static func encode(_ value: some Encodable) -> String { Wire.encode(value) }

    /// A task's id from its id or title (`notFound` points at `pointer`).
    func taskId(_ key: String, _ service: PlanService, pointer: String) throws -> String {
        do {
            return try service.task(key).task.id
        } catch let error as ServiceError {
            guard case .notFound = error else { throw error }
            throw RPCError(error, pointer: pointer)
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
}

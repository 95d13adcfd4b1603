import PlanJSON
import PlanProtocol

/// An error response: the code, a one-line message and structured data
/// (`reason` always; `pointer` for invalid params; `kind` for contract errors).
package struct RPCError: Error, Hashable, Sendable, CustomStringConvertible {
    package var code: RPCErrorCode
    package var message: String
    /// A JSON pointer into `params` (invalid params), or into the request for
    /// `schedule`'s contract errors.
    package var pointer: String?
    package var reason: String
    /// The contract's error kind (`cycle`, `negativeDuration`, …) when there is one.
    package var kind: String?
    /// What went wrong inside the server (an internal error): logged on
    /// stderr, never sent in the response.
    package var detail: String?

    package init(_ code: RPCErrorCode, pointer: String? = nil, reason: String, kind: String? = nil, detail: String? = nil) {
        self.code = code
        self.message = code.message
        self.pointer = pointer
        self.reason = reason
        self.kind = kind
        self.detail = detail
    }

    /// The line the server logs: the response's error, and the detail it leaves out.
    package var description: String {
        "\(code.rawValue) \(message)" + (pointer.map { " at \($0.isEmpty ? "(params)" : $0)" } ?? "") + ": \(reason)"
            + (detail.map { " (\($0))" } ?? "")
    }

    /// `{"code": …, "message": …, "data": {…}}`.
    package var json: JSONValue {
        var data: [(String, JSONValue)] = []
        if let pointer { data.append(("pointer", .string(pointer))) }
        data.append(("reason", .string(reason)))
        if let kind { data.append(("kind", .string(kind))) }
        return .object([("code", .number(String(code.rawValue))), ("message", .string(message)), ("data", .object(data))])
    }

    package static func params(_ pointer: String, _ reason: String, kind: String? = nil) -> RPCError {
        RPCError(.invalidParams, pointer: pointer, reason: reason, kind: kind)
    }
}

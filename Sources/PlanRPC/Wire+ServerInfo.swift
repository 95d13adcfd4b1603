import PlanProtocol

/// The result of `initialize`, `Schemas/methods/initialize.result.schema.json`:
/// what this server answers and how.
extension Wire {
    /// `initialize`.
    package struct ServerInfo: Codable, Hashable, Sendable {
        package struct Capabilities: Codable, Hashable, Sendable {
            /// Every method the server answers, in a stable order.
            package var methods: [String]
            /// `line` and `content-length`.
            package var framings: [String]
            /// Arrays of requests are answered.
            package var batches: Bool
            /// The longest message read; longer ones are refused unread.
            package var maxMessageBytes: Int
        }
        package var serverVersion: String
        package var protocolVersion: String
        package var capabilities: Capabilities

        package init(serverVersion: String, methods: [String], maxMessageBytes: Int) {
            self.serverVersion = serverVersion
            protocolVersion = RPCServer.protocolVersion
            capabilities = Capabilities(methods: methods, framings: [Framing.line.rawValue, Framing.contentLength.rawValue],
                                         batches: true, maxMessageBytes: maxMessageBytes)
        }
    }
}

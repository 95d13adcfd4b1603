import PlanProtocol

/// The result of `initialize`, `Schemas/methods/initialize.result.schema.json`:
/// what this server answers and how.
extension Wire {
    /// `initialize`.
    public struct ServerInfo: Codable, Hashable, Sendable {
        public struct Capabilities: Codable, Hashable, Sendable {
            /// Every method the server answers, in a stable order.
            public var methods: [String]
            /// `line` and `content-length`.
            public var framings: [String]
            /// Arrays of requests are answered.
            public var batches: Bool
            /// The longest message read; longer ones are refused unread.
            public var maxMessageBytes: Int
        }
        public var serverVersion: String
        public var protocolVersion: String
        public var capabilities: Capabilities

        public init(serverVersion: String, methods: [String], maxMessageBytes: Int) {
            self.serverVersion = serverVersion
            protocolVersion = RPCServer.protocolVersion
            capabilities = Capabilities(methods: methods, framings: [Framing.line.rawValue, Framing.contentLength.rawValue],
                                         batches: true, maxMessageBytes: maxMessageBytes)
        }
    }
}

extension Wire {
    /// What `plan … --json` writes on stderr when it fails: one object on one
    /// line, `{"error":{"code":"noInput","exit":66,"message":"…"}}`. `code`
    /// names the exit status (``ExitStatus``), `exit` is its number.
    public struct CLIError: Codable, Hashable, Sendable {
        public struct Body: Codable, Hashable, Sendable {
            public var code: String
            public var exit: Int32
            public var message: String
        }

        public var error: Body

        public init(_ status: ExitStatus, message: String) {
            error = Body(code: status.name, exit: status.rawValue, message: message)
        }
    }
}

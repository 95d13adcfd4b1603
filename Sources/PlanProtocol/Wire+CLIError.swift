extension Wire {
    /// What `plan … --json` writes on stderr when it fails: one object on one
    /// line, `{"error":{"code":"noInput","exit":66,"message":"…"}}`. `code`
    /// names the exit status (``ExitStatus``), `exit` is its number.
    package struct CLIError: Codable, Hashable, Sendable {
        package struct Body: Codable, Hashable, Sendable {
            package var code: String
            package var exit: Int32
            package var message: String
        }

        package var error: Body

        package init(_ status: ExitStatus, message: String) {
            error = Body(code: status.name, exit: status.rawValue, message: message)
        }
    }
}

/// The error codes of `plan rpc` (`Schemas/error.schema.json`). The first
/// five are JSON-RPC 2.0's own; the rest are plan's, in -32000…-32099.
package enum RPCErrorCode: Int, CaseIterable, Sendable {
    /// The bytes are not JSON (or a header block is broken).
    case parseError = -32700
    /// JSON, but not a request: wrong shape, an empty batch, a message over
    /// the size limit, or a request after `shutdown`.
    case invalidRequest = -32600
    case methodNotFound = -32601
    /// A parameter is missing, of the wrong type or value; `data.pointer`
    /// names it, `data.reason` says why.
    case invalidParams = -32602
    /// A bug, or a store statement that failed (CLI exit 70). For a bug the
    /// response says only that; the detail goes to the server's stderr.
    case internalError = -32603
    /// A calendar file is missing or cannot be read (CLI exit 66).
    case calendarUnreadable = -32001
    /// A calendar has nothing usable in it (CLI exit 65).
    case calendarInvalid = -32002
    /// No task, project or calendar by that name (CLI exit 65).
    case notFound = -32003
    /// The store refuses: a duplicate name, a project that still has tasks,
    /// a task others depend on (CLI exit 65).
    case refused = -32004
    /// Another plan process held the store too long; try again (CLI exit 75).
    case storeBusy = -32005
    /// The store cannot be opened or is not a plan store (CLI exit 65/73).
    case storeUnavailable = -32006
    /// A file (the export) cannot be written (CLI exit 73; 74 when the disk is full or failed).
    case cannotWrite = -32007

    /// The standard message for the code.
    package var message: String {
        switch self {
        case .parseError: "Parse error"
        case .invalidRequest: "Invalid Request"
        case .methodNotFound: "Method not found"
        case .invalidParams: "Invalid params"
        case .internalError: "Internal error"
        case .calendarUnreadable: "Calendar unreadable"
        case .calendarInvalid: "Calendar invalid"
        case .notFound: "Not found"
        case .refused: "Refused"
        case .storeBusy: "Store busy"
        case .storeUnavailable: "Store unavailable"
        case .cannotWrite: "Cannot write"
        }
    }
}

import PlanCore
import PlanICal
import PlanService
import PlanStore

/// The exit statuses of `plan` (the README's "Exit codes"; BSD sysexits
/// where one fits). They sit here, beside the JSON-RPC codes, so one table
/// (``ServiceError/codes``) gives both faces their code for a failure.
package enum ExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    /// `plan doctor` found a problem (each is printed with what to fix).
    case problemsFound = 1
    /// The task does not fit: nothing was saved (see the explanation and fixes).
    case doesNotFit = 3
    /// The task fits only if the whole plan is re-made: nothing was saved (use --replan).
    case needsReplan = 4
    /// Bad command-line usage (ArgumentParser's validation errors).
    case usage = 64
    /// Input data that cannot be used: a calendar with nothing readable, an invalid request.
    case dataError = 65
    /// An input file that is missing or cannot be read.
    case noInput = 66
    /// A bug: something that should not happen did.
    case software = 70
    /// The store or an output file cannot be created or written (read-only).
    case cannotCreate = 73
    /// The disk is full or failed while the store or an output file was written: nothing was changed.
    case ioError = 74
    /// The store is busy (another plan held it too long): try again.
    case tempFail = 75
}

extension ServiceError {
    /// The CLI's exit status and `plan rpc`'s error code for this failure.
    /// An invalid request whose field lies in the params is -32602 instead
    /// (see ``RPCError/init(_:pointer:relocate:)``).
    package var codes: (exit: ExitStatus, rpc: RPCErrorCode) {
        switch self {
        case .store(.busy): (.tempFail, .storeBusy)
        case .store(.cannotOpen): (.cannotCreate, .storeUnavailable)
        case .store(.incompatible), .store(.damaged): (.dataError, .storeUnavailable)
        case .store(.notAFile): (.noInput, .storeUnavailable)
        case .store(.readOnly): (.cannotCreate, .storeUnavailable)
        case .store(.diskFull), .store(.ioError): (.ioError, .storeUnavailable)
        case .store(.sqlite), .store(.unexpected): (.software, .internalError)
        case .store(.notFound): (.dataError, .notFound)
        case .store(.duplicate), .store(.refused): (.dataError, .refused)
        case .calendar(.unreadable): (.noInput, .calendarUnreadable)
        case .calendar(.invalid): (.dataError, .calendarInvalid)
        case .invalid: (.dataError, .refused)
        case .input(let e): e.isNotFound ? (.dataError, .notFound) : e.isRefusal ? (.dataError, .invalidParams) : (.usage, .invalidParams)
        case .notFound: (.dataError, .notFound)
        case .refused, .sameTitle: (.dataError, .refused)
        case .nearProject: (.dataError, .notFound)
        case .unreadable: (.noInput, .calendarUnreadable)
        case .cannotWrite: (.cannotCreate, .cannotWrite)
        case .diskFailed: (.ioError, .cannotWrite)
        case .unexpected: (.software, .internalError)
        }
    }
}

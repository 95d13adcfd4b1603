extension ExitStatus {
    /// The status's name, as `--json` errors give it (`noInput`).
    package var name: String { String(describing: self) }

    /// What a failure with this status and no message of its own says.
    package var meaning: String {
        switch self {
        case .success: "success"
        case .problemsFound: "plan doctor found a problem"
        case .doesNotFit: "the task does not fit; nothing was saved"
        case .needsReplan: "the task fits only if other tasks move; nothing was saved (run again with --replan)"
        case .usage: "bad command line"
        case .dataError: "bad input data"
        case .noInput: "an input file is missing or cannot be read"
        case .software: "internal error (a bug: please report it)"
        case .cannotCreate: "the store or an output file cannot be created or written"
        case .ioError: "the disk is full or failed; nothing was changed"
        case .tempFail: "the store is busy; try again"
        }
    }
}

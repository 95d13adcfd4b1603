import ArgumentParser

/// The exit codes plan documents (BSD sysexits where one fits).
public enum PlanExit {
    /// Bad command-line usage (ArgumentParser's validation errors).
    public static let usage = ExitCode(64)
    /// Input data that cannot be used: a calendar with nothing readable, an invalid request.
    public static let dataError = ExitCode(65)
    /// An input file that is missing or cannot be read.
    public static let noInput = ExitCode(66)
    /// The task does not fit: nothing was saved (see the explanation and fixes).
    public static let doesNotFit = ExitCode(3)
    /// The task fits only if the whole plan is re-made: nothing was saved (use --replan).
    public static let needsReplan = ExitCode(4)
    /// The store is busy (another plan held it too long): try again.
    public static let tempFail = ExitCode(75)
    /// A bug: something that should not happen did.
    public static let software = ExitCode(70)
    /// Output could not be written.
    public static let cannotCreate = ExitCode(73)
}

/// Writes `message` to stderr, prefixed with `plan: `.
func printError(_ message: String) {
    var stderr = StandardError()
    print("plan: \(message)", to: &stderr)
}

/// A `TextOutputStream` for stderr.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        FileHandleStderr.write(string)
    }
}

import ArgumentParser
import PlanProtocol

/// The exit codes plan documents, as ArgumentParser throws them (the
/// values and their meaning: ``ExitStatus``).
public enum PlanExit {
    public static let usage = ExitCode(.usage)
    public static let dataError = ExitCode(.dataError)
    public static let noInput = ExitCode(.noInput)
    public static let doesNotFit = ExitCode(.doesNotFit)
    public static let needsReplan = ExitCode(.needsReplan)
    public static let tempFail = ExitCode(.tempFail)
    public static let unavailable = ExitCode(.unavailable)
    public static let software = ExitCode(.software)
    public static let cannotCreate = ExitCode(.cannotCreate)
}

extension ExitCode {
    init(_ status: ExitStatus) { self.init(status.rawValue) }
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

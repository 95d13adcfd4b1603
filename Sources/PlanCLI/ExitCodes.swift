import ArgumentParser
import Foundation
import PlanProtocol

/// The exit codes plan documents, as ArgumentParser throws them (the
/// values and their meaning: ``ExitStatus``).
package enum PlanExit {
    package static let usage = ExitCode(.usage)
    package static let dataError = ExitCode(.dataError)
    package static let noInput = ExitCode(.noInput)
    package static let doesNotFit = ExitCode(.doesNotFit)
    package static let needsReplan = ExitCode(.needsReplan)
    package static let tempFail = ExitCode(.tempFail)
    package static let software = ExitCode(.software)
    package static let cannotCreate = ExitCode(.cannotCreate)
}

extension ExitCode {
    init(_ status: ExitStatus) { self.init(status.rawValue) }
}

/// Writes the error `message` to stderr, prefixed with `plan: ` — or, when
/// the command line asked for `--json`, keeps it for the one JSON object
/// ``ErrorReport`` writes as the command exits.
func printError(_ message: String) {
    if ErrorReport.shared.keep(message) { return }
    TextOutput.stderr(message)
}

/// Writes a warning or a notice (not a failure) to stderr, prefixed with
/// `plan: `; nothing with `--quiet`.
func printNotice(_ message: String) {
    guard Verbosity.current != .quiet else { return }
    TextOutput.stderr(message)
}

/// How a failing command reports itself: `plan: MESSAGE` lines on stderr,
/// or with `--json` one line `{"error":{"code","exit","message"}}` — the
/// same for every command, decided here once.
final class ErrorReport: @unchecked Sendable {
    static let shared = ErrorReport()
    private let lock = NSLock()
    private var json = false
    private var messages: [String] = []

    /// Whether `arguments` (before a `--`) ask for JSON output.
    static func asksForJSON(_ arguments: [String]) -> Bool {
        arguments.prefix { $0 != "--" }.contains("--json")
    }

    func start(json: Bool) {
        lock.lock()
        defer { lock.unlock() }
        self.json = json
        messages = []
    }

    /// Keeps `message` for the JSON error (true), or says to print it now (false).
    func keep(_ message: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if json { messages.append(message) }
        return json
    }

    /// The JSON line for a command that failed with `status`; `fallback`
    /// is the message when the command printed none (a usage error's text).
    func jsonLine(_ status: ExitStatus, fallback: String) -> String? {
        lock.lock()
        defer { lock.unlock() }
        guard json, status != .success else { return nil }
        let message = messages.isEmpty ? (fallback.isEmpty ? status.meaning : fallback) : messages.joined(separator: "\n")
        return Wire.encode(Wire.CLIError(status, message: message))
    }
}

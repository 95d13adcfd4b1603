import Foundation
import Synchronization

/// A command whose output is a password (`pass show uni/caldav`,
/// `secret-tool lookup host caldav.uni.edu`, `security find-generic-password -w …`),
/// and the user name that goes with it. The command is kept (it is not a
/// secret); the password it prints lives only in this process's memory.
package struct PasswordCommand: Sendable, Hashable, Codable {
    /// The command line, run by `/bin/sh -c`.
    package var command: String
    /// The user name; nil to take `PLAN_CALDAV_USER` or the netrc login.
    package var user: String?

    /// How long the command may take (a password manager may ask for its passphrase).
    package static let timeoutSeconds = 60
    /// The environment variable that sets another limit, in seconds (for
    /// tests: a command that never ends is cut off in seconds, not a minute).
    package static let timeoutVariable = "PLAN_PASSWORD_COMMAND_TIMEOUT"
    /// The most output read from it: a password is short.
    package static let maxOutput = 4_096

    package init(command: String, user: String?) {
        self.command = command
        self.user = user
    }

    /// The limit `environment` sets (``timeoutVariable``), else ``timeoutSeconds``.
    static func timeout(_ environment: [String: String]) -> Int {
        environment[timeoutVariable].flatMap { Int($0) }.flatMap { (1...timeoutSeconds).contains($0) ? $0 : nil } ?? timeoutSeconds
    }

    /// Why a command gave no password (its output never in it).
    private struct Failure: Error {
        var reason: String
    }

    /// What each command run in this process gave, by command: a command is
    /// run once per process however many requests (and hosts) need it, and
    /// one that failed or hung is not run again. The lock is held while a
    /// command runs, so two requests at once do not start it twice.
    private static let outcomes = Mutex<[String: Result<String, Failure>]>([:])

    /// The first line of what the command prints on stdout, the command run
    /// at most once per process (``outcomes``). Its stderr goes to plan's (a
    /// prompt, a complaint); its stdout is never shown. Fails, without any
    /// of its output, when it cannot be started, exits non-zero, prints
    /// nothing, or runs longer than `timeout` seconds (then it and every
    /// process it started are killed).
    func password(host: String, timeout: Int) throws(DAVError) -> String {
        let outcome = Self.outcomes.withLock { known in
            if let outcome = known[command] { return outcome }
            let outcome = run(timeout: timeout)
            known[command] = outcome
            return outcome
        }
        switch outcome {
        case .success(let password): return password
        case .failure(let failure): throw .passwordCommand(host: host, reason: failure.reason)
        }
    }

    /// Runs the command once: the password, or why there is none.
    private func run(timeout: Int) -> Result<String, Failure> {
        let end: ShellCommand.End
        let bytes: [UInt8]
        switch ShellCommand(command: command).run(seconds: timeout, maxOutput: Self.maxOutput) {
        case .failure(let f): return .failure(Failure(reason: "the password command could not be started: \(f.reason)"))
        case .success(let ran): (end, bytes) = ran
        }
        switch end {
        case .timedOut:
            return .failure(Failure(reason: "the password command did not finish within \(timeout) s, and was stopped"))
        case .signalled(let signal):
            return .failure(Failure(reason: "the password command was killed by signal \(signal)"))
        case .exited(let status) where status != 0:
            return .failure(Failure(reason: "the password command exited with status \(status)"))
        case .exited:
            let text = String(decoding: bytes, as: UTF8.self)
            let password = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
                .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) } ?? ""
            return password.isEmpty ? .failure(Failure(reason: "the password command printed nothing")) : .success(password)
        }
    }
}

import Foundation
import Synchronization

/// A command whose output is a password (`pass show uni/caldav`,
/// `secret-tool lookup host caldav.uni.edu`, `security find-generic-password -w …`),
/// and the user name that goes with it. The command is kept (it is not a
/// secret); the password it prints lives only in this process's memory.
public struct PasswordCommand: Sendable, Hashable, Codable {
    /// The command line, run by `/bin/sh -c`.
    public var command: String
    /// The user name; nil to take `PLAN_CALDAV_USER` or the netrc login.
    public var user: String?

    /// How long the command may take (a password manager may ask for its passphrase).
    public static let timeoutSeconds = 60
    /// The most output read from it: a password is short.
    public static let maxOutput = 4_096

    public init(command: String, user: String?) {
        self.command = command
        self.user = user
    }

    /// Passwords already read in this process, by command: a command is run
    /// once per process however many requests need it.
    private static let memo = Mutex<[String: String]>([:])

    /// The first line of what the command prints on stdout. Its stderr goes
    /// to plan's (a prompt, a complaint); its stdout is never shown. Fails,
    /// without any of its output, when it cannot be started, exits non-zero,
    /// prints nothing, or runs longer than ``timeoutSeconds``.
    func password(host: String) throws(DAVError) -> String {
        if let known = Self.memo.withLock({ $0[command] }) { return known }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let out = Pipe()
        process.standardOutput = out
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw .passwordCommand(host: host, reason: "the password command could not be started: \(error.localizedDescription)")
        }
        // Read on another thread so a command that never ends is cut off at the timeout.
        let output = OutputBox()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            output.set(Array(out.fileHandleForReading.readDataToEndOfFile().prefix(Self.maxOutput)))
            done.signal()
        }
        guard done.wait(timeout: .now() + .seconds(Self.timeoutSeconds)) == .success else {
            process.terminate()
            usleep(100_000)
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
            throw .passwordCommand(host: host, reason: "the password command did not finish within \(Self.timeoutSeconds) s")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .passwordCommand(host: host, reason: "the password command exited with status \(process.terminationStatus)")
        }
        let bytes = output.get()
        let text = String(decoding: bytes, as: UTF8.self)
        let password = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first
            .map { String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r")) } ?? ""
        guard !password.isEmpty else { throw .passwordCommand(host: host, reason: "the password command printed nothing") }
        Self.memo.withLock { $0[command] = password }
        return password
    }
}

/// What a reader thread hands back.
private final class OutputBox: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes: [UInt8] = []

    func set(_ b: [UInt8]) { lock.withLock { bytes = b } }
    func get() -> [UInt8] { lock.withLock { bytes } }
}

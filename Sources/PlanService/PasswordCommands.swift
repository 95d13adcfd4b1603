import PlanDAV
import PlanStore

extension PlanService {
    /// Runs `body` with `command` (when given) kept as the password command
    /// of the server at `origin` (scheme, host and port: ``SubscriptionURL/origin``),
    /// so the server is asked with it; when `body` fails, the command kept
    /// before (or none) is put back.
    func keepingPasswordCommand<T>(_ command: PasswordCommand?, origin host: String, _ body: () throws -> T) throws -> T {
        guard let command else { return try body() }
        if let problem = PasswordCommands.problem(command) { throw ServiceError.refused(problem) }
        let before = try store.write { t in
            let old = try PasswordCommands.load(t)[host]
            try PasswordCommands.set(command, host: host, t)
            return old
        }
        do {
            return try body()
        } catch {
            try store.write { try PasswordCommands.set(before, host: host, $0) }
            throw error
        }
    }
}

/// The password commands set with `plan calendar add --password-command`,
/// one per server (`https://host:port`), kept in the store's settings: the
/// command (and the user name that goes with it), never a password. One
/// line per server, `origin TAB user TAB command` (an empty user: take
/// `PLAN_CALDAV_USER` or the netrc login); a command has no line break. A
/// line an older plan kept under a bare host stands for `https://host:443`.
enum PasswordCommands {
    static let key = "passwordCommands"

    /// Every host's command as stored.
    static func load(_ t: StoreTransaction) throws -> [String: PasswordCommand] {
        var out: [String: PasswordCommand] = [:]
        for line in (try t.setting(key) ?? "").split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count == 3 else { continue }
            out[String(parts[0])] = PasswordCommand(command: String(parts[2]), user: parts[1].isEmpty ? nil : String(parts[1]))
        }
        return out
    }

    /// Sets (or, with nil, removes) the command for `host`.
    static func set(_ command: PasswordCommand?, host: String, _ t: StoreTransaction) throws {
        var all = try load(t)
        all[host.lowercased()] = command
        let text = all.keys.sorted().map { h in "\(h)\t\(all[h]!.user ?? "")\t\(all[h]!.command)" }.joined(separator: "\n")
        try t.setSetting(key, text.isEmpty ? nil : text)
    }

    /// Why `command` cannot be kept, or nil.
    static func problem(_ command: PasswordCommand) -> String? {
        if command.command.trimmingCharacters(in: .whitespaces).isEmpty { return "the password command is empty" }
        if command.command.contains("\n") || command.command.contains("\r") { return "the password command must be one line" }
        if let u = command.user, u.isEmpty || u.contains("\t") || u.contains("\n") || u.contains(":") {
            return "the user name \"\(u)\" cannot be used (empty, or with a tab, line break or colon)"
        }
        return nil
    }
}

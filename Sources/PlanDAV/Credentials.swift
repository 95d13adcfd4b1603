import Foundation

/// A user name and password for one host, held only in memory: never
/// printed (its description hides the password), logged or stored.
package struct Credentials: Sendable, Equatable, CustomStringConvertible {
    package var user: String
    var password: String

    package init(user: String, password: String) {
        self.user = user
        self.password = password
    }

    /// `Authorization: Basic …` (RFC 7617).
    var basicAuthorization: String { "Basic " + Data("\(user):\(password)".utf8).base64EncodedString() }

    package var description: String { "\(user):••••" }

    /// The credentials for `host`, from the first of these that has them:
    /// `PLAN_CALDAV_USER`/`PLAN_CALDAV_PASSWORD` when both are set (for the
    /// host the user named, `primary`); the password command set for the
    /// server (`commands`, by `origin` — scheme, host and port; a command kept
    /// by an older plan under the bare host stands for https on port 443 —
    /// else `PLAN_CALDAV_PASSWORD_COMMAND` for the primary
    /// host), with the user it names or the netrc login; the netrc file
    /// (`$NETRC`, else `~/.netrc`) entry for the host, else (for the primary
    /// host only: a redirect to another host gets none) its `default` entry.
    /// Nil when there are none; an error when a password command fails.
    package static func lookup(host: String, primary: Bool, environment: [String: String],
                              commands: [String: PasswordCommand] = [:], origin: String? = nil) throws(DAVError) -> Credentials? {
        if primary, let user = environment["PLAN_CALDAV_USER"], let password = environment["PLAN_CALDAV_PASSWORD"], !user.isEmpty {
            return Credentials(user: user, password: password)
        }
        let fromNetrc = netrcEntry(host: host, orDefault: primary, environment: environment)
        var command = Self.command(in: commands, origin: origin, host: host)
        if command == nil, primary, let text = environment["PLAN_CALDAV_PASSWORD_COMMAND"], !text.isEmpty {
            command = PasswordCommand(command: text, user: nil)
        }
        if let command {
            let user = command.user ?? (primary ? environment["PLAN_CALDAV_USER"].flatMap { $0.isEmpty ? nil : $0 } : nil) ?? fromNetrc?.user
            guard let user else {
                throw .passwordCommand(host: host, reason: "a password command is set for \(host) but no user name: give --user NAME, or set PLAN_CALDAV_USER, or a login in ~/.netrc")
            }
            return Credentials(user: user, password: try command.password(host: host, timeout: PasswordCommand.timeout(environment)))
        }
        return fromNetrc
    }

    /// The command kept for the server at `origin` (`https://host:443`), or one an older plan kept under
    /// the bare `host`, which stands for https on port 443 (and for any server when `origin` is not known).
    package static func command(in commands: [String: PasswordCommand], origin: String?, host: String) -> PasswordCommand? {
        if let origin, let c = commands[origin] { return c }
        guard origin == nil || origin == "https://\(host.lowercased()):443" else { return nil }
        return commands[host.lowercased()]
    }

    /// The netrc entry for `host` (`$NETRC`, else `~/.netrc`), else, when
    /// `orDefault`, its `default` entry.
    static func netrcEntry(host: String, orDefault: Bool, environment: [String: String]) -> Credentials? {
        let path = environment["NETRC"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.netrc")
        // A netrc file is small; a bigger one is not one.
        guard let data = FileManager.default.contents(atPath: path), data.count <= 1 << 20,
              let text = String(data: data, encoding: .utf8) else { return nil }
        return netrc(text, host: host, orDefault: orDefault)
    }

    /// The entry of netrc `text` for `host` (machine names compared without
    /// case), else, when `orDefault`, its `default` entry: tokens separated
    /// by white space, `macdef` bodies (up to an empty line) skipped.
    static func netrc(_ text: String, host: String, orDefault: Bool = true) -> Credentials? {
        var entries: [(machine: String?, login: String?, password: String?)] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var tokens: [Substring] = []
        var inMacro = false
        for line in lines {
            if inMacro {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { inMacro = false }
                continue
            }
            var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })[...]
            if let m = words.firstIndex(of: "macdef") {
                words = words[..<m]
                inMacro = true
            }
            tokens += words
        }
        var i = 0
        while i < tokens.count {
            let word = tokens[i]
            switch word {
            case "machine" where i + 1 < tokens.count:
                entries.append((String(tokens[i + 1]), nil, nil))
                i += 2
            case "default":
                entries.append((nil, nil, nil))
                i += 1
            case "login" where i + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].login = String(tokens[i + 1])
                i += 2
            case "password" where i + 1 < tokens.count && !entries.isEmpty:
                entries[entries.count - 1].password = String(tokens[i + 1])
                i += 2
            case "account" where i + 1 < tokens.count:
                i += 2
            default:
                i += 1
            }
        }
        let entry = entries.first { $0.machine?.lowercased() == host.lowercased() } ?? (orDefault ? entries.first { $0.machine == nil } : nil)
        guard let entry, let login = entry.login, let password = entry.password else { return nil }
        return Credentials(user: login, password: password)
    }
}

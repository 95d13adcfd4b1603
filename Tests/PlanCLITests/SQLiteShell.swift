import Foundation

/// The `sqlite3` shell on a store file: what the fault tests read beside
/// plan (the schema version, `PRAGMA integrity_check`, the whole content as
/// SQL). Tests that need it say plainly that they skipped when it is missing.
enum SQLiteShell {
    /// Whether `sqlite3` runs here (`.ci/run` installs it).
    static let available: Bool = (try? CLIRunner.runTool(["sqlite3", "--version"]).status) == 0

    /// A store file as SQLite reads it (its write-ahead log included).
    struct State: Equatable {
        /// `PRAGMA user_version`: the store's schema.
        var version: Int
        /// `PRAGMA integrity_check`: `ok` for a whole file.
        var integrity: String
        /// `.dump`: every table's schema and rows, in a stable order.
        var dump: String
    }

    /// The state of the store at `path`, read in one run of `sqlite3`.
    static func state(_ path: String) throws -> State {
        let marker = "-- plan-tests: next part --"
        let out = try CLIRunner.runTool(["sqlite3", path, "PRAGMA user_version;", ".print '\(marker)'", "PRAGMA integrity_check;",
                                         ".print '\(marker)'", ".dump"])
        let parts = out.stdout.components(separatedBy: marker + "\n")
        guard out.status == 0, parts.count == 3 else {
            return State(version: -1, integrity: "sqlite3 failed (\(out.status)): \(out.stderr)", dump: "")
        }
        return State(version: Int(parts[0].trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1,
                     integrity: parts[1].trimmingCharacters(in: .whitespacesAndNewlines), dump: parts[2])
    }

    /// The rows of `sql` on the store at `path`, one line each, columns joined by `|`.
    static func rows(_ path: String, _ sql: String) throws -> [String] {
        let out = try CLIRunner.runTool(["sqlite3", path, sql])
        return out.stdout.split(separator: "\n").map(String.init)
    }
}

import Foundation
import PlanCore

/// An older store brought up to this plan's schema, and where its old file was kept.
///
/// Before anything changes, the old file is copied beside it
/// (`plan.sqlite.v1-backup`); the upgrade itself is one transaction, so one
/// that fails leaves the store as it was.
package struct StoreUpgrade: Hashable, Sendable {
    package var fromVersion: Int
    package var toVersion: Int
    /// The copy of the file as it was before the upgrade.
    package var backupPath: String

    /// `upgraded the store … from schema 1 to 4; the old file is kept as …`.
    package func notice(store path: String) -> String {
        "upgraded the store \(path) from schema \(fromVersion) to \(toVersion); the old file is kept as \(backupPath)"
    }

    /// Where the file of a schema-`version` store is kept before its upgrade.
    package static func backupPath(for path: String, version: Int) -> String { "\(path).v\(version)-backup" }

    /// Folds the write-ahead log into the store's file, so that the file
    /// alone is the store (before ``backUp(path:version:)``; SQLite does it
    /// only outside a transaction). Busy when a reader keeps part of the log out.
    static func foldLog(_ db: SQLiteDatabase, path: String) throws {
        var blocked = false
        try db.query("PRAGMA wal_checkpoint(TRUNCATE)") { blocked = $0.int(0) != 0 }
        if blocked { throw StoreError.busy(path: path) }
    }

    /// Copies the store's file (its log folded in by ``foldLog(_:path:)``,
    /// and the write lock held since) to ``backupPath(for:version:)``:
    /// written as `….partial` beside it, synced, then renamed into place, so
    /// the copy is whole or absent. A `.partial` left by a plan killed while
    /// copying is written over by the next upgrade (the store is still old
    /// then), so none is left for good. Returns the copy's path.
    static func backUp(path: String, version: Int) throws -> String {
        let backup = backupPath(for: path, version: version)
        let partial = backup + ".partial"
        func failed(_ why: String) -> StoreError {
            unlink(partial)
            return .cannotOpen(path: path, reason: "cannot keep a copy of it as \(backup) before upgrading it: \(why)")
        }
        do {
            try Data(contentsOf: URL(fileURLWithPath: path)).write(to: URL(fileURLWithPath: partial))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
            defer { try? handle.close() }
            try handle.synchronize()
        } catch {
            throw failed(error.localizedDescription)
        }
        guard rename(partial, backup) == 0 else { throw failed(String(cString: strerror(errno))) }
        return backup
    }

    /// Schema 1 → 2: each task's JSON text becomes typed columns (same id,
    /// same sequence). Text that does not read as a task refuses the upgrade.
    /// Reading a schema-1 store's JSON text is the only JSON of PlanStore
    /// (migration only; plan's JSON reader and writer live in PlanProtocol).
    static func tasksFromSchema1(_ db: SQLiteDatabase, path: String) throws {
        let rows = try db.rows("SELECT id, seq, spec FROM tasks ORDER BY seq") { ($0.text(0), $0.int(1), $0.text(2)) }
        var tasks: [(TaskDefinition, Int64)] = []
        for (id, seq, json) in rows {
            do {
                let spec = try JSONDecoder().decode(ScheduleRequest.TaskSpec.self, from: Data(json.utf8))
                tasks.append((try TaskDefinition(spec, path: ""), seq))
            } catch {
                let why = (error as? ScheduleRequestError)?.description ?? "task \"\(id)\": its stored text is not a task (\(error))"
                throw StoreError.incompatible(path: path, reason: "cannot upgrade it from schema 1: \(why); the file is unchanged")
            }
        }
        try db.execute("DROP TABLE tasks")
        try db.execute(TaskColumns.create)
        for (task, seq) in tasks { try TaskColumns.save(task, sequence: seq, in: db) }
    }

    /// Schema 1 → 2: the policy's JSON text in `settings` becomes the typed
    /// `policy` tables (working days in the order the text gave them). Text
    /// that does not read as a policy refuses the upgrade.
    static func policyFromSchema1(_ db: SQLiteDatabase, path: String) throws {
        let key = "policy"
        let json = try db.rows("SELECT value FROM settings WHERE key = ?", [.text(key)]) { $0.text(0) }.first
        try db.execute(PolicyColumns.create)
        guard let json else { return }
        let policy: PolicyDefinition
        do {
            policy = try PolicyDefinition(try JSONDecoder().decode(ScheduleRequest.PolicySpec.self, from: Data(json.utf8)))
        } catch {
            let why = (error as? ScheduleRequestError).map { "(\($0.field)): \($0.message)" } ?? ": its stored text is not a policy (\(error))"
            throw StoreError.incompatible(path: path, reason: "cannot upgrade it from schema 1: the policy \(why); the file is unchanged")
        }
        try PolicyColumns.save(policy, in: db)
        try db.query("DELETE FROM settings WHERE key = ?", [.text(key)])
    }

    /// Schema 1 → 2: each calendar's `path` becomes the `location` of a
    /// source of kind `file` (same name, same order).
    static func calendarsFromSchema1(_ db: SQLiteDatabase) throws {
        try db.execute(CalendarColumns.fromSchema1)
    }

    /// Refuses an upgrade that would leave a row pointing at no task.
    static func checkForeignKeys(_ db: SQLiteDatabase, path: String) throws {
        var broken: [String] = []
        try db.query("PRAGMA foreign_key_check") { broken.append($0.text(0)) }
        if let table = broken.first {
            throw StoreError.incompatible(path: path, reason: "\(broken.count) row(s) of \(table) name no task; the file is unchanged")
        }
    }
}

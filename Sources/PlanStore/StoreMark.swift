import Foundation

/// Whose SQLite file this is, read from its header and its table names
/// before anything is written to it.
///
/// plan marks its stores with `PRAGMA application_id` = ``applicationID``
/// (`0x504C414E`, "PLAN" in ASCII): a new store gets it when it is made, an
/// older store when it is upgraded (and a schema-8 store made before the mark
/// when it is next opened for writing). A file without the mark is taken as
/// plan's only when it has plan's tables and a schema version; one with plan's
/// tables and schema version 0 is a store rebuilt (`sqlite3 OLD .dump | sqlite3
/// NEW` keeps tables and rows, not the header), which `plan doctor --repair`
/// marks again; anything else is refused, unchanged.
enum StoreMark {
    /// plan's `PRAGMA application_id`: "PLAN" in ASCII.
    static let applicationID: Int32 = 0x504C_414E

    /// The tables every plan store has had since schema 1.
    static let coreTables: Set<String> = ["tasks", "calendars", "settings"]

    /// What the file is.
    enum Kind: Equatable {
        /// No table and no version: a file just made, or an empty one (it becomes a store).
        case empty
        /// A plan store at schema `version`; `marked` is false for one made before the mark.
        case plan(version: Int, marked: Bool)
        /// plan's tables with schema version 0 and no mark: a store rebuilt from a dump.
        case rebuilt
        /// Not plan's: `why` says what it is.
        case foreign(why: String)
    }

    static func applicationID(_ db: SQLiteDatabase) throws -> Int32 {
        var id: Int32 = 0
        try db.query("PRAGMA application_id") { id = Int32(truncatingIfNeeded: $0.int(0)) }
        return id
    }

    static func tables(_ db: SQLiteDatabase) throws -> [String] {
        try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name") {
            $0.text(0)
        }
    }

    /// Reads the header and the table names only.
    static func identify(_ db: SQLiteDatabase) throws -> Kind {
        let id = try applicationID(db)
        let version = try PlanStore.userVersion(db)
        if id == applicationID { return .plan(version: version, marked: true) }
        if id != 0 {
            return .foreign(why: "its application_id is \(hex(id)), another program's (plan's is \(hex(applicationID)))")
        }
        let tables = try tables(db)
        let objects = try db.rows("SELECT count(*) FROM sqlite_master") { Int($0.int(0)) }.first ?? 0
        if objects == 0 && version == 0 { return .empty }
        guard Set(tables).isSuperset(of: coreTables) else {
            let names = tables.prefix(5).joined(separator: ", ") + (tables.count > 5 ? ", …" : "")
            return .foreign(why: "it is another program's SQLite database (" + (tables.isEmpty ? "no tables" : "tables \(names)")
                            + (version == 0 ? "" : ", user_version \(version)") + ")")
        }
        return version == 0 ? .rebuilt : .plan(version: version, marked: false)
    }

    static func hex(_ id: Int32) -> String { "0x" + String(UInt32(bitPattern: id), radix: 16, uppercase: true) }

    /// Why a rebuilt store is refused, and the way back.
    static func rebuiltReason(_ path: String) -> String {
        "it has plan's tables but not plan's mark and no schema version (rebuilt with `sqlite3 .dump`?), "
            + "so it is not taken as a plan store; it was not changed: "
            + "`plan doctor --repair --store \(path)` checks its tables and marks it as plan's"
    }

    /// The refusal of a file that is not plan's (exit 65); it is not changed.
    static func refusal(_ kind: Kind, path: String) -> StoreError? {
        switch kind {
        case .empty, .plan: nil
        case .rebuilt: .incompatible(path: path, reason: rebuiltReason(path))
        case .foreign(let why):
            .incompatible(path: path, reason: "\(why), not a plan store; it was not changed: give --store "
                          + "(or $PLAN_STORE) the path of a plan store, or of a new file for a new store")
        }
    }
}

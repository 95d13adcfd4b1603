import Foundation

extension PlanStore {
    /// Throws ``StoreError/damaged(path:reason:)`` naming this store when
    /// `PRAGMA integrity_check` finds a problem or cannot read it; `nothing`
    /// says what was not done (`no copy was written`).
    func refuseIfDamaged(nothing: String) throws(StoreError) {
        let problems: [String]
        do {
            problems = try Self.integrity(of: db)
        } catch {
            let e = StoreFile.storeError(error, path: path)
            if case .damaged(let p, let why) = e { throw .damaged(path: p, reason: "\(why); \(nothing)") }
            throw e
        }
        if problems != ["ok"] { throw .damaged(path: path, reason: problems.prefix(3).joined(separator: "; ") + "; \(nothing)") }
    }

    /// `plan doctor --repair`: a store rebuilt from a dump (`sqlite3 OLD .dump
    /// | sqlite3 NEW`: plan's tables and rows, no schema version, no mark) is
    /// marked as plan's again at this plan's schema, when its tables and their
    /// columns are exactly this plan's and it passes `PRAGMA integrity_check`.
    /// Returns the schema it was marked with, or nil when it is not a rebuilt
    /// store (a plan store, another program's file, an empty or missing
    /// one). Refused, changing nothing, when its tables differ.
    package static func repairMark(_ path: String) throws(StoreError) -> Int? {
        switch StoreFile.inspect(path) {
        case .missing, .notAFile: return nil
        case .file(let block?): throw .readOnly(path: path, reason: block)
        case .file(nil): break
        }
        do {
            let db = try SQLiteDatabase(path: path)
            let kind = try StoreMark.identify(db)
            // Anything else is left to the open that follows (which refuses another program's file).
            guard kind == .rebuilt else { return nil }
            if let difference = try schemaDifference(db) {
                throw StoreError.incompatible(path: path, reason: "it has plan's tables but they are not those of this plan's "
                                              + "schema \(schemaVersion) (\(difference)), so it cannot be marked as a plan store; "
                                              + "it was not changed: `plan restore FILE` puts back a copy made with `plan backup`")
            }
            let check = try integrity(of: db)
            if check != ["ok"] {
                throw StoreError.damaged(path: path, reason: check.prefix(3).joined(separator: "; ") + "; it was not marked")
            }
            try db.execute("BEGIN IMMEDIATE")
            do {
                // Re-read under the write lock: another plan may have repaired it meanwhile.
                if try StoreMark.identify(db) == .rebuilt {
                    try db.execute("PRAGMA user_version = \(schemaVersion); PRAGMA application_id = \(StoreMark.applicationID)")
                }
                try db.execute("COMMIT")
            } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
            return schemaVersion
        } catch {
            throw StoreFile.storeError(error, path: path)
        }
    }

    /// The first way the tables of `db` differ from a store made now, or nil
    /// when every table has the same columns, in the same order.
    static func schemaDifference(_ db: SQLiteDatabase) throws -> String? {
        let fresh = try SQLiteDatabase(path: ":memory:")
        try fresh.execute(createSchema)
        let want = try StoreMark.tables(fresh)
        let have = try StoreMark.tables(db)
        if let missing = want.first(where: { !have.contains($0) }) { return "no table \(missing)" }
        if let extra = have.first(where: { !want.contains($0) }) { return "a table \(extra) plan does not make" }
        for table in want {
            let columns = "SELECT name FROM pragma_table_info(?) ORDER BY cid"
            let wanted = try fresh.rows(columns, [.text(table)]) { $0.text(0) }
            let found = try db.rows(columns, [.text(table)]) { $0.text(0) }
            if wanted != found {
                return "table \(table) has columns \(found.joined(separator: ", ")), not \(wanted.joined(separator: ", "))"
            }
        }
        return nil
    }
}

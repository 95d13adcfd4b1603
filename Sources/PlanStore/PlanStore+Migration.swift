extension PlanStore {
    func migrate() throws {
        var version = try Self.userVersion(db)
        if version == Self.schemaVersion, try StoreMark.applicationID(db) == StoreMark.applicationID { return }
        if version != 0 { try StoreUpgrade.foldLog(db, path: path) }
        // A table is rebuilt: foreign keys stay off until it is back (they cannot change inside a transaction).
        try db.execute("PRAGMA foreign_keys=OFF")
        defer { try? db.execute("PRAGMA foreign_keys=ON") }
        try db.execute("BEGIN IMMEDIATE")
        var backup: String?
        do {
            // Re-read under the write lock: another process may have migrated meanwhile.
            version = try Self.userVersion(db)
            if version == 0 {
                try db.execute(Self.createSchema)
            } else if version < Self.schemaVersion {
                // A damaged store is named and left as it is, not copied and rewritten.
                try refuseIfDamaged(nothing: "the schema-\(version) store was not upgraded and is unchanged")
                // The old file is kept under the write lock: no other plan upgrades it while it is copied.
                backup = try StoreUpgrade.backUp(path: path, version: version)
                if version == 1 {
                    try StoreUpgrade.tasksFromSchema1(db, path: path)
                    try StoreUpgrade.policyFromSchema1(db, path: path)
                    try StoreUpgrade.calendarsFromSchema1(db)
                }
                // Schema 2 → 3: course catalogs and timetables, new tables only.
                if version <= 2 { try db.execute(CatalogColumns.create) }
                // Schema 3 → 4: the grade book, new tables only.
                if version <= 3 { try db.execute(GradeColumns.create) }
                // Schema 4 → 5: the copies of subscribed calendars, a new table only.
                if version <= 4 { try db.execute(SubscriptionColumns.create) }
                // Schema 5 → 6: study-group sessions, new tables only.
                if version <= 5 { try StoreUpgrade.groupSessionsFromSchema5(db) }
                // Schema 6 → 7: CalDAV collections' members and what `plan sync` wrote, new tables only.
                if version <= 6 {
                    try db.execute(CalDAVColumns.create)
                    try db.execute(SyncColumns.create)
                }
                // Schema 6 or 7 → 8: where each study session lives on its group calendar, two new columns
                // (a store older than 6 made the group tables with them just above).
                if version == 6 || version == 7 { try StoreUpgrade.groupCalendarColumnsFromSchema7(db) }
                // Schema 2 … 9 → 10: placement, margin and preferred hours, new columns of
                // the policy and the tasks (a schema-1 store made those tables with them above).
                if version >= 2 {
                    try PolicyColumns.fromSchema8(db)
                    try TaskColumns.fromSchema8(db)
                }
                // Schema 7 … 10 → 11: what `plan sync` keeps of each event (its SEQUENCE, LAST-MODIFIED,
                // and the copies that keep the phone's additions), new columns.
                if version >= 7 { try SyncColumns.fromSchema10(db) }
                // Schema 3 … 11 → 12: linked sections of a catalog (a lecture's discussions and labs), a new table only.
                if version >= 3 { try db.execute(CatalogColumns.createLinks) }
                // Schema 1 … 12 → 13: task series (`plan add-task --every`), new tables only.
                try db.execute(SeriesColumns.create)
                // Schema 2 … 13 → 14: time as it was recorded (finished, the work left, the work
                // planned), new columns; and each occurrence of a series once (a schema-1 store made
                // `tasks` with the columns above, and no series).
                if version >= 2 { try TaskColumns.fromSchema13(db) }
                if version >= 13 { try SeriesColumns.mendDuplicates(in: db) }
            }
            try db.execute("PRAGMA user_version = \(Self.schemaVersion); PRAGMA application_id = \(StoreMark.applicationID)")
            try StoreUpgrade.checkForeignKeys(db, path: path)
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        if let backup, version < Self.schemaVersion {
            upgrade = StoreUpgrade(fromVersion: version, toVersion: Self.schemaVersion, backupPath: backup)
        }
    }

    static func userVersion(_ db: SQLiteDatabase) throws -> Int {
        var version = 0
        try db.query("PRAGMA user_version") { version = Int($0.int(0)) }
        return version
    }

    /// Every table of the current schema.
    static let createSchema = """
        CREATE TABLE projects(
            name TEXT PRIMARY KEY COLLATE NOCASE,
            color TEXT, notes TEXT, seq INTEGER NOT NULL);
        \(TaskColumns.create)
        CREATE TABLE sittings(
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL, count INTEGER NOT NULL,
            start INTEGER NOT NULL, end INTEGER NOT NULL,
            PRIMARY KEY(task_id, idx));
        \(CalendarColumns.create)
        CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        \(PolicyColumns.create)
        CREATE TABLE progress(
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            at INTEGER NOT NULL, spent INTEGER NOT NULL);
        CREATE TABLE busy_cache(
            key TEXT PRIMARY KEY, blocks BLOB NOT NULL, used INTEGER NOT NULL);
        \(CatalogColumns.create)
        \(GradeColumns.create)
        \(SubscriptionColumns.create)
        \(GroupColumns.create)
        \(CalDAVColumns.create)
        \(SyncColumns.create)
        \(SeriesColumns.create)
        """
}

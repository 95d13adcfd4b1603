import CSQLite
import PlanCore

/// What `plan sync` wrote to a CalDAV collection (schema 7): one row per
/// resource plan created, recorded right after the server accepted it (so a
/// sync cut short leaves the store knowing which exist, with which ETag),
/// and the sittings the student moved or deleted on the phone. Schema 11
/// adds each resource's SEQUENCE and LAST-MODIFIED, the event as plan last
/// made it and as the server last held it (so what the phone added survives
/// plan's next write).
enum SyncColumns {
    /// The columns schema 11 adds to `sync_resources`.
    static let schema11Columns = [
        ("sequence", "sequence INTEGER NOT NULL DEFAULT 0"),
        ("modified", "modified INTEGER"),
        ("made", "made BLOB"),
        ("held", "held BLOB"),
    ]

    static let create = """
        CREATE TABLE sync_resources(
            collection TEXT NOT NULL, path TEXT NOT NULL,
            uid TEXT NOT NULL, task_id TEXT NOT NULL, etag TEXT, hash TEXT NOT NULL,
            start INTEGER NOT NULL, end INTEGER NOT NULL,
            \(schema11Columns.map(\.1).joined(separator: ", ")),
            PRIMARY KEY(collection, path));
        CREATE TABLE phone_changes(
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK(kind IN ('pinned', 'skipped')),
            start INTEGER NOT NULL, end INTEGER NOT NULL);
        """

    /// Schema 10 → 11: the new columns of `sync_resources`, each added only when the table lacks it.
    static func fromSchema10(_ db: SQLiteDatabase) throws {
        let have = Set(try db.rows("SELECT name FROM pragma_table_info('sync_resources')") { $0.text(0) })
        for (name, column) in schema11Columns where !have.contains(name) {
            try db.execute("ALTER TABLE sync_resources ADD COLUMN \(column)")
        }
    }

    static func resources(collection: String, in db: SQLiteDatabase) throws -> [SyncedResource] {
        try db.rows("""
            SELECT path, uid, task_id, etag, hash, start, end, sequence, modified, made, held
            FROM sync_resources WHERE collection = ? ORDER BY path
            """, [.text(collection)]) {
            var r = SyncedResource(collection: collection, path: $0.text(0), uid: $0.text(1), taskId: $0.text(2), etag: $0.optionalText(3),
                                   hash: $0.text(4), range: TimeRange(start: Instant(seconds: $0.int(5)), end: Instant(seconds: $0.int(6))))
            r.sequence = Int($0.int(7))
            r.modified = $0.isNull(8) ? nil : Instant(seconds: $0.int(8))
            r.made = $0.isNull(9) ? nil : $0.blob(9)
            r.held = $0.isNull(10) ? nil : $0.blob(10)
            return r
        }
    }

    static func save(_ r: SyncedResource, in db: SQLiteDatabase) throws {
        try db.query("""
            INSERT OR REPLACE INTO sync_resources(collection, path, uid, task_id, etag, hash, start, end, sequence, modified, made, held)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(r.collection), .text(r.path), .text(r.uid), .text(r.taskId), r.etag.map { .text($0) } ?? .null,
                  .text(r.hash), .int(r.range.start.seconds), .int(r.range.end.seconds), .int(Int64(r.sequence)),
                  r.modified.map { .int($0.seconds) } ?? .null, r.made.map { .blob($0) } ?? .null, r.held.map { .blob($0) } ?? .null])
    }

    static func forget(collection: String, path: String, in db: SQLiteDatabase) throws {
        try db.query("DELETE FROM sync_resources WHERE collection = ? AND path = ?", [.text(collection), .text(path)])
    }

    static func phoneChanges(in db: SQLiteDatabase) throws -> [PhoneChange] {
        try db.rows("SELECT task_id, kind, start, end FROM phone_changes ORDER BY start, task_id") {
            PhoneChange(taskId: $0.text(0), kind: $0.text(1) == "pinned" ? .pinned : .skipped,
                        range: TimeRange(start: Instant(seconds: $0.int(2)), end: Instant(seconds: $0.int(3))))
        }
    }

    static func remove(_ c: PhoneChange, in db: SQLiteDatabase) throws {
        try db.query("""
            DELETE FROM phone_changes WHERE rowid = (SELECT rowid FROM phone_changes
                WHERE task_id = ? AND kind = ? AND start = ? AND end = ? LIMIT 1)
            """, [.text(c.taskId), .text(c.kind == .pinned ? "pinned" : "skipped"), .int(c.range.start.seconds), .int(c.range.end.seconds)])
    }

    static func add(_ c: PhoneChange, in db: SQLiteDatabase) throws {
        try db.query("INSERT INTO phone_changes(task_id, kind, start, end) VALUES(?, ?, ?, ?)",
                     [.text(c.taskId), .text(c.kind == .pinned ? "pinned" : "skipped"), .int(c.range.start.seconds), .int(c.range.end.seconds)])
    }
}

/// A resource `plan sync` created in a collection: where, for which
/// sitting, at which ETag, and the hash of what was written (so an
/// unchanged sitting is not sent again).
package struct SyncedResource: Hashable, Sendable {
    package var collection: String
    /// The member's path, percent-decoded.
    package var path: String
    package var uid: String
    package var taskId: String
    /// Nil when the server accepted it without saying its ETag.
    package var etag: String?
    /// The hash of what plan writes in the event besides its times (summary, description, …).
    package var hash: String
    /// The event's time on the server (as plan wrote it, or as the phone moved it).
    package var range: TimeRange
    /// The event's SEQUENCE as plan last wrote it (0 until plan changes it).
    package var sequence = 0
    /// When plan last changed it (its LAST-MODIFIED and DTSTAMP); nil for a resource of an older plan.
    package var modified: Instant?
    /// The calendar as plan last made it, before anything the server held was kept: what tells a
    /// property the phone changed from one plan wrote.
    package var made: [UInt8]?
    /// The calendar as the server last held it (what plan sent, or what it read back after a phone edit).
    package var held: [UInt8]?

    package init(collection: String, path: String, uid: String, taskId: String, etag: String?, hash: String, range: TimeRange) {
        self.collection = collection
        self.path = path
        self.uid = uid
        self.taskId = taskId
        self.etag = etag
        self.hash = hash
        self.range = range
    }
}

/// A sitting the student changed on the phone, as `plan sync` read it back.
package struct PhoneChange: Hashable, Sendable {
    package enum Kind: Hashable, Sendable {
        /// Moved: kept at this time from now on (the plan works around it).
        case pinned
        /// Deleted: not to be studied at this time; its work is planned elsewhere.
        case skipped
    }

    package var taskId: String
    package var kind: Kind
    package var range: TimeRange

    package init(taskId: String, kind: Kind, range: TimeRange) {
        self.taskId = taskId
        self.kind = kind
        self.range = range
    }
}

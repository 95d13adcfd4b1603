import CSQLite

/// The cached members of each CalDAV collection registered as a calendar
/// (schema 7): the collection's sync token and whether it offers
/// sync-collection, and each member's path, ETag and bytes. Keyed by the
/// collection's URL (never with credentials). Replaced only by a read that
/// succeeded whole, so a failure half way leaves the last good copy.
enum CalDAVColumns {
    static let create = """
        CREATE TABLE caldav_collections(
            url TEXT PRIMARY KEY, sync_token TEXT, supports_sync INTEGER NOT NULL,
            fetched_at INTEGER NOT NULL, checked_at INTEGER NOT NULL);
        CREATE TABLE caldav_resources(
            collection TEXT NOT NULL REFERENCES caldav_collections(url) ON DELETE CASCADE,
            path TEXT NOT NULL, etag TEXT, bytes BLOB NOT NULL,
            PRIMARY KEY(collection, path));
        """

    static func load(url: String, in db: SQLiteDatabase) throws -> CalDAVCopy? {
        guard var copy = try db.rows("SELECT sync_token, supports_sync, fetched_at, checked_at FROM caldav_collections WHERE url = ?",
                                     [.text(url)], {
            CalDAVCopy(url: url, syncToken: $0.optionalText(0), supportsSync: $0.int(1) != 0, resources: [],
                       fetchedAt: $0.int(2), checkedAt: $0.int(3))
        }).first else { return nil }
        copy.resources = try db.rows("SELECT path, etag, bytes FROM caldav_resources WHERE collection = ? ORDER BY path", [.text(url)]) {
            CalDAVCopy.Resource(path: $0.text(0), etag: $0.optionalText(1), bytes: $0.blob(2))
        }
        return copy
    }

    static func save(_ copy: CalDAVCopy, in db: SQLiteDatabase) throws {
        try db.query("""
            INSERT INTO caldav_collections(url, sync_token, supports_sync, fetched_at, checked_at) VALUES(?, ?, ?, ?, ?)
            ON CONFLICT(url) DO UPDATE SET sync_token = excluded.sync_token, supports_sync = excluded.supports_sync,
                fetched_at = excluded.fetched_at, checked_at = excluded.checked_at
            """, [.text(copy.url), copy.syncToken.map { .text($0) } ?? .null, .int(copy.supportsSync ? 1 : 0),
                  .int(copy.fetchedAt), .int(copy.checkedAt)])
        try db.query("DELETE FROM caldav_resources WHERE collection = ?", [.text(copy.url)])
        for r in copy.resources {
            try db.query("INSERT INTO caldav_resources(collection, path, etag, bytes) VALUES(?, ?, ?, ?)",
                         [.text(copy.url), .text(r.path), r.etag.map { .text($0) } ?? .null, .blob(r.bytes)])
        }
    }

    static func markChecked(url: String, at: Int64, in db: SQLiteDatabase) throws {
        try db.query("UPDATE caldav_collections SET checked_at = ? WHERE url = ?", [.int(at), .text(url)])
    }

    /// Copies no registered CalDAV calendar names any more (their members go with them).
    static let dropOrphans = """
        DELETE FROM caldav_collections
        WHERE url NOT IN (SELECT location FROM calendars WHERE kind = 'caldav')
        """
}

/// The stored copy of a CalDAV collection.
package struct CalDAVCopy: Hashable, Sendable {
    /// One member: its percent-decoded path, ETag and iCalendar bytes.
    package struct Resource: Hashable, Sendable {
        package var path: String
        package var etag: String?
        package var bytes: [UInt8]

        package init(path: String, etag: String?, bytes: [UInt8]) {
            self.path = path
            self.etag = etag
            self.bytes = bytes
        }
    }

    package var url: String
    /// The token of the last sync-collection report (nil: the server offers none).
    package var syncToken: String?
    package var supportsSync: Bool
    /// The members, by path.
    package var resources: [Resource]
    /// When a member last changed in the copy (seconds since 1970).
    package var fetchedAt: Int64
    /// When the server last confirmed the copy current.
    package var checkedAt: Int64

    package init(url: String, syncToken: String?, supportsSync: Bool, resources: [Resource], fetchedAt: Int64, checkedAt: Int64) {
        self.url = url
        self.syncToken = syncToken
        self.supportsSync = supportsSync
        self.resources = resources
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt
    }
}

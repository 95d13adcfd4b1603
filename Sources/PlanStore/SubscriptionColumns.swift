import CSQLite

/// The last good copy of each subscribed calendar (schema 5): its bytes, the
/// validators the server sent with them, when they were downloaded and when
/// the server last said they were current. Keyed by the subscription's URL
/// (never with credentials); a copy is replaced only by content that read as
/// a calendar, so a server that sends junk leaves it as it was.
enum SubscriptionColumns {
    static let create = """
        CREATE TABLE subscription_copies(
            url TEXT PRIMARY KEY, bytes BLOB NOT NULL,
            etag TEXT, last_modified TEXT,
            fetched_at INTEGER NOT NULL, checked_at INTEGER NOT NULL);
        """

    static func load(url: String, in db: SQLiteDatabase) throws -> SubscriptionCopy? {
        try db.rows("SELECT bytes, etag, last_modified, fetched_at, checked_at FROM subscription_copies WHERE url = ?", [.text(url)]) {
            SubscriptionCopy(url: url, bytes: $0.blob(0), etag: $0.optionalText(1), lastModified: $0.optionalText(2),
                             fetchedAt: $0.int(3), checkedAt: $0.int(4))
        }.first
    }

    static func save(_ copy: SubscriptionCopy, in db: SQLiteDatabase) throws {
        try db.query("""
            INSERT OR REPLACE INTO subscription_copies(url, bytes, etag, last_modified, fetched_at, checked_at)
            VALUES(?, ?, ?, ?, ?, ?)
            """, [.text(copy.url), .blob(copy.bytes), copy.etag.map { .text($0) } ?? .null,
                  copy.lastModified.map { .text($0) } ?? .null, .int(copy.fetchedAt), .int(copy.checkedAt)])
    }

    static func markChecked(url: String, at: Int64, in db: SQLiteDatabase) throws {
        try db.query("UPDATE subscription_copies SET checked_at = ? WHERE url = ?", [.int(at), .text(url)])
    }

    /// Copies no registered subscription names any more.
    static let dropOrphans = """
        DELETE FROM subscription_copies
        WHERE url NOT IN (SELECT location FROM calendars WHERE kind = 'subscription')
        """
}

/// A stored copy of a subscribed calendar.
package struct SubscriptionCopy: Hashable, Sendable {
    package var url: String
    package var bytes: [UInt8]
    package var etag: String?
    package var lastModified: String?
    /// When these bytes were downloaded (seconds since 1970).
    package var fetchedAt: Int64
    /// When the server last confirmed them (a 200 or a 304).
    package var checkedAt: Int64

    package init(url: String, bytes: [UInt8], etag: String?, lastModified: String?, fetchedAt: Int64, checkedAt: Int64) {
        self.url = url
        self.bytes = bytes
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.checkedAt = checkedAt
    }
}


import CSQLite

/// How a ``CalendarSource`` is kept in the `calendars` table (schema 2): its
/// kind (`file`, `subscription`) and its location (a file's path, a URL), in the order registered.
/// The kind has no CHECK: a new kind (`subscription`, `caldav`) needs no
/// rebuilt table, and a plan that does not know a kind refuses to read it.
enum CalendarColumns {
    /// `calendars` as schema 2 creates it.
    static let create = """
        CREATE TABLE calendars(
            name TEXT PRIMARY KEY COLLATE NOCASE,
            kind TEXT NOT NULL DEFAULT 'file',
            location TEXT NOT NULL, seq INTEGER NOT NULL);
        """

    /// Schema 1 → 2: schema 1 kept only a file's `path`; every row becomes a file source.
    static let fromSchema1 = """
        ALTER TABLE calendars RENAME COLUMN path TO location;
        ALTER TABLE calendars ADD COLUMN kind TEXT NOT NULL DEFAULT 'file';
        """

    static func all(in db: SQLiteDatabase) throws -> [CalendarSource] {
        let rows = try db.rows("SELECT name, kind, location FROM calendars ORDER BY seq") { ($0.text(0), $0.text(1), $0.text(2)) }
        return try rows.map { name, kind, location in
            switch kind {
            case "file": return CalendarSource(name: name, kind: .file(path: location))
            case "subscription": return CalendarSource(name: name, kind: .subscription(url: location))
            case "caldav": return CalendarSource(name: name, kind: .caldav(url: location))
            default:
                throw StoreError.refused("calendar \"\(name)\" is of kind \"\(kind)\", which this plan cannot read (it reads files, subscriptions and CalDAV collections)")
            }
        }
    }

    /// Appends `source` after the calendars registered before it.
    static func add(_ source: CalendarSource, in db: SQLiteDatabase) throws {
        let (kind, location): (String, String) = switch source.kind {
        case .file(let path): ("file", path)
        case .subscription(let url): ("subscription", url)
        case .caldav(let url): ("caldav", url)
        }
        try db.query("""
            INSERT INTO calendars(name, kind, location, seq)
            VALUES(?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM calendars))
            """, [.text(source.name), .text(kind), .text(location)])
    }
}

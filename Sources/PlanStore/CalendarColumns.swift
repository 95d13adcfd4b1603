import CSQLite

/// How a ``CalendarSource`` is kept in the `calendars` table (schema 2): its
/// kind (`file`) and its location (a file's path), in the order registered.
enum CalendarColumns {
    /// `calendars` as schema 2 creates it.
    static let create = """
        CREATE TABLE calendars(
            name TEXT PRIMARY KEY COLLATE NOCASE,
            kind TEXT NOT NULL DEFAULT 'file' CHECK(kind IN ('file')),
            location TEXT NOT NULL, seq INTEGER NOT NULL);
        """

    /// Schema 1 → 2: schema 1 kept only a file's `path`; every row becomes a file source.
    static let fromSchema1 = """
        ALTER TABLE calendars RENAME COLUMN path TO location;
        ALTER TABLE calendars ADD COLUMN kind TEXT NOT NULL DEFAULT 'file' CHECK(kind IN ('file'));
        """

    static func all(in db: SQLiteDatabase) throws -> [CalendarSource] {
        // `kind` is 'file', the only kind the CHECK lets in.
        try db.rows("SELECT name, location FROM calendars ORDER BY seq") { CalendarSource(name: $0.text(0), kind: .file(path: $0.text(1))) }
    }

    /// Appends `source` after the calendars registered before it.
    static func add(_ source: CalendarSource, in db: SQLiteDatabase) throws {
        let (kind, location): (String, String) = switch source.kind {
        case .file(let path): ("file", path)
        }
        try db.query("""
            INSERT INTO calendars(name, kind, location, seq)
            VALUES(?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM calendars))
            """, [.text(source.name), .text(kind), .text(location)])
    }
}

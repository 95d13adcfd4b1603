import PlanCore
import PlanGroups

/// Study-group sessions (schema 6; schema 8 adds where each lives on its
/// group calendar): one row per session and one per invitee, addresses
/// compared without regard to case.
enum GroupColumns {
    static let create = """
        CREATE TABLE group_sessions(
            id TEXT PRIMARY KEY COLLATE NOCASE, uid TEXT NOT NULL UNIQUE, sequence INTEGER NOT NULL,
            title TEXT NOT NULL, course TEXT, start INTEGER NOT NULL, end INTEGER NOT NULL,
            location TEXT, latitude REAL, longitude REAL, notes TEXT,
            organizer_email TEXT NOT NULL, organizer_name TEXT, organizer_status TEXT NOT NULL,
            calendar_url TEXT, cancelled INTEGER NOT NULL, stamp INTEGER NOT NULL, seq INTEGER NOT NULL,
            calendar_path TEXT, calendar_etag TEXT);
        CREATE TABLE group_attendees(
            session_id TEXT NOT NULL REFERENCES group_sessions(id) ON DELETE CASCADE,
            position INTEGER NOT NULL, email TEXT NOT NULL COLLATE NOCASE, name TEXT, status TEXT NOT NULL,
            PRIMARY KEY(session_id, email));
        """

    static func all(in db: SQLiteDatabase) throws -> [GroupSession] {
        var attendees: [String: [InvitedUser]] = [:]
        try db.query("SELECT session_id, email, name, status FROM group_attendees ORDER BY session_id, position") { r in
            attendees[r.text(0).lowercased(), default: []].append(
                InvitedUser(user: CalendarUser(email: r.text(1), name: r.optionalText(2)), status: Participation(rawValue: r.text(3)) ?? .needsAction))
        }
        return try db.rows("""
            SELECT id, uid, sequence, title, course, start, end, location, latitude, longitude, notes,
                   organizer_email, organizer_name, organizer_status, calendar_url, cancelled, stamp,
                   calendar_path, calendar_etag
            FROM group_sessions ORDER BY start, seq
            """) { r in
            let id = r.text(0)
            let geo: GeoPoint? = if let lat = r.optionalDouble(8), let lon = r.optionalDouble(9) { GeoPoint(latitude: lat, longitude: lon) } else { nil }
            return GroupSession(
                id: id, uid: r.text(1), sequence: Int(r.int(2)), title: r.text(3), course: r.optionalText(4),
                range: TimeRange(start: Instant(seconds: r.int(5)), end: Instant(seconds: r.int(6))),
                location: r.optionalText(7), geo: geo, notes: r.optionalText(10),
                organizer: CalendarUser(email: r.text(11), name: r.optionalText(12)),
                organizerStatus: Participation(rawValue: r.text(13)) ?? .accepted, attendees: attendees[id.lowercased()] ?? [],
                calendarURL: r.optionalText(14), cancelled: r.int(15) != 0, stamp: Instant(seconds: r.int(16)),
                calendarPath: r.optionalText(17), calendarETag: r.optionalText(18))
        }
    }

    /// Inserts or replaces `s` (by id) with its invitees, keeping its place in creation order.
    static func save(_ s: GroupSession, in db: SQLiteDatabase) throws {
        let seq = try db.rows("SELECT seq FROM group_sessions WHERE id = ?", [.text(s.id)]) { $0.int(0) }.first
        try db.query("DELETE FROM group_attendees WHERE session_id = ?", [.text(s.id)])
        try db.query("""
            INSERT OR REPLACE INTO group_sessions(id, uid, sequence, title, course, start, end, location, latitude, longitude, notes,
                organizer_email, organizer_name, organizer_status, calendar_url, cancelled, stamp, seq, calendar_path, calendar_etag)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, COALESCE(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM group_sessions)), ?, ?)
            """, [.text(s.id), .text(s.uid), .int(Int64(s.sequence)), .text(s.title), .optional(s.course),
                  .int(s.range.start.seconds), .int(s.range.end.seconds), .optional(s.location),
                  .optional(s.geo?.latitude), .optional(s.geo?.longitude), .optional(s.notes),
                  .text(s.organizer.email), .optional(s.organizer.name), .text(s.organizerStatus.rawValue),
                  .optional(s.calendarURL), .int(s.cancelled ? 1 : 0), .int(s.stamp.seconds), .optional(seq),
                  .optional(s.calendarPath), .optional(s.calendarETag)])
        for (i, a) in s.attendees.enumerated() {
            try db.query("INSERT INTO group_attendees(session_id, position, email, name, status) VALUES(?, ?, ?, ?, ?)",
                         [.text(s.id), .int(Int64(i)), .text(a.user.email), .optional(a.user.name), .text(a.status.rawValue)])
        }
    }
}

extension StoreUpgrade {
    /// Schema 5 → 6: the study-group tables, new tables only (nothing else changes).
    static func groupSessionsFromSchema5(_ db: SQLiteDatabase) throws {
        try db.execute(GroupColumns.create)
    }

    /// Schema 6 or 7 → 8: each session's member path and ETag on its group
    /// calendar, two new columns (NULL: not on a group calendar yet).
    static func groupCalendarColumnsFromSchema7(_ db: SQLiteDatabase) throws {
        try db.execute("ALTER TABLE group_sessions ADD COLUMN calendar_path TEXT; ALTER TABLE group_sessions ADD COLUMN calendar_etag TEXT;")
    }
}

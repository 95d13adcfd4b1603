import PlanCore
import PlanTimetable

/// What a kept catalog is: the term's catalog imported by `plan courses import`,
/// one combination of the last `plan courses build` (named by its rank), or a
/// timetable the student saved (named by them). Builds and saved timetables are
/// kept as catalogs cut down to the sections picked, so they outlive the
/// catalog they came from.
package enum CatalogKind: String, Sendable, CaseIterable {
    case imported = "catalog"
    case build
    case timetable
}

/// A catalog as kept, with where it came from and, for a combination, its score.
package struct StoredCatalog: Hashable, Sendable {
    package var name: String
    package var catalog: Catalog
    /// The file it was imported from, or the courses a build was asked for.
    package var source: String
    package var saved: Instant
    /// A combination's score (0–100).
    package var score: Double?

    package init(name: String, catalog: Catalog, source: String, saved: Instant, score: Double? = nil) {
        self.name = name
        self.catalog = catalog
        self.source = source
        self.saved = saved
        self.score = score
    }
}

/// How catalogs are kept in typed tables (schema 3): one row per catalog, its
/// holidays, courses, sections and meetings below it, deleted with it; schema 12
/// adds the sections' linked sections.
enum CatalogColumns {
    static let create = """
        CREATE TABLE catalogs(
            id INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK(kind IN ('catalog', 'build', 'timetable')),
            name TEXT NOT NULL COLLATE NOCASE,
            source TEXT NOT NULL, saved INTEGER NOT NULL, score REAL,
            term_name TEXT NOT NULL, time_zone TEXT NOT NULL,
            term_start TEXT NOT NULL, term_end TEXT NOT NULL,
            UNIQUE(kind, name));
        CREATE TABLE catalog_holidays(
            catalog INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL, from_date TEXT NOT NULL, to_date TEXT NOT NULL,
            PRIMARY KEY(catalog, idx));
        CREATE TABLE catalog_courses(
            catalog INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL, code TEXT NOT NULL, title TEXT NOT NULL, credits REAL NOT NULL,
            PRIMARY KEY(catalog, idx));
        CREATE TABLE catalog_sections(
            catalog INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            course INTEGER NOT NULL, idx INTEGER NOT NULL, id TEXT NOT NULL,
            instructors TEXT NOT NULL, gpa REAL, rating REAL,
            seats_open INTEGER, seats_total INTEGER, seats_waitlist INTEGER,
            PRIMARY KEY(catalog, course, idx));
        CREATE TABLE catalog_meetings(
            catalog INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            course INTEGER NOT NULL, section INTEGER NOT NULL, idx INTEGER NOT NULL,
            days TEXT NOT NULL, start INTEGER NOT NULL, end INTEGER NOT NULL,
            room TEXT, kind TEXT, from_date TEXT, to_date TEXT,
            PRIMARY KEY(catalog, course, section, idx));
        \(createLinks)
        """

    /// Schema 12: a section's linked sections (`needsOneOf`), one row per id of each list.
    static let createLinks = """
        CREATE TABLE IF NOT EXISTS catalog_links(
            catalog INTEGER NOT NULL REFERENCES catalogs(id) ON DELETE CASCADE,
            course INTEGER NOT NULL, section INTEGER NOT NULL, list INTEGER NOT NULL, idx INTEGER NOT NULL,
            id TEXT NOT NULL,
            PRIMARY KEY(catalog, course, section, list, idx));
        """

    /// Instructors are kept in one column, separated by the ASCII unit separator
    /// (which no name contains: the catalog readers refuse control characters).
    private static let separator: Character = "\u{1F}"

    static func put(_ stored: StoredCatalog, kind: CatalogKind, in db: SQLiteDatabase) throws {
        try remove(kind: kind, name: stored.name, in: db)
        let term = stored.catalog.term
        try db.query("""
            INSERT INTO catalogs(kind, name, source, saved, score, term_name, time_zone, term_start, term_end)
            VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.text(kind.rawValue), .text(stored.name), .text(stored.source), .int(stored.saved.seconds), .optional(stored.score),
                  .text(term.name), .text(term.timeZone), .text(term.start.isoString), .text(term.end.isoString)])
        let id = try db.rows("SELECT last_insert_rowid()") { $0.int(0) }.first ?? 0
        for (i, h) in term.holidays.enumerated() {
            try db.query("INSERT INTO catalog_holidays VALUES(?, ?, ?, ?)", [.int(id), .int(Int64(i)), .text(h.from.isoString), .text(h.to.isoString)])
        }
        for (c, course) in stored.catalog.courses.enumerated() {
            try db.query("INSERT INTO catalog_courses VALUES(?, ?, ?, ?, ?)",
                         [.int(id), .int(Int64(c)), .text(course.code), .text(course.title), .real(course.credits)])
            for (s, section) in course.sections.enumerated() {
                try db.query("INSERT INTO catalog_sections VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
                    .int(id), .int(Int64(c)), .int(Int64(s)), .text(section.id),
                    .text(section.instructors.joined(separator: String(separator))), .optional(section.gpa), .optional(section.rating),
                    .optional(section.seats.map { Int64($0.open) }), .optional(section.seats.map { Int64($0.total) }),
                    .optional(section.seats.map { Int64($0.waitlist) }),
                ])
                for (l, list) in section.needsOneOf.enumerated() {
                    for (i, linked) in list.enumerated() {
                        try db.query("INSERT INTO catalog_links VALUES(?, ?, ?, ?, ?, ?)",
                                     [.int(id), .int(Int64(c)), .int(Int64(s)), .int(Int64(l)), .int(Int64(i)), .text(linked)])
                    }
                }
                for (m, meeting) in section.meetings.enumerated() {
                    try db.query("INSERT INTO catalog_meetings VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", [
                        .int(id), .int(Int64(c)), .int(Int64(s)), .int(Int64(m)),
                        .text(meeting.days.map(\.code).joined(separator: ",")), .int(Int64(meeting.start)), .int(Int64(meeting.end)),
                        .optional(meeting.room), .optional(meeting.kind), .optional(meeting.from?.isoString), .optional(meeting.to?.isoString),
                    ])
                }
            }
        }
    }

    static func remove(kind: CatalogKind, name: String?, in db: SQLiteDatabase) throws {
        if let name {
            try db.query("DELETE FROM catalogs WHERE kind = ? AND name = ?", [.text(kind.rawValue), .text(name)])
        } else {
            try db.query("DELETE FROM catalogs WHERE kind = ?", [.text(kind.rawValue)])
        }
    }

    /// The catalogs of `kind` (one when `name` is given), in the order kept.
    static func load(kind: CatalogKind, name: String?, in db: SQLiteDatabase) throws -> [StoredCatalog] {
        var sql = "SELECT id, name, source, saved, score, term_name, time_zone, term_start, term_end FROM catalogs WHERE kind = ?"
        var bindings: [SQLValue] = [.text(kind.rawValue)]
        if let name {
            sql += " AND name = ?"
            bindings.append(.text(name))
        }
        let heads = try db.rows(sql + " ORDER BY id", bindings) { row in
            (id: row.int(0), name: row.text(1), source: row.text(2), saved: Instant(seconds: row.int(3)), score: row.optionalDouble(4),
             term: (row.text(5), row.text(6), row.text(7), row.text(8)))
        }
        return try heads.map { head in
            let holidays = try db.rows("SELECT from_date, to_date FROM catalog_holidays WHERE catalog = ? ORDER BY idx", [.int(head.id)]) {
                DateSpan(from: try date($0.text(0)), to: try date($0.text(1)))
            }
            var courses = try db.rows("SELECT code, title, credits FROM catalog_courses WHERE catalog = ? ORDER BY idx", [.int(head.id)]) {
                Course(code: $0.text(0), title: $0.text(1), credits: $0.double(2), sections: [])
            }
            try db.query("""
                SELECT course, id, instructors, gpa, rating, seats_open, seats_total, seats_waitlist
                FROM catalog_sections WHERE catalog = ? ORDER BY course, idx
                """, [.int(head.id)]) { row in
                let c = Int(row.int(0))
                guard courses.indices.contains(c) else { throw StoreError.refused("catalog \"\(head.name)\": a section of course #\(c), which it does not have") }
                let instructors = row.text(2).split(separator: separator).map(String.init)
                let seats = row.optionalInt(5).map { Seats(open: Int($0), total: Int(row.int(6)), waitlist: Int(row.int(7))) }
                courses[c].sections.append(Section(id: row.text(1), instructors: instructors, gpa: row.optionalDouble(3),
                                                   rating: row.optionalDouble(4), seats: seats))
            }
            try db.query("""
                SELECT course, section, days, start, end, room, kind, from_date, to_date
                FROM catalog_meetings WHERE catalog = ? ORDER BY course, section, idx
                """, [.int(head.id)]) { row in
                let c = Int(row.int(0)), s = Int(row.int(1))
                guard courses.indices.contains(c), courses[c].sections.indices.contains(s) else {
                    throw StoreError.refused("catalog \"\(head.name)\": a meeting of section #\(s) of course #\(c), which it does not have")
                }
                let days = row.text(2).split(separator: ",").compactMap { Weekday(code: String($0)) }
                courses[c].sections[s].meetings.append(Meeting(
                    days: days, start: Int(row.int(3)), end: Int(row.int(4)), room: row.optionalText(5), kind: row.optionalText(6),
                    from: try row.optionalText(7).map(date), to: try row.optionalText(8).map(date)))
            }
            try db.query("""
                SELECT course, section, list, id FROM catalog_links WHERE catalog = ? ORDER BY course, section, list, idx
                """, [.int(head.id)]) { row in
                let c = Int(row.int(0)), s = Int(row.int(1)), l = Int(row.int(2))
                guard courses.indices.contains(c), courses[c].sections.indices.contains(s), l >= 0, l <= courses[c].sections[s].needsOneOf.count else {
                    throw StoreError.refused("catalog \"\(head.name)\": a linked section of section #\(s) of course #\(c), which it does not have")
                }
                if l == courses[c].sections[s].needsOneOf.count { courses[c].sections[s].needsOneOf.append([]) }
                courses[c].sections[s].needsOneOf[l].append(row.text(3))
            }
            let term = Term(name: head.term.0, timeZone: head.term.1, start: try date(head.term.2), end: try date(head.term.3), holidays: holidays)
            return StoredCatalog(name: head.name, catalog: Catalog(term: term, courses: courses), source: head.source,
                                 saved: head.saved, score: head.score)
        }
    }

    private static func date(_ text: String) throws -> LocalDate {
        guard let d = LocalDate(iso: text) else { throw StoreError.refused("a catalog date \"\(text)\" that is not YYYY-MM-DD") }
        return d
    }
}

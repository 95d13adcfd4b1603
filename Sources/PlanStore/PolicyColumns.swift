import CSQLite
import PlanCore

/// How a ``PolicyDefinition`` is kept in the `policy` and
/// `policy_working_days` tables (schema 2; schema 9 adds placement and finish_early, schema 10 the preferred hours): one row of times of day in minutes
/// after local midnight, durations in seconds and switches as 0 or 1, NULL
/// where the user left a field to its default; the working days one row
/// each, ISO weekday numbers (1 = Monday) in the order given, none when the
/// user never chose them.
enum PolicyColumns {
    /// `policy` and `policy_working_days` as schema 2 creates them.
    static let create = """
        CREATE TABLE policy(
            id INTEGER PRIMARY KEY CHECK(id = 1),
            day_start INTEGER, day_end INTEGER,
            buffer INTEGER, break_between_sittings INTEGER, granularity INTEGER, max_per_day INTEGER,
            busy_all_day INTEGER CHECK(busy_all_day IN (0, 1)), busy_tentative INTEGER CHECK(busy_tentative IN (0, 1)),
            placement TEXT CHECK(placement IN ('early', 'balanced')), finish_early INTEGER,
            \(preferColumns.joined(separator: ", ")));
        CREATE TABLE policy_working_days(
            idx INTEGER PRIMARY KEY, day INTEGER NOT NULL CHECK(day BETWEEN 1 AND 7));
        """

    /// Preferred hours (of the policy or a task): minutes after local midnight, both or neither.
    static let preferColumns = [
        "prefer_start INTEGER CHECK(prefer_start BETWEEN 0 AND 1439)",
        "prefer_end INTEGER CHECK(prefer_end BETWEEN 1 AND 1440 AND prefer_end > prefer_start)",
    ]

    /// Schema 8 → 9 → 10: how sittings are laid out, new columns (each
    /// added only when the table lacks it).
    static func fromSchema8(_ db: SQLiteDatabase) throws {
        let have = Set(try db.rows("SELECT name FROM pragma_table_info('policy')") { $0.text(0) })
        if !have.contains("placement") {
            try db.execute("ALTER TABLE policy ADD COLUMN placement TEXT CHECK(placement IN ('early', 'balanced'))")
        }
        if !have.contains("finish_early") { try db.execute("ALTER TABLE policy ADD COLUMN finish_early INTEGER") }
        try addPreferColumns(to: "policy", having: have, db)
    }

    /// Schema 9 → 10: the preferred hours' columns on `table`, when it lacks them.
    static func addPreferColumns(to table: String, having have: Set<String>, _ db: SQLiteDatabase) throws {
        guard !have.contains("prefer_start") else { return }
        for column in preferColumns { try db.execute("ALTER TABLE \(table) ADD COLUMN \(column)") }
    }

    /// The two columns' values for `h`.
    static func preferValues(_ h: PreferredHours?) -> [SQLValue] {
        [.optional(h.map { Int64($0.start.minutes) }), .optional(h.map { Int64($0.end.minutes) })]
    }

    /// Preferred hours from the columns at `i` and `i + 1`.
    static func prefer(_ r: SQLRow, _ i: Int32) -> PreferredHours? {
        guard let s = r.optionalInt(i), let e = r.optionalInt(i + 1) else { return nil }
        return PreferredHours(start: TimeOfDay(minutes: Int(s)), end: TimeOfDay(minutes: Int(e)))
    }

    /// Replaces the stored policy.
    static func save(_ p: PolicyDefinition, in db: SQLiteDatabase) throws {
        func flag(_ b: Bool?) -> SQLValue { .optional(b.map { Int64($0 ? 1 : 0) }) }
        try db.query("""
            INSERT OR REPLACE INTO policy(id, day_start, day_end, buffer, break_between_sittings, granularity, max_per_day,
                                          busy_all_day, busy_tentative, placement, finish_early, prefer_start, prefer_end)
            VALUES(1, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [.optional(p.dayStart.map { Int64($0.minutes) }), .optional(p.dayEnd.map { Int64($0.minutes) }),
                  .optional(p.buffer), .optional(p.breakBetweenSittings), .optional(p.granularity), .optional(p.maxPerDay),
                  flag(p.busyAllDay), flag(p.busyTentative), .optional(p.placement?.rawValue), .optional(p.finishEarly)]
                  + preferValues(p.prefer))
        try db.execute("DELETE FROM policy_working_days")
        for (i, day) in (p.workingDays ?? []).enumerated() {
            try db.query("INSERT INTO policy_working_days(idx, day) VALUES(?, ?)", [.int(Int64(i)), .int(Int64(day.rawValue))])
        }
    }

    /// The stored policy; every field unset when none was ever stored.
    static func load(in db: SQLiteDatabase) throws -> PolicyDefinition {
        let days = try db.rows("SELECT day FROM policy_working_days ORDER BY idx") { r in
            guard let day = Weekday(rawValue: Int(r.int(0))) else {
                throw SQLiteError(code: SQLITE_CORRUPT, message: "policy: working day \(r.int(0)) is not an ISO weekday")
            }
            return day
        }
        var policy = try db.rows("""
            SELECT day_start, day_end, buffer, break_between_sittings, granularity, max_per_day, busy_all_day, busy_tentative,
                   placement, finish_early, prefer_start, prefer_end
            FROM policy WHERE id = 1
            """) { r in
            var p = PolicyDefinition()
            p.dayStart = r.optionalInt(0).map { TimeOfDay(minutes: Int($0)) }
            p.dayEnd = r.optionalInt(1).map { TimeOfDay(minutes: Int($0)) }
            p.buffer = r.optionalInt(2)
            p.breakBetweenSittings = r.optionalInt(3)
            p.granularity = r.optionalInt(4)
            p.maxPerDay = r.optionalInt(5)
            p.busyAllDay = r.optionalInt(6).map { $0 != 0 }
            p.busyTentative = r.optionalInt(7).map { $0 != 0 }
            p.placement = r.optionalText(8).flatMap(Placement.init(rawValue:))
            p.finishEarly = r.optionalInt(9)
            p.prefer = prefer(r, 10)
            return p
        }.first ?? PolicyDefinition()
        policy.workingDays = days.isEmpty ? nil : days
        return policy
    }
}

import CSQLite
import PlanCore

/// How a ``TaskDefinition`` is kept in the `tasks` and `task_after` tables
/// (schema 2): durations in seconds, times of day in minutes after local
/// midnight, NULL where the user left a field to its default.
///
/// A start or due is three columns, `<name>_kind`, `<name>` and
/// `<name>_offset`: kind `date` with the days since 1970-01-01, `local` with
/// the wall-clock seconds since 1970-01-01T00:00 (read in the user's zone
/// when planning), `instant` with the seconds since the epoch and the UTC
/// offset in seconds it was written with.
enum TaskColumns {
    /// The columns of `tasks` that ``definition(_:after:)`` reads, in order.
    static let select = """
        SELECT id, seq, title, project, notes, estimate, span, min_sitting, earliest, latest,
               start_kind, start, start_offset, due_kind, due, due_offset, priority, done, placement,
               prefer_start, prefer_end, finished, left_work, planned FROM tasks
        """

    /// Schema 8 → 9 → 10: a task's own placement and preferred hours, new
    /// columns (added only when the table lacks them).
    static func fromSchema8(_ db: SQLiteDatabase) throws {
        let have = Set(try db.rows("SELECT name FROM pragma_table_info('tasks')") { $0.text(0) })
        if !have.contains("placement") {
            try db.execute("ALTER TABLE tasks ADD COLUMN placement TEXT CHECK(placement IN ('early', 'balanced'))")
        }
        try PolicyColumns.addPreferColumns(to: "tasks", having: have, db)
    }

    /// The columns schema 14 adds to `tasks`: finished, the work left as the student said it, and
    /// the work planned when it differs from the estimate.
    static let schema14Columns = ["finished INTEGER NOT NULL DEFAULT 0 CHECK(finished IN (0, 1))",
                                  "left_work INTEGER", "planned INTEGER"]

    /// Schema 2 … 13 → 14: ``schema14Columns``, added only when the table lacks them. A task of an
    /// older store whose work recorded reached its estimate was finished: it is marked so.
    static func fromSchema13(_ db: SQLiteDatabase) throws {
        let have = Set(try db.rows("SELECT name FROM pragma_table_info('tasks')") { $0.text(0) })
        for column in schema14Columns where !have.contains(String(column.prefix { $0 != " " })) {
            try db.execute("ALTER TABLE tasks ADD COLUMN \(column)")
        }
        try db.execute("UPDATE tasks SET finished = 1 WHERE done >= estimate")
    }

    /// `tasks` and `task_after` as schema 2 creates them (schema 9 adds `placement`, schema 10 the preferred hours).
    static let create = """
        CREATE TABLE tasks(
            id TEXT PRIMARY KEY,
            seq INTEGER NOT NULL UNIQUE,
            title TEXT NOT NULL, project TEXT, notes TEXT,
            estimate INTEGER NOT NULL, span INTEGER, min_sitting INTEGER,
            earliest INTEGER, latest INTEGER,
            start_kind TEXT CHECK(start_kind IN ('date', 'local', 'instant')), start INTEGER, start_offset INTEGER,
            due_kind TEXT NOT NULL CHECK(due_kind IN ('date', 'local', 'instant')), due INTEGER NOT NULL, due_offset INTEGER,
            priority INTEGER, done INTEGER NOT NULL,
            placement TEXT CHECK(placement IN ('early', 'balanced')),
            \(PolicyColumns.preferColumns.joined(separator: ", ")),
            \(schema14Columns.joined(separator: ", ")));
        CREATE TABLE task_after(
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL, after_id TEXT NOT NULL,
            PRIMARY KEY(task_id, idx));
        """

    /// Inserts or replaces (by id, keeping its sequence) a task's row and its
    /// `after` list; a new task comes last unless `sequence` places it.
    static func save(_ task: TaskDefinition, sequence: Int64? = nil, in db: SQLiteDatabase) throws {
        let start = columns(task.start), due = columns(task.due)
        try db.query("""
            INSERT INTO tasks(id, seq, title, project, notes, estimate, span, min_sitting, earliest, latest,
                              start_kind, start, start_offset, due_kind, due, due_offset, priority, done, placement,
                              prefer_start, prefer_end, finished, left_work, planned)
            VALUES(?, COALESCE(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tasks)), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,
                   ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET
                title = excluded.title, project = excluded.project, notes = excluded.notes,
                estimate = excluded.estimate, span = excluded.span, min_sitting = excluded.min_sitting,
                earliest = excluded.earliest, latest = excluded.latest,
                start_kind = excluded.start_kind, start = excluded.start, start_offset = excluded.start_offset,
                due_kind = excluded.due_kind, due = excluded.due, due_offset = excluded.due_offset,
                priority = excluded.priority, done = excluded.done, placement = excluded.placement,
                prefer_start = excluded.prefer_start, prefer_end = excluded.prefer_end,
                finished = excluded.finished, left_work = excluded.left_work, planned = excluded.planned
            """, [.text(task.id), .optional(sequence), .text(task.title), .optional(task.project), .optional(task.notes),
                  .int(task.estimate), .optional(task.span), .optional(task.minSitting),
                  .optional(task.earliest.map { Int64($0.minutes) }), .optional(task.latest.map { Int64($0.minutes) }),
                  start.kind, start.value, start.offset, due.kind, due.value, due.offset,
                  .optional(task.priority.map(Int64.init)), .int(task.done), .optional(task.placement?.rawValue)]
                  + PolicyColumns.preferValues(task.prefer)
                  + [.int(task.finished ? 1 : 0), .optional(task.left), .optional(task.planned)])
        try db.query("DELETE FROM task_after WHERE task_id = ?", [.text(task.id)])
        for (i, id) in task.after.enumerated() {
            try db.query("INSERT INTO task_after(task_id, idx, after_id) VALUES(?, ?, ?)",
                         [.text(task.id), .int(Int64(i)), .text(id)])
        }
    }

    /// Every task in creation order.
    static func all(in db: SQLiteDatabase) throws -> [StoredTask] {
        var after: [String: [String]] = [:]
        try db.query("SELECT task_id, after_id FROM task_after ORDER BY task_id, idx") {
            after[$0.text(0), default: []].append($0.text(1))
        }
        return try db.rows(select + " ORDER BY seq") { row in
            StoredTask(task: try definition(row, after: after[row.text(0)] ?? []), sequence: Int(row.int(1)))
        }
    }

    /// One row of ``select``.
    private static func definition(_ r: SQLRow, after: [String]) throws -> TaskDefinition {
        var task = TaskDefinition(id: r.text(0), title: r.text(2), estimate: r.int(5), due: try time(r, 13)!)
        task.project = r.optionalText(3)
        task.notes = r.optionalText(4)
        task.span = r.optionalInt(6)
        task.minSitting = r.optionalInt(7)
        task.earliest = r.optionalInt(8).map { TimeOfDay(minutes: Int($0)) }
        task.latest = r.optionalInt(9).map { TimeOfDay(minutes: Int($0)) }
        task.start = try time(r, 10)
        task.priority = r.optionalInt(16).map { Int($0) }
        task.after = after
        task.done = r.int(17)
        task.placement = r.optionalText(18).flatMap(Placement.init(rawValue:))
        task.prefer = PolicyColumns.prefer(r, 19)
        task.finished = r.int(21) != 0
        task.left = r.optionalInt(22)
        task.planned = r.optionalInt(23)
        return task
    }

    private static func columns(_ t: TaskTime?) -> (kind: SQLValue, value: SQLValue, offset: SQLValue) {
        switch t {
        case .date(let d)?: (.text("date"), .int(d.daysSinceEpoch), .null)
        case .local(let l)?: (.text("local"), .int(l.secondsSinceEpoch), .null)
        case .instant(let i, let offset)?: (.text("instant"), .int(i.seconds), .int(Int64(offset)))
        case nil: (.null, .null, .null)
        }
    }

    /// The time whose kind is in column `k` (value and offset follow it).
    private static func time(_ r: SQLRow, _ k: Int32) throws -> TaskTime? {
        guard let kind = r.optionalText(k) else { return nil }
        let v = r.int(k + 1)
        switch kind {
        case "date": return .date(LocalDate(daysSinceEpoch: v))
        case "local": return .local(LocalDateTime(secondsSinceEpoch: v))
        case "instant": return .instant(Instant(seconds: v), offset: Int(r.int(k + 2)))
        default: throw SQLiteError(code: SQLITE_CORRUPT, message: "task \"\(r.text(0))\": unknown time kind \"\(kind)\"")
        }
    }
}

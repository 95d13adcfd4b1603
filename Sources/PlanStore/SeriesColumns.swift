import CSQLite
import Foundation
import PlanCore

/// How a ``TaskSeries`` is kept (schema 13): the rule in columns, the template's fields
/// as JSON text (durations in seconds, times of day in minutes after midnight), and which
/// task is which series' occurrence in `series_tasks`. Skipped occurrences are listed in
/// `series_skips` (their tasks are gone).
enum SeriesColumns {
    /// The series tables, new in schema 13 (created only when absent).
    static let create = """
        CREATE TABLE IF NOT EXISTS series(
            id TEXT PRIMARY KEY,
            seq INTEGER NOT NULL UNIQUE,
            kind TEXT NOT NULL CHECK(kind IN ('every', 'each', 'before', 'after')),
            rule TEXT NOT NULL, first_due INTEGER, whole_day INTEGER, within INTEGER,
            from_date INTEGER, until_date INTEGER, count INTEGER, start_before INTEGER,
            through INTEGER, made INTEGER NOT NULL,
            template TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS series_tasks(
            task_id TEXT PRIMARY KEY REFERENCES tasks(id) ON DELETE CASCADE,
            series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
            key TEXT NOT NULL);
        CREATE TABLE IF NOT EXISTS series_skips(
            series_id TEXT NOT NULL REFERENCES series(id) ON DELETE CASCADE,
            key TEXT NOT NULL, task_id TEXT NOT NULL,
            PRIMARY KEY(series_id, key));
        """

    /// The template's fields, as kept in `template`.
    private struct Template: Codable {
        var title: String
        var project: String?
        var notes: String?
        var estimate: Int64
        var span: Int64?
        var minSitting: Int64?
        var earliest: Int?
        var latest: Int?
        var priority: Int?
        var placement: String?
        var prefer: String?

        init(_ t: TaskDefinition) {
            (title, project, notes, estimate, span, minSitting) = (t.title, t.project, t.notes, t.estimate, t.span, t.minSitting)
            (earliest, latest, priority) = (t.earliest?.minutes, t.latest?.minutes, t.priority)
            (placement, prefer) = (t.placement?.rawValue, t.prefer?.text)
        }

        func definition(id: String) -> TaskDefinition {
            var t = TaskDefinition(id: id, title: title, estimate: estimate, due: .date(LocalDate(daysSinceEpoch: 0)))
            (t.project, t.notes, t.span, t.minSitting) = (project, notes, span, minSitting)
            (t.earliest, t.latest) = (earliest.map(TimeOfDay.init(minutes:)), latest.map(TimeOfDay.init(minutes:)))
            t.priority = priority
            t.placement = placement.flatMap(Placement.init(rawValue:))
            t.prefer = prefer.flatMap(PreferredHours.init(text:))
            return t
        }
    }

    /// Inserts or replaces (by id, keeping its sequence) a series.
    static func save(_ s: TaskSeries, in db: SQLiteDatabase) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let template = String(decoding: try encoder.encode(Template(s.template)), as: UTF8.self)
        let kind: String, firstDue: Int64?, within: Int64?
        var wholeDay: Int64?
        switch s.kind {
        case .every(_, let first, let whole): (kind, firstDue, within, wholeDay) = ("every", first.secondsSinceEpoch, nil, whole ? 1 : 0)
        case .each: (kind, firstDue, within) = ("each", nil, nil)
        case .beforeClass: (kind, firstDue, within) = ("before", nil, nil)
        case .afterClass(_, let w): (kind, firstDue, within) = ("after", nil, w)
        }
        let rule: String = switch s.kind {
        case .every: s.ruleText
        case .each(let unit): unit.rawValue
        case .beforeClass(let name), .afterClass(let name, _): name
        }
        try db.query("""
            INSERT INTO series(id, seq, kind, rule, first_due, whole_day, within, from_date, until_date, count, start_before,
                               through, made, template)
            VALUES(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM series), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT(id) DO UPDATE SET
                kind = excluded.kind, rule = excluded.rule, first_due = excluded.first_due, whole_day = excluded.whole_day,
                within = excluded.within,
                from_date = excluded.from_date, until_date = excluded.until_date, count = excluded.count,
                start_before = excluded.start_before, through = excluded.through, made = excluded.made,
                template = excluded.template
            """, [.text(s.id), .text(kind), .text(rule), .optional(firstDue), .optional(wholeDay), .optional(within),
                  .optional(s.from?.daysSinceEpoch), .optional(s.until?.daysSinceEpoch), .optional(s.count.map(Int64.init)),
                  .optional(s.startBefore), .optional(s.through?.daysSinceEpoch), .int(Int64(s.made)), .text(template)])
    }

    /// Every series in creation order.
    static func all(in db: SQLiteDatabase) throws -> [TaskSeries] {
        try db.rows("""
            SELECT id, kind, rule, first_due, within, from_date, until_date, count, start_before, through, made, template,
                   whole_day
            FROM series ORDER BY seq
            """) { r in
            let id = r.text(0), rule = r.text(2)
            func corrupt(_ what: String) -> SQLiteError {
                SQLiteError(code: SQLITE_CORRUPT, message: "series \"\(id)\": \(what)")
            }
            guard let template = try? JSONDecoder().decode(Template.self, from: Data(r.text(11).utf8)) else {
                throw corrupt("its template is not readable")
            }
            let kind: TaskSeries.Kind
            switch r.text(1) {
            case "every":
                guard let rec = try? Recurrence.parse(rule), let first = r.optionalInt(3) else { throw corrupt("rule \"\(rule)\"") }
                kind = .every(rec, firstDue: LocalDateTime(secondsSinceEpoch: first), wholeDay: r.optionalInt(12) == 1)
            case "each":
                guard let unit = Recurrence.Unit(rawValue: rule) else { throw corrupt("unit \"\(rule)\"") }
                kind = .each(unit)
            case "before": kind = .beforeClass(rule)
            case "after": kind = .afterClass(rule, within: r.optionalInt(4) ?? 0)
            default: throw corrupt("kind \"\(r.text(1))\"")
            }
            var s = TaskSeries(id: id, template: template.definition(id: id), kind: kind, ruleText: rule)
            s.from = r.optionalInt(5).map(LocalDate.init(daysSinceEpoch:))
            s.until = r.optionalInt(6).map(LocalDate.init(daysSinceEpoch:))
            s.count = r.optionalInt(7).map { Int($0) }
            s.startBefore = r.optionalInt(8)
            s.through = r.optionalInt(9).map(LocalDate.init(daysSinceEpoch:))
            s.made = Int(r.int(10))
            return s
        }
    }
}

/// A task that is an occurrence of a series.
package struct SeriesLink: Hashable, Sendable {
    package var seriesId: String
    /// The occurrence's key in its series (its due date, or its class's original start).
    package var key: String

    package init(seriesId: String, key: String) {
        self.seriesId = seriesId
        self.key = key
    }
}

extension SeriesColumns {
    static func remove(id: String, in db: SQLiteDatabase) throws {
        try db.query("DELETE FROM series WHERE id = ?", [.text(id)])
    }

    static func links(in db: SQLiteDatabase) throws -> [String: SeriesLink] {
        var out: [String: SeriesLink] = [:]
        try db.query("SELECT task_id, series_id, key FROM series_tasks") {
            out[$0.text(0)] = SeriesLink(seriesId: $0.text(1), key: $0.text(2))
        }
        return out
    }

    static func link(_ taskId: String, to link: SeriesLink, in db: SQLiteDatabase) throws {
        try db.query("INSERT OR REPLACE INTO series_tasks(task_id, series_id, key) VALUES(?, ?, ?)",
                     [.text(taskId), .text(link.seriesId), .text(link.key)])
    }

    /// The occurrences a series has more than once (the same key linked to several tasks), each
    /// as its series, key and task ids in creation order. Plan before schema 14 made a habit's
    /// week again on each new day (``mendDuplicates(in:)`` mends those stores).
    static func duplicates(in db: SQLiteDatabase) throws -> [(seriesId: String, key: String, taskIds: [String])] {
        var out: [(seriesId: String, key: String, taskIds: [String])] = []
        try db.query("""
            SELECT l.series_id, l.key, l.task_id FROM series_tasks l JOIN tasks t ON t.id = l.task_id
            WHERE (l.series_id, l.key) IN (SELECT series_id, key FROM series_tasks GROUP BY series_id, key HAVING COUNT(*) > 1)
            ORDER BY l.series_id, l.key, t.seq
            """) { r in
            let (series, key, task) = (r.text(0), r.text(1), r.text(2))
            if let last = out.last, last.seriesId == series, last.key == key {
                out[out.count - 1].taskIds.append(task)
            } else {
                out.append((series, key, [task]))
            }
        }
        return out
    }

    /// Schema 13 → 14: of each occurrence made more than once, the copies with no time recorded
    /// (not finished, named in no other task's `after`) go while one copy stays: the first with
    /// time recorded, else the first made. Copies with time recorded all stay (progress is never
    /// lost; `plan doctor` names them). Returns how many tasks went.
    @discardableResult
    static func mendDuplicates(in db: SQLiteDatabase) throws -> Int {
        var removed = 0
        for group in try duplicates(in: db) {
            var progress: [String: Bool] = [:]
            for id in group.taskIds {
                try db.query("""
                    SELECT done > 0 OR finished = 1 OR EXISTS(SELECT 1 FROM task_after WHERE after_id = tasks.id)
                        OR EXISTS(SELECT 1 FROM phone_changes WHERE task_id = tasks.id)
                    FROM tasks WHERE id = ?
                    """, [.text(id)]) { progress[id] = $0.int(0) != 0 }
            }
            let keep = group.taskIds.first { progress[$0] == true } ?? group.taskIds[0]
            for id in group.taskIds where id != keep && progress[id] != true {
                // Foreign keys are off while a store is upgraded: what names the task goes with it here.
                for table in ["sittings", "series_tasks", "task_after", "grade_task_links", "progress", "tasks"] {
                    try db.query("DELETE FROM \(table) WHERE \(table == "tasks" ? "id" : "task_id") = ?", [.text(id)])
                }
                removed += 1
            }
        }
        return removed
    }

    static func skips(series id: String, in db: SQLiteDatabase) throws -> [(key: String, taskId: String)] {
        try db.rows("SELECT key, task_id FROM series_skips WHERE series_id = ? ORDER BY key", [.text(id)]) {
            (key: $0.text(0), taskId: $0.text(1))
        }
    }

    static func addSkip(_ link: SeriesLink, taskId: String, in db: SQLiteDatabase) throws {
        try db.query("INSERT OR REPLACE INTO series_skips(series_id, key, task_id) VALUES(?, ?, ?)",
                     [.text(link.seriesId), .text(link.key), .text(taskId)])
    }
}

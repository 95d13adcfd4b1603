import CSQLite
import Foundation
import PlanCore
import PlanGrades
import PlanGroups

/// The operations available inside one transaction.
package struct StoreTransaction {
    fileprivate let db: SQLiteDatabase
    /// False when the store was opened read-only: the busy-time cache is then not written.
    fileprivate let writable: Bool
    /// What this transaction has read and not changed since: a command asks
    /// for the task list several times (to check, to plan, to report).
    private let memo = TransactionMemo()

    init(db: SQLiteDatabase, writable: Bool) {
        self.db = db
        self.writable = writable
    }

    // MARK: Settings

    package func setting(_ key: String) throws -> String? {
        try db.rows("SELECT value FROM settings WHERE key = ?", [.text(key)]) { $0.text(0) }.first
    }

    package func setSetting(_ key: String, _ value: String?) throws {
        if let value {
            try db.query("INSERT INTO settings(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                         [.text(key), .text(value)])
        } else {
            try db.query("DELETE FROM settings WHERE key = ?", [.text(key)])
        }
    }

    /// The scheduling policy (every field unset until one is saved).
    package func policy() throws -> PolicyDefinition {
        try PolicyColumns.load(in: db)
    }

    package func savePolicy(_ policy: PolicyDefinition) throws {
        try PolicyColumns.save(policy, in: db)
    }

    // MARK: Projects

    package func projects() throws -> [Project] {
        try db.rows("SELECT name, color, notes FROM projects ORDER BY seq") {
            Project(id: $0.text(0), name: $0.text(0), color: $0.optionalText(1), notes: $0.optionalText(2))
        }
    }

    package func addProject(_ p: Project) throws {
        if try projects().contains(where: { $0.name.lowercased() == p.name.lowercased() }) {
            throw StoreError.duplicate(kind: "project", name: p.name)
        }
        try db.query("INSERT INTO projects(name, color, notes, seq) VALUES(?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM projects))",
                     [.text(p.name), .optional(p.color), .optional(p.notes)])
    }

    package func removeProject(named name: String) throws {
        try db.query("DELETE FROM projects WHERE name = ?", [.text(name)])
        if db.changes == 0 { throw StoreError.notFound(kind: "project", name: name) }
    }

    // MARK: Tasks

    package func tasks() throws -> [StoredTask] {
        if let known = memo.tasks { return known }
        let tasks = try TaskColumns.all(in: db)
        memo.tasks = tasks
        return tasks
    }

    /// Inserts or replaces a task (by id), keeping its sequence when it exists.
    package func saveTask(_ task: TaskDefinition) throws {
        memo.tasks = nil
        try TaskColumns.save(task, in: db)
    }

    package func removeTask(id: String) throws {
        memo.tasks = nil
        memo.sittings = nil  // removed with the task (ON DELETE CASCADE)
        try db.query("DELETE FROM tasks WHERE id = ?", [.text(id)])
        if db.changes == 0 { throw StoreError.notFound(kind: "task", name: id) }
    }

    // MARK: Sittings

    package func sittings() throws -> [Sitting] {
        if let known = memo.sittings { return known }
        let sittings = try db.rows("SELECT task_id, idx, count, start, end FROM sittings ORDER BY start, task_id") {
            Sitting(taskId: $0.text(0), range: TimeRange(start: Instant(seconds: $0.int(3)), end: Instant(seconds: $0.int(4))),
                    index: Int($0.int(1)), count: Int($0.int(2)))
        }
        memo.sittings = sittings
        return sittings
    }

    /// Replaces the stored sittings of `taskId` with `sittings`.
    package func replaceSittings(taskId: String, with sittings: [Sitting]) throws {
        memo.sittings = nil
        try db.query("DELETE FROM sittings WHERE task_id = ?", [.text(taskId)])
        for s in sittings {
            try db.query("INSERT INTO sittings(task_id, idx, count, start, end) VALUES(?, ?, ?, ?, ?)",
                         [.text(s.taskId), .int(Int64(s.index)), .int(Int64(s.count)), .int(s.range.start.seconds), .int(s.range.end.seconds)])
        }
    }

    // MARK: Progress

    /// Every time recorded (`plan done --spent`), by when it was recorded.
    package func progress() throws -> [(taskId: String, at: Instant, spent: Int64)] {
        try db.rows("SELECT task_id, at, spent FROM progress ORDER BY at, rowid") {
            (taskId: $0.text(0), at: Instant(seconds: $0.int(1)), spent: $0.int(2))
        }
    }

    /// When time was last recorded on each task that has any (`plan done`).
    package func lastProgress() throws -> [String: Instant] {
        var out: [String: Instant] = [:]
        try db.query("SELECT task_id, MAX(at) FROM progress GROUP BY task_id") { out[$0.text(0)] = Instant(seconds: $0.int(1)) }
        return out
    }

    package func recordProgress(taskId: String, at: Instant, spent: Int64) throws {
        try db.query("INSERT INTO progress(task_id, at, spent) VALUES(?, ?, ?)", [.text(taskId), .int(at.seconds), .int(spent)])
    }

    // MARK: Calendars

    package func calendars() throws -> [CalendarSource] {
        try CalendarColumns.all(in: db)
    }

    package func addCalendar(_ c: CalendarSource) throws {
        let existing = try calendars()
        if existing.contains(where: { $0.name.lowercased() == c.name.lowercased() }) {
            throw StoreError.duplicate(kind: "calendar", name: c.name)
        }
        try CalendarColumns.add(c, in: db)
    }

    package func removeCalendar(named name: String) throws {
        try db.query("DELETE FROM calendars WHERE name = ?", [.text(name)])
        if db.changes == 0 { throw StoreError.notFound(kind: "calendar", name: name) }
        try db.execute(SubscriptionColumns.dropOrphans)
        try db.execute(CalDAVColumns.dropOrphans)
    }

    // MARK: Subscriptions

    /// The stored copy of the subscription at `url`, if one was ever fetched.
    package func subscriptionCopy(url: String) throws -> SubscriptionCopy? {
        try SubscriptionColumns.load(url: url, in: db)
    }

    /// Keeps `copy` as the subscription's last good copy (replacing the one before).
    /// Not kept when the store cannot be written (read-only): the command
    /// goes on with the copy it fetched.
    package func saveSubscriptionCopy(_ copy: SubscriptionCopy) throws {
        guard writable else { return }
        try SubscriptionColumns.save(copy, in: db)
    }

    /// Records that the server said the stored copy is current (a 304) at `at`.
    package func markSubscriptionChecked(url: String, at: Int64) throws {
        guard writable else { return }
        try SubscriptionColumns.markChecked(url: url, at: at, in: db)
    }

    // MARK: CalDAV collections

    /// The stored copy of the CalDAV collection at `url`, if it was ever read.
    package func caldavCopy(url: String) throws -> CalDAVCopy? {
        try CalDAVColumns.load(url: url, in: db)
    }

    /// Keeps `copy` as the collection's last good copy (its members replaced).
    /// Not kept when the store cannot be written (read-only): the command
    /// goes on with the copy it read.
    package func saveCalDAVCopy(_ copy: CalDAVCopy) throws {
        guard writable else { return }
        try CalDAVColumns.save(copy, in: db)
    }

    /// Records that the server said the stored copy is current at `at`.
    package func markCalDAVChecked(url: String, at: Int64) throws {
        guard writable else { return }
        try CalDAVColumns.markChecked(url: url, at: at, in: db)
    }

    // MARK: Sync

    /// The resources `plan sync` created in `collection`, by path.
    package func syncedResources(collection: String) throws -> [SyncedResource] {
        try SyncColumns.resources(collection: collection, in: db)
    }

    /// Records a resource the server accepted (replacing what was known of it).
    package func saveSyncedResource(_ r: SyncedResource) throws {
        try SyncColumns.save(r, in: db)
    }

    /// Forgets a resource that is gone from the server.
    package func forgetSyncedResource(collection: String, path: String) throws {
        try SyncColumns.forget(collection: collection, path: path, in: db)
    }

    /// The sittings moved or deleted on the phone, in time order.
    package func phoneChanges() throws -> [PhoneChange] {
        try SyncColumns.phoneChanges(in: db)
    }

    package func addPhoneChange(_ c: PhoneChange) throws {
        try SyncColumns.add(c, in: db)
    }

    /// Forgets one change read from the phone (one row, should it be there twice).
    package func removePhoneChange(_ c: PhoneChange) throws {
        try SyncColumns.remove(c, in: db)
    }

    // MARK: Course catalogs and timetables

    /// The catalogs of `kind`, in the order kept (one, or none, when `name` is given).
    package func catalogs(_ kind: CatalogKind, named name: String? = nil) throws -> [StoredCatalog] {
        try CatalogColumns.load(kind: kind, name: name, in: db)
    }

    /// Keeps `stored` under its name, replacing one of the same kind and name.
    package func putCatalog(_ stored: StoredCatalog, as kind: CatalogKind) throws {
        try CatalogColumns.put(stored, kind: kind, in: db)
    }

    /// Removes the catalog of `kind` named `name` (every one of `kind` when nil).
    package func removeCatalogs(_ kind: CatalogKind, named name: String? = nil) throws {
        try CatalogColumns.remove(kind: kind, name: name, in: db)
        if let name, db.changes == 0 { throw StoreError.notFound(kind: kind == .timetable ? "timetable" : kind.rawValue, name: name) }
    }

    // MARK: Grade book

    package func gradeCourses() throws -> [CourseGrades] { try GradeColumns.courses(in: db) }
    package func gradeUnits() throws -> [TeachingUnit] { try GradeColumns.units(in: db) }

    /// Replaces the grade book with these courses and units (a command edits the
    /// values it read and saves them back, in its one transaction).
    package func saveGrades(courses: [CourseGrades], units: [TeachingUnit]) throws {
        try GradeColumns.save(courses: courses, units: units, in: db)
    }

    /// Links a task to the assessment it prepares for (`plan add-task --for`).
    package func linkTask(_ taskId: String, course: String, assessment: String) throws {
        try db.query("INSERT OR REPLACE INTO grade_task_links VALUES(?, ?, ?)", [.text(taskId), .text(course), .text(assessment)])
    }

    /// The tasks linked to each assessment: course → assessment → task ids, in the order linked.
    package func taskLinks() throws -> [String: [String: [String]]] {
        var out: [String: [String: [String]]] = [:]
        try db.query("SELECT course, assessment, task_id FROM grade_task_links ORDER BY rowid") { row in
            out[row.text(0).uppercased(), default: [:]][row.text(1).lowercased(), default: []].append(row.text(2))
        }
        return out
    }

    // MARK: Task series

    /// Every series (`plan add-task --every`), in creation order.
    package func series() throws -> [TaskSeries] { try SeriesColumns.all(in: db) }

    /// Keeps `series` (replacing the one with its id).
    package func saveSeries(_ series: TaskSeries) throws { try SeriesColumns.save(series, in: db) }

    /// Removes a series; its occurrences stay, as tasks of their own.
    package func removeSeries(id: String) throws { try SeriesColumns.remove(id: id, in: db) }

    /// Which task is which series' occurrence: task id → link.
    package func seriesLinks() throws -> [String: SeriesLink] { try SeriesColumns.links(in: db) }

    /// Marks task `taskId` (saved already) as the occurrence `link` names.
    package func linkOccurrence(_ taskId: String, to link: SeriesLink) throws { try SeriesColumns.link(taskId, to: link, in: db) }

    /// The occurrences skipped in series `id` (their tasks are gone), in key order.
    package func skips(series id: String) throws -> [(key: String, taskId: String)] { try SeriesColumns.skips(series: id, in: db) }

    /// Remembers that the occurrence `link` names, once task `taskId`, was skipped.
    package func addSkip(_ link: SeriesLink, taskId: String) throws { try SeriesColumns.addSkip(link, taskId: taskId, in: db) }

    /// Each occurrence linked to more than one task (see ``SeriesColumns/duplicates(in:)``).
    package func duplicateOccurrences() throws -> [(seriesId: String, key: String, taskIds: [String])] {
        try SeriesColumns.duplicates(in: db)
    }

    // MARK: Study groups

    /// Every study-group session, in time order.
    package func groupSessions() throws -> [GroupSession] { try GroupColumns.all(in: db) }

    /// Keeps `session` (replacing the one with its id), with its invitees.
    package func saveGroupSession(_ session: GroupSession) throws { try GroupColumns.save(session, in: db) }

    // MARK: Busy-time cache

    /// Cached busy blocks for `key` (content hash + window + zone + policy switches).
    package func cachedBusy(key: String) throws -> [UInt8]? {
        try db.rows("SELECT blocks FROM busy_cache WHERE key = ?", [.text(key)]) { $0.blob(0) }.first
    }

    /// A cache, so a store that cannot be written (read-only, or its disk
    /// full) is read without it: the command goes on, unless SQLite rolled
    /// the command's own transaction back.
    package func cacheBusy(key: String, blocks: [UInt8], now: Instant) throws {
        guard writable else { return }
        do {
            try db.query("INSERT OR REPLACE INTO busy_cache(key, blocks, used) VALUES(?, ?, ?)", [.text(key), .blob(blocks), .int(now.seconds)])
            // Keep the cache small: the 32 most recently written entries.
            try db.query("DELETE FROM busy_cache WHERE key NOT IN (SELECT key FROM busy_cache ORDER BY used DESC, key LIMIT 32)")
        } catch let e as SQLiteError where [SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY].contains(e.code & 0xFF) && db.inTransaction {
            return
        }
    }
}

/// The reads a ``StoreTransaction`` remembers until it writes the same table.
private final class TransactionMemo {
    var tasks: [StoredTask]?
    var sittings: [Sitting]?
}

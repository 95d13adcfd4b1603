import CSQLite
import Foundation
import PlanCore
import PlanGrades
import PlanGroups

/// Why the store could not be used.
public enum StoreError: Error, CustomStringConvertible, Sendable {
    /// The file cannot be opened or created (CLI exit 66/73).
    case cannotOpen(path: String, reason: String)
    /// The file is not a plan store, or comes from a newer plan (exit 65).
    case incompatible(path: String, reason: String)
    /// Another process held the store longer than the busy timeout (exit 75).
    case busy(path: String)
    /// A statement failed (exit 70).
    case sqlite(SQLiteError)
    /// A name or id that is not in the store.
    case notFound(kind: String, name: String)
    /// A name or id already in use.
    case duplicate(kind: String, name: String)
    /// An operation the store refuses (e.g. removing a project that has tasks).
    case refused(String)
    /// Something that should not happen while opening or upgrading the store
    /// (a bug: exit 70), with what was thrown.
    case unexpected(path: String, detail: String)
    /// The store path is a folder, a FIFO or another thing that is not a file (exit 66).
    case notAFile(path: String, what: String)
    /// A change to a store that cannot be written (exit 73): `reason` says why.
    case readOnly(path: String, reason: String)
    /// A change that did not fit on the disk (exit 74); nothing was changed.
    case diskFull(path: String)
    /// The disk failed a read or a write (exit 74); nothing was changed.
    case ioError(path: String, reason: String)
    /// The file is an SQLite database with damaged pages (exit 65).
    case damaged(path: String, reason: String)

    public var description: String {
        switch self {
        case .cannotOpen(let p, let r): "cannot open the store \(p): \(r)"
        case .incompatible(let p, let r): "\(p) is not a usable plan store: \(r)"
        case .busy(let p): "the store \(p) is busy (another plan is writing); try again"
        case .sqlite(let e): "store: \(e)"
        case .notFound(let k, let n): "no \(k) named \"\(n)\""
        case .duplicate(let k, let n): "a \(k) named \"\(n)\" already exists"
        case .refused(let why): why
        case .unexpected(let p, let d): "internal error opening the store \(p) (a bug: please report it): \(d)"
        case .notAFile(let p, let what):
            "the store path \(p) is \(what), not a store file: give --store (or $PLAN_STORE) the path of a file"
                + (what == "a folder" ? ", such as \(p.hasSuffix("/") ? p : p + "/")plan.sqlite" : "")
        case .readOnly(let p, let why): "cannot change the store \(p): \(why); nothing was changed (reading it works)"
        case .diskFull(let p): "cannot write the store \(p): the disk is full; nothing was changed: free some space and run the command again"
        case .ioError(let p, let why): "cannot use the store \(p): the disk failed (\(why)); nothing was changed: check the disk (`plan doctor`), then try again"
        case .damaged(let p, let why):
            "the store \(p) is damaged (\(why)): `plan restore FILE` puts back a copy made with `plan backup` (or kept before an upgrade as \(p).vN-backup)"
        }
    }
}

/// A stored task: its typed definition and its place in creation order.
public struct StoredTask: Hashable, Sendable {
    public var task: TaskDefinition
    public var sequence: Int
    public init(task: TaskDefinition, sequence: Int) {
        self.task = task
        self.sequence = sequence
    }
}

/// The SQLite store: one file, versioned schema, one transaction per command.
///
/// WAL journal and a busy timeout let several `plan` processes share it; a
/// process killed mid-command leaves the last committed state (SQLite's
/// atomic commit).
public final class PlanStore {
    public let path: String
    let db: SQLiteDatabase

    /// The version of the SQLite library this process runs with (`sqlite3_libversion()`).
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// The schema version this build writes (`PRAGMA user_version`).
    public static let schemaVersion = 8

    /// The upgrade this open made to an older store, if any: the CLI and
    /// `plan rpc` say so once.
    public private(set) var upgrade: StoreUpgrade?

    /// `--store`, else `$PLAN_STORE`, else `$XDG_DATA_HOME/plan/plan.sqlite`,
    /// else `~/.local/share/plan/plan.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let p = environment["PLAN_STORE"], !p.isEmpty { return p }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return data + "/plan/plan.sqlite"
    }

    /// Why this store cannot be changed (its file or folder read-only, its
    /// disk full), or nil when it can: it was opened read-only and every
    /// write throws this.
    public private(set) var writeRefusal: StoreError?

    /// The schema version of the file as found (before any upgrade).
    public private(set) var foundVersion = 0

    /// Opens the store at `path`, creating the file and its folder when missing,
    /// and migrating an older schema. A store that cannot be written is opened
    /// read-only (see ``writeRefusal``); a path that is not a file, a file that
    /// is not a plan store, a damaged one or one from a newer plan is refused
    /// before anything is written.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws(StoreError) {
        self.path = path
        let found = StoreFile.inspect(path)
        switch found {
        case .notAFile(let what):
            throw .notAFile(path: path, what: what)
        case .missing:
            let dir = StoreFile.folder(of: path)
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create \(dir): \(error.localizedDescription)")
            }
        case .file:
            break
        }
        var refusal: StoreError?
        if case .file(let block?) = found { refusal = .readOnly(path: path, reason: block) }
        var opened: SQLiteDatabase?
        if refusal == nil {
            do {
                let rw = try Self.open(path)
                rw.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
                // The first read maps the shared-memory file: on a full disk it fails here.
                _ = try Self.userVersion(rw)
                opened = rw
            } catch let e as SQLiteError {
                let classified = StoreFile.classify(e, path: path)
                guard case .file = found else {
                    // Nothing of a store that could not be made is left behind.
                    if (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) == 0 {
                        for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
                    }
                    if case .cannotOpen = classified {
                        if StoreFile.diskIsFull(path) { throw .diskFull(path: path) }
                        if let block = StoreFile.folderBlock(path) { throw .cannotOpen(path: path, reason: "cannot make it: \(block)") }
                    }
                    throw classified
                }
                switch classified {
                case .diskFull, .ioError, .readOnly: refusal = classified
                default: throw classified
                }
            } catch {
                throw .unexpected(path: path, detail: "\(error)")
            }
        }
        if let refusal { opened = try Self.openReadOnly(path, refusal: refusal) }
        guard let opened else { throw .unexpected(path: path, detail: "no connection") }
        db = opened
        writeRefusal = refusal
        db.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        do {
            // Refused before anything is written: another program's file keeps every byte.
            let kind = try StoreMark.identify(db)
            if let foreign = StoreMark.refusal(kind, path: path) { throw foreign }
            foundVersion = try Self.userVersion(db)
            // Refused before anything is written: a newer plan's store keeps every byte.
            if foundVersion > Self.schemaVersion {
                throw StoreError.incompatible(
                    path: path,
                    reason: "written by a newer plan (schema \(foundVersion), this plan knows \(Self.schemaVersion)); use that plan, or `plan restore` a backup made by this one")
            }
            if let refusal {
                if foundVersion == Self.schemaVersion { return }
                if kind == .empty {
                    throw StoreError.incompatible(path: path, reason: "the file is empty and cannot be written (\(refusal.description))")
                }
                throw StoreError.readOnly(path: path, reason: "it is a schema-\(foundVersion) store that must be upgraded, which needs it writable (\(refusal.description))")
            }
            try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            try migrate()
        } catch {
            throw StoreFile.storeError(error, path: path)
        }
    }

    private static func open(_ path: String, readOnly: Bool = false, immutable: Bool = false) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path, readOnly: readOnly, immutable: immutable)
    }

    /// The store opened for reading only, without leaving a file behind:
    /// immutable (no lock, no shared memory) unless its write-ahead log holds
    /// committed changes an immutable read would miss; then through SQLite's
    /// locks, and refused when those cannot be had rather than shown out of date.
    private static func openReadOnly(_ path: String, refusal: StoreError) throws(StoreError) -> SQLiteDatabase {
        let logged = StoreFile.walSize(path) > 0
        do {
            let ro = try open(path, readOnly: true, immutable: !logged)
            _ = try userVersion(ro)
            return ro
        } catch let e as SQLiteError {
            guard logged else { throw StoreFile.classify(e, path: path) }
            throw .readOnly(path: path, reason: "its latest changes are in \(path)-wal, which cannot be read here (\(refusal.description)); open it once where it can be written")
        } catch {
            throw .unexpected(path: path, detail: "\(error)")
        }
    }

    func migrate() throws {
        var version = try Self.userVersion(db)
        if version == Self.schemaVersion, try StoreMark.applicationID(db) == StoreMark.applicationID { return }
        if version != 0 { try StoreUpgrade.foldLog(db, path: path) }
        // A table is rebuilt: foreign keys stay off until it is back (they cannot change inside a transaction).
        try db.execute("PRAGMA foreign_keys=OFF")
        defer { try? db.execute("PRAGMA foreign_keys=ON") }
        try db.execute("BEGIN IMMEDIATE")
        var backup: String?
        do {
            // Re-read under the write lock: another process may have migrated meanwhile.
            version = try Self.userVersion(db)
            if version == 0 {
                try db.execute(Self.createSchema)
            } else if version < Self.schemaVersion {
                // A damaged store is named and left as it is, not copied and rewritten.
                try refuseIfDamaged(nothing: "the schema-\(version) store was not upgraded and is unchanged")
                // The old file is kept under the write lock: no other plan upgrades it while it is copied.
                backup = try StoreUpgrade.backUp(path: path, version: version)
                if version == 1 {
                    try StoreUpgrade.tasksFromSchema1(db, path: path)
                    try StoreUpgrade.policyFromSchema1(db, path: path)
                    try StoreUpgrade.calendarsFromSchema1(db)
                }
                // Schema 2 → 3: course catalogs and timetables, new tables only.
                if version <= 2 { try db.execute(CatalogColumns.create) }
                // Schema 3 → 4: the grade book, new tables only.
                if version <= 3 { try db.execute(GradeColumns.create) }
                // Schema 4 → 5: the copies of subscribed calendars, a new table only.
                if version <= 4 { try db.execute(SubscriptionColumns.create) }
                // Schema 5 → 6: study-group sessions, new tables only.
                if version <= 5 { try StoreUpgrade.groupSessionsFromSchema5(db) }
                // Schema 6 → 7: CalDAV collections' members and what `plan sync` wrote, new tables only.
                if version <= 6 {
                    try db.execute(CalDAVColumns.create)
                    try db.execute(SyncColumns.create)
                }
                // Schema 6 or 7 → 8: where each study session lives on its group calendar, two new columns
                // (a store older than 6 made the group tables with them just above).
                if version == 6 || version == 7 { try StoreUpgrade.groupCalendarColumnsFromSchema7(db) }
            }
            try db.execute("PRAGMA user_version = \(Self.schemaVersion); PRAGMA application_id = \(StoreMark.applicationID)")
            try StoreUpgrade.checkForeignKeys(db, path: path)
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
        if let backup, version < Self.schemaVersion {
            upgrade = StoreUpgrade(fromVersion: version, toVersion: Self.schemaVersion, backupPath: backup)
        }
    }

    static func userVersion(_ db: SQLiteDatabase) throws -> Int {
        var version = 0
        try db.query("PRAGMA user_version") { version = Int($0.int(0)) }
        return version
    }

    /// Every table of the current schema.
    static let createSchema = """
        CREATE TABLE projects(
            name TEXT PRIMARY KEY COLLATE NOCASE,
            color TEXT, notes TEXT, seq INTEGER NOT NULL);
        \(TaskColumns.create)
        CREATE TABLE sittings(
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            idx INTEGER NOT NULL, count INTEGER NOT NULL,
            start INTEGER NOT NULL, end INTEGER NOT NULL,
            PRIMARY KEY(task_id, idx));
        \(CalendarColumns.create)
        CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
        \(PolicyColumns.create)
        CREATE TABLE progress(
            task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
            at INTEGER NOT NULL, spent INTEGER NOT NULL);
        CREATE TABLE busy_cache(
            key TEXT PRIMARY KEY, blocks BLOB NOT NULL, used INTEGER NOT NULL);
        \(CatalogColumns.create)
        \(GradeColumns.create)
        \(SubscriptionColumns.create)
        \(GroupColumns.create)
        \(CalDAVColumns.create)
        \(SyncColumns.create)
        """

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE … COMMIT); any
    /// error rolls everything back, so a refused command changes nothing.
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        if let writeRefusal { throw writeRefusal }
        return try run("BEGIN IMMEDIATE", body)
    }

    /// Like ``write(_:)``, but `body` decides: its `commit: false` rolls the
    /// transaction back and still returns its value (a refused or dry-run
    /// command leaves the file as it was, byte for byte).
    public func writeOrRollback<T>(_ body: (StoreTransaction) throws -> (value: T, commit: Bool)) throws -> T {
        if let writeRefusal { throw writeRefusal }
        var commit = true
        let value: T = try run("BEGIN IMMEDIATE", {
            let r = try body($0)
            commit = r.commit
            return r.value
        }, commit: { commit })
        return value
    }

    /// Runs `body` in one read transaction (a consistent snapshot).
    public func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try run("BEGIN DEFERRED", body)
    }

    private func run<T>(_ begin: String, _ body: (StoreTransaction) throws -> T,
                        commit: () -> Bool = { true }) throws -> T {
        do {
            try db.execute(begin)
        } catch let e as SQLiteError {
            throw StoreFile.classify(e, path: path)
        }
        do {
            let result = try body(StoreTransaction(db: db, writable: writeRefusal == nil))
            if !commit() {
                try db.execute("ROLLBACK")
                return result
            }
            // getenv, not ProcessInfo.environment: that builds a dictionary of the whole environment.
            if let raw = getenv("PLAN_TEST_HOLD_COMMIT_MS"), let ms = UInt32(String(cString: raw)) {
                // Test hook: keep the transaction open so a test can kill the
                // process between writing and committing.
                FileHandle.standardError.write(Data("plan: test hook: holding the commit for \(ms) ms\n".utf8))
                usleep(ms * 1000)
            }
            try db.execute("COMMIT")
            return result
        } catch {
            if db.inTransaction { try? db.execute("ROLLBACK") }
            if let e = error as? SQLiteError { throw StoreFile.classify(e, path: path) }
            throw error
        }
    }
}

/// The operations available inside one transaction.
public struct StoreTransaction {
    fileprivate let db: SQLiteDatabase
    /// False when the store was opened read-only: the busy-time cache is then not written.
    fileprivate let writable: Bool
    /// What this transaction has read and not changed since: a command asks
    /// for the task list several times (to check, to plan, to report).
    private let memo = TransactionMemo()

    fileprivate init(db: SQLiteDatabase, writable: Bool) {
        self.db = db
        self.writable = writable
    }

    // MARK: Settings

    public func setting(_ key: String) throws -> String? {
        try db.rows("SELECT value FROM settings WHERE key = ?", [.text(key)]) { $0.text(0) }.first
    }

    public func setSetting(_ key: String, _ value: String?) throws {
        if let value {
            try db.query("INSERT INTO settings(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                         [.text(key), .text(value)])
        } else {
            try db.query("DELETE FROM settings WHERE key = ?", [.text(key)])
        }
    }

    /// The scheduling policy (every field unset until one is saved).
    public func policy() throws -> PolicyDefinition {
        try PolicyColumns.load(in: db)
    }

    public func savePolicy(_ policy: PolicyDefinition) throws {
        try PolicyColumns.save(policy, in: db)
    }

    // MARK: Projects

    public func projects() throws -> [Project] {
        try db.rows("SELECT name, color, notes FROM projects ORDER BY seq") {
            Project(id: $0.text(0), name: $0.text(0), color: $0.optionalText(1), notes: $0.optionalText(2))
        }
    }

    public func addProject(_ p: Project) throws {
        if try projects().contains(where: { $0.name.lowercased() == p.name.lowercased() }) {
            throw StoreError.duplicate(kind: "project", name: p.name)
        }
        try db.query("INSERT INTO projects(name, color, notes, seq) VALUES(?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM projects))",
                     [.text(p.name), .optional(p.color), .optional(p.notes)])
    }

    public func removeProject(named name: String) throws {
        try db.query("DELETE FROM projects WHERE name = ?", [.text(name)])
        if db.changes == 0 { throw StoreError.notFound(kind: "project", name: name) }
    }

    // MARK: Tasks

    public func tasks() throws -> [StoredTask] {
        if let known = memo.tasks { return known }
        let tasks = try TaskColumns.all(in: db)
        memo.tasks = tasks
        return tasks
    }

    /// Inserts or replaces a task (by id), keeping its sequence when it exists.
    public func saveTask(_ task: TaskDefinition) throws {
        memo.tasks = nil
        try TaskColumns.save(task, in: db)
    }

    public func removeTask(id: String) throws {
        memo.tasks = nil
        memo.sittings = nil  // removed with the task (ON DELETE CASCADE)
        try db.query("DELETE FROM tasks WHERE id = ?", [.text(id)])
        if db.changes == 0 { throw StoreError.notFound(kind: "task", name: id) }
    }

    // MARK: Sittings

    public func sittings() throws -> [Sitting] {
        if let known = memo.sittings { return known }
        let sittings = try db.rows("SELECT task_id, idx, count, start, end FROM sittings ORDER BY start, task_id") {
            Sitting(taskId: $0.text(0), range: TimeRange(start: Instant(seconds: $0.int(3)), end: Instant(seconds: $0.int(4))),
                    index: Int($0.int(1)), count: Int($0.int(2)))
        }
        memo.sittings = sittings
        return sittings
    }

    /// Replaces the stored sittings of `taskId` with `sittings`.
    public func replaceSittings(taskId: String, with sittings: [Sitting]) throws {
        memo.sittings = nil
        try db.query("DELETE FROM sittings WHERE task_id = ?", [.text(taskId)])
        for s in sittings {
            try db.query("INSERT INTO sittings(task_id, idx, count, start, end) VALUES(?, ?, ?, ?, ?)",
                         [.text(s.taskId), .int(Int64(s.index)), .int(Int64(s.count)), .int(s.range.start.seconds), .int(s.range.end.seconds)])
        }
    }

    // MARK: Progress

    public func recordProgress(taskId: String, at: Instant, spent: Int64) throws {
        try db.query("INSERT INTO progress(task_id, at, spent) VALUES(?, ?, ?)", [.text(taskId), .int(at.seconds), .int(spent)])
    }

    // MARK: Calendars

    public func calendars() throws -> [CalendarSource] {
        try CalendarColumns.all(in: db)
    }

    public func addCalendar(_ c: CalendarSource) throws {
        let existing = try calendars()
        if existing.contains(where: { $0.name.lowercased() == c.name.lowercased() }) {
            throw StoreError.duplicate(kind: "calendar", name: c.name)
        }
        try CalendarColumns.add(c, in: db)
    }

    public func removeCalendar(named name: String) throws {
        try db.query("DELETE FROM calendars WHERE name = ?", [.text(name)])
        if db.changes == 0 { throw StoreError.notFound(kind: "calendar", name: name) }
        try db.execute(SubscriptionColumns.dropOrphans)
        try db.execute(CalDAVColumns.dropOrphans)
    }

    // MARK: Subscriptions

    /// The stored copy of the subscription at `url`, if one was ever fetched.
    public func subscriptionCopy(url: String) throws -> SubscriptionCopy? {
        try SubscriptionColumns.load(url: url, in: db)
    }

    /// Keeps `copy` as the subscription's last good copy (replacing the one before).
    /// Not kept when the store cannot be written (read-only): the command
    /// goes on with the copy it fetched.
    public func saveSubscriptionCopy(_ copy: SubscriptionCopy) throws {
        guard writable else { return }
        try SubscriptionColumns.save(copy, in: db)
    }

    /// Records that the server said the stored copy is current (a 304) at `at`.
    public func markSubscriptionChecked(url: String, at: Int64) throws {
        guard writable else { return }
        try SubscriptionColumns.markChecked(url: url, at: at, in: db)
    }

    // MARK: CalDAV collections

    /// The stored copy of the CalDAV collection at `url`, if it was ever read.
    public func caldavCopy(url: String) throws -> CalDAVCopy? {
        try CalDAVColumns.load(url: url, in: db)
    }

    /// Keeps `copy` as the collection's last good copy (its members replaced).
    /// Not kept when the store cannot be written (read-only): the command
    /// goes on with the copy it read.
    public func saveCalDAVCopy(_ copy: CalDAVCopy) throws {
        guard writable else { return }
        try CalDAVColumns.save(copy, in: db)
    }

    /// Records that the server said the stored copy is current at `at`.
    public func markCalDAVChecked(url: String, at: Int64) throws {
        guard writable else { return }
        try CalDAVColumns.markChecked(url: url, at: at, in: db)
    }

    // MARK: Sync

    /// The resources `plan sync` created in `collection`, by path.
    public func syncedResources(collection: String) throws -> [SyncedResource] {
        try SyncColumns.resources(collection: collection, in: db)
    }

    /// Records a resource the server accepted (replacing what was known of it).
    public func saveSyncedResource(_ r: SyncedResource) throws {
        try SyncColumns.save(r, in: db)
    }

    /// Forgets a resource that is gone from the server.
    public func forgetSyncedResource(collection: String, path: String) throws {
        try SyncColumns.forget(collection: collection, path: path, in: db)
    }

    /// The sittings moved or deleted on the phone, in time order.
    public func phoneChanges() throws -> [PhoneChange] {
        try SyncColumns.phoneChanges(in: db)
    }

    public func addPhoneChange(_ c: PhoneChange) throws {
        try SyncColumns.add(c, in: db)
    }

    // MARK: Course catalogs and timetables

    /// The catalogs of `kind`, in the order kept (one, or none, when `name` is given).
    public func catalogs(_ kind: CatalogKind, named name: String? = nil) throws -> [StoredCatalog] {
        try CatalogColumns.load(kind: kind, name: name, in: db)
    }

    /// Keeps `stored` under its name, replacing one of the same kind and name.
    public func putCatalog(_ stored: StoredCatalog, as kind: CatalogKind) throws {
        try CatalogColumns.put(stored, kind: kind, in: db)
    }

    /// Removes the catalog of `kind` named `name` (every one of `kind` when nil).
    public func removeCatalogs(_ kind: CatalogKind, named name: String? = nil) throws {
        try CatalogColumns.remove(kind: kind, name: name, in: db)
        if let name, db.changes == 0 { throw StoreError.notFound(kind: kind == .timetable ? "timetable" : kind.rawValue, name: name) }
    }

    // MARK: Grade book

    public func gradeCourses() throws -> [CourseGrades] { try GradeColumns.courses(in: db) }
    public func gradeUnits() throws -> [TeachingUnit] { try GradeColumns.units(in: db) }

    /// Replaces the grade book with these courses and units (a command edits the
    /// values it read and saves them back, in its one transaction).
    public func saveGrades(courses: [CourseGrades], units: [TeachingUnit]) throws {
        try GradeColumns.save(courses: courses, units: units, in: db)
    }

    /// Links a task to the assessment it prepares for (`plan add-task --for`).
    public func linkTask(_ taskId: String, course: String, assessment: String) throws {
        try db.query("INSERT OR REPLACE INTO grade_task_links VALUES(?, ?, ?)", [.text(taskId), .text(course), .text(assessment)])
    }

    /// The tasks linked to each assessment: course → assessment → task ids, in the order linked.
    public func taskLinks() throws -> [String: [String: [String]]] {
        var out: [String: [String: [String]]] = [:]
        try db.query("SELECT course, assessment, task_id FROM grade_task_links ORDER BY rowid") { row in
            out[row.text(0).uppercased(), default: [:]][row.text(1).lowercased(), default: []].append(row.text(2))
        }
        return out
    }

    // MARK: Study groups

    /// Every study-group session, in time order.
    public func groupSessions() throws -> [GroupSession] { try GroupColumns.all(in: db) }

    /// Keeps `session` (replacing the one with its id), with its invitees.
    public func saveGroupSession(_ session: GroupSession) throws { try GroupColumns.save(session, in: db) }

    // MARK: Busy-time cache

    /// Cached busy blocks for `key` (content hash + window + zone + policy switches).
    public func cachedBusy(key: String) throws -> [UInt8]? {
        try db.rows("SELECT blocks FROM busy_cache WHERE key = ?", [.text(key)]) { $0.blob(0) }.first
    }

    /// A cache, so a store that cannot be written (read-only, or its disk
    /// full) is read without it: the command goes on, unless SQLite rolled
    /// the command's own transaction back.
    public func cacheBusy(key: String, blocks: [UInt8], now: Instant) throws {
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

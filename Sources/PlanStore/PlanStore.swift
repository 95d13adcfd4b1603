import CSQLite
import Foundation
import PlanCore

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

    public var description: String {
        switch self {
        case .cannotOpen(let p, let r): "cannot open the store \(p): \(r)"
        case .incompatible(let p, let r): "\(p) is not a usable plan store: \(r)"
        case .busy(let p): "the store \(p) is busy (another plan is writing); try again"
        case .sqlite(let e): "store: \(e)"
        case .notFound(let k, let n): "no \(k) named \"\(n)\""
        case .duplicate(let k, let n): "a \(k) named \"\(n)\" already exists"
        case .refused(let why): why
        }
    }
}

/// A registered calendar file.
public struct CalendarSource: Hashable, Sendable {
    public var name: String
    public var path: String
    public init(name: String, path: String) {
        self.name = name
        self.path = path
    }
}

/// A stored task: its request form (the contract's TaskSpec, so the store and
/// `plan schedule` validate alike) and its place in creation order.
public struct StoredTask: Hashable, Sendable {
    public var spec: ScheduleRequest.TaskSpec
    public var sequence: Int
    public init(spec: ScheduleRequest.TaskSpec, sequence: Int) {
        self.spec = spec
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
    private let db: SQLiteDatabase

    /// The schema version this build writes (`PRAGMA user_version`).
    public static let schemaVersion = 1

    /// `--store`, else `$PLAN_STORE`, else `$XDG_DATA_HOME/plan/plan.sqlite`,
    /// else `~/.local/share/plan/plan.sqlite`.
    public static func defaultPath(environment: [String: String]) -> String {
        if let p = environment["PLAN_STORE"], !p.isEmpty { return p }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return data + "/plan/plan.sqlite"
    }

    /// Opens the store at `path`, creating the file and its folder when missing,
    /// and migrating an older schema.
    public init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws(StoreError) {
        self.path = path
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            } catch {
                throw .cannotOpen(path: path, reason: "cannot create \(dir): \(error.localizedDescription)")
            }
        }
        do {
            db = try SQLiteDatabase(path: path)
        } catch {
            throw .cannotOpen(path: path, reason: (error as? SQLiteError)?.message ?? "\(error)")
        }
        db.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        do {
            try db.execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; PRAGMA foreign_keys=ON;")
            try migrate()
        } catch let e as SQLiteError {
            if e.isBusy { throw .busy(path: path) }
            if e.code & 0xFF == SQLITE_NOTADB { throw .incompatible(path: path, reason: "not an SQLite database") }
            throw .sqlite(e)
        } catch let e as StoreError {
            throw e
        } catch {
            throw .cannotOpen(path: path, reason: "\(error)")
        }
    }

    private func migrate() throws {
        var version = 0
        try db.query("PRAGMA user_version") { version = Int($0.int(0)) }
        if version > Self.schemaVersion {
            throw StoreError.incompatible(path: path, reason: "written by a newer plan (schema \(version), this plan knows \(Self.schemaVersion))")
        }
        if version == Self.schemaVersion { return }
        try db.execute("BEGIN IMMEDIATE")
        do {
            // Re-read under the write lock: another process may have migrated meanwhile.
            try db.query("PRAGMA user_version") { version = Int($0.int(0)) }
            if version < 1 {
                try db.execute("""
                CREATE TABLE projects(
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    color TEXT, notes TEXT, seq INTEGER NOT NULL);
                CREATE TABLE tasks(
                    id TEXT PRIMARY KEY,
                    seq INTEGER NOT NULL UNIQUE,
                    spec TEXT NOT NULL);
                CREATE TABLE sittings(
                    task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    idx INTEGER NOT NULL, count INTEGER NOT NULL,
                    start INTEGER NOT NULL, end INTEGER NOT NULL,
                    PRIMARY KEY(task_id, idx));
                CREATE TABLE calendars(
                    name TEXT PRIMARY KEY COLLATE NOCASE,
                    path TEXT NOT NULL, seq INTEGER NOT NULL);
                CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE TABLE progress(
                    task_id TEXT NOT NULL REFERENCES tasks(id) ON DELETE CASCADE,
                    at INTEGER NOT NULL, spent INTEGER NOT NULL);
                CREATE TABLE busy_cache(
                    key TEXT PRIMARY KEY, blocks BLOB NOT NULL, used INTEGER NOT NULL);
                PRAGMA user_version = 1;
                """)
            }
            try db.execute("COMMIT")
        } catch {
            try? db.execute("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` in one write transaction (BEGIN IMMEDIATE … COMMIT); any
    /// error rolls everything back, so a refused command changes nothing.
    public func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        try run("BEGIN IMMEDIATE", body)
    }

    /// Like ``write(_:)``, but `body` decides: its `commit: false` rolls the
    /// transaction back and still returns its value (a refused or dry-run
    /// command leaves the file as it was, byte for byte).
    public func writeOrRollback<T>(_ body: (StoreTransaction) throws -> (value: T, commit: Bool)) throws -> T {
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
        } catch let e as SQLiteError where e.isBusy {
            throw StoreError.busy(path: path)
        }
        do {
            let result = try body(StoreTransaction(db: db))
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
            try? db.execute("ROLLBACK")
            if let e = error as? SQLiteError { throw e.isBusy ? StoreError.busy(path: path) : StoreError.sqlite(e) }
            throw error
        }
    }
}

/// The operations available inside one transaction.
public struct StoreTransaction {
    fileprivate let db: SQLiteDatabase
    /// What this transaction has read and not changed since: a command asks
    /// for the task list several times (to check, to plan, to report).
    private let memo = TransactionMemo()

    fileprivate init(db: SQLiteDatabase) { self.db = db }

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
        let tasks = try db.rows("SELECT spec, seq FROM tasks ORDER BY seq") { row in
            StoredTask(spec: try row.withTextBytes(0) { try DecodedSpecs.shared.spec(utf8: $0) }, sequence: Int(row.int(1)))
        }
        memo.tasks = tasks
        return tasks
    }

    /// Inserts or replaces a task (by id), keeping its sequence when it exists.
    public func saveTask(_ spec: ScheduleRequest.TaskSpec) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(spec), as: UTF8.self)
        memo.tasks = nil
        try db.query("""
            INSERT INTO tasks(id, seq, spec) VALUES(?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM tasks), ?)
            ON CONFLICT(id) DO UPDATE SET spec = excluded.spec
            """, [.text(spec.id), .text(json)])
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
        try db.rows("SELECT name, path FROM calendars ORDER BY seq") { CalendarSource(name: $0.text(0), path: $0.text(1)) }
    }

    public func addCalendar(_ c: CalendarSource) throws {
        let existing = try calendars()
        if existing.contains(where: { $0.name.lowercased() == c.name.lowercased() }) {
            throw StoreError.duplicate(kind: "calendar", name: c.name)
        }
        try db.query("INSERT INTO calendars(name, path, seq) VALUES(?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM calendars))",
                     [.text(c.name), .text(c.path)])
    }

    public func removeCalendar(named name: String) throws {
        try db.query("DELETE FROM calendars WHERE name = ?", [.text(name)])
        if db.changes == 0 { throw StoreError.notFound(kind: "calendar", name: name) }
    }

    // MARK: Busy-time cache

    /// Cached busy blocks for `key` (content hash + window + zone + policy switches).
    public func cachedBusy(key: String) throws -> [UInt8]? {
        try db.rows("SELECT blocks FROM busy_cache WHERE key = ?", [.text(key)]) { $0.blob(0) }.first
    }

    public func cacheBusy(key: String, blocks: [UInt8], now: Instant) throws {
        try db.query("INSERT OR REPLACE INTO busy_cache(key, blocks, used) VALUES(?, ?, ?)", [.text(key), .blob(blocks), .int(now.seconds)])
        // Keep the cache small: the 32 most recently written entries.
        try db.query("DELETE FROM busy_cache WHERE key NOT IN (SELECT key FROM busy_cache ORDER BY used DESC, key LIMIT 32)")
    }
}

/// The reads a ``StoreTransaction`` remembers until it writes the same table.
private final class TransactionMemo {
    var tasks: [StoredTask]?
    var sittings: [Sitting]?
}

/// Task specs already decoded in this process, by their stored JSON text.
///
/// A command reads the task list several times (to name the new task, to
/// plan, to report), and a `plan rpc` server reads it on every request;
/// decoding is a pure function of the text, so each distinct text is decoded
/// once. Bounded: past `limit` texts the memo starts over.
final class DecodedSpecs: @unchecked Sendable {
    static let shared = DecodedSpecs()
    static let limit = 20_000
    private let lock = NSLock()
    /// By a hash of the text's bytes; each entry keeps the bytes to compare.
    private var specs: [UInt64: [(text: [UInt8], spec: ScheduleRequest.TaskSpec)]] = [:]
    private var count = 0

    /// The spec stored as this UTF-8 JSON text (as `String(decoding:as:)` reads it).
    func spec(utf8 text: UnsafeBufferPointer<UInt8>) throws -> ScheduleRequest.TaskSpec {
        let h = Self.hash(text)
        lock.lock()
        let known = specs[h]?.first { $0.text.elementsEqual(text) }?.spec
        lock.unlock()
        if let known { return known }
        let json = String(decoding: text, as: UTF8.self)
        let spec = try Self.plainSpec(json) ?? JSONDecoder().decode(ScheduleRequest.TaskSpec.self, from: Data(json.utf8))
        lock.lock()
        if count >= Self.limit {
            specs.removeAll(keepingCapacity: true)
            count = 0
        }
        specs[h, default: []].append((Array(text), spec))
        count += 1
        lock.unlock()
        return spec
    }

    /// 64-bit FNV-1a.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}

extension DecodedSpecs {
    /// The spec in the JSON the store writes (JSONEncoder, sorted keys, no
    /// white space, absent fields left out), read without JSONDecoder; nil
    /// for anything else — an unknown or repeated key, a null, a number that
    /// is not a plain integer, an escape that is not a whole character — so
    /// that JSONDecoder reads it (and reports what is wrong).
    static func plainSpec(_ json: String) -> ScheduleRequest.TaskSpec? {
        var text = json
        return text.withUTF8 { bytes in
            var reader = PlainJSON(bytes: bytes)
            return reader.spec()
        }
    }
}

/// A reader for one flat JSON object of strings, integers and string arrays.
private struct PlainJSON {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func spec() -> ScheduleRequest.TaskSpec? {
        var strings: [String: String] = [:]
        var priority: Int?
        var after: [String]?
        guard next() == 0x7B else { return nil }
        if peek() == 0x7D {
            i += 1
        } else {
            while true {
                guard let key = string() else { return nil }
                guard next() == 0x3A else { return nil }
                switch key {
                case "id", "title", "project", "notes", "estimate", "span", "minSitting", "earliest", "latest", "start", "due", "done":
                    guard strings[key] == nil, let v = string() else { return nil }
                    strings[key] = v
                case "priority":
                    guard priority == nil, let v = integer() else { return nil }
                    priority = v
                case "after":
                    guard after == nil, next() == 0x5B else { return nil }
                    var list: [String] = []
                    if peek() == 0x5D {
                        i += 1
                    } else {
                        while true {
                            guard let v = string() else { return nil }
                            list.append(v)
                            let c = next()
                            if c == 0x5D { break }
                            guard c == 0x2C else { return nil }
                        }
                    }
                    after = list
                default:
                    return nil
                }
                let c = next()
                if c == 0x7D { break }
                guard c == 0x2C else { return nil }
            }
        }
        guard i == bytes.count, let id = strings["id"], let title = strings["title"],
              let estimate = strings["estimate"], let due = strings["due"] else { return nil }
        return ScheduleRequest.TaskSpec(
            id: id, title: title, estimate: estimate, due: due, project: strings["project"], notes: strings["notes"],
            span: strings["span"], minSitting: strings["minSitting"], earliest: strings["earliest"], latest: strings["latest"],
            start: strings["start"], priority: priority, after: after, done: strings["done"])
    }

    private func peek() -> UInt8? { i < bytes.count ? bytes[i] : nil }

    private mutating func next() -> UInt8? {
        guard i < bytes.count else { return nil }
        defer { i += 1 }
        return bytes[i]
    }

    /// A JSON integer without sign tricks, fraction or exponent.
    private mutating func integer() -> Int? {
        var negative = false
        if peek() == 0x2D {
            negative = true
            i += 1
        }
        var value = 0
        var digits = 0
        while let c = peek(), c >= 0x30, c <= 0x39 {
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (a, o2) = m.addingReportingOverflow(Int(c - 0x30))
            guard !o1, !o2 else { return nil }
            value = a
            digits += 1
            i += 1
        }
        // A leading zero (other than 0 itself) is not JSON.
        guard digits > 0, !(digits > 1 && bytes[i - digits] == 0x30) else { return nil }
        if let c = peek(), c == 0x2E || c == 0x65 || c == 0x45 { return nil }
        return negative ? -value : value
    }

    /// A JSON string; escapes of `"` `\` `/` and the control letters are
    /// undone, `\u` escapes only when they name a whole scalar.
    private mutating func string() -> String? {
        guard next() == 0x22 else { return nil }
        var out: [UInt8] = []
        while true {
            guard let c = next() else { return nil }
            switch c {
            case 0x22:
                return String(validating: out, as: UTF8.self)
            case 0x5C:
                guard let e = next() else { return nil }
                switch e {
                case 0x22, 0x5C, 0x2F: out.append(e)
                case 0x62: out.append(0x08)
                case 0x66: out.append(0x0C)
                case 0x6E: out.append(0x0A)
                case 0x72: out.append(0x0D)
                case 0x74: out.append(0x09)
                case 0x75:
                    guard let u = hex4(), let scalar = Unicode.Scalar(u) else { return nil }
                    out.append(contentsOf: String(Character(scalar)).utf8)
                default:
                    return nil
                }
            case 0..<0x20:
                return nil
            default:
                out.append(c)
            }
        }
    }

    private mutating func hex4() -> UInt32? {
        guard i + 4 <= bytes.count else { return nil }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]
            i += 1
            switch c {
            case 0x30...0x39: v = v * 16 + UInt32(c - 0x30)
            case 0x41...0x46: v = v * 16 + UInt32(c - 0x37)
            case 0x61...0x66: v = v * 16 + UInt32(c - 0x57)
            default: return nil
            }
        }
        return v
    }
}

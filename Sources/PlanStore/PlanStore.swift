import CSQLite
import Foundation
import PlanCore
import PlanGrades
import PlanGroups

/// Why the store could not be used.
package enum StoreError: Error, CustomStringConvertible, Sendable {
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

    package var description: String {
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
package struct StoredTask: Hashable, Sendable {
    package var task: TaskDefinition
    package var sequence: Int
    package init(task: TaskDefinition, sequence: Int) {
        self.task = task
        self.sequence = sequence
    }
}

/// The SQLite store: one file, versioned schema, one transaction per command.
///
/// WAL journal and a busy timeout let several `plan` processes share it; a
/// process killed mid-command leaves the last committed state (SQLite's
/// atomic commit).
package final class PlanStore {
    package let path: String
    let db: SQLiteDatabase

    /// The version of the SQLite library this process runs with (`sqlite3_libversion()`).
    package static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// The schema version this build writes (`PRAGMA user_version`).
    package static let schemaVersion = 14

    /// The upgrade this open made to an older store, if any: the CLI and
    /// `plan rpc` say so once.
    package internal(set) var upgrade: StoreUpgrade?

    /// `--store`, else `$PLAN_STORE`, else `$XDG_DATA_HOME/plan/plan.sqlite`,
    /// else `~/.local/share/plan/plan.sqlite`.
    package static func defaultPath(environment: [String: String]) -> String {
        if let p = environment["PLAN_STORE"], !p.isEmpty { return p }
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return data + "/plan/plan.sqlite"
    }

    /// Why this store cannot be changed (its file or folder read-only, its
    /// disk full), or nil when it can: it was opened read-only and every
    /// write throws this.
    package private(set) var writeRefusal: StoreError?

    /// The schema version of the file as found (before any upgrade).
    package private(set) var foundVersion = 0

    /// Opens the store at `path`, creating the file and its folder when missing,
    /// and migrating an older schema. A store that cannot be written is opened
    /// read-only (see ``writeRefusal``); a path that is not a file, a file that
    /// is not a plan store, a damaged one or one from a newer plan is refused
    /// before anything is written.
    package init(path: String, busyTimeoutMilliseconds: Int32 = 10_000) throws(StoreError) {
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

    /// error rolls everything back, so a refused command changes nothing.
    package func write<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
        if let writeRefusal { throw writeRefusal }
        return try run("BEGIN IMMEDIATE", body)
    }

    /// Like ``write(_:)``, but `body` decides: its `commit: false` rolls the
    /// transaction back and still returns its value (a refused or dry-run
    /// command leaves the file as it was, byte for byte).
    package func writeOrRollback<T>(_ body: (StoreTransaction) throws -> (value: T, commit: Bool)) throws -> T {
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
    package func read<T>(_ body: (StoreTransaction) throws -> T) throws -> T {
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

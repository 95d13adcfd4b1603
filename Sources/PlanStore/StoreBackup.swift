import Foundation
import PlanFiles

/// What a store file holds, as `plan backup` and `plan restore` report it.
package struct StoreSummary: Hashable, Sendable {
    package var path: String
    package var schemaVersion: Int
    package var tasks: Int
    package var calendars: Int
    package var bytes: Int
}

extension PlanStore {
    /// Copies the whole store to `destination` with SQLite's online backup
    /// (a consistent snapshot, even while another plan writes), through a
    /// temporary file beside it renamed into place, so `destination` is
    /// either the old file or the whole copy. An existing `destination` is
    /// replaced only when it is a plan store itself.
    package func backUp(to destination: String) throws(StoreError) -> StoreSummary {
        try refuseIfDamaged(nothing: "no copy was written")
        switch StoreFile.inspect(destination) {
        case .notAFile(let what): throw .notAFile(path: destination, what: what)
        case .file:
            do {
                _ = try Self.summary(of: destination)
            } catch {
                throw .refused("\(destination) exists and is not a plan store: choose another file name (it was not changed)")
            }
        case .missing: break
        }
        if !FileManager.default.fileExists(atPath: StoreFile.folder(of: destination)) {
            throw .cannotOpen(path: destination, reason: "no folder \(StoreFile.folder(of: destination))")
        }
        // A symbolic link is kept: the copy replaces the file it leads to.
        let real: String
        do throws(OutputFile.Failure) {
            real = try OutputFile.target(of: destination)
        } catch {
            throw .cannotOpen(path: destination, reason: error.reason)
        }
        // What a killed backup left beside it goes first (a copy and its journal each time).
        PartialFiles.sweep(StoreFile.folder(of: real))
        let temporary = PartialFiles.path(for: real)
        defer {
            unlink(temporary)
            unlink(temporary + "-journal")
        }
        do {
            do {
                let copy = try SQLiteDatabase(path: temporary)
                try copy.copy(from: db)
                // One self-contained file: no write-ahead log beside it.
                try copy.execute("PRAGMA journal_mode=DELETE")
                let check = try Self.integrity(of: copy)
                if check != ["ok"] { throw StoreError.damaged(path: path, reason: check.prefix(3).joined(separator: "; ")) }
            }
            guard rename(temporary, real) == 0 else {
                throw StoreError.cannotOpen(path: destination, reason: String(cString: strerror(errno)))
            }
            return try Self.summary(of: destination)
        } catch {
            throw Self.backupFailure(StoreFile.storeError(error, path: destination), destination: destination)
        }
    }

    /// A failure on the backup's side said as one: the store itself is not touched.
    private static func backupFailure(_ e: StoreError, destination: String) -> StoreError {
        switch e {
        // Exit 74 as every full disk (docs/reference.md): the message says nothing was changed.
        case .diskFull: .diskFull(path: destination)
        case .readOnly(_, let why), .cannotOpen(_, let why): .cannotOpen(path: destination, reason: why)
        default: e
        }
    }

    /// Replaces the whole store at `path` with the plan store at `source`,
    /// and opens it (upgrading one from an older plan, with its own upgrade
    /// copy). The store as it was is kept first as `PATH.before-restore`
    /// (`.before-restore.1`, … when an earlier restore kept one).
    /// A healthy store is replaced through SQLite's online backup, in one
    /// transaction (another plan sees the old store or the restored one); a
    /// damaged one, or one that is not a plan store, is moved aside whole.
    /// Refused, changing nothing, when `source` is not a plan store, is
    /// damaged or comes from a newer plan.
    package static func restore(_ path: String, from source: String) throws(StoreError) -> (store: PlanStore, restored: StoreSummary, previous: String?) {
        switch StoreFile.inspect(source) {
        case .notAFile(let what): throw .notAFile(path: source, what: what)
        case .missing: throw .cannotOpen(path: source, reason: "no such file")
        case .file: break
        }
        let found = try summary(of: source)
        if found.schemaVersion > schemaVersion {
            throw .incompatible(path: source, reason: "written by a newer plan (schema \(found.schemaVersion), this plan knows \(schemaVersion)); the store was not changed")
        }
        let from: SQLiteDatabase
        do {
            from = try StoreFile.openForReading(source)
            let check = try integrity(of: from)
            if check != ["ok"] {
                throw StoreError.damaged(path: source, reason: check.prefix(3).joined(separator: "; ") + "; the store was not changed")
            }
        } catch {
            throw StoreFile.storeError(error, path: source)
        }
        // A name no earlier restore took: each store replaced is kept.
        var previous = path + ".before-restore"
        for n in 1..<1000 where FileManager.default.fileExists(atPath: previous) { previous = path + ".before-restore.\(n)" }
        var kept: String?
        switch StoreFile.inspect(path) {
        case .notAFile(let what): throw .notAFile(path: path, what: what)
        case .missing: break
        case .file(let block):
            if let block { throw .readOnly(path: path, reason: block) }
            do {
                let current = try PlanStore(path: path)
                _ = try current.backUp(to: previous)
                kept = previous
                try current.db.copy(from: from)
                try current.db.execute("PRAGMA journal_mode=WAL")
            } catch let e as StoreError {
                switch e {
                case .damaged, .incompatible:
                    // Not a store that can be copied page by page: moved aside as it is.
                    guard rename(path, previous) == 0 else {
                        throw StoreError.cannotOpen(path: path, reason: "cannot keep it as \(previous): \(String(cString: strerror(errno)))")
                    }
                    kept = previous
                    unlink(path + "-wal")
                    unlink(path + "-shm")
                default: throw e
                }
            } catch {
                throw StoreFile.storeError(error, path: path)
            }
        }
        if !FileManager.default.fileExists(atPath: path) {
            do {
                // A first restore on a new machine: the store's folder may not be there yet.
                try FileManager.default.createDirectory(atPath: StoreFile.folder(of: path), withIntermediateDirectories: true)
                let fresh = try SQLiteDatabase(path: path)
                try fresh.copy(from: from)
            } catch {
                throw StoreFile.storeError(error, path: path)
            }
        }
        let store = try PlanStore(path: path)
        return (store, try summary(of: path), kept)
    }

    /// `PRAGMA integrity_check` of this store: `["ok"]`, or the problems found (at most 20).
    package func integrityCheck() throws(StoreError) -> [String] {
        do {
            return try Self.integrity(of: db)
        } catch {
            throw StoreFile.storeError(error, path: path)
        }
    }

    static func integrity(of db: SQLiteDatabase) throws -> [String] {
        try db.rows("PRAGMA integrity_check(20)") { $0.text(0) }
    }

    /// What the plan store at `path` holds, read without changing it.
    /// Throws ``StoreError/incompatible(path:reason:)`` when it is not a plan store.
    package static func summary(of path: String) throws(StoreError) -> StoreSummary {
        do {
            let db = try StoreFile.openForReading(path)
            let version: Int
            switch try StoreMark.identify(db) {
            case .plan(let found, _): version = found
            case .foreign(let why): throw StoreError.incompatible(path: path, reason: "\(why), not a plan store")
            case .empty: throw StoreError.incompatible(path: path, reason: "it is an SQLite database without tables, not a plan store")
            case .rebuilt: throw StoreError.incompatible(path: path, reason: StoreMark.rebuiltReason(path))
            }
            func count(_ table: String) throws -> Int {
                try db.rows("SELECT count(*) FROM \(table)") { Int($0.int(0)) }.first ?? 0
            }
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return StoreSummary(path: path, schemaVersion: version, tasks: try count("tasks"), calendars: try count("calendars"), bytes: size)
        } catch {
            throw StoreFile.storeError(error, path: path)
        }
    }
}

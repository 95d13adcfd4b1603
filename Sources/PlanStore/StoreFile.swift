import CSQLite
import Foundation
import PlanFiles

/// What is at a store's path before SQLite is asked to open it, and what an
/// SQLite failure on it means to the user.
///
/// A path that is a folder or a FIFO is refused before SQLite sees it (a
/// FIFO would block the open forever); a store that cannot be written —
/// its file or folder read-only, its file system mounted read-only, its disk
/// full — is still read.
enum StoreFile {
    /// The path as found.
    enum State {
        case missing
        /// A regular file; `writeBlock` says why it cannot be written (nil: it can).
        case file(writeBlock: String?)
        /// Something else: a folder, a FIFO, a device, a socket.
        case notAFile(what: String)
    }

    static func inspect(_ path: String) -> State {
        var st = stat()
        guard stat(path, &st) == 0 else { return .missing }
        let kind = FileKind(mode: st.st_mode)
        return kind == .regular ? .file(writeBlock: writeBlock(path)) : .notAFile(what: kind.words)
    }

    /// Why the store file or its folder cannot be written (SQLite writes
    /// its journal beside the file), or nil when both can.
    static func writeBlock(_ path: String) -> String? {
        if access(path, W_OK) != 0 {
            return errno == EROFS ? "it is on a read-only file system" : "the file is read-only (chmod u+w \(path) lets plan change it)"
        }
        return folderBlock(path)
    }

    /// Why nothing can be written in the folder of `path`, or nil.
    static func folderBlock(_ path: String) -> String? {
        let dir = folder(of: path)
        guard access(dir, W_OK) != 0 else { return nil }
        return errno == EROFS ? "it is on a read-only file system" : "its folder \(dir) is not writable (plan keeps a journal beside the store)"
    }

    static func folder(of path: String) -> String {
        Folder.of(path)
    }

    /// True when the file system holding `path` has no room left for plan.
    static func diskIsFull(_ path: String) -> Bool {
        DiskSpace.free(at: folder(of: path)) == 0
    }

    /// The size of the store's write-ahead log (0 when there is none).
    static func walSize(_ path: String) -> Int {
        var st = stat()
        guard stat(path + "-wal", &st) == 0 else { return 0 }
        return Int(st.st_size)
    }

    /// Another store file (a backup to restore, one to replace) opened to be
    /// read without leaving a journal beside it: immutable unless its
    /// write-ahead log holds changes.
    static func openForReading(_ path: String) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: path, readOnly: true, immutable: walSize(path) == 0)
    }

    /// Any failure on the store file at `path` as a store error: ours as
    /// they are, SQLite's classified, anything else a bug.
    static func storeError(_ error: any Error, path: String) -> StoreError {
        switch error {
        case let e as StoreError: e
        case let e as SQLiteError: classify(e, path: path)
        default: .unexpected(path: path, detail: "\(error)")
        }
    }

    /// The store error an SQLite failure on `path` stands for.
    static func classify(_ e: SQLiteError, path: String) -> StoreError {
        if e.isBusy { return .busy(path: path) }
        switch e.code & 0xFF {
        case SQLITE_NOTADB:
            return .incompatible(path: path, reason: "it is not an SQLite database (overwritten by something else?)")
        case SQLITE_CORRUPT:
            return .damaged(path: path, reason: e.message)
        case SQLITE_FULL:
            return .diskFull(path: path)
        case SQLITE_IOERR:
            return diskIsFull(path) ? .diskFull(path: path) : .ioError(path: path, reason: e.message)
        case SQLITE_READONLY:
            return .readOnly(path: path, reason: writeBlock(path) ?? "SQLite opened it read-only (\(e.message))")
        case SQLITE_CANTOPEN:
            return .cannotOpen(path: path, reason: e.message)
        default:
            return .sqlite(e)
        }
    }
}

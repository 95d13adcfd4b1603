import CSQLite
import Foundation

/// An error from SQLite, with its result code and message.
package struct SQLiteError: Error, CustomStringConvertible, Sendable {
    package var code: Int32
    package var message: String
    package var description: String { "SQLite error \(code): \(message)" }
    /// True for SQLITE_BUSY / SQLITE_LOCKED (another process holds the lock).
    package var isBusy: Bool { code & 0xFF == SQLITE_BUSY || code & 0xFF == SQLITE_LOCKED }
}

/// One SQLite connection. Not shared between threads.
final class SQLiteDatabase {
    private let handle: OpaquePointer

    /// Opens (creating if needed) the database at `path`. `immutable` (only
    /// with `readOnly`) reads the file without locks or a shared-memory file:
    /// the way to read a store in a folder nobody may write.
    init(path: String, readOnly: Bool = false, immutable: Bool = false) throws {
        var db: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
        let name = immutable ? Self.immutableURI(path) : path
        let rc = sqlite3_open_v2(name, &db, flags | SQLITE_OPEN_NOMUTEX | (immutable ? SQLITE_OPEN_URI : 0), nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to escaped.
    static func immutableURI(_ path: String) -> String {
        var escaped = ""
        for c in path.unicodeScalars {
            switch c {
            case "%": escaped += "%25"
            case "?": escaped += "%3F"
            case "#": escaped += "%23"
            default: escaped.unicodeScalars.append(c)
            }
        }
        return "file:" + escaped + "?immutable=1"
    }

    /// True while a transaction is open (SQLite may roll one back by itself
    /// after an I/O error or a full disk: this says whether it did).
    var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Copies every page of `source` into this database (SQLite's online
    /// backup: one transaction on this side, a consistent snapshot of the
    /// other). A lock held elsewhere is waited for, up to `attempts` tries
    /// 50 ms apart.
    func copy(from source: SQLiteDatabase, attempts: Int = 200) throws {
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else { throw error(sqlite3_errcode(handle)) }
        var rc: Int32 = SQLITE_OK
        for _ in 0..<attempts {
            rc = sqlite3_backup_step(backup, -1)
            if rc != SQLITE_BUSY && rc != SQLITE_LOCKED { break }
            usleep(50_000)
        }
        let finish = sqlite3_backup_finish(backup)
        if rc != SQLITE_DONE { throw SQLiteError(code: rc == SQLITE_OK ? finish : rc, message: String(cString: sqlite3_errstr(rc == SQLITE_OK ? finish : rc))) }
        if finish != SQLITE_OK { throw error(finish) }
    }

    /// Runs one or more statements that return no rows.
    func execute(_ sql: String) throws {
        var err: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &err)
        if rc != SQLITE_OK {
            let message = err.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(err)
            throw SQLiteError(code: rc, message: message)
        }
    }

    /// Runs `sql` with `bindings`, calling `row` for each result row.
    func query(_ sql: String, _ bindings: [SQLValue] = [], row: (SQLRow) throws -> Void = { _ in }) throws {
        var stmt: OpaquePointer?
        var rc = sqlite3_prepare_v2(handle, sql, -1, &stmt, nil)
        guard rc == SQLITE_OK, let stmt else { throw error(rc) }
        defer { sqlite3_finalize(stmt) }
        for (i, b) in bindings.enumerated() {
            let index = Int32(i + 1)
            switch b {
            case .null: rc = sqlite3_bind_null(stmt, index)
            case .int(let v): rc = sqlite3_bind_int64(stmt, index, v)
            case .real(let v): rc = sqlite3_bind_double(stmt, index, v)
            case .text(let v): rc = sqlite3_bind_text(stmt, index, v, -1, CSQLite_transient())
            case .blob(let v):
                rc = v.withUnsafeBytes { sqlite3_bind_blob(stmt, index, $0.baseAddress, Int32($0.count), CSQLite_transient()) }
            }
            guard rc == SQLITE_OK else { throw error(rc) }
        }
        while true {
            rc = sqlite3_step(stmt)
            if rc == SQLITE_DONE { break }
            guard rc == SQLITE_ROW else { throw error(rc) }
            try row(SQLRow(stmt: stmt))
        }
    }

    /// The rows of a query, each as a closure-built value.
    func rows<T>(_ sql: String, _ bindings: [SQLValue] = [], _ make: (SQLRow) throws -> T) throws -> [T] {
        var out: [T] = []
        try query(sql, bindings) { out.append(try make($0)) }
        return out
    }

    /// Milliseconds a statement waits for another process's lock before SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) { sqlite3_busy_timeout(handle, milliseconds) }

    var changes: Int { Int(sqlite3_changes(handle)) }

    private func error(_ rc: Int32) -> SQLiteError {
        SQLiteError(code: rc, message: String(cString: sqlite3_errmsg(handle)))
    }
}

/// A value bound to or read from a statement.
enum SQLValue: Hashable {
    case null
    case int(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    static func optional(_ s: String?) -> SQLValue { s.map { .text($0) } ?? .null }
    static func optional(_ i: Int64?) -> SQLValue { i.map { .int($0) } ?? .null }
    static func optional(_ d: Double?) -> SQLValue { d.map { .real($0) } ?? .null }
}

/// One result row of a running statement (valid only inside the row callback).
struct SQLRow {
    fileprivate let stmt: OpaquePointer

    func isNull(_ i: Int32) -> Bool { sqlite3_column_type(stmt, i) == SQLITE_NULL }
    func int(_ i: Int32) -> Int64 { sqlite3_column_int64(stmt, i) }
    func optionalInt(_ i: Int32) -> Int64? { isNull(i) ? nil : int(i) }
    func double(_ i: Int32) -> Double { sqlite3_column_double(stmt, i) }
    func optionalDouble(_ i: Int32) -> Double? { isNull(i) ? nil : double(i) }
    func text(_ i: Int32) -> String {
        guard let p = sqlite3_column_text(stmt, i) else { return "" }
        return String(cString: p)
    }
    func optionalText(_ i: Int32) -> String? { isNull(i) ? nil : text(i) }
    func blob(_ i: Int32) -> [UInt8] {
        let n = Int(sqlite3_column_bytes(stmt, i))
        guard n > 0, let p = sqlite3_column_blob(stmt, i) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }
}

import CSQLite
import Foundation
import Storage

/// One SQLite connection through the C API, its statements prepared once and kept.
///
/// Statements run on the calling thread: a statement takes microseconds, and handing each to another thread and
/// back (as a thread-pool driver does) cost more than the statement itself here. Only one task may use a connection
/// at a time; ``SQLiteDatabase`` leases each to one transaction.
final class SQLiteConnection: @unchecked Sendable {
    // @unchecked: the database leases a connection to one transaction at a time, and SQLite (opened without its
    // own mutex) allows a connection to move between threads as long as two never use it at once.
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    /// Prepared statements kept at most; past that the cache starts again (statements are built from fixed text,
    /// so it stays far below this).
    private static let statementLimit = 256

    /// Opens `path` with the given pragmas: read-write (creating the file when missing, and putting it in WAL mode),
    /// or read-only for a reader of a file a writer has opened already, so a read transaction cannot write.
    /// - Throws: ``Storage/StorageError`` (`unavailable`) when the file cannot be opened.
    init(path: String, readOnly: Bool, busyTimeoutMilliseconds: Int32, synchronous: String) throws {
        var handle: OpaquePointer?
        let access = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let flags = access | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle, status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw StorageError(.unavailable, "cannot open \(path): \(message)")
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
        do {
            // WAL lets readers work beside the writer; set once, it stays with the file. Switching a fresh file
            // needs its exclusive lock and SQLite answers BUSY at once, without the busy handler, when another
            // process opens it at the same moment: wait for that as for any lock.
            if !readOnly {
                try retryingWhileBusy(milliseconds: busyTimeoutMilliseconds) {
                    try execute("PRAGMA journal_mode = WAL")
                }
                try execute("PRAGMA synchronous = \(synchronous)")
            }
            try execute("PRAGMA foreign_keys = ON")
        } catch {
            close()
            throw error
        }
    }

    /// Runs `body` again every 10 ms while it fails with `SQLITE_BUSY`, for up to `milliseconds`.
    private func retryingWhileBusy(milliseconds: Int32, _ body: () throws -> Void) throws {
        let deadline = ContinuousClock.now + .milliseconds(milliseconds)
        while true {
            do {
                return try body()
            } catch let failure as SQLiteFailure where failure.isBusy && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// How long a statement waits for another process's lock before it fails with `SQLITE_BUSY`.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs one statement with `?` placeholders bound to `values`, and returns its rows.
    /// - Throws: ``SQLiteFailure`` (the result code and SQLite's message).
    @discardableResult
    func execute(_ text: String, _ values: [SQLValue] = []) throws -> [SQLRow] {
        let statement = try prepared(text)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        for (offset, value) in values.enumerated() {
            try check(bind(value, at: Int32(offset + 1), in: statement))
        }
        let columnCount = sqlite3_column_count(statement)
        let names = (0..<columnCount).map { String(cString: sqlite3_column_name(statement, $0)) }
        var rows: [SQLRow] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { return rows }
            guard status == SQLITE_ROW else { throw failure(status) }
            rows.append(SQLRow(columns: names, values: try (0..<columnCount).map { try column($0, of: statement) }))
        }
    }

    /// Finalizes every statement and closes the connection.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
    }

    private func prepared(_ text: String) throws -> OpaquePointer {
        if let statement = statements[text] { return statement }
        if statements.count >= Self.statementLimit {
            for statement in statements.values { sqlite3_finalize(statement) }
            statements.removeAll()
        }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status) }
        statements[text] = statement
        return statement
    }

    private func bind(_ value: SQLValue, at index: Int32, in statement: OpaquePointer) -> Int32 {
        switch value {
        case .int(let number): sqlite3_bind_int64(statement, index, number)
        case .text(let text): sqlite3_bind_text(statement, index, text, -1, Self.transient)
        case .null: sqlite3_bind_null(statement, index)
        }
    }

    private func column(_ index: Int32, of statement: OpaquePointer) throws -> SQLValue {
        switch sqlite3_column_type(statement, index) {
        case SQLITE_INTEGER:
            return .int(sqlite3_column_int64(statement, index))
        case SQLITE_TEXT:
            guard let bytes = sqlite3_column_text(statement, index) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, index))
            return .text(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
        case SQLITE_NULL:
            return .null
        default:
            let name = String(cString: sqlite3_column_name(statement, index))
            throw StorageError(.decoding, "column \(name) holds a value Reckon never stores")
        }
    }

    private func check(_ status: Int32) throws {
        guard status == SQLITE_OK else { throw failure(status) }
    }

    private func failure(_ status: Int32) -> SQLiteFailure {
        SQLiteFailure(code: status, message: String(cString: sqlite3_errmsg(handle)))
    }

    /// SQLite copies bound text at once (`SQLITE_TRANSIENT`), so Swift's temporary C string may go.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A failed SQLite call: its (extended) result code and message.
struct SQLiteFailure: Error, CustomStringConvertible {
    let code: Int32
    let message: String

    var description: String { "SQLite error \(code): \(message)" }

    /// Whether another connection held the lock for longer than the busy timeout.
    var isBusy: Bool { code & 0xff == SQLITE_BUSY }
}

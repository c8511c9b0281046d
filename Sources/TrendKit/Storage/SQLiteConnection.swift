import CSQLite

/// A thin owner of one SQLite connection: every return code is checked, every value is bound.
/// Not thread-safe; `SQLiteWeightRepository` keeps it on its actor.
final class SQLiteConnection {
    let handle: OpaquePointer
    let path: String
    /// Statements prepared once and reused: a save parses no SQL after the first.
    private var cache: [String: SQLiteStatement] = [:]

    /// Opens (creating if needed) the database at `path`, or `:memory:`.
    init(path: String) throws(StorageError) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = Self.error(code: sqlite3_extended_errcode(handle), path: path, handle: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        self.handle = handle
        self.path = path
    }

    deinit {
        cache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// A prepared statement for `sql`, reset and with no bindings, reused across calls.
    func cached(_ sql: String) throws(StorageError) -> SQLiteStatement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    /// Resets every cached statement, ending the read transaction a statement left
    /// mid-result would otherwise keep open (and with it an old snapshot of the store).
    func resetCachedStatements() {
        for statement in cache.values { statement.reset() }
    }

    /// Runs one cached statement that returns no rows, such as `BEGIN IMMEDIATE`.
    func run(_ sql: String) throws(StorageError) {
        _ = try cached(sql).step()
    }

    /// Runs statements that take no parameters and return no rows we need.
    func execute(_ sql: String) throws(StorageError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(code) }
    }

    func prepare(_ sql: String) throws(StorageError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw lastError(code) }
        return SQLiteStatement(statement: statement, connection: self)
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int32 { sqlite3_changes(handle) }
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    func lastError(_ code: Int32) -> StorageError {
        Self.error(
            code: sqlite3_extended_errcode(handle) != 0 ? sqlite3_extended_errcode(handle) : code,
            path: path, handle: handle)
    }

    /// Maps SQLite's result code to a `StorageError`.
    static func error(code: Int32, path: String, handle: OpaquePointer?) -> StorageError {
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked(code: code)
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return .readOnly(code: code)
        case SQLITE_FULL: return .diskFull(code: code)
        case SQLITE_NOTADB, SQLITE_CORRUPT: return .damaged(path: path, code: code)
        case SQLITE_IOERR: return .ioError(code: code)
        case SQLITE_CANTOPEN: return .cannotOpen(path: path, code: code)
        case SQLITE_INTERRUPT: return .interrupted
        default:
            let message = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? ""
            return .other(code: code, message: message.isEmpty ? String(cString: sqlite3_errstr(code)) : message)
        }
    }
}

/// One prepared statement; finalised when released.
final class SQLiteStatement {
    private let statement: OpaquePointer
    /// Unowned: the connection's cache holds its statements, and every statement is used
    /// while the connection that prepared it is alive.
    private unowned let connection: SQLiteConnection

    init(statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    /// SQLite's transient destructor: copy the bytes before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    func bind(_ values: [SQLiteValue]) throws(StorageError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .integer(let number): code = sqlite3_bind_int64(statement, index, number)
            case .real(let number): code = sqlite3_bind_double(statement, index, number)
            case .text(let text):
                // An explicit length keeps text after a NUL character.
                code = sqlite3_bind_text(statement, index, text, Int32(text.utf8.count), Self.transient)
            case .null: code = sqlite3_bind_null(statement, index)
            }
            guard code == SQLITE_OK else { throw connection.lastError(code) }
        }
    }

    /// Makes the statement ready to run again.
    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Advances; true when a row is ready to read.
    func step() throws(StorageError) -> Bool {
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.lastError(code)
        }
    }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}

/// A value bound to a statement parameter.
enum SQLiteValue {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

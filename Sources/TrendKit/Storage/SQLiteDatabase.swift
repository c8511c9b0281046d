import CSQLite

/// The thin wrapper around one SQLite connection, and the only code that calls `sqlite3_*`.
/// Every return code is checked, every value is bound, and statements are prepared once and
/// reused. Not thread-safe: the `Store` that owns it is `@MainActor`.
public final class SQLiteDatabase: SQLConnection {
    public var dialect: SQLDialect { .sqlite }
    /// Set by the `Store` before its migrations run (the name an upgrade gives the store's
    /// first person) and again once the person is known to the store.
    public var person = ""

    private let handle: OpaquePointer
    let path: String
    /// Statements prepared once and reused: a save parses no SQL after the first. A list,
    /// not a dictionary: it holds a dozen, and a dictionary's generic metadata would cost
    /// start-up a run-time search of every protocol conformance in the binary.
    private var cache: [(sql: String, length: Int, statement: SQLiteStatement)] = []
    /// The cached statements handed out since the last `resetStatements()`.
    private var handedOut: [SQLiteStatement] = []
    private var isClosed = false
    /// Where the statements that start are counted while the trace is on (nil: off).
    var tally: StatementTally?

    /// How a connection may touch the file.
    enum Access {
        /// Reads and writes, creating the file when it is missing.
        case readWrite
        /// Reads only. SQLite still creates a WAL store's `-wal` and `-shm` when they are missing.
        case readOnly
        /// Reads the file alone, as if nothing could change it: no lock, no `-wal` or `-shm`
        /// read or created. Exact only while no log holds commits the file lacks.
        case immutable
    }

    /// Opens (creating if needed) the database at `path`, or `:memory:`.
    init(path: String, busyWait: BusyWait, access: Access = .readWrite) throws(StorageError) {
        var handle: OpaquePointer?
        let flags: Int32
        let name: String
        switch access {
        case .readWrite:
            flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
            name = path
        case .readOnly:
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW
            name = path
        case .immutable:
            flags = SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_NOFOLLOW | SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = Self.error(
                code: handle.map { sqlite3_extended_errcode($0) } ?? code, path: path, handle: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_handler(handle, busyHandler, Unmanaged.passUnretained(busyWait).toOpaque())
        self.handle = handle
        self.path = path
    }

    deinit { close() }

    /// Finalises every statement and closes the connection. The last connection to a store
    /// in WAL mode checkpoints the log into the file and removes it, so the file alone holds
    /// everything, as it does after `sqlite3` exits. Safe to call more than once.
    func close() {
        guard !isClosed else { return }
        isClosed = true
        cache.removeAll()
        handedOut.removeAll()
        sqlite3_close_v2(handle)
    }

    /// How many prepared statements the connection keeps. Every statement's text is a
    /// constant, values are bound, so this stays the same however many writes run.
    var cachedStatementCount: Int { cache.count }

    /// A prepared statement for `sql`, reset and with no bindings, reused across calls.
    public func statement(_ sql: String) throws(StorageError) -> any SQLStatement { try prepared(sql) }

    /// The prepared statement itself, for the store's own use of SQLite.
    func prepared(_ sql: String) throws(StorageError) -> SQLiteStatement {
        // Most cached statements differ in length, so comparing lengths first skips them
        // without reading their text. The search goes by index, and "handed out" is a flag on
        // the statement: a closure over the tuples, and a search of the handed-out list,
        // retained and released every entry they passed.
        let length = sql.utf8.count
        for index in cache.indices where cache[index].length == length && cache[index].sql == sql {
            let statement = cache[index].statement
            statement.reset()
            if !statement.isHandedOut {
                statement.isHandedOut = true
                handedOut.append(statement)
            }
            return statement
        }
        let statement = try prepare(sql)
        cache.append((sql, length, statement))
        statement.isHandedOut = true
        handedOut.append(statement)
        return statement
    }

    /// Runs one statement with `values` bound, ignoring any rows it returns.
    public func run(_ sql: String, _ values: [SQLValue]) throws(StorageError) {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        while try statement.step() {}
    }

    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    public func integer(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> Int64 {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? statement.int64(0) : 0
    }

    /// The first column of the first row of `sql`, as text (nil when there is no row).
    public func text(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> String? {
        let statement = try prepared(sql)
        defer { statement.reset() }
        try statement.bind(values)
        return try statement.step() ? statement.text(0) : nil
    }

    /// Runs statements that take no parameters and return no rows: schema changes.
    public func execute(_ sql: String) throws(StorageError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw lastError(code) }
    }

    /// Resets every cached statement, ending the read transaction a statement left
    /// mid-result would otherwise keep open (and with it an old snapshot of the store).
    func resetStatements() {
        for statement in handedOut {
            statement.reset()
            statement.isHandedOut = false
        }
        handedOut.removeAll(keepingCapacity: true)
    }

    /// Rolls back the open transaction, if any. Its own failure cannot be reported better
    /// than the error that made the caller roll back.
    func rollBack() {
        if isInTransaction { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
    }

    private func prepare(_ sql: String) throws(StorageError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard code == SQLITE_OK, let statement else { throw lastError(code) }
        return SQLiteStatement(statement: statement, sql: sql, database: self)
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    public func insertRow(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> Int64 {
        try run(sql, values)
        return lastInsertRowID
    }
    public var changes: Int64 { Int64(sqlite3_changes(handle)) }
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }
    /// The connection itself, for tests that watch it with SQLite's own hooks.
    var rawHandle: OpaquePointer { handle }
    /// Every row the connection's statements and their triggers have written since it opened.
    var totalChanges: Int64 { sqlite3_total_changes64(handle) }

    /// Keeps the log file when the last connection closes (checkpointed and truncated to
    /// nothing, so the store file alone holds every commit), which spares the next start
    /// creating it and its shared-memory index again.
    func keepLogFileOnClose() {
        var on: Int32 = 1
        sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &on)
    }

    /// `PRAGMA data_version`: changes whenever another connection commits.
    func dataVersion() throws(StorageError) -> Int64 { try integer("PRAGMA data_version") }

    /// Copies the log into the store and syncs both; throws when a reader keeps it from
    /// finishing or the disk refuses.
    func checkpoint() throws(StorageError) {
        var logFrames: Int32 = 0
        var copied: Int32 = 0
        let code = sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_FULL, &logFrames, &copied)
        guard code == SQLITE_OK else { throw lastError(code) }
        if copied < logFrames { throw .locked }
    }

    func lastError(_ code: Int32) -> StorageError {
        let extended = sqlite3_extended_errcode(handle)
        return Self.error(code: extended != 0 ? extended : code, path: path, handle: handle)
    }

    /// Maps SQLite's result code to a typed reason.
    static func error(code: Int32, path: String, handle: OpaquePointer?) -> StorageError {
        switch code & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED: return .locked
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: return .readOnly
        case SQLITE_FULL: return .diskFull
        case SQLITE_NOTADB: return .notADatabase(path: path)
        case SQLITE_CORRUPT: return .unreadable(path: path)
        case SQLITE_IOERR: return .ioError
        case SQLITE_CANTOPEN: return .cannotOpen(path: path)
        case SQLITE_INTERRUPT: return .interrupted
        case SQLITE_CONSTRAINT: return .rejected(message: message(code: code, handle: handle))
        default: return .other(message: message(code: code, handle: handle))
        }
    }

    /// A path as the path of a `file:` URI: every byte but letters, digits, `/`, `-`, `.`,
    /// `_` and `~` percent-encoded, so `?`, `#` and `%` in a name stay part of it.
    static func uriEscaped(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "."),
                UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func message(code: Int32, handle: OpaquePointer?) -> String {
        let text = handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? ""
        return text.isEmpty ? String(cString: sqlite3_errstr(code)) : text
    }
}

/// One prepared statement; finalised when released.
public final class SQLiteStatement: SQLStatement {
    private let statement: OpaquePointer
    /// Unowned: the database's cache holds its statements, and every statement is used
    /// while the database that prepared it is alive.
    private unowned let database: SQLiteDatabase
    /// True while the database's list of statements handed out since the last reset holds it.
    fileprivate var isHandedOut = false
    private let sql: String
    /// What the statement does, for the trace: read from its text the first time it is traced.
    private lazy var traced = StatementRun(sql: sql)

    init(statement: OpaquePointer, sql: String, database: SQLiteDatabase) {
        self.statement = statement
        self.sql = sql
        self.database = database
    }

    deinit { sqlite3_finalize(statement) }

    /// SQLite's transient destructor: copy the bytes before `bind` returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    public func bind(_ values: [SQLValue]) throws(StorageError) {
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
            guard code == SQLITE_OK else { throw database.lastError(code) }
        }
    }

    /// Makes the statement ready to run again.
    public func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    /// Advances; true when a row is ready to read.
    public func step() throws(StorageError) -> Bool {
        // A statement starts at its first step after a reset; later steps fetch its rows.
        if let tally = database.tally, sqlite3_stmt_busy(statement) == 0 { tally.ran(traced) }
        let code = sqlite3_step(statement)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw database.lastError(code)
        }
    }

    /// Binds UTF-8 text to parameter `index` (from 1) straight from bytes, for bulk writes
    /// that bind a million rows and should build no `String` for each.
    public func bind(_ index: Int32, text bytes: UnsafeBufferPointer<UInt8>) throws(StorageError) {
        let code: Int32
        if let base = bytes.baseAddress {
            code = base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                sqlite3_bind_text(statement, index, $0, Int32(bytes.count), Self.transient)
            }
        } else {
            // No bytes is empty text, not NULL (which a nil pointer would bind).
            code = sqlite3_bind_text(statement, index, "", 0, Self.transient)
        }
        guard code == SQLITE_OK else { throw database.lastError(code) }
    }

    /// Binds a number to parameter `index` (from 1).
    public func bind(_ index: Int32, double value: Double) throws(StorageError) {
        let code = sqlite3_bind_double(statement, index, value)
        guard code == SQLITE_OK else { throw database.lastError(code) }
    }

    /// Binds NULL to parameter `index` (from 1).
    public func bindNull(_ index: Int32) throws(StorageError) {
        let code = sqlite3_bind_null(statement, index)
        guard code == SQLITE_OK else { throw database.lastError(code) }
    }

    /// Runs the statement to its end, ignoring any rows, and makes it ready to run again
    /// with new bindings.
    public func run() throws(StorageError) {
        defer { sqlite3_reset(statement) }
        while try step() {}
    }

    /// The bytes of a text column of the current row, valid only inside `body`: a bulk read
    /// makes no `String` of them.
    public func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        let bytes = sqlite3_column_text(statement, column)
        let count = Int(sqlite3_column_bytes(statement, column))
        return body(UnsafeBufferPointer(start: bytes, count: bytes == nil ? 0 : count))
    }

    public func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(statement, column) }
    /// True when the column of the current row is NULL.
    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement, column) == SQLITE_NULL }
    /// A text column of the current row. Bytes another program stored that are not UTF-8
    /// come back shown as `\xFF`, never as they are.
    public func text(_ column: Int32) -> String? {
        guard let bytes = sqlite3_column_text(statement, column) else { return nil }
        let count = Int(sqlite3_column_bytes(statement, column))
        return UTF8Text.showing(UnsafeBufferPointer(start: bytes, count: count))
    }
}

/// SQLite's busy callback: waits in short sleeps up to the timeout, and stops early when a
/// signal asks. Returning 0 makes the statement fail with SQLITE_BUSY.
private func busyHandler(_ context: UnsafeMutableRawPointer?, _ attempt: Int32) -> Int32 {
    guard let context else { return 0 }
    let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
    return wait.shouldKeepWaiting() ? 1 : 0
}

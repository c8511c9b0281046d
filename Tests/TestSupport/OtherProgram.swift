import CSQLite

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' one raw SQLite helper: a connection of the test's own, standing for another
/// program that opens the store behind trendsh's back. It holds locks, reads pragmas, plants
/// rows trendsh did not write, and it is how the tests look at what trendsh stored.
///
///     let store = try OtherProgram(path: shell.storePath, readOnly: true)
///     #expect(try store.integers("SELECT id FROM entries WHERE kilograms > ?", .real(70)) == [1, 2])
///     try OtherProgram(path: path).execute("DELETE FROM entries WHERE id = ?", .integer(2))
open class OtherProgram {
    /// A value bound to a statement's `?`, or read back from a row.
    public enum Value: Equatable, Sendable, CustomStringConvertible {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])

        public var description: String {
            switch self {
            case .null: return "NULL"
            case .integer(let value): return String(value)
            case .real(let value): return String(value)
            case .text(let value): return value
            case .blob(let bytes): return "blob of \(bytes.count) bytes"
            }
        }
    }

    /// The `sqlite3` command-line shell on PATH, for a test that must run SQL as a person
    /// does (docs/schema.md's queries) or hold a lock from another process; nil when there is none.
    public static let commandLineShell: String? = {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { $0 + "/sqlite3" }.first { access($0, X_OK) == 0 }
    }()

    private var handle: OpaquePointer?

    /// Opens `path` for reading and writing (`readOnly`: for reading alone); `creating` makes
    /// the file when it is missing. Statements wait up to `busyTimeoutMilliseconds` for
    /// trendsh's own short write transactions rather than fail; 0 waits for no lock.
    public init(
        path: String, creating: Bool = false, readOnly: Bool = false, busyTimeoutMilliseconds: Int32 = 10_000
    ) throws(SQLiteFailure) {
        var handle: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw SQLiteFailure(code: code, message: "open \(path)")
        }
        if busyTimeoutMilliseconds > 0 { sqlite3_busy_timeout(handle, busyTimeoutMilliseconds) }
        self.handle = handle
    }

    deinit { close() }

    public func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    /// Runs `sql`: with no parameters, one statement or several separated by semicolons;
    /// with parameters, one statement with each bound to its `?` in order. Rows are ignored.
    public func execute(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) {
        guard parameters.isEmpty else {
            _ = try step(sql, parameters) { _ in () }
            return
        }
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Every row of `sql`, each column as text (NULL as nil).
    public func rows(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> [[String?]] {
        try step(sql, parameters) { statement in
            (0..<sqlite3_column_count(statement)).map { column in
                sqlite3_column_text(statement, column).map { String(cString: $0) }
            }
        }
    }

    /// Every row of `sql`, each column as the value SQLite holds (its own type, not text).
    public func values(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> [[Value]] {
        try step(sql, parameters) { statement in
            (0..<sqlite3_column_count(statement)).map { Self.value(of: statement, column: $0) }
        }
    }

    /// The first column of every row, as an integer.
    public func integers(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> [Int64] {
        try step(sql, parameters) { sqlite3_column_int64($0, 0) }
    }

    /// The first column of every row, as a double, exactly as stored.
    public func reals(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> [Double] {
        try step(sql, parameters) { sqlite3_column_double($0, 0) }
    }

    /// The first column of every row, as text (NULL as nil).
    public func strings(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> [String?] {
        try step(sql, parameters) { statement in sqlite3_column_text(statement, 0).map { String(cString: $0) } }
    }

    /// The first column of the first row, as an integer.
    public func integer(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> Int64 {
        try firstRow(sql, parameters) { sqlite3_column_int64($0, 0) }
    }

    /// The first column of the first row, as text (NULL as "").
    public func text(_ sql: String, _ parameters: Value...) throws(SQLiteFailure) -> String {
        try firstRow(sql, parameters) { statement in
            sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
        }
    }

    /// `PRAGMA integrity_check`, joined: "ok" for a sound file.
    public func integrity() throws(SQLiteFailure) -> String {
        try rows("PRAGMA integrity_check").compactMap { $0.first ?? nil }.joined(separator: "; ")
    }

    /// The weight entries, oldest id first.
    public func entries() throws(SQLiteFailure) -> [StoredEntry] {
        try rows("SELECT id, kilograms, draft_id FROM entries ORDER BY id").map { row in
            StoredEntry(
                id: Int64(row[0] ?? "") ?? -1, kilograms: Double(row[1] ?? "") ?? -1, draftID: row[2] ?? nil)
        }
    }

    /// `read` of every row of `sql`, with `parameters` bound.
    private func step<T>(_ sql: String, _ parameters: [Value], _ read: (OpaquePointer) -> T) throws(SQLiteFailure)
        -> [T]
    {
        let statement = try prepare(sql, parameters)
        defer { sqlite3_finalize(statement) }
        var rows: [T] = []
        while true {
            let stepped = sqlite3_step(statement)
            if stepped == SQLITE_DONE { return rows }
            guard stepped == SQLITE_ROW else { throw failure(stepped) }
            rows.append(read(statement))
        }
    }

    private func firstRow<T>(_ sql: String, _ parameters: [Value], _ read: (OpaquePointer) -> T)
        throws(SQLiteFailure) -> T
    {
        let statement = try prepare(sql, parameters)
        defer { sqlite3_finalize(statement) }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else { throw failure(stepped) }
        return read(statement)
    }

    private func prepare(_ sql: String, _ parameters: [Value] = []) throws(SQLiteFailure) -> OpaquePointer {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            let bound: Int32
            switch parameter {
            case .null: bound = sqlite3_bind_null(statement, position)
            case .integer(let value): bound = sqlite3_bind_int64(statement, position, value)
            case .real(let value): bound = sqlite3_bind_double(statement, position, value)
            case .text(let value): bound = sqlite3_bind_text(statement, position, value, -1, Self.transient)
            case .blob(let bytes):
                bound = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(statement, position, $0.baseAddress, Int32($0.count), Self.transient)
                }
            }
            guard bound == SQLITE_OK else {
                sqlite3_finalize(statement)
                throw failure(bound)
            }
        }
        return statement
    }

    /// `SQLITE_TRANSIENT`: SQLite copies the bound bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private static func value(of statement: OpaquePointer, column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: return .text(sqlite3_column_text(statement, column).map { String(cString: $0) } ?? "")
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard count > 0, let bytes = sqlite3_column_blob(statement, column) else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: bytes, count: count)))
        default: return .null
        }
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "")
    }
}

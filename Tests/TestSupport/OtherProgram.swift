import CSQLite

/// A SQLite connection of the test's own, standing for another program that opens the store:
/// it holds locks, reads pragmas, writes files trendsh did not create, and it is how the
/// tests look at what trendsh stored.
open class OtherProgram {
    private var handle: OpaquePointer?

    /// Opens `path` for reading and writing; `creating` makes the file when it is missing.
    /// Statements wait up to `busyTimeoutMilliseconds` for trendsh's own short write
    /// transactions rather than fail; 0 waits for no lock.
    public init(path: String, creating: Bool = false, busyTimeoutMilliseconds: Int32 = 10_000) throws(SQLiteFailure) {
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (creating ? SQLITE_OPEN_CREATE : 0)
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

    public func execute(_ sql: String) throws(SQLiteFailure) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Every row of `sql`, each column as text (NULL as nil).
    public func rows(_ sql: String) throws(SQLiteFailure) -> [[String?]] {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        var rows: [[String?]] = []
        while true {
            let stepped = sqlite3_step(statement)
            if stepped == SQLITE_DONE { return rows }
            guard stepped == SQLITE_ROW else { throw failure(stepped) }
            rows.append(
                (0..<sqlite3_column_count(statement)).map { column in
                    sqlite3_column_text(statement, column).map { String(cString: $0) }
                })
        }
    }

    /// The first column of the first row, as an integer.
    public func integer(_ sql: String) throws(SQLiteFailure) -> Int64 {
        try firstRow(sql) { sqlite3_column_int64($0, 0) }
    }

    /// The first column of the first row, as text (NULL as "").
    public func text(_ sql: String) throws(SQLiteFailure) -> String {
        try firstRow(sql) { statement in
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

    private func firstRow<T>(_ sql: String, _ read: (OpaquePointer) -> T) throws(SQLiteFailure) -> T {
        let statement = try prepare(sql)
        defer { sqlite3_finalize(statement) }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else { throw failure(stepped) }
        return read(statement)
    }

    private func prepare(_ sql: String) throws(SQLiteFailure) -> OpaquePointer {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
        return statement
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "")
    }
}

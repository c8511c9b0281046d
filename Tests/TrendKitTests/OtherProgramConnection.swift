import CSQLite

/// A SQLite connection of the test's own, standing for another program that opens the same
/// file: it holds locks, reads pragmas and writes files the repository did not create.
final class OtherProgramConnection {
    private var handle: OpaquePointer?

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK else {
            sqlite3_close_v2(handle)
            throw SQLiteCallError(code: code)
        }
        self.handle = handle
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw SQLiteCallError(code: code) }
    }

    /// The first column of the first row, as an integer.
    func integer(_ sql: String) throws -> Int64 {
        try firstRow(sql) { sqlite3_column_int64($0, 0) }
    }

    /// The first column of the first row, as text.
    func text(_ sql: String) throws -> String {
        try firstRow(sql) { statement in
            sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? ""
        }
    }

    private func firstRow<T>(_ sql: String, _ read: (OpaquePointer) -> T) throws -> T {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw SQLiteCallError(code: prepared) }
        defer { sqlite3_finalize(statement) }
        let stepped = sqlite3_step(statement)
        guard stepped == SQLITE_ROW else { throw SQLiteCallError(code: stepped) }
        return read(statement)
    }
}

/// A SQLite call the test made itself failed.
struct SQLiteCallError: Error, Equatable {
    var code: Int32
}

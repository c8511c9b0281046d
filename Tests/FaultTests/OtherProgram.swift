import CSQLite

/// A SQLite connection of the test's own, standing for another program that opens the store:
/// it holds locks, and it is how the tests look at what trendsh stored.
final class OtherProgram {
    private var handle: OpaquePointer?

    init(path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw SQLiteFailure(code: code, message: "open \(path)")
        }
        // Reads wait for trendsh's own short write transactions rather than fail.
        sqlite3_busy_timeout(handle, 10_000)
        self.handle = handle
    }

    deinit { close() }

    func close() {
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    func execute(_ sql: String) throws {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// Every row of `sql`, each column as text (NULL as nil).
    func rows(_ sql: String) throws -> [[String?]] {
        var statement: OpaquePointer?
        let prepared = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard prepared == SQLITE_OK, let statement else { throw failure(prepared) }
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

    /// `PRAGMA integrity_check`, joined: "ok" for a sound file.
    func integrity() throws -> String {
        try rows("PRAGMA integrity_check").compactMap { $0.first ?? nil }.joined(separator: "; ")
    }

    /// The weight entries, oldest id first.
    func entries() throws -> [StoredEntry] {
        try rows("SELECT id, kilograms, draft_id FROM entries ORDER BY id").map { row in
            StoredEntry(
                id: Int64(row[0] ?? "") ?? -1, kilograms: Double(row[1] ?? "") ?? -1, draftID: row[2] ?? nil)
        }
    }

    private func failure(_ code: Int32) -> SQLiteFailure {
        SQLiteFailure(code: code, message: handle.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) } ?? "")
    }
}

/// One row of `entries`, as the test reads it.
struct StoredEntry: Equatable, Sendable {
    var id: Int64
    var kilograms: Double
    var draftID: String?
}

/// A SQLite call the test made itself failed.
struct SQLiteFailure: Error, Equatable {
    var code: Int32
    var message: String
}

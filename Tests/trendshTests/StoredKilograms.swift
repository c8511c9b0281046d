import CSQLite

/// Reads the kilograms column straight from a store file, newest id first, so a test can see
/// what trendsh wrote underneath what it shows.
func storedKilograms(in path: String) throws -> [Double] {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
        throw StoreReadError(message: handle.map { String(cString: sqlite3_errmsg($0)) } ?? "no handle")
    }
    var statement: OpaquePointer?
    defer { sqlite3_finalize(statement) }
    guard sqlite3_prepare_v2(handle, "SELECT kilograms FROM entries ORDER BY id DESC", -1, &statement, nil) == SQLITE_OK
    else { throw StoreReadError(message: String(cString: sqlite3_errmsg(handle))) }
    var values: [Double] = []
    while true {
        let step = sqlite3_step(statement)
        if step == SQLITE_DONE { break }
        guard step == SQLITE_ROW else { throw StoreReadError(message: String(cString: sqlite3_errmsg(handle))) }
        values.append(sqlite3_column_double(statement, 0))
    }
    return values
}

/// The store file could not be read by the test.
struct StoreReadError: Error, Equatable {
    var message: String
}

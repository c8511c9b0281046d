import TrendKit

/// For tests of SQLite itself, which reach past the seam the features use: the SQLite `Store`
/// behind a repository a test built on one, and SQLite's id of the row a test inserted by hand.
/// On anything else they fail the test loudly rather than answer for another engine.
extension RecordStore {
    /// The SQLite store this is; stops the test run when it is another engine's.
    public var sqlite: Store {
        guard let store = self as? Store else { preconditionFailure("this test needs a SQLite store") }
        return store
    }
}

extension SQLConnection {
    /// SQLite's `last_insert_rowid()`; -1 on another engine, which no row has as its id.
    public var lastInsertRowID: Int64 { (self as? SQLiteDatabase)?.lastInsertRowID ?? -1 }
}

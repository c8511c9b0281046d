import TrendKit

/// Brings a server's database to this trendsh's format on first contact: an empty database
/// gets every feature's steps, an older one the steps it lacks, all in one transaction
/// under an advisory lock (two first sessions wait for each other; the second finds the
/// work done). There is no copy, as SQLite's upgrade makes: the guide says to run
/// `pg_dump` first. A database that holds other tables and no trendsh store is another
/// program's, and is left alone; one a newer trendsh wrote is refused.
enum ServerSetUp {
    /// The advisory lock the set-up holds: "TRND", the SQLite store's application id.
    static let lockKey: Int64 = 0x5452_4E44

    /// Sets the schema up or brings it up to date, and returns the store's identity.
    static func bringUpToDate(_ db: ServerSQLConnection, schema: ServerSchema) throws(StorageError) -> String {
        try db.run("BEGIN ISOLATION LEVEL READ COMMITTED", [])
        do throws(StorageError) {
            _ = try db.integer("SELECT count(*) FROM (SELECT pg_advisory_xact_lock(?)) AS held", [.integer(lockKey)])
            let hasStore =
                try db.integer(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema() AND tablename = 'trendsh_store'",
                    []) > 0
            let format: Int
            if hasStore {
                format = Int(try db.integer("SELECT format FROM trendsh_store", []))
            } else {
                let tables = try db.integer(
                    "SELECT count(*) FROM pg_tables WHERE schemaname = current_schema()", [])
                if tables > 0 { throw .foreignServerDatabase(server: db.server) }
                format = 0
            }
            if format > schema.latestVersion { throw .newerFormat(version: format) }
            // Schema text runs as it is written: no placeholder is numbered in a function body.
            for statement in schema.statements(upgradingFrom: format) { try db.execute(statement) }
            let store = try db.statement(StoreServerSchema.readStore)
            guard try store.step(), let identity = store.text(0), store.int64(1) == StoreServerSchema.applicationID
            else {
                throw .foreignServerDatabase(server: db.server)
            }
            store.reset()
            try db.commit()
            return identity
        } catch {
            // The failure that stopped the set-up is the one to report; the server ends the
            // transaction itself if the rollback cannot reach it.
            do { try db.run("ROLLBACK", []) } catch { _ = error }
            throw error
        }
    }
}

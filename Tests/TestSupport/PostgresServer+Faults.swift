#if canImport(Glibc)
    import Glibc
#endif

extension PostgresServer {
    /// Stops the server with `pg_ctl stop -m immediate` (a crash, as far as the cluster can
    /// tell) and keeps its folder, so that `start()` brings the same cluster back. Only for a
    /// server of the test's own (`PostgresServer(owner: getpid())`), never `shared()`.
    public func crash() throws(PostgresServerFailure) {
        try run(["pg_ctl", "stop", "-D", dataFolder, "-m", "immediate", "-w", "-t", "60", "-s"])
    }

    /// Starts the cluster `crash()` stopped, on the same port, and waits until it accepts
    /// connections (it replays its write-ahead log first).
    public func start() throws(PostgresServerFailure) {
        try run(["pg_ctl", "start", "-D", dataFolder, "-l", logFile, "-w", "-t", "60", "-s"])
        try waitUntilReady()
    }

    /// How many rows `table` of `database` holds now; nil when psql could not tell.
    public func rowCount(database: String, table: String = "entries") -> Int? {
        let counted = psql(database: database, sql: "SELECT count(*) FROM \(table)")
        guard counted.status == 0 else { return nil }
        return Int(counted.stdout.filter(\.isNumber))
    }

    /// Starts a psql session on `database` that takes `LOCK TABLE table IN ACCESS EXCLUSIVE
    /// MODE` in a transaction it keeps open, and returns once the server has granted the
    /// lock (read from `pg_locks`, not from psql's buffered output). The session lives on
    /// its standard input, a pipe: `TableLock.release()` rolls back and ends it.
    public func lockTable(_ table: String, database: String) throws(PostgresServerFailure) -> TableLock {
        let argv = [
            Self.psqlPath, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-p", String(port), "-U",
            Self.superuser, "-d", database,
        ]
        let holder = TrendshProcess.start(argv, environment: Self.environment, directory: "/")
        holder.send("BEGIN;\nLOCK TABLE \(table) IN ACCESS EXCLUSIVE MODE;\n")
        let lock = TableLock(holder: holder)
        let granted = """
            SELECT count(*) FROM pg_locks
            WHERE relation = '\(table)'::regclass AND mode = 'AccessExclusiveLock' AND granted
            """
        for _ in 0..<100 {
            let counted = try check(psql(database: database, sql: granted))
            if counted.stdout.filter(\.isNumber) == "1" { return lock }
            var pause = timespec(tv_sec: 0, tv_nsec: 50_000_000)
            nanosleep(&pause, nil)
        }
        let output = lock.release()
        throw .commandFailed(argv, output)
    }
}

extension PostgresServer {
    /// Starts `psql -c SQL` on `database` as a process of its own and returns at once: a
    /// session that runs beside the test (holding a lock, sleeping in a transaction) without
    /// waiting for a thread of the test's pool, which a loaded run may not give it in time.
    /// `RunningProcess.wait()` collects its outcome.
    public func startPsql(database: String, sql: String) -> RunningProcess {
        let argv = [
            Self.psqlPath, "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", socketFolder, "-p", String(port), "-U",
            Self.superuser, "-d", database, "-c", sql,
        ]
        let process = TrendshProcess.start(argv, environment: Self.environment, directory: "/")
        process.closeInput()
        return process
    }
}

/// A table lock another session holds, for as long as its psql runs (`lockTable`).
public final class TableLock {
    private let holder: RunningProcess

    init(holder: RunningProcess) { self.holder = holder }

    /// Rolls the holder's transaction back, which lets the lock go, and waits for psql to end.
    @discardableResult
    public func release() -> ProcessResult {
        holder.send("ROLLBACK;\n")
        holder.closeInput()
        return holder.wait(silenceTimeout: .seconds(30))
    }
}

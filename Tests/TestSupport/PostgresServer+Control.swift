#if canImport(Glibc)
    import Glibc
#endif

extension PostgresServer {
    /// How `pg_ctl` stops the server: `immediate` is a crash as far as the cluster can tell
    /// (no checkpoint; the next start replays the write-ahead log).
    public enum ShutdownMode: String, Sendable {
        case smart, fast, immediate
    }

    /// Runs `sql` in `database` with `psql -X -v ON_ERROR_STOP=1`, unaligned and without
    /// headers, so a row reads as its values joined by `|` and a line. Over the socket unless
    /// `port` names another (a proxy's); then over loopback TCP.
    public func psql(database: String, sql: String, port: UInt16? = nil) -> ProcessResult {
        psql(database: database, arguments: ["-c", sql], port: port)
    }

    /// Runs psql on `database` (a name, or a URI, whose parts then win) with `arguments` (`-f FILE`, `-c SQL`, …) after the connection
    /// options, through `timeout` when `timeoutSeconds` is given (status 124 when it ran out).
    /// `environment` adds to the bare one the server's programs get (`PGOPTIONS`, …).
    public func psql(
        database: String, arguments: [String], port: UInt16? = nil, timeoutSeconds: Int? = nil,
        environment: [String: String] = [:]
    ) -> ProcessResult {
        let host = port == nil ? socketFolder : "127.0.0.1"
        let connection = [
            "-X", "-v", "ON_ERROR_STOP=1", "--no-align", "--tuples-only", "-h", host, "-p", String(port ?? self.port),
            "-U", Self.superuser, "-d", database,
        ]
        let limit = timeoutSeconds.map { ["/usr/bin/timeout", String($0)] } ?? []
        let argv = limit + [Self.psqlPath] + connection + arguments
        return TrendshProcess.run(
            Array(argv.dropFirst()), environment: Self.environment.merging(environment) { $1 }, program: argv[0],
            directory: "/")
    }

    /// Restarts the server with `pg_ctl restart -m MODE` and waits until it accepts
    /// connections again. Every session's connection is cut. A test that restarts a server
    /// starts one of its own (`PostgresServer(owner: getpid())`), as others share `shared()`.
    public func restart(mode: ShutdownMode = .immediate) throws(PostgresServerFailure) {
        try run(["pg_ctl", "restart", "-D", dataFolder, "-l", logFile, "-m", mode.rawValue, "-w", "-t", "60", "-s"])
        try waitUntilReady()
    }

    /// Ends every session connected to `database` with `pg_terminate_backend`, as an
    /// administrator would, and returns how many were ended. The sessions are chosen first
    /// (a materialized CTE), so the planner cannot call the function on any other row.
    @discardableResult
    public func terminateBackends(database: String) throws(PostgresServerFailure) -> Int {
        let ended = try check(
            psql(
                database: "postgres",
                sql: """
                    WITH sessions AS MATERIALIZED (
                        SELECT pid FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid())
                    SELECT count(*) FROM sessions WHERE pg_terminate_backend(pid)
                    """))
        return Int(ended.stdout.filter(\.isNumber)) ?? 0
    }

    /// How many sessions are connected to `database` now.
    public func sessions(database: String) throws(PostgresServerFailure) -> Int {
        let counted = try check(
            psql(
                database: "postgres",
                sql: "SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND pid <> pg_backend_pid()"))
        return Int(counted.stdout.filter(\.isNumber)) ?? -1
    }
}

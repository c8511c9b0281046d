import Testing
import TrendPostgres
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The libpq connection against a real PostgreSQL 15 server (the tests' own): values bound,
/// the timeouts and durability set, and each failure of the network and the server told
/// apart, the commit whose reply was lost above all.
@Suite struct PostgresConnectionTests {
    static func database(_ name: String) throws -> (PostgresServer, String) {
        let server = try PostgresServer.shared()
        let uri = try server.makeEmptyDatabase(named: name)
        return (server, uri)
    }

    /// The SQLSTATE of the server's refusal of `body`; nil (and an issue recorded) when it
    /// ran, or failed otherwise.
    static func serverState(_ body: () throws(PostgresError) -> Void) -> String? {
        do {
            try body()
            Issue.record("the server ran what it should refuse")
        } catch {
            guard case .server(let state, _) = error else {
                Issue.record("expected the server's refusal, got \(error)")
                return nil
            }
            return state
        }
        return nil
    }

    @Test func valuesAreBoundAndRowsComeBackAsText() throws {
        let (_, uri) = try Self.database("connection_rows")
        let connection = try PostgresConnection(uri: uri)
        try connection.execute("CREATE TABLE t (id integer, note text)")
        let inserted = try connection.execute(
            "INSERT INTO t VALUES ($1, $2), ($3, $4)", ["1", "it's; DROP TABLE t", "2", nil])
        #expect(inserted.affected == 2)
        let rows = try connection.execute("SELECT id, note FROM t ORDER BY id")
        #expect(rows.columns == ["id", "note"])
        #expect(rows.rows == [["1", "it's; DROP TABLE t"], ["2", nil]])
    }

    @Test func everySessionHasTheStatementTimeoutAndSynchronousCommit() throws {
        let (_, uri) = try Self.database("connection_settings")
        let connection = try PostgresConnection(uri: uri)
        let rows = try connection.execute(
            "SELECT current_setting('statement_timeout'), current_setting('synchronous_commit')")
        #expect(rows.rows == [["30s", "on"]])
        #expect(connection.serverVersion >= 150_000)
    }

    @Test func aStatementRunTwiceIsPreparedOnceAndTransactionControlNever() throws {
        let (_, uri) = try Self.database("connection_prepared")
        let connection = try PostgresConnection(uri: uri)
        try connection.execute("CREATE TABLE t (id integer PRIMARY KEY, note text)")
        let insert = "INSERT INTO t VALUES ($1, $2)"
        let onServer = "SELECT statement FROM pg_prepared_statements ORDER BY name"
        try connection.execute(insert, ["1", "one"])
        #expect(connection.preparedCount == 0)
        for id in 2...4 {
            _ = try connection.transaction { (db: PostgresConnection) throws(PostgresError) in
                try db.execute(insert, [String(id), "n\(id)"])
            }
        }
        // The insert is prepared at its second run; BEGIN and COMMIT, run four times, are not.
        #expect(connection.preparedCount == 1)
        #expect(try connection.execute(onServer).rows == [[insert]])
        // A prepared statement outlives a transaction that rolled back, and still reports
        // the server's refusal as it is.
        #expect(
            Self.serverState { () throws(PostgresError) in
                _ = try connection.transaction { (db: PostgresConnection) throws(PostgresError) in
                    try db.execute(insert, ["5", "five"])
                    try db.execute(insert, ["5", "again"])
                }
            } == "23505")
        try connection.execute(insert, ["6", "six"])
        #expect(
            try connection.execute("SELECT id, note FROM t ORDER BY id").rows.map { $0[0] } == [
                "1", "2", "3", "4", "6",
            ])
        #expect(connection.preparedCount == 1)  // each other text ran once
    }

    @Test func aPreparedStatementTheServerDroppedIsPreparedAgain() throws {
        let (_, uri) = try Self.database("connection_deallocated")
        let connection = try PostgresConnection(uri: uri)
        try connection.execute("CREATE TABLE t (id integer PRIMARY KEY)")
        let insert = "INSERT INTO t VALUES ($1)"
        try connection.execute(insert, ["1"])
        try connection.execute(insert, ["2"])
        #expect(connection.preparedCount == 1)
        // What a pooler's DISCARD ALL does: outside a transaction the insert runs again at
        // once, unprepared, and is prepared anew at its next run.
        try connection.execute("DEALLOCATE ALL")
        try connection.execute(insert, ["3"])
        try connection.execute(insert, ["4"])
        #expect(connection.preparedCount == 2)
        // Inside a transaction the failure ends the transaction and is reported as it is;
        // the next one prepares the statement again.
        try connection.execute("DEALLOCATE ALL")
        #expect(
            Self.serverState { () throws(PostgresError) in
                _ = try connection.transaction { (db: PostgresConnection) throws(PostgresError) in
                    try db.execute(insert, ["5"])
                }
            } == "26000")
        _ = try connection.transaction { (db: PostgresConnection) throws(PostgresError) in
            try db.execute(insert, ["5"])
        }
        let ids = try connection.execute("SELECT id FROM t ORDER BY id").rows.map { $0[0] }
        #expect(ids == ["1", "2", "3", "4", "5"])
    }

    @Test func aStatementTimeoutSetOnTheRoleOrTheDatabaseIsKept() throws {
        let (server, uri) = try Self.database("connection_role_timeout")
        let setUp = server.psql(
            database: "postgres",
            sql: "CREATE ROLE timeout_keeper LOGIN; GRANT ALL ON DATABASE connection_role_timeout TO timeout_keeper;"
                + " ALTER ROLE timeout_keeper SET statement_timeout = '7s';"
                + " ALTER DATABASE connection_role_timeout SET statement_timeout = '9s'")
        try #require(setUp.status == 0, "\(setUp.stderr)")
        let asRole = "postgresql://timeout_keeper@127.0.0.1:\(server.port)/connection_role_timeout"
        let roles = try PostgresConnection(uri: asRole).execute("SELECT current_setting('statement_timeout')")
        #expect(roles.rows == [["7s"]])
        let databases = try PostgresConnection(uri: uri).execute("SELECT current_setting('statement_timeout')")
        #expect(databases.rows == [["9s"]])
        // The URI's own word wins over both, even "none".
        let none = try PostgresConnection(uri: asRole + "?options=-c%20statement_timeout%3D0")
        #expect(try none.execute("SELECT current_setting('statement_timeout')").rows == [["0"]])
    }

    @Test func aServerThatIsNotThereCannotBeReached() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let address = "postgresql://postgres@127.0.0.1:1/absent?connect_timeout=2"
        do {
            _ = try PostgresConnection(uri: address)
            Issue.record("connected to port 1")
        } catch {
            guard case .cannotConnect = error else {
                Issue.record("expected cannotConnect, got \(error)")
                return
            }
            #expect(error.retryMayHelp)
        }
    }

    @Test func anUnknownRoleIsALoginFailureThatNoRetryFixes() throws {
        let (server, _) = try Self.database("connection_login")
        do {
            _ = try PostgresConnection(uri: "postgresql://nobody@127.0.0.1:\(server.port)/connection_login")
            Issue.record("connected as a role that does not exist")
        } catch {
            guard case .loginFailed(let message) = error else {
                Issue.record("expected loginFailed, got \(error)")
                return
            }
            #expect(message.contains("nobody"))
            #expect(!error.retryMayHelp)
        }
    }

    @Test func twoSerializableWritersConflictAndTheSecondIsToldSo() throws {
        let (_, uri) = try Self.database("connection_serialization")
        let first = try PostgresConnection(uri: uri)
        let second = try PostgresConnection(uri: uri)
        try first.execute("CREATE TABLE counter (n integer)")
        try first.execute("INSERT INTO counter VALUES (0)")
        try first.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        try second.execute("BEGIN ISOLATION LEVEL SERIALIZABLE")
        _ = try first.execute("SELECT n FROM counter")
        _ = try second.execute("SELECT n FROM counter")
        try first.execute("UPDATE counter SET n = n + 1")
        try first.execute("COMMIT")
        #expect(throws: PostgresError.serializationFailure) { try second.execute("UPDATE counter SET n = n + 1") }
        #expect(PostgresError.serializationFailure.retryMayHelp)
    }

    @Test func aReadOnlyServerRefusesWritesAsSuch() throws {
        let (_, uri) = try Self.database("connection_read_only")
        let connection = try PostgresConnection(uri: uri)
        try connection.execute("CREATE TABLE t (n integer)")
        try connection.execute("SET default_transaction_read_only = on")
        #expect(throws: PostgresError.readOnly) { try connection.execute("INSERT INTO t VALUES (1)") }
        #expect(!PostgresError.readOnly.retryMayHelp)
    }

    @Test func theStatementTimeoutEndsAWaitAndACancelIsToldApart() throws {
        let (_, uri) = try Self.database("connection_timeout")
        let connection = try PostgresConnection(
            uri: uri, timeouts: PostgresConnection.Timeouts(statementMilliseconds: 200))
        #expect(throws: PostgresError.timedOut) { try connection.execute("SELECT pg_sleep(10)") }
        #expect(connection.isOpen, "a timeout ends the statement, not the connection")

        let patient = try PostgresConnection(uri: uri)
        let canceller = try #require(patient.canceller())
        var thread = pthread_t()
        let box = Unmanaged.passRetained(canceller)
        pthread_create(
            &thread, nil,
            { argument in
                usleep(300_000)
                Unmanaged<PostgresCanceller>.fromOpaque(argument!).takeRetainedValue().cancel()
                return nil
            }, box.toOpaque())
        #expect(throws: PostgresError.cancelled) { try patient.execute("SELECT pg_sleep(10)") }
        pthread_join(thread, nil)
        #expect(patient.isOpen)
    }

    @Test func aBackendEndedBetweenStatementsIsALostConnection() throws {
        let (server, uri) = try Self.database("connection_terminated")
        let connection = try PostgresConnection(uri: uri)
        #expect(try server.terminateBackends(database: "connection_terminated") == 1)
        do {
            try connection.execute("SELECT 1")
            Issue.record("a terminated backend answered")
        } catch {
            switch error {
            case .connectionLost, .server(state: "57P01", _): break
            default: Issue.record("expected a lost connection, got \(error)")
            }
        }
    }

    @Test func aCommitWhoseReplyIsLostHasAnUnknownOutcomeAndWasCommitted() throws {
        let (server, uri) = try Self.database("connection_commit_lost")
        try PostgresConnection(uri: uri).execute("CREATE TABLE entries (id integer)")
        let proxy = try PostgresProxy(
            forwardingTo: server.port, rule: ProxyRule(statement: "COMMIT", moment: .beforeReply, action: .drop))
        defer { proxy.close() }
        let through = try PostgresConnection(uri: server.uri(database: "connection_commit_lost", port: proxy.port))
        #expect(throws: PostgresError.commitOutcomeUnknown) {
            try through.transaction { connection throws(PostgresError) in
                try connection.execute("INSERT INTO entries VALUES ($1)", ["1"])
            }
        }
        #expect(proxy.firings == 1)
        #expect(!PostgresError.commitOutcomeUnknown.retryMayHelp, "only the operation's id can tell")
        // Looked at directly: the server did commit it.
        let rows = try PostgresConnection(uri: uri).execute("SELECT count(*) FROM entries")
        #expect(rows.rows == [["1"]])
    }
}

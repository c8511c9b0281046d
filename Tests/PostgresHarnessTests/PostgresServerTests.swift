import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' PostgreSQL server: it starts, and a database made from its template answers over
/// the socket and over loopback TCP.
@Suite struct PostgresServerTests {
    @Test func databaseFromTheTemplateAnswersOverTheSocket() throws {
        let server = try PostgresServer.shared()
        try server.makeEmptyDatabase(named: "answers_over_socket")
        let answer = server.psql(database: "answers_over_socket", sql: "select 1")
        #expect(answer.status == 0 && answer.stderr.isEmpty, "\(answer.stderr)")
        #expect(answer.stdout == "1\n")
        // Over the socket there is no server address, so the port reads as empty.
        let place = server.psql(database: "answers_over_socket", sql: "select current_database(), inet_server_port()")
        #expect(place.stdout == "answers_over_socket|\n")
    }

    @Test func databaseFromTheTemplateAnswersOverLoopbackTCP() throws {
        let server = try PostgresServer.shared()
        let uri = try server.makeEmptyDatabase(named: "answers_over_tcp")
        #expect(uri == "postgresql://postgres@127.0.0.1:\(server.port)/answers_over_tcp")
        let answer = server.psql(
            database: "answers_over_tcp", sql: "select 1, inet_server_addr(), inet_server_port()", port: server.port)
        #expect(answer.status == 0 && answer.stderr.isEmpty, "\(answer.stderr)")
        #expect(answer.stdout == "1|127.0.0.1|\(server.port)\n")
    }

    @Test func theURIsReachTheDatabase() throws {
        let server = try PostgresServer.shared()
        let uri = try server.makeEmptyDatabase(named: "reached_by_uri")
        let routes = [(uri, "\(server.port)"), (server.socketURI(database: "reached_by_uri"), "socket")]
        for (connection, route) in routes {
            let answer = server.psql(
                database: connection, sql: "select current_database(), coalesce(inet_server_port()::text, 'socket')")
            #expect(answer.stdout == "reached_by_uri|\(route)\n", "\(connection): \(answer.stderr)")
        }
    }

    @Test func eachDatabaseIsACopyOfTheTemplate() throws {
        let server = try PostgresServer.shared()
        try server.makeEmptyDatabase(named: "copied_first")
        try server.makeEmptyDatabase(named: "copied_second")
        #expect(server.psql(database: "copied_first", sql: Fixtures.table).status == 0)
        // A table made in one database is not in the template, so not in the next copy.
        let listed = server.psql(
            database: "copied_second", sql: "select count(*) from pg_tables where tablename = 'entries'")
        #expect(listed.stdout == "0\n")
        #expect(throws: PostgresServerFailure.self) { try server.makeEmptyDatabase(named: "copied_first") }
    }

    @Test func aStoreDatabaseHoldsAStoreOfItsOwnReachedAsAPerson() throws {
        let server = try PostgresServer.shared()
        let first = try server.makeDatabase(named: "store_first")
        try server.makeDatabase(named: "store_second")
        #expect(first == "postgresql://\(PostgresServer.person)@127.0.0.1:\(server.port)/store_first")
        // Set up by the administrator's run: the tables are the owner role's, not the person's.
        let owner = server.psql(
            database: "store_first", sql: "select tableowner from pg_tables where tablename = 'trendsh_store'")
        #expect(owner.stdout == "trendsh_owner\n", "\(owner.stderr)")
        // Each copy is a store of its own.
        let identity = "select identity from trendsh_store"
        let identities = [
            server.psql(database: "store_first", sql: identity).stdout,
            server.psql(database: "store_second", sql: identity).stdout,
        ]
        #expect(identities[0] != identities[1] && !identities[0].isEmpty)
        // The person is a login role with no power the server's rules would not hold for.
        let powers = server.psql(
            database: "postgres",
            sql: "select rolcanlogin, rolsuper, rolbypassrls, pg_has_role(oid, 'trendsh_owner', 'MEMBER')"
                + " from pg_roles where rolname = '\(PostgresServer.person)'")
        #expect(powers.stdout == "t|f|f|f\n", "\(powers.stderr)")
    }

    @Test func durabilitySettingsAreOn() throws {
        let server = try PostgresServer.shared()
        let settings = server.psql(
            database: "postgres",
            sql: "select name || '=' || setting from pg_settings where name in ('fsync', 'synchronous_commit', "
                + "'full_page_writes') order by name")
        #expect(settings.stdout == "fsync=on\nfull_page_writes=on\nsynchronous_commit=on\n")
    }

    @Test func terminatedBackendEndsItsSession() throws {
        let server = try PostgresServer.shared()
        try server.makeEmptyDatabase(named: "terminated_backend")
        let session = TrendshProcess.start(
            [
                "/usr/bin/psql", "-X", "-h", server.socketFolder, "-p", String(server.port), "-U", "postgres", "-d",
                "terminated_backend", "-c", "select pg_sleep(600)",
            ],
            environment: ["PATH": "/usr/bin:/bin"])
        // Until its session has connected; a psql that fails to connect ends the wait.
        var ended = 0
        while ended == 0 && session.isRunning {
            ended = try server.terminateBackends(database: "terminated_backend")
            session.readAvailable(waitingMilliseconds: 50)
        }
        let result = session.wait()
        #expect(ended == 1)
        #expect(result.status != 0)
        #expect(result.stderr.contains("terminating connection due to administrator command"), "\(result.stderr)")
    }

    @Test func serverRestartedImmediatelyKeepsWhatWasCommitted() throws {
        // A server of its own: the shared one serves other tests meanwhile.
        let server = try PostgresServer(owner: getpid())
        defer { server.stop() }
        try server.makeEmptyDatabase(named: "restarted")
        let before = try #require(server.serverProcessID)
        #expect(
            server.psql(database: "restarted", sql: Fixtures.table + "; INSERT INTO entries VALUES (1, 72.4)").status
                == 0)
        try server.restart(mode: .immediate)
        #expect(server.serverProcessID != before)
        #expect(server.psql(database: "restarted", sql: "SELECT id, kilograms FROM entries").stdout == "1|72.4\n")
    }
}

import Testing
import TrendshTestSupport

/// The proxy forwards a whole session intact, and breaks a connection where its rule says:
/// dropped after the server committed, the client cannot tell that it did.
@Suite struct PostgresProxyTests {
    @Test func sessionThroughTheProxyIsTheSessionWithoutIt() throws {
        let (server, database) = try Self.database("forwarded_intact")
        let folder = TemporaryDirectory()
        // Rows, an error and the statement after it: psql sends each as its own message.
        let script = folder.write(
            Fixtures.transaction + "SELECT id, kilograms FROM entries;\nSELECT 1/0;\n", to: "session.sql")
        let proxy = try PostgresProxy(forwardingTo: server.port)
        let through = server.psql(
            database: database, arguments: ["-v", "ON_ERROR_STOP=0", "-f", script], port: proxy.port)
        #expect(server.psql(database: database, sql: "TRUNCATE entries").status == 0)
        let direct = server.psql(
            database: database, arguments: ["-v", "ON_ERROR_STOP=0", "-f", script], port: server.port)
        #expect(through.stdout == "BEGIN\nINSERT 0 1\nCOMMIT\nafter commit\n1|72.4\n")
        #expect(through.stderr.contains("division by zero"))
        #expect(through == direct)
        #expect(proxy.connections == 1)
        #expect(proxy.firings == 0)
    }

    @Test func commandThroughTheProxyReturnsItsRow() throws {
        let (server, database) = try Self.database("forwarded_command")
        let proxy = try PostgresProxy(forwardingTo: server.port)
        let answer = server.psql(database: database, sql: "select 40 + 2, current_database()", port: proxy.port)
        #expect(answer.status == 0 && answer.stderr.isEmpty, "\(answer.stderr)")
        #expect(answer.stdout == "42|forwarded_command\n")
        #expect(proxy.connections == 1)
    }

    /// Dropped before the COMMIT reaches the server, the transaction is lost; dropped after
    /// the server's reply arrived, it is committed. The client sees the same in both.
    @Test(arguments: [(ProxyRule.Moment.beforeForwarding, "0"), (.beforeReply, "1")])
    func droppedCommitLeavesTheClientNotKnowing(moment: ProxyRule.Moment, rowsOnTheServer: String) throws {
        let name = moment == .beforeReply ? "dropped_before_reply" : "dropped_before_forwarding"
        let (server, database) = try Self.database(name)
        let script = TemporaryDirectory()
        let proxy = try PostgresProxy(
            forwardingTo: server.port, rule: ProxyRule(statement: "COMMIT", moment: moment, action: .drop))
        let client = server.psql(
            database: database, arguments: ["-f", script.write(Fixtures.transaction, to: "save.sql")], port: proxy.port)
        #expect(client.status == 2)
        #expect(client.stderr.contains("server closed the connection unexpectedly"), "\(client.stderr)")
        #expect(!client.stdout.contains("after commit"))
        #expect(proxy.firings == 1)
        // Looked at directly, not through the proxy.
        #expect(server.psql(database: database, sql: "SELECT count(*) FROM entries").stdout == rowsOnTheServer + "\n")
        // A rule acts once: the next connection through the proxy goes through.
        let again = server.psql(database: database, sql: "SELECT count(*) FROM entries", port: proxy.port)
        #expect(again.stdout == rowsOnTheServer + "\n")
    }

    /// An extended-protocol client sends COMMIT in a Parse message; the rule finds it there.
    @Test func droppedCommitIsFoundInAParseMessage() throws {
        let (server, database) = try Self.database("dropped_parse")
        let script = TemporaryDirectory()
        let proxy = try PostgresProxy(
            forwardingTo: server.port, rule: ProxyRule(statement: "commit", moment: .beforeReply, action: .drop))
        let transaction = "BEGIN;\nINSERT INTO entries VALUES (1, 72.4);\nCOMMIT;\n"
        let client = TrendshProcess.run(
            [
                "-n", "-t", "1", "-M", "extended", "-h", "127.0.0.1", "-p", String(proxy.port), "-U", "postgres",
                "-f", script.write(transaction, to: "save.sql"), database,
            ],
            environment: ["PATH": "/usr/bin:/bin"],
            program: PostgresServer.binaries + "/pgbench")
        #expect(client.status != 0)
        #expect(client.stderr.contains("aborted"), "\(client.stderr)")
        #expect(proxy.firings == 1)
        #expect(server.psql(database: database, sql: "SELECT count(*) FROM entries").stdout == "1\n")
    }

    /// Stalled after the server committed, the client waits until its own timeout ends it,
    /// and the server keeps the session until the proxy lets go.
    @Test func stalledCommitKeepsTheClientWaitingUntilItsTimeout() throws {
        let (server, database) = try Self.database("stalled_commit")
        let script = TemporaryDirectory()
        let proxy = try PostgresProxy(
            forwardingTo: server.port, rule: ProxyRule(statement: "COMMIT", moment: .beforeReply, action: .stall))
        let client = server.psql(
            database: database, arguments: ["-f", script.write(Fixtures.transaction, to: "save.sql")], port: proxy.port,
            timeoutSeconds: Fixtures.clientTimeoutSeconds)
        #expect(client.status == 124, "\(client)")
        #expect(!client.stdout.contains("after commit"))
        #expect(proxy.firings == 1)
        #expect(server.psql(database: database, sql: "SELECT count(*) FROM entries").stdout == "1\n")
        #expect(try server.sessions(database: database) == 1)
        proxy.close()
        var sessions = 1
        for _ in 0..<600 where sessions != 0 {
            sessions = try server.sessions(database: database)
        }
        #expect(sessions == 0)
    }

    /// The shared server and a database of the test's own, with the entries table.
    static func database(_ name: String) throws -> (PostgresServer, String) {
        let server = try PostgresServer.shared()
        try server.makeEmptyDatabase(named: name)
        let made = server.psql(database: name, sql: Fixtures.table)
        try #require(made.status == 0, "\(made.stderr)")
        return (server, name)
    }
}

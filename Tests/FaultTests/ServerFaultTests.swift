import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// PostgreSQL's faults met by a session on a log kept on a server, through the built binary
/// and a real server: a backend ended by an administrator, a server restarted or down, a
/// statement stalled behind another session's lock, a database that accepts only reads.
/// Each keeps the draft, says what happened in the sentence Messages+Storage has for it,
/// and the next try saves the entry exactly once (counted on the server with psql).
@Suite struct ServerFaultTests {
    /// The sentences of Messages+Storage that these faults print.
    enum Sentence {
        static let unreachable = "can't be reached, so nothing was read or written"
        static let timedOut = "did not answer within the statement timeout, so nothing was written."
        static let readOnly = "accepts only reads, so nothing was written."
        static let connectionLost = "broke before the server replied"
    }

    /// One machine's home (so its own draft and settings), and a live session on `uri`.
    struct Machine {
        let home = TemporaryDirectory()

        func shell(_ uri: String) -> LiveShell {
            LiveShell(
                arguments: ["--store", uri, "--now", Fixtures.now],
                environment: TrendshProcess.environment(home: home.path))
        }

        func run(_ input: [String], store uri: String) -> RunResult {
            LiveShell.run(
                arguments: ["--store", uri, "--now", Fixtures.now], input: input.map { $0 + "\n" }.joined(),
                environment: TrendshProcess.environment(home: home.path))
        }
    }

    @Test func aServerThatIsDownIsTriedOnceByARunAndAgainByALaterCommand() throws {
        // The proxy counts the connections; behind it nothing listens (port 1), so each one
        // ends at once and libpq reports the server cannot be reached. No TLS or GSSAPI
        // attempt, which would be a second connection of the same try.
        let proxy = try PostgresProxy(forwardingTo: 1)
        defer { proxy.close() }
        let uri = "postgresql://postgres@127.0.0.1:\(proxy.port)/down?sslmode=disable&gssencmode=disable"
        let machine = Machine()
        defer { machine.home.remove() }
        // A -c run of four store commands: its start meets the failure, and the commands,
        // given up front, meet the same failure at once.
        let oneShot = TrendshProcess.run(
            ["--store", uri, "--now", Fixtures.now, "-c", "list\nstats\nvalue 75\nsave\nhabits"],
            environment: TrendshProcess.environment(home: machine.home.path))
        #expect(oneShot.stderr.contains(Sentence.unreachable), "\(oneShot)")
        #expect(oneShot.stdout.contains("value: 75"), "\(oneShot)")
        #expect(proxy.connections == 1, "\(oneShot)")
        // A live session: one try at its start, and a new one for a line sent after the
        // session showed its answers (whoever sent it may have started the server again).
        let shell = machine.shell(uri)
        let drafted = try shell.run(["value 76"])
        #expect(drafted.stdout.contains("value: 76"), "\(drafted)")
        #expect(proxy.connections == 2)
        let listed = try shell.run(["list"])
        #expect(listed.stderr.contains(Sentence.unreachable), "\(listed)")
        #expect(proxy.connections == 3)
        // Lines that arrive together: the first tries, the ones already there behind it do not.
        let together = try shell.run(["list", "stats", "habits"])
        #expect(together.stderr.contains(Sentence.unreachable), "\(together)")
        #expect(proxy.connections == 4)
    }

    @Test func aTerminatedBackendIsReplacedByTheNextCommand() throws {
        let server = try PostgresServer.shared()
        let name = "fault_terminated"
        let uri = try server.makeDatabase(named: name)
        let machine = Machine()
        defer { machine.home.remove() }
        let shell = machine.shell(uri)
        let first = try shell.run(["value 75", "save"])
        #expect(first.stdout.contains("Saved #1: 75"), "\(first)")
        #expect(try server.terminateBackends(database: name) == 1)
        // The first command after the end of its backend connects again and works.
        let listed = try shell.run(["list"])
        #expect(listed.stderr.isEmpty, "\(listed)")
        #expect(listed.stdout.contains("#1  \(Fixtures.minute)  75"), "\(listed)")
        #expect(try server.terminateBackends(database: name) == 1)
        let saved = try shell.run(["value 76", "save"])
        #expect(saved.stderr.isEmpty, "\(saved)")
        #expect(saved.stdout.contains("Saved #2: 76"), "\(saved)")
        let end = shell.finish()
        #expect(end.status == 0, "\(end)")
        #expect(server.rowCount(database: name) == 2)
    }

    @Test func aRestartedServerIsReconnectedAndASaveWhileDownIsKept() throws {
        // A server of the test's own: the shared one serves other tests at the same time.
        let server = try PostgresServer(owner: getpid())
        defer { server.stop() }
        let name = "fault_restarted"
        let uri = try server.makeDatabase(named: name) + "?connect_timeout=3"
        let machine = Machine()
        defer { machine.home.remove() }
        let shell = machine.shell(uri)
        let first = try shell.run(["value 75", "save"])
        #expect(first.stdout.contains("Saved #1: 75"), "\(first)")
        try server.restart(mode: .immediate)
        let listed = try shell.run(["list"])
        #expect(listed.stderr.isEmpty, "\(listed)")
        #expect(listed.stdout.contains("#1  \(Fixtures.minute)  75"), "\(listed)")
        // Down: the save is refused before anything is sent, and the draft stays.
        try server.crash()
        let refused = try shell.run(["value 76", "save", "status"])
        #expect(refused.errorCount(of: Sentence.unreachable) == 1, "\(refused)")
        #expect(refused.stderr.contains(Fixtures.Sentence.draftKept), "\(refused)")
        #expect(refused.stdout.contains("draft: new entry, unsaved changes, last save failed"), "\(refused)")
        try server.start()
        let saved = try shell.run(["save"])
        #expect(saved.stderr.isEmpty, "\(saved)")
        // Not #2: a server that crashed skips the identity values it had logged ahead (32).
        #expect(saved.stdout.contains(": 76.0 kg on \(Fixtures.minute)."), "\(saved)")
        let end = shell.finish()
        #expect(end.status == 1, "\(end)")  // one command failed
        #expect(server.rowCount(database: name) == 2)
    }

    @Test func aStatementStalledBehindALockTimesOutAndKeepsTheDraft() throws {
        let server = try PostgresServer.shared()
        let name = "fault_stalled"
        let uri = try server.makeDatabase(named: name) + "?options=-c%20statement_timeout%3D1500"
        let machine = Machine()
        defer { machine.home.remove() }
        let shell = machine.shell(uri)
        // The first contact sets the schema up, so that there is a table to lock.
        let started = try shell.run(["list"])
        #expect(started.stdout.contains("No entries yet."), "\(started)")
        let lock = try server.lockTable("entries", database: name)
        let clock = ContinuousClock()
        let began = clock.now
        let stalled: SessionOutput
        do {
            stalled = try shell.run(["value 75", "save", "status"])
        } catch {
            lock.release()
            throw error
        }
        let waited = clock.now - began
        lock.release()
        #expect(stalled.errorCount(of: Sentence.timedOut) >= 1, "\(stalled)")
        #expect(stalled.stderr.contains(Fixtures.Sentence.draftKept), "\(stalled)")
        #expect(stalled.stdout.contains("draft: new entry, unsaved changes, last save failed"), "\(stalled)")
        // The URI's 1.5 s, not the 30 s default.
        #expect(waited < .seconds(10), "\(waited)")
        #expect(server.rowCount(database: name) == 0)
        let saved = try shell.run(["save"])
        #expect(saved.stderr.isEmpty, "\(saved)")
        #expect(saved.stdout.contains("Saved #1: 75"), "\(saved)")
        let end = shell.finish()
        #expect(end.status == 1, "\(end)")  // one command failed
        #expect(server.rowCount(database: name) == 1)
    }

    @Test func aReadOnlyDatabaseRefusesTheSaveAndKeepsTheDraft() throws {
        let server = try PostgresServer.shared()
        let name = "fault_read_only"
        let uri = try server.makeDatabase(named: name)
        let machine = Machine()
        defer { machine.home.remove() }
        // The schema is set up while the database still takes writes.
        #expect(machine.run(["list"], store: uri).status == 0)
        #expect(
            server.psql(database: "postgres", sql: "ALTER DATABASE \(name) SET default_transaction_read_only = on")
                .status == 0)
        let refused = machine.run(["value 75", "save", "status"], store: uri)
        #expect(refused.stderr.ranges(of: Sentence.readOnly).count == 1, "\(refused)")
        #expect(!refused.stderr.contains("permissions"), "\(refused)")
        #expect(refused.stderr.contains(Fixtures.Sentence.draftKept), "\(refused)")
        #expect(refused.stdout.contains("draft: new entry, unsaved changes, last save failed"), "\(refused)")
        #expect(refused.status == 1, "\(refused)")
        #expect(server.rowCount(database: name) == 0)
        #expect(
            server.psql(database: "postgres", sql: "ALTER DATABASE \(name) RESET default_transaction_read_only").status
                == 0)
        // The next session restores the draft from this machine's file and saves it once.
        let saved = machine.run(["save"], store: uri)
        #expect(saved.stdout.contains("Restored unsaved draft (new entry)"), "\(saved)")
        #expect(saved.stdout.contains("Saved #1: 75"), "\(saved)")
        #expect(saved.status == 0, "\(saved)")
        #expect(server.rowCount(database: name) == 1)
    }
}

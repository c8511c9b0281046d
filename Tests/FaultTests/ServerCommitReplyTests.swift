import Testing
import TrendshTestSupport

/// The network's worst moment, made on demand: a proxy in front of a real PostgreSQL server
/// lets `COMMIT` through, waits for the server's reply, and drops the connection instead of
/// forwarding it (`ProxyRule(statement: "COMMIT", moment: .beforeReply, action: .drop)`).
/// The server has committed and trendsh cannot know. It says the outcome is unknown, keeps
/// what was asked (the draft, or the change as pending), and the retry finds the earlier
/// attempt by its id and writes nothing new: exactly once, for a save, an amend, an undo,
/// a habit and an import (docs/shared-log.md, "A lost reply to COMMIT").
@Suite struct ServerCommitReplyTests {
    static let lostReply =
        "broke after the change was sent and before the server confirmed it. Try again: trendsh checks by the change's id whether it was saved, and never writes it twice."
    static let foundEarlier = "an earlier attempt had already"

    /// A live session on a fresh database, through a proxy whose rule is armed on demand.
    struct Line {
        let server: PostgresServer
        let database: String
        let proxy: PostgresProxy
        let home = TemporaryDirectory()
        let shell: LiveShell

        init(database: String) throws {
            server = try PostgresServer.shared()
            self.database = database
            _ = try server.makeDatabase(named: database)
            proxy = try PostgresProxy(forwardingTo: server.port)
            shell = LiveShell(
                arguments: [
                    "--store", server.uri(database: database, port: proxy.port, role: PostgresServer.person), "--now",
                    Fixtures.now,
                ],
                environment: TrendshProcess.environment(home: home.path))
        }

        /// Drops the connection at the reply to the next write's `COMMIT` (a read's passes).
        func dropTheNextCommitsReply() {
            proxy.arm(
                ProxyRule(
                    statement: "COMMIT", moment: .beforeReply, action: .drop,
                    beganWith: "BEGIN ISOLATION LEVEL SERIALIZABLE"))
        }

        /// One number the server answers `sql` with.
        func count(_ sql: String) -> Int? {
            Int(server.psql(database: database, sql: sql).stdout.filter(\.isNumber))
        }

        func end() {
            shell.finish()
            home.remove()
        }
    }

    @Test func aSaveWhoseCommitReplyIsLostIsFoundByItsDraftOnTheRetry() throws {
        let line = try Line(database: "lost_reply_save")
        defer { line.end() }
        try line.shell.run(["value 75", "note after run"])
        line.dropTheNextCommitsReply()
        let lost = try line.shell.run(["save", "status"])
        #expect(line.proxy.firings == 1)
        #expect(lost.stderr.contains(Self.lostReply), "\(lost)")
        #expect(!lost.stdout.contains("Saved #"), "\(lost)")
        #expect(lost.stdout.contains("draft: new entry, unsaved changes, last save failed"), "\(lost)")
        // The server did commit: the entry is there once.
        #expect(line.count("SELECT count(*) FROM entries") == 1)
        let retried = try line.shell.run(["save", "list"])
        #expect(retried.stdout.contains("Saved #1: 75.0 kg"), "\(retried)")
        #expect(retried.stdout.contains(Self.foundEarlier), "\(retried)")
        #expect(retried.stderr.isEmpty, "\(retried)")
        #expect(line.count("SELECT count(*) FROM entries") == 1)
    }

    @Test(arguments: [
        ("amend", ["amend 1 value 80"], "amend"),
        ("undo", ["undo"], "undo"),
    ])
    func aChangeWhoseCommitReplyIsLostWaitsAndTheRetryAppliesItOnce(
        _ name: String, _ lines: [String], _ kind: String
    ) throws {
        let line = try Line(database: "lost_reply_\(name)")
        defer { line.end() }
        try line.shell.run(["value 75", "save"])
        line.dropTheNextCommitsReply()
        let lost = try line.shell.run(lines + ["status"])
        #expect(line.proxy.firings == 1)
        #expect(lost.stderr.contains(Self.lostReply), "\(lost)")
        #expect(lost.stderr.contains("The change is kept as pending (\(kind)"), "\(lost)")
        #expect(lost.stdout.contains("pending: 1 change, "), "\(lost)")
        let retried = try line.shell.run(["retry", "status"])
        #expect(retried.stdout.contains(Self.foundEarlier), "\(retried)")
        #expect(!retried.stdout.contains("pending: 1 change"), "\(retried)")
        #expect(line.count("SELECT count(*) FROM operations WHERE kind = '\(kind)'") == 1)
        #expect(line.count("SELECT count(*) FROM entries") == (kind == "undo" ? 0 : 1))
    }

    @Test func aHabitWhoseCommitReplyIsLostIsSavedOnce() throws {
        let line = try Line(database: "lost_reply_habit")
        defer { line.end() }
        try line.shell.run(["new habit", "name Run"])
        line.dropTheNextCommitsReply()
        let lost = try line.shell.run(["save"])
        #expect(line.proxy.firings == 1)
        #expect(lost.stderr.contains(Self.lostReply), "\(lost)")
        let retried = try line.shell.run(["save", "habits"])
        #expect(retried.stdout.contains(Self.foundEarlier), "\(retried)")
        #expect(line.count("SELECT count(*) FROM habits") == 1)
    }

    @Test func anImportWhoseCommitReplyIsLostImportsEachRowOnce() throws {
        let line = try Line(database: "lost_reply_import")
        defer { line.end() }
        let file = line.home.path + "/weights.csv"
        let rows =
            "date,kilograms,weight,unit,note\n2026-11-01T08:00:00.000Z,75.0,0,kg,one\n2026-11-02T08:00:00.000Z,74.5,0,kg,two\n"
        #expect(writeFile(file, Array(rows.utf8)))
        let previewed = try line.shell.run(["import \(file)"])
        #expect(previewed.stdout.contains("new: 2 rows"), "\(previewed)")
        line.dropTheNextCommitsReply()
        let lost = try line.shell.run(["save"])
        #expect(line.proxy.firings == 1)
        #expect(lost.stderr.contains(Self.lostReply), "\(lost)")
        let retried = try line.shell.run(["save"])
        #expect(retried.stdout.contains(Self.foundEarlier), "\(retried)")
        #expect(line.count("SELECT count(*) FROM entries") == 2)
    }
}

import Testing
import TrendshTestSupport

extension InteractiveShell {
    /// Ctrl-C on a log kept on a PostgreSQL server: libpq waits for the server's reply, so
    /// trendsh cancels the statement on the server (`PQcancel`) before `COMMIT` is sent, and
    /// the draft is kept as it is on SQLite (docs/shared-log.md).
    @Suite struct ServerSignalTests {
        @Test func controlCCancelsASaveStalledOnTheServerAndKeepsTheDraft() async throws {
            let server = try PostgresServer.shared()
            let name = "interactive_cancel"
            let uri = try server.makeDatabase(named: name)
            let home = TemporaryDirectory()
            defer { home.remove() }
            let terminal = try await PseudoTerminal.started(home: home, arguments: ["--store", uri])
            try await terminal.run("value 75", expecting: "value: 75", prompt: Fixtures.unsavedPrompt)

            // Another session on the server holds the entries table until its input closes: the
            // save's first statement waits for it, up to the 30 s statement timeout.
            let marker = home.file("locked")
            let holder = TrendshProcess.start(
                [
                    "/usr/bin/psql", "-X", "-q", "-h", "127.0.0.1", "-p", String(server.port), "-U", "postgres", "-d",
                    name,
                ],
                environment: TrendshProcess.environment(home: home.path))
            holder.send("BEGIN;\nLOCK TABLE entries;\n\\! touch '\(marker)'\n")
            try await waitForFile(marker)

            await terminal.enter("save")
            try terminal.waitHoldingTheThread("save to be read") {
                $0.lines.last == "trendsh*> save" && $0.cursorLine.isEmpty && $0.textBeforeCursor.isEmpty
            }
            await terminal.press(.controlC)
            try await terminal.waitFor("the save to be cancelled") {
                $0.text.contains("error: The wait for the store was interrupted, so nothing was written.")
            }
            try await terminal.waitForPrompt(Fixtures.failedSavePrompt)
            try await terminal.run("show", expecting: "value: 75 (kg)", prompt: Fixtures.failedSavePrompt)

            // Once the other session ends, the same draft saves, once.
            _ = holder.wait()
            try await terminal.run("save", expecting: "Saved #1: 75.0 kg", prompt: Fixtures.prompt)
            let rows = server.psql(database: name, sql: "SELECT count(*) FROM entries")
            #expect(rows.stdout.filter(\.isNumber) == "1", "\(rows)")
        }
    }
}

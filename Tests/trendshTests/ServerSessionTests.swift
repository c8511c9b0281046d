import Testing
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A session on a log kept on a PostgreSQL server, through the built binary (the static
/// trendsh, which runs its companion): every command goes to the server, while the draft, the
/// pending changes and the settings stay in files on this machine, in the state folder, named
/// from the host, port, database and role (docs/shared-log.md).
@Suite struct ServerSessionTests {
    /// A fresh database on the tests' server, and its URI with a password libpq ignores
    /// (the server trusts loopback), so that the tests can look for it in every output.
    static func database(_ name: String) throws -> (uri: String, localName: String) {
        let server = try PostgresServer.shared()
        _ = try server.makeDatabase(named: name)
        return (
            "postgresql://\(PostgresServer.person):hunter2@127.0.0.1:\(server.port)/\(name)",
            "pg-127.0.0.1+\(server.port)+\(name)+\(PostgresServer.person)"
        )
    }

    /// One machine: its own home, so its own state folder.
    struct Machine {
        let home = TemporaryDirectory()
        var stateFolder: String { home.path + "/state/trendsh" }

        func run(_ input: [String], store: String) -> ProcessResult {
            TrendshProcess.run(
                ["--store", store, "--now", Fixtures.now], input: input.map { $0 + "\n" }.joined(),
                environment: TrendshProcess.environment(home: home.path), directory: home.path)
        }
    }

    @Test func anEntrySavedOnOneMachineIsListedOnAnother() throws {
        let (uri, _) = try Self.database("session_two_machines")
        let laptop = Machine()
        let desktop = Machine()
        defer {
            laptop.home.remove()
            desktop.home.remove()
        }
        let saved = laptop.run(["value 75.4", "note after run", "save"], store: uri)
        #expect(saved.status == 0, "\(saved)")
        #expect(saved.stdout.contains("Saved #1: 75.4 kg on 2026-11-29 08:00."), "\(saved)")
        let listed = desktop.run(["list"], store: uri)
        #expect(listed.status == 0, "\(listed)")
        #expect(listed.stdout.contains("#1  2026-11-29 08:00  75.4 kg"), "\(listed)")
        #expect(listed.stdout.contains("after run"))
        // What one machine undoes, the other no longer lists.
        let undone = desktop.run(["undo", "list"], store: uri)
        #expect(undone.stdout.contains("Undid step 1: saved #1"), "\(undone)")
        #expect(laptop.run(["list"], store: uri).stdout.contains("No entries yet."))
    }

    @Test func statusNamesTheServerWithItsPasswordMaskedAndTheLocalDraftFile() throws {
        let (uri, localName) = try Self.database("session_status")
        let machine = Machine()
        defer { machine.home.remove() }
        let result = machine.run(["value 75", "status"], store: uri)
        #expect(result.status == 3, "\(result)")  // the draft is not saved
        #expect(result.stdout.contains("store: " + uri.split(separator: "hunter2").joined(separator: "***")))
        #expect(result.stdout.contains("weights: ready, 0 loaded"), "\(result)")
        #expect(result.stdout.contains("draft file: \(machine.stateFolder)/\(localName).draft"), "\(result)")
        #expect(!(result.stdout + result.stderr).contains("hunter2"))
        // The local files: in the state folder, private, named without the password.
        let files = filesUnder(machine.home.path)
        #expect(files.contains("state/trendsh/\(localName).draft"), "\(files)")
        #expect(!files.contains { $0.contains("hunter2") })
        var info = stat()
        #expect(stat(machine.stateFolder + "/\(localName).draft", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        // Nothing beside a store file and no default store: the log is on the server.
        #expect(!files.contains { $0.hasPrefix("data/") && $0 != "data/trendsh" }, "\(files)")
    }

    @Test func withNoStateFolderTheDraftIsInMemoryAndStatusSaysWhy() throws {
        let (uri, _) = try Self.database("session_no_state")
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        var environment = TrendshProcess.environment(home: folder.path)
        environment["HOME"] = nil
        environment["XDG_STATE_HOME"] = nil
        let result = TrendshProcess.run(
            ["--store", uri, "--now", Fixtures.now], input: "value 75\nstatus\nsave\n", environment: environment,
            directory: folder.path)
        #expect(result.status == 0, "\(result)")
        let why = "there is none (neither XDG_STATE_HOME nor HOME is set)"
        #expect(result.stdout.contains("draft file: in memory only: a log on a server keeps its draft"), "\(result)")
        #expect(result.stdout.contains(why), "\(result)")
        // Not the words for a store path that is not a regular file: there is no path.
        #expect(!result.stdout.contains("not a regular file"), "\(result)")
        #expect(result.stdout.contains("Saved #1: 75.0 kg"), "\(result)")
    }

    @Test func aServerThatIsDownKeepsTheDraftAndTheSettingsWork() throws {
        let down = "postgresql://alice:hunter2@127.0.0.1:1/trend?connect_timeout=3"
        let machine = Machine()
        defer { machine.home.remove() }
        let first = machine.run(["help value", "unit lb", "value 165", "save", "settings"], store: down)
        #expect(first.status == 1, "\(first)")
        #expect(first.stdout.contains("usage: value WEIGHT"))
        #expect(first.stdout.contains("unit: lb"), "\(first)")
        #expect(
            first.stderr.contains(
                "error: The server postgresql://alice:***@127.0.0.1:1/trend?connect_timeout=3 can't be reached, so nothing was read or written: connection to server at \"127.0.0.1\", port 1 failed"
            ), "\(first)")
        #expect(first.stderr.contains("The draft is kept; type \"save\" to try again."))
        #expect(!(first.stdout + first.stderr).contains("hunter2"))
        // The next run on this machine restores the draft, and the unit, from its own files.
        let second = machine.run(["unit"], store: down)
        #expect(second.stdout.contains("Restored unsaved draft (new entry): value \"165\""), "\(second)")
        #expect(second.stdout.contains("unit: lb"), "\(second)")
    }

    @Test func aPersonsSettingsReachAnotherMachineThroughTheServerAndEachKeepsItsOwnChartStyle() throws {
        let (uri, localName) = try Self.database("session_settings")
        let machine = Machine()
        let other = Machine()
        defer {
            machine.home.remove()
            other.home.remove()
        }
        #expect(machine.run(["unit lb", "set chart-style ascii"], store: uri).status == 0)
        #expect(fileExists(machine.stateFolder + "/\(localName).settings"))
        #expect(machine.run(["unit"], store: uri).stdout.contains("unit: lb"))
        // Another machine reads the person's unit from the server, and keeps its own chart style.
        let elsewhere = other.run(["settings"], store: uri)
        #expect(elsewhere.stdout.contains("unit: lb\n"), "\(elsewhere)")
        #expect(elsewhere.stdout.contains("chart-style: auto\n"), "\(elsewhere)")
    }

    @Test func theReminderHookReadsTheServer() throws {
        let (uri, _) = try Self.database("session_weighed_today")
        let machine = Machine()
        defer { machine.home.remove() }
        let environment = TrendshProcess.environment(home: machine.home.path)
        let before = TrendshProcess.run(
            ["--store", uri, "--now", Fixtures.now, "--weighed-today"], environment: environment)
        #expect(before.status == 4, "\(before)")
        #expect(machine.run(["value 75", "save"], store: uri).status == 0)
        let after = TrendshProcess.run(
            ["--store", uri, "--now", Fixtures.now, "--weighed-today"], environment: environment)
        #expect(after.status == 0, "\(after)")
    }

    /// A draft records the store's identity, the UUID the server made with the schema. A
    /// database dropped and made again under the same name is another log: the draft typed
    /// for the old one is not restored into it, and its file is left as it was.
    @Test func aDraftIsNotRestoredIntoADatabaseMadeAgainUnderItsName() throws {
        let (uri, localName) = try Self.database("session_replaced")
        let server = try PostgresServer.shared()
        let machine = Machine()
        defer { machine.home.remove() }
        let typed = machine.run(["value 80", "note for the old log"], store: uri)
        #expect(typed.status == 3, "\(typed)")
        let draftFile = machine.stateFolder + "/\(localName).draft"
        let before = try #require(fileBytes(draftFile))
        // The same database again, before anything else: the same draft comes back.
        #expect(machine.run(["list"], store: uri).stdout.contains("Restored unsaved draft (new entry): value \"80\""))
        #expect(server.psql(database: "postgres", sql: "DROP DATABASE session_replaced WITH (FORCE)").status == 0)
        try server.makeDatabase(named: "session_replaced")
        let after = machine.run(["list"], store: uri)
        #expect(!after.stdout.contains("Restored unsaved draft"), "\(after)")
        #expect(after.stderr.contains("was made on another log"), "\(after)")
        #expect(after.stdout.contains("No entries yet."), "\(after)")
        let untouched = fileBytes(draftFile) == before
        #expect(untouched, "the draft file was changed")
    }

    @Test func aPendingChangeIsNotAppliedToADatabaseMadeAgainUnderItsName() throws {
        let (uri, localName) = try Self.database("session_replaced_pending")
        let server = try PostgresServer.shared()
        let machine = Machine()
        defer { machine.home.remove() }
        let pendingFile = machine.stateFolder + "/\(localName).pending"
        let typed = machine.run(
            ["value 75", "save", "simulate save-failure always", "amend 1 value 76"], store: uri)
        #expect(typed.stderr.contains("The change is kept as pending"), "\(typed)")
        let before = try #require(fileBytes(pendingFile))
        // The log is made again under its name, and an entry #1 is saved in it: the waiting
        // amend of #1 was typed against the old log's #1, and must never change this one.
        #expect(
            server.psql(database: "postgres", sql: "DROP DATABASE session_replaced_pending WITH (FORCE)").status == 0)
        try server.makeDatabase(named: "session_replaced_pending")
        let other = Machine()
        defer { other.home.remove() }
        #expect(other.run(["value 90", "save"], store: uri).status == 0)
        let after = machine.run(["retry", "list"], store: uri)
        #expect(after.stderr.contains("were typed against another log"), "\(after)")
        #expect(!after.stdout.contains("Restored"), "\(after)")
        #expect(after.stdout.contains("No changes are pending."), "\(after)")
        #expect(after.stdout.contains("90.0 kg"), "\(after)")
        #expect(!after.stdout.contains("76.0 kg"), "\(after)")
        #expect(server.rowCount(database: "session_replaced_pending") == 1)
        let untouched = fileBytes(pendingFile) == before
        #expect(untouched, "the pending-changes file was changed")
    }
}

import Testing
import TrendshTestSupport

/// Two machines on one log kept on a server never lose each other's saved work, as two
/// sessions on one SQLite file do not (`TwoSessionConflictTests`): each sees what the other
/// committed, and an edit or a delete of an entry that changed since this machine read it is
/// refused with the same sentence, saying what the entry holds now; the retry then does
/// what was asked, once (rows and revisions counted on the server with psql).
@Suite struct ServerTwoSessionTests {
    static let minute = "2026-11-29 08:00"

    /// A fresh database, a first entry saved into it, and two machines, each a live session.
    struct Log {
        let server: PostgresServer
        let name: String
        let laptop = ServerFaultTests.Machine()
        let desktop = ServerFaultTests.Machine()
        let a: LiveShell
        let b: LiveShell

        init(_ name: String, first: [String]) throws {
            server = try PostgresServer.shared()
            self.name = name
            let uri = try server.makeDatabase(named: name)
            let saved = laptop.run(first, store: uri)
            #expect(saved.stdout.contains("Saved #1"), "\(saved)")
            a = laptop.shell(uri)
            b = desktop.shell(uri)
        }

        /// Each entry's id, weight, note and revision, as the server holds them.
        func stored() -> String {
            server.psql(database: name, sql: "SELECT id, kilograms, note, revision FROM entries ORDER BY id").stdout
        }

        func finish() {
            _ = a.finish()
            _ = b.finish()
            laptop.home.remove()
            desktop.home.remove()
        }
    }

    @Test func anEditOfAnEntryTheOtherMachineChangedIsRefusedThenOverwritesKnowingly() throws {
        let log = try Log("two_machines_edit", first: ["value 70", "note original", "save"])
        defer { log.finish() }
        try log.b.run(["edit 1", "note typo fixed"])
        let edited = try log.a.run(["edit 1", "value 90", "save"])
        #expect(edited.stdout.contains("Saved #1: 90.0 kg"), "\(edited)")

        let refused = try log.b.run(["save"])
        #expect(
            refused.stderr.contains(
                "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 90.0 kg on \(Self.minute), note \"original\". The draft is kept; type \"save\" again to overwrite the entry with it."
            ), "\(refused)")
        #expect(log.stored() == "1|90|original|2\n", "the laptop's save is still there")

        let overwritten = try log.b.run(["save"])
        #expect(overwritten.stdout.contains("Saved #1: 70.0 kg on \(Self.minute) (changed)."), "\(overwritten)")
        #expect(log.stored() == "1|70|typo fixed|3\n")
        // The laptop sees the desktop's save before its next command that reads the log.
        let listed = try log.a.run(["list"])
        #expect(listed.stdout.contains("#1  \(Self.minute)  70.0 kg  trend 70.0  typo fixed"), "\(listed)")
    }

    @Test func aDeleteOfAnEntryChangedSinceItWasShownIsRefused() throws {
        let log = try Log("two_machines_delete", first: ["value 70", "save"])
        defer { log.finish() }
        try log.b.run(["list"])
        try log.a.run(["edit 1", "value 90", "save"])

        let refused = try log.b.run(["delete 1"])
        #expect(
            refused.stderr.contains(
                "error: Entry #1 was changed by another session since this one read it; nothing was written. It now holds #1: 90.0 kg on \(Self.minute), no note. Type \"delete 1\" again to delete it as it is now."
            ), "\(refused)")
        #expect(log.server.rowCount(database: log.name) == 1)

        let deleted = try log.b.run(["delete 1"])
        #expect(deleted.stdout.contains("Deleted #1: 90.0 kg on \(Self.minute)."), "\(deleted)")
        #expect(log.server.rowCount(database: log.name) == 0)
    }

    @Test func anEditOfAnEntryTheOtherMachineDeletedIsRefusedThenSavedAsNew() throws {
        let log = try Log("two_machines_deleted", first: ["value 70", "save"])
        defer { log.finish() }
        try log.b.run(["edit 1", "note still wanted"])
        try log.a.run(["delete 1"])

        let refused = try log.b.run(["save"])
        #expect(
            refused.stderr.contains(
                "error: Entry #1 was deleted by another session; nothing was written. The draft is kept; type \"save\" again to save it as a new entry."
            ), "\(refused)")
        #expect(log.server.rowCount(database: log.name) == 0)

        let saved = try log.b.run(["save"])
        #expect(saved.stdout.contains("Saved #2: 70.0 kg on \(Self.minute)."), "\(saved)")
        #expect(log.stored() == "2|70|still wanted|1\n")
    }
}

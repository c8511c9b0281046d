import Testing
import TrendKit
import TrendPostgres
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The store on a real PostgreSQL server (the tests' own): set up on first contact, one
/// identity kept, another program's database and a newer format left alone, another
/// session's commit noticed, a serialization failure retried, and a server that is not
/// there said so.
@MainActor
@Suite struct ServerStoreTests {
    static var counter = 0

    /// A fresh, empty database of its own for each test, and its name.
    static func database(_ name: String) throws -> (server: PostgresServer, name: String, address: ServerAddress) {
        let server = try PostgresServer.shared()
        counter += 1
        let unique = "store_\(name)_\(getpid())_\(counter)"
        let uri = try server.makeDatabase(named: unique)
        let address = try #require(ServerAddress(uri))
        return (server, unique, address)
    }

    static func entries(_ store: ServerStore) throws -> Int64 {
        try store.read(.weights) { db throws(StorageError) in try db.integer("SELECT count(*) FROM entries") }
    }

    @Test func aFirstContactSetsTheStoreUpAndEveryLaterOneFindsTheSameIdentity() throws {
        let (server, name, address) = try Self.database("setup")
        let first = ServerStore(address: address)
        #expect(try Self.entries(first) == 0)
        let identity = try #require(first.identity)
        #expect(identity.count == 36 && identity.split(separator: "-").count == 5)
        let second = ServerStore(address: address)
        #expect(try Self.entries(second) == 0)
        #expect(second.identity == identity)
        let format = server.psql(database: name, sql: "SELECT format FROM trendsh_store")
        #expect(format.stdout.filter { !$0.isWhitespace } == String(Schema.server.latestVersion))
    }

    @Test func anotherProgramsDatabaseIsLeftAsItWas() throws {
        let (server, name, address) = try Self.database("foreign")
        #expect(server.psql(database: name, sql: "CREATE TABLE their_table (x integer)").status == 0)
        let store = ServerStore(address: address)
        #expect(throws: StorageError.foreignServerDatabase(server: address.displayed)) { try Self.entries(store) }
        let tables = server.psql(
            database: name, sql: "SELECT string_agg(tablename, ',') FROM pg_tables WHERE schemaname = 'public'")
        #expect(tables.stdout.filter { !$0.isWhitespace } == "their_table")
    }

    @Test func aStoreANewerTrendshWroteIsRefused() throws {
        let (server, name, address) = try Self.database("newer")
        #expect(try Self.entries(ServerStore(address: address)) == 0)
        #expect(server.psql(database: name, sql: "UPDATE trendsh_store SET format = 99").status == 0)
        #expect(throws: StorageError.newerFormat(version: 99)) { try Self.entries(ServerStore(address: address)) }
    }

    @Test func anotherSessionsCommitIsNoticedAndOurOwnIsNot() throws {
        let (server, name, address) = try Self.database("noticed")
        let mine = ServerStore(address: address)
        let theirs = ServerStore(address: address)
        #expect(try Self.entries(mine) == 0)
        #expect(mine.changedElsewhere() == false)
        try theirs.write(.weights) { db throws(StorageError) in
            try db.run(
                "INSERT INTO entries (taken_at, kilograms, note) VALUES (?, ?, '')",
                [.text("2026-12-01T07:00:00.000Z"), .real(75)])
        }
        #expect(mine.changedElsewhere() == true)
        #expect(mine.changedElsewhere() == false)
        try mine.write(.weights) { db throws(StorageError) in
            try db.run("UPDATE entries SET note = ? WHERE kilograms = ?", [.text("mine"), .real(75)])
        }
        #expect(mine.changedElsewhere() == false)
        // A person editing the store by hand counts as another session.
        #expect(server.psql(database: name, sql: "UPDATE entries SET note = 'by hand'").status == 0)
        #expect(mine.changedElsewhere() == true)
    }

    @Test func aWriteThatMeetsAnotherWritersTurnWaitsForItAndLands() throws {
        let (server, name, address) = try Self.database("conflict")
        let store = ServerStore(address: address)
        var began = 0
        store.trace.start { event in
            if case .writeBegan = event { began += 1 }
        }
        #expect(try Self.entries(store) == 0)
        let before = try #require(
            Int(server.psql(database: name, sql: "SELECT counter FROM trendsh_change_count").stdout.filter(\.isNumber)))
        // Another writer holds the writers' turn for a moment and commits a change: the
        // store's write waits for it, and lands after it. The holder is known to hold the turn
        // once it sleeps: its UPDATE came first.
        let holder = server.startPsql(
            database: name,
            sql: "BEGIN; UPDATE trendsh_change_count SET counter = counter + 1; SELECT pg_sleep(3); COMMIT;")
        var waited = 0
        while waited < 400 {
            let held = server.psql(
                database: name,
                sql:
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event = 'PgSleep'"
            )
            if held.stdout.filter({ !$0.isWhitespace }) == "1" { break }
            usleep(50_000)
            waited += 1
        }
        try #require(waited < 400, "the other writer never took the turn")
        let counter = try store.write(.weights) { db throws(StorageError) in
            try db.integer("SELECT counter FROM trendsh_change_count")
        }
        #expect(holder.wait(silenceTimeout: .seconds(60)).status == 0)
        // It read the counter after the other writer's commit: the wait ended with it.
        #expect(counter == Int64(before) + 1, "counter \(counter), before \(before)")
        // One attempt or two (a serialization failure is tried again): the write lands either way.
        #expect(began >= 1)
    }

    /// A write whose rows another connection changes between its read and its update: the
    /// server refuses it with a serialization failure (40001), and the store tries it again,
    /// up to `ServerStore.writeAttempts` times in all, then says `.writeConflict`.
    @Test(arguments: [1, 2, 3])
    func aSerializationFailureIsTriedAgainABoundedNumberOfTimes(interferences: Int) throws {
        let (server, name, address) = try Self.database("serialization_\(interferences)")
        let store = ServerStore(address: address)
        #expect(try Self.entries(store) == 0)
        // Made after trendsh set the database up, which it would refuse as another program's.
        #expect(
            server.psql(database: name, sql: "CREATE TABLE tally (n integer); INSERT INTO tally VALUES (0)").status == 0
        )
        let other = try PostgresConnection(uri: server.uri(database: name))
        var attempts = 0
        let write = { () throws(StorageError) -> Int64 in
            try store.write(.weights) { db throws(StorageError) in
                attempts += 1
                let read = try db.integer("SELECT n FROM tally")
                if attempts <= interferences {
                    // Another program's change, committed after this transaction's snapshot.
                    do { try other.execute("UPDATE tally SET n = n + 100") } catch { Issue.record("\(error)") }
                }
                try db.run("UPDATE tally SET n = ?", [.integer(read + 1)])
                return read
            }
        }
        if interferences < ServerStore.writeAttempts {
            let read = try write()
            #expect(attempts == interferences + 1)
            // The attempt that landed read every interference, and added its one.
            #expect(read == Int64(interferences * 100))
            let tally = server.psql(database: name, sql: "SELECT n FROM tally").stdout.filter(\.isNumber)
            #expect(tally == String(interferences * 100 + 1))
        } else {
            #expect(throws: StorageError.writeConflict) { _ = try write() }
            #expect(attempts == ServerStore.writeAttempts)
            // No attempt's update landed: only the other program's changes are there.
            let tally = server.psql(database: name, sql: "SELECT n FROM tally").stdout.filter(\.isNumber)
            #expect(tally == String(interferences * 100))
        }
    }

    @Test func aServerThatIsNotThereCannotBeReachedAndItsPasswordIsNeverShown() throws {
        // Port 1 on loopback: nothing listens there, so the connection is refused.
        let address = try #require(ServerAddress("postgresql://someone:secret@127.0.0.1:1/trend"))
        let store = ServerStore(address: address, timeouts: .init(connectSeconds: 2, statementMilliseconds: 2_000))
        do {
            _ = try Self.entries(store)
            Issue.record("a store with no server was read")
        } catch {
            guard let error = error as? StorageError, case .serverUnreachable(let shown, _) = error else {
                Issue.record("expected the server to be unreachable, got \(error)")
                return
            }
            #expect(shown == address.displayed)
            #expect(!"\(error)".contains("secret"))
        }
    }
}

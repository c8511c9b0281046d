import Testing
import TrendKit
import TrendPostgres
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The store on a real PostgreSQL server (the tests' own): set up only by the administrator's
/// run, never by a person's session; one identity kept; a role the server's rules do not hold
/// for refused; an older store upgraded only by the administrator, its rows becoming one
/// person's log; another program's database and a newer format left alone; another session's
/// commit noticed, a serialization failure retried, and a server that is not there said so.
@MainActor
@Suite struct ServerStoreTests {
    static var counter = 0

    /// A fresh database of its own for each test, set up by the administrator's run, its name,
    /// and its address as the tests' person.
    static func database(_ name: String) throws -> (server: PostgresServer, name: String, address: ServerAddress) {
        let server = try PostgresServer.shared()
        let unique = uniqueName(name)
        let uri = try server.makeDatabase(named: unique)
        let address = try #require(ServerAddress(uri))
        return (server, unique, address)
    }

    /// A fresh database with no store, its name, and its address as the superuser.
    static func emptyDatabase(_ name: String) throws -> (server: PostgresServer, name: String, admin: ServerAddress) {
        let server = try PostgresServer.shared()
        let unique = uniqueName(name)
        let address = try #require(ServerAddress(try server.makeEmptyDatabase(named: unique)))
        return (server, unique, address)
    }

    static func uniqueName(_ name: String) -> String {
        counter += 1
        return "store_\(name)_\(getpid())_\(counter)"
    }

    /// The address of `database` as `role`.
    static func address(_ server: PostgresServer, _ database: String, role: String) throws -> ServerAddress {
        try #require(ServerAddress(server.uri(database: database, role: role)))
    }

    /// A login role of a person's, or of an administrator's with `powers` (`CREATEROLE`…).
    static func role(_ server: PostgresServer, _ name: String, _ powers: String = "") {
        let made = server.psql(
            database: "postgres",
            sql: "DO $$ BEGIN CREATE ROLE \(name) LOGIN \(powers); EXCEPTION WHEN duplicate_object THEN NULL; END $$")
        #expect(made.status == 0, "\(made)")
    }

    static func entries(_ store: ServerStore) throws -> Int64 {
        try store.read(.weights) { db throws(StorageError) in try db.integer("SELECT count(*) FROM entries") }
    }

    static func tables(_ server: PostgresServer, _ database: String) -> String {
        server.psql(
            database: database,
            sql:
                "SELECT coalesce(string_agg(tablename, ',' ORDER BY tablename), '') FROM pg_tables WHERE schemaname = 'public'"
        ).stdout.filter { !$0.isWhitespace }
    }

    @Test func everySessionOnAStoreFindsTheIdentityTheAdministratorsRunMade() throws {
        let (server, name, address) = try Self.database("identity")
        let first = ServerStore(address: address)
        #expect(try Self.entries(first) == 0)
        let identity = try #require(first.identity)
        #expect(identity.count == 36 && identity.split(separator: "-").count == 5)
        let second = ServerStore(address: address)
        #expect(try Self.entries(second) == 0)
        #expect(second.identity == identity)
        let stored = server.psql(database: name, sql: "SELECT identity, format FROM trendsh_store")
        #expect(stored.stdout == "\(identity)|\(Schema.server.latestVersion)\n")
    }

    @Test func aPersonsSessionNeverSetsAStoreUpAndTheAdministratorsRunDoesOnce() throws {
        let (server, name, admin) = try Self.emptyDatabase("set_up")
        let person = try Self.address(server, name, role: PostgresServer.person)
        let early = ServerStore(address: person)
        #expect(throws: StorageError.serverStoreNotSetUp(server: person.displayed)) { try Self.entries(early) }
        #expect(Self.tables(server, name) == "", "a person's session made tables")
        let made = try ServerAdministration.setUp(address: admin, firstPerson: nil)
        #expect(made.change == .created && made.format == Schema.server.latestVersion && made.firstPerson == nil)
        // Nobody is a person yet: the administrator is not one.
        #expect(server.psql(database: name, sql: "SELECT count(*) FROM people").stdout == "0\n")
        let again = try ServerAdministration.setUp(address: admin, firstPerson: nil)
        #expect(again.change == .upToDate && again.steps.isEmpty)
        // The same session tries again, and finds the store now.
        #expect(try Self.entries(early) == 0)
        #expect(server.psql(database: name, sql: "SELECT name FROM people").stdout == "\(PostgresServer.person)\n")
        let owner = server.psql(
            database: name, sql: "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'")
        #expect(owner.stdout == "\(ServerRules.owner)\n")
    }

    /// Roles the rules do not hold for: a superuser, a role with BYPASSRLS, and a member of
    /// the tables' owner (as an older trendsh made the role that set the store up).
    @Test func aPersonsSessionAsARoleTheRulesDoNotHoldForIsRefusedAndReadsNothing() throws {
        let (server, name, _) = try Self.database("powers")
        Self.role(server, "store_bypassing", "BYPASSRLS")
        Self.role(server, "store_owner_member")
        #expect(server.psql(database: "postgres", sql: "GRANT \(ServerRules.owner) TO store_owner_member").status == 0)
        let refused: [(String, AdministratorPower)] = [
            (PostgresServer.superuser, .superuser), ("store_bypassing", .bypassesRowSecurity),
            ("store_owner_member", .ownerMember),
        ]
        for (role, power) in refused {
            let store = ServerStore(address: try Self.address(server, name, role: role))
            #expect(throws: StorageError.administratorRole(role: role, power: power)) { try Self.entries(store) }
            #expect(store.personName == nil, "\(role) was given a log")
        }
        #expect(server.psql(database: name, sql: "SELECT count(*) FROM people").stdout == "0\n")
    }

    /// A store an older trendsh set up as the person whose log it is (format 13, before
    /// people): refused to her session, upgraded by the administrator in one transaction, and
    /// then hers, with the tables handed to the owner and her no member of it. With a first
    /// person named, the rows are that person's instead.
    @Test(arguments: [nil, "store_upgrade_heir"])
    func anOlderStoreIsUpgradedOnlyByTheAdministratorAndItsRowsBecomeOnePersonsLog(heir: String?) throws {
        let server = try PostgresServer.shared()
        let name = Self.uniqueName("older")
        let alice = "store_upgrade_alice"
        Self.role(server, alice)
        if let heir { Self.role(server, heir) }
        // As an older trendsh set it up: in a database alice owns, its tables hers.
        #expect(
            server.psql(database: "postgres", sql: "CREATE DATABASE \(name) OWNER \(alice) TEMPLATE template0").status
                == 0)
        let old = try PostgresConnection(uri: server.uri(database: name, role: alice))
        try old.transaction { (connection) throws(PostgresError) in
            for statement in ServerSchema(Schema.server.migrations.filter { $0.version <= 13 })
                .statements(upgradingFrom: 0)
            {
                try connection.executeScript(statement)
            }
            try connection.execute(
                "INSERT INTO entries (taken_at, kilograms, note) VALUES ('2026-11-28T07:30:00.000Z', 71.5, 'before people')"
            )
        }
        let aliceAddress = try Self.address(server, name, role: alice)
        #expect(
            throws: StorageError.serverStoreOlder(
                server: aliceAddress.displayed, format: 13, latest: Schema.server.latestVersion)
        ) {
            try Self.entries(ServerStore(address: aliceAddress))
        }
        let upgraded = try ServerAdministration.setUp(
            address: try Self.address(server, name, role: PostgresServer.superuser),
            firstPerson: heir.flatMap(PersonName.init))
        #expect(upgraded.change == .upgraded(from: 13))
        #expect(upgraded.firstPerson == heir ?? alice)
        #expect(upgraded.steps.count == Schema.server.migrations.filter { $0.version > 13 }.count)
        let owner = server.psql(
            database: name, sql: "SELECT DISTINCT tableowner FROM pg_tables WHERE schemaname = 'public'")
        #expect(owner.stdout == "\(ServerRules.owner)\n")
        let member = server.psql(
            database: "postgres", sql: "SELECT pg_has_role('\(alice)', '\(ServerRules.owner)', 'MEMBER')")
        #expect(member.stdout == "f\n")
        #expect(try Self.entries(ServerStore(address: aliceAddress)) == (heir == nil ? 1 : 0))
        if let heir {
            #expect(try Self.entries(ServerStore(address: try Self.address(server, name, role: heir))) == 1)
        }
    }

    @Test func aRoleThatMayNotOwnTheTablesCannotSetAStoreUpAndChangesNothing() throws {
        let (server, name, _) = try Self.emptyDatabase("no_power")
        // Once a store of the cluster is set up, the owner role exists: the role lacks its membership.
        _ = try Self.database("no_power_other")
        Self.role(server, "store_plain")
        let plain = try Self.address(server, name, role: "store_plain")
        #expect(
            throws: StorageError.cannotAdminister(
                role: "store_plain", lacking: .ownerMembership(owner: ServerRules.owner))
        ) {
            _ = try ServerAdministration.setUp(address: plain, firstPerson: nil)
        }
        #expect(Self.tables(server, name) == "")
    }

    /// The database's owner with CREATEROLE, not a superuser, sets the store up: it makes
    /// itself a member of the owner role, so it is an administrator's role from then on, and
    /// trendsh refuses to run a person's session as it.
    @Test func aDatabaseOwnerWhoMayCreateRolesSetsTheStoreUpAndIsNoPersonAfter() throws {
        let server = try PostgresServer.shared()
        let name = Self.uniqueName("createrole")
        let admin = "store_createrole_admin"
        Self.role(server, admin, "CREATEROLE")
        #expect(
            server.psql(database: "postgres", sql: "CREATE DATABASE \(name) OWNER \(admin) TEMPLATE template0").status
                == 0)
        let address = try Self.address(server, name, role: admin)
        #expect(try ServerAdministration.setUp(address: address, firstPerson: nil).change == .created)
        #expect(
            try Self.entries(ServerStore(address: try Self.address(server, name, role: PostgresServer.person))) == 0)
        #expect(throws: StorageError.administratorRole(role: admin, power: .ownerMember)) {
            try Self.entries(ServerStore(address: address))
        }
    }

    /// A later trendsh's step, for the upgrade of a store at today's format: a table that
    /// holds a person's data, put under the rules as every such table is.
    static let laterSchema = ServerSchema(
        Schema.server.migrations + [
            ServerMigration(
                version: Schema.server.latestVersion + 1, feature: .storage, summary: "a later step",
                sql: [
                    "CREATE TABLE later_things (person text COLLATE \"C\" NOT NULL DEFAULT current_user, thing text)"
                ] + ServerRules.guardStatements)
        ])

    /// A member of `trendsh_owner` that may only `SET ROLE` to it (NOINHERIT) upgrades a store
    /// set up already: the steps run as the owner, and the new table is the owner's, under the
    /// rules. A role that is no member is refused and changes nothing.
    @Test func aMemberOfTheOwnerUpgradesAStoreAsTheOwnerAndAnyOtherRoleIsRefused() throws {
        let (server, name, _) = try Self.database("member_upgrade")
        Self.role(server, "store_upgrader", "NOINHERIT")
        Self.role(server, "store_bystander", "CREATEROLE")
        #expect(server.psql(database: "postgres", sql: "GRANT \(ServerRules.owner) TO store_upgrader").status == 0)
        let bystander = try Self.address(server, name, role: "store_bystander")
        #expect(
            throws: StorageError.cannotAdminister(
                role: "store_bystander", lacking: .ownerMembership(owner: ServerRules.owner))
        ) {
            _ = try ServerAdministration.setUp(address: bystander, firstPerson: nil, schema: Self.laterSchema)
        }
        #expect(!Self.tables(server, name).contains("later_things"))
        let upgraded = try ServerAdministration.setUp(
            address: try Self.address(server, name, role: "store_upgrader"), firstPerson: nil, schema: Self.laterSchema)
        #expect(upgraded.change == .upgraded(from: Schema.server.latestVersion))
        #expect(upgraded.steps == ["a later step"])
        let table = server.psql(
            database: name,
            sql: "SELECT tableowner, rowsecurity FROM pg_tables WHERE tablename = 'later_things'")
        #expect(table.stdout == "\(ServerRules.owner)|t\n", "\(table)")
    }

    @Test func anotherProgramsDatabaseIsLeftAsItWas() throws {
        let (server, name, admin) = try Self.emptyDatabase("foreign")
        #expect(server.psql(database: name, sql: "CREATE TABLE their_table (x integer)").status == 0)
        let person = try Self.address(server, name, role: PostgresServer.person)
        #expect(throws: StorageError.foreignServerDatabase(server: person.displayed)) {
            try Self.entries(ServerStore(address: person))
        }
        #expect(throws: StorageError.foreignServerDatabase(server: admin.displayed)) {
            _ = try ServerAdministration.setUp(address: admin, firstPerson: nil)
        }
        #expect(Self.tables(server, name) == "their_table")
    }

    @Test func aStoreANewerTrendshWroteIsRefused() throws {
        let (server, name, address) = try Self.database("newer")
        #expect(try Self.entries(ServerStore(address: address)) == 0)
        #expect(server.psql(database: name, sql: "UPDATE trendsh_store SET format = 99").status == 0)
        #expect(throws: StorageError.newerFormat(version: 99)) { try Self.entries(ServerStore(address: address)) }
        #expect(throws: StorageError.newerFormat(version: 99)) {
            _ = try ServerAdministration.setUp(
                address: try Self.address(server, name, role: PostgresServer.superuser), firstPerson: nil)
        }
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
            server.psql(
                database: name,
                sql: "CREATE TABLE tally (n integer); INSERT INTO tally VALUES (0); GRANT ALL ON tally TO PUBLIC"
            ).status == 0
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

    /// A coach's session that reads alice's log while alice takes the sharing back: its next
    /// read is refused, naming the logs it may read, rather than showing an empty log as if
    /// alice had none; it can go back to its own log.
    @Test func aReadOfALogUnsharedWhileTheSessionReadsItIsRefusedNamingWhatItMayRead() throws {
        let (server, name, _) = try Self.database("unshared")
        Self.role(server, "store_unshared_alice")
        Self.role(server, "store_unshared_coach")
        let alice = ServerStore(address: try Self.address(server, name, role: "store_unshared_alice"))
        let coach = ServerStore(address: try Self.address(server, name, role: "store_unshared_coach"))
        let coachName = try #require(PersonName("store_unshared_coach"))
        try alice.write(.weights) { db throws(StorageError) in
            try db.run(
                "INSERT INTO entries (taken_at, kilograms, note) VALUES (?, ?, '')",
                [.text("2026-12-01T07:00:00.000Z"), .real(70)])
        }
        #expect(try alice.share(with: coachName))
        try coach.choosePerson(try #require(PersonName("store_unshared_alice")))
        #expect(try Self.entries(coach) == 1)

        #expect(try alice.unshare(with: coachName))
        #expect(
            throws: StorageError.logNotShared(name: "store_unshared_alice", readable: ["store_unshared_coach"])
        ) { try Self.entries(coach) }
        #expect(try Self.entries(alice) == 1)
        try coach.choosePerson(coachName)
        #expect(try Self.entries(coach) == 0)
        #expect(coach.personName == "store_unshared_coach")
    }
}

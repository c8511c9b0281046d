import Testing
import TrendshTestSupport

/// The administrator's run, `trendsh --store URI --set-up`, and what a person's session does
/// instead, through the built binary: a person's session never sets a store up (it says who
/// does, and keeps the draft for when the store is there), the administrator's run sets it up
/// once and then finds nothing to do, a role that may not own the tables changes nothing, and
/// a session as a role the server's rules do not hold for is refused, reading nothing
/// (docs/shared-log.md, docs/security.md).
@Suite struct ServerSetUpTests {
    static let notSetUp = "holds no trendsh store yet, and a person's session never sets one up"
    static let superuser =
        "error: trendsh will not open a person's log as postgres: it is a superuser, and the server's rules do not hold for it"

    @Test func aPersonsSessionKeepsItsDraftUntilTheAdministratorSetsTheStoreUp() throws {
        let server = try PostgresServer.shared()
        let admin = try server.makeEmptyDatabase(named: "set_up_later")
        let person = server.uri(database: "set_up_later", role: PostgresServer.person)
        let shell = Shell()
        defer { shell.home.remove() }
        let early = shell.run(
            arguments: ["--store", person, "--now", Fixtures.now], input: "value 75\nnote waiting\nsave\n")
        #expect(early.status == 1, "\(early)")
        #expect(early.stderr.contains(Self.notSetUp), "\(early)")
        #expect(early.stderr.contains("`trendsh --set-up`"), "\(early)")
        #expect(early.stdout.contains("value: 75"), "\(early)")
        #expect(server.rowCount(database: "set_up_later") == nil, "a person's session made the tables")

        let setUp = shell.run(arguments: ["--store", admin, "--set-up"])
        #expect(setUp.status == 0, "\(setUp)")
        #expect(setUp.stdout.hasPrefix("Set up the trendsh store at \(admin), format "), "\(setUp)")
        #expect(setUp.stderr.isEmpty, "\(setUp)")
        let again = shell.run(arguments: ["--store", admin, "--set-up"])
        #expect(again.status == 0, "\(again)")
        #expect(again.stdout.contains("this trendsh's, so nothing was changed."), "\(again)")

        // The draft the first session kept is restored and saved, once.
        let later = shell.run(arguments: ["--store", person, "--now", Fixtures.now], input: "save\nlist\n")
        #expect(later.status == 0, "\(later)")
        #expect(later.stdout.contains("Restored unsaved draft (new entry): value \"75\""), "\(later)")
        #expect(later.stdout.contains(Fixtures.savedFirst), "\(later)")
        #expect(server.rowCount(database: "set_up_later") == 1)
    }

    @Test func aSessionAsTheSuperuserIsRefusedAndReadsNothing() throws {
        let server = try PostgresServer.shared()
        _ = try server.makeDatabase(named: "set_up_superuser")
        let shell = Shell()
        defer { shell.home.remove() }
        let refused = shell.run(
            arguments: ["--store", server.uri(database: "set_up_superuser"), "--now", Fixtures.now],
            input: "list\nvalue 75\nsave\n")
        #expect(refused.status == 1, "\(refused)")
        #expect(refused.stderr.contains(Self.superuser), "\(refused)")
        #expect(refused.stderr.contains("Log in as your own role"), "\(refused)")
        #expect(!refused.stdout.contains("Saved"), "\(refused)")
        #expect(server.psql(database: "set_up_superuser", sql: "SELECT count(*) FROM people").stdout == "0\n")
    }

    @Test func aRoleThatMayNotOwnTheTablesCannotSetTheStoreUp() throws {
        let server = try PostgresServer.shared()
        // Once a store of the cluster is set up, the owner role exists: the role lacks its membership.
        _ = try server.makeDatabase(named: "set_up_refused_other")
        _ = try server.makeEmptyDatabase(named: "set_up_refused")
        let shell = Shell()
        defer { shell.home.remove() }
        let refused = shell.run(
            arguments: [
                "--store", server.uri(database: "set_up_refused", role: PostgresServer.person), "--set-up",
            ])
        #expect(refused.status == 1, "\(refused)")
        #expect(
            refused.stderr.hasPrefix(
                "error: The role \(PostgresServer.person) cannot set up or upgrade the store: its tables belong to trendsh_owner"
            ), "\(refused)")
        #expect(refused.stdout.isEmpty)
        let tables = server.psql(
            database: "set_up_refused", sql: "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")
        #expect(tables.stdout == "0\n")
    }

    @Test(arguments: [
        (["--store", "/tmp/trendsh-never.sqlite", "--set-up"], "--set-up sets up a store on a PostgreSQL server"),
        (["--set-up"], "--set-up sets up a store on a PostgreSQL server"),
        (["--store", "postgresql://me@127.0.0.1:1/x", "--set-up", "--format", "json"], "--format"),
        (["--store", "postgresql://me@127.0.0.1:1/x", "--set-up", "-c", "list"], "--set-up"),
    ])
    func setUpWithoutAServerOrWithAnotherRunIsAUsageError(arguments: [String], words: String) {
        let shell = Shell()
        defer { shell.home.remove() }
        let result = shell.run(arguments: arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains(words), "\(result)")
        #expect(!fileExists("/tmp/trendsh-never.sqlite"))
    }
}

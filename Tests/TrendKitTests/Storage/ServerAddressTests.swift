import Testing
import TrendKit

/// How `--store` names a PostgreSQL server: only a URI does; its parts as libpq reads them;
/// the password never shown; the local files named from host, port, database and role.
@Suite struct ServerAddressTests {
    @Test(arguments: [
        "service=trend", "trend.sqlite", ":memory:", "postgresql", "postgresql:/x", "/tmp/postgresql://x",
    ])
    func onlyAURINamesAServer(text: String) {
        #expect(ServerAddress(text) == nil)
    }

    @Test func theURIsPartsAreReadAsLibpqReadsThem() throws {
        let address = try #require(
            ServerAddress("postgresql://alice:s%3Acret@db.example.org:5433/trend?sslmode=require"))
        #expect(address.user == "alice")
        #expect(address.hasPassword)
        #expect(address.hosts == [ServerAddress.Host(name: "db.example.org", port: "5433")])
        #expect(address.database == "trend")
        #expect(address.parameters.map(\.key) == ["sslmode"])
        let short = try #require(ServerAddress("postgres://"))
        #expect(short.hosts.isEmpty && short.user == nil && short.database == nil)
        let listed = try #require(ServerAddress("postgresql://[::1]:5432,other/trend"))
        #expect(listed.hosts == [.init(name: "::1", port: "5432"), .init(name: "other", port: nil)])
    }

    @Test func parametersWinOverTheURIsParts() throws {
        let address = try #require(ServerAddress("postgresql://bob@h/one?dbname=two&user=carol&port=6000"))
        #expect(address.database == "two")
        #expect(address.user == "carol")
        #expect(address.hosts == [.init(name: "h", port: "6000")])
        let socket = try #require(ServerAddress("postgresql:///trend?host=/run/pg"))
        #expect(socket.hosts == [.init(name: "/run/pg", port: nil)])
    }

    @Test(arguments: ["postgresql://h:port/x", "postgresql://h/x%zz", "postgresql://[::1/x", "postgresql://u%@h"])
    func aURIThatCannotBeReadIsNoAddress(text: String) {
        #expect(ServerAddress(text) == nil)
    }

    @Test func thePasswordIsNeverShown() throws {
        let address = try #require(
            ServerAddress("postgresql://alice:hunter2@h:5432/trend?password=hunter2&sslmode=require"))
        #expect(address.displayed == "postgresql://alice:***@h:5432/trend?password=***&sslmode=require")
        #expect(!address.identity(environment: [:]).contains("hunter2"))
        #expect(!address.fileStem(environment: [:]).contains("hunter2"))
        let without = try #require(ServerAddress("postgres://alice@h/trend"))
        #expect(without.displayed == "postgres://alice@h/trend")
    }

    @Test func theLocalFilesAreNamedFromHostPortDatabaseAndRole() throws {
        let address = try #require(ServerAddress("postgresql://alice@db.example.org:5433/trend"))
        #expect(address.identity(environment: [:]) == "db.example.org 5433 trend alice")
        #expect(address.fileStem(environment: [:]) == "pg-db.example.org+5433+trend+alice")
        // What the URI leaves out, the PG* variables give, then libpq's defaults.
        let bare = try #require(ServerAddress("postgresql://"))
        #expect(
            bare.identity(environment: ["PGHOST": "10.0.0.2", "PGDATABASE": "log", "USER": "bob"])
                == "10.0.0.2 5432 log bob")
        #expect(bare.identity(environment: ["USER": "bob"]) == "/var/run/postgresql 5432 bob bob")
        #expect(bare.fileStem(environment: ["USER": "bob"]) == "pg-%2Fvar%2Frun%2Fpostgresql+5432+bob+bob")
        let service = try #require(ServerAddress("postgresql:///?service=household"))
        #expect(service.service == "household")
        #expect(service.fileStem(environment: [:]) == "pg-service+household")
        // Two stores that differ only in the database get two names.
        #expect(
            ServerAddress("postgresql://a@h/x")?.fileStem(environment: [:])
                != ServerAddress("postgresql://a@h/y")?.fileStem(environment: [:]))
    }

    @Test(arguments: [
        ("postgresql://admin@127.0.0.1:5432/lesson", "postgresql://coach@127.0.0.1:5432/lesson"),
        ("postgres://127.0.0.1/lesson", "postgres://coach@127.0.0.1/lesson"),
        (
            "postgresql://admin:s3cret@[::1]:6000,other/lesson?sslmode=require",
            "postgresql://coach@[::1]:6000,other/lesson?sslmode=require"
        ),
        (
            "postgresql:///lesson?host=/run/pg&port=5433&user=admin",
            "postgresql:///lesson?host=/run/pg&port=5433&user=coach"
        ),
        ("postgresql://admin@/lesson?user=root&password=x&port=5433", "postgresql:///lesson?user=coach&port=5433"),
        ("postgresql:///?service=lessons", "postgresql://coach@/?service=lessons"),
    ])
    func aLessonsRoleLogsInToTheSameDatabaseWithItsOwnNameAndNoPassword(uri: String, expected: String) throws {
        let role = try #require(PersonName("coach"))
        let address = try #require(ServerAddress(uri)).loggingIn(as: role)
        #expect(address.uri == expected)
        #expect(address.user == "coach")
        #expect(!address.hasPassword)
        let original = try #require(ServerAddress(uri))
        #expect(address.hosts == original.hosts)
        #expect(address.database == original.database)
        #expect(address.service == original.service)
    }
}

import Testing
import TrendKit
import TrendPostgres
import TrendshTestSupport

/// The server's schema (`Schema.server`) against SQLite's (`Schema.trendsh`), on the tests'
/// own PostgreSQL server: applied to an empty database in one transaction, the same tables,
/// columns, keys, indexes and triggers as a fresh SQLite store, and the same rows left by
/// the same changes on both. Each database's default collation is ICU's English, not C, as
/// on a server set up in a person's language, so only the columns' own collation sorts
/// bytewise.
@Suite struct ServerSchemaTests {
    /// A new database on the tests' server, its default collation a language's, with the
    /// whole server schema applied in one transaction.
    static func serverStore(_ name: String) throws -> (PostgresServer, PostgresConnection) {
        let server = try PostgresServer.shared()
        let made = server.psql(
            database: "postgres",
            sql: "CREATE DATABASE \(name) TEMPLATE template0 LOCALE_PROVIDER icu ICU_LOCALE 'en-US'")
        try #require(made.status == 0, "\(made.stderr)")
        let connection = try PostgresConnection(uri: server.uri(database: name))
        try apply(Schema.server.statements(upgradingFrom: 0), on: connection)
        // A store set up anew holds nobody; a person is added as they first log in, as the
        // role these tests connect as is here.
        try connection.execute("INSERT INTO people (name, added_at) VALUES (current_user, '2026-11-29T08:00:00.000Z')")
        return (server, connection)
    }

    /// Runs `statements` in one transaction, as a PostgreSQL store's migration does.
    static func apply(_ statements: [String], on connection: PostgresConnection) throws {
        try connection.transaction { (connection) throws(PostgresError) in
            for statement in statements { try connection.execute(statement) }
        }
    }

    /// A fresh SQLite store made by TrendKit's `Store`, opened as another program opens it,
    /// with foreign keys on as trendsh turns them on.
    @MainActor
    static func sqliteStore(in folder: TemporaryDirectory) throws -> OtherProgram {
        let path = folder.file("log.sqlite")
        // The server's rows belong to the role the tests log in as; these, to the same name.
        let store = Store(
            location: .file(path: path), schema: .trendsh,
            person: PersonRequest(name: PersonName(PostgresServer.superuser)!, source: .named))
        try store.read(.storage) { _ throws(StorageError) in }
        store.close()
        let other = try OtherProgram(path: path)
        try other.execute("PRAGMA foreign_keys = ON")
        return other
    }

    /// Every row of `table`, in the order of its columns, each value as text with numbers
    /// written one way (SQLite writes a whole REAL as `71.0`, the server as `71`).
    static func rows(_ table: String, columns: [String], sqlite: OtherProgram) throws -> [[String?]] {
        try sqlite.rows(selection(table, columns)).map(normalized)
    }

    static func rows(_ table: String, columns: [String], server: PostgresConnection) throws -> [[String?]] {
        try server.execute(selection(table, columns)).rows.map(normalized)
    }

    private static func selection(_ table: String, _ columns: [String]) -> String {
        "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY "
            + (1...columns.count).map(String.init).joined(separator: ", ")
    }

    private static func normalized(_ row: [String?]) -> [String?] {
        row.map { value in value.map { Double($0).map { String($0) } ?? $0 } }
    }

    @Test func theServerSchemaIsAtSQLitesLatestFormat() {
        // Format 19 is the server's rules (`ServerRules`), which SQLite has nothing of: its
        // step 19 changes nothing, so that a format means the same tables on both engines.
        #expect(Schema.server.latestVersion == Schema.trendsh.latestVersion)
        #expect(Schema.server.migrations.filter { $0.version == ServerRules.version }.map(\.feature) == [.people])
        #expect(Schema.trendsh.migrations.first { $0.version == ServerRules.version }?.feature == .people)
        #expect(Schema.server.migrations.first?.feature == .storage, "the store's tables come first")
        #expect(Schema.server.statements(upgradingFrom: Schema.server.latestVersion).isEmpty)
        #expect(
            Schema.server.statements(upgradingFrom: 0).last
                == "UPDATE trendsh_store SET format = \(Schema.server.latestVersion)")
        let features = FeatureDeclaration.all.filter { !$0.migrations.isEmpty }.map(\.id)
        #expect(Set(Schema.server.migrations.map(\.feature)) == Set(features + [.storage]))
    }

    @Test @MainActor func everyTableColumnKeyIndexAndTriggerIsOnBothBackends() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let sqlite = try SchemaDescription(sqlite: Self.sqliteStore(in: folder))
        let (_, connection) = try Self.serverStore("schema_shape")
        let server = try SchemaDescription(server: connection)

        #expect(
            Set(server.tables.keys).subtracting(sqlite.tables.keys) == [
                "trendsh_store", "trendsh_change_count", "shares",
            ])
        for (name, table) in sqlite.tables.sorted(by: { $0.key < $1.key }) {
            let other = try #require(server.tables[name], "no table \(name) on the server")
            #expect(other.columns == table.columns, "\(name)'s columns")
            // The server scopes some of the store's keys to the person (`ServerRules.scopedKeys`).
            let keys = Set(
                table.keys.map { key in
                    ServerRules.scopedKeys.contains { $0.table == name && [$0.column] == key } ? ["person"] + key : key
                })
            #expect(other.keys == keys, "\(name)'s keys")
            #expect(other.indexes == table.indexes, "\(name)'s indexes")
        }
        // A SQLite row inserted with no person is given one by `<table>_take_a_person`; on a
        // server every `person` column's default, the inserting role, does that instead.
        let givesAPerson = Set(sqlite.triggers.filter { $0.hasSuffix("_take_a_person") })
        #expect(
            sqlite.triggers.subtracting(server.triggers).subtracting(givesAPerson).isEmpty,
            "triggers missing on the server")
        for name in server.tables.keys where name != "trendsh_change_count" {
            #expect(server.triggers.contains(name + "_counted"), "\(name) does not raise the change counter")
        }
    }

    @Test @MainActor func theSameChangesLeaveTheSameRowsOnBothBackends() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let sqlite = try Self.sqliteStore(in: folder)
        let shape = try SchemaDescription(sqlite: sqlite)
        let (_, server) = try Self.serverStore("schema_same_rows")
        for statement in Fixtures.sameChangesOnBoth {
            try sqlite.execute(statement)
            try server.execute(statement)
        }
        for (table, description) in shape.tables.sorted(by: { $0.key < $1.key }) {
            // The time a save's record is written, or a person added, is the clock's, and differs.
            let columns = description.columns.map(\.name).filter { $0 != "applied_at" && $0 != "added_at" }
            let expected = try Self.rows(table, columns: columns, sqlite: sqlite)
            #expect(try Self.rows(table, columns: columns, server: server) == expected, "\(table)'s rows")
        }
        // The fixture reaches every trigger: none of these is empty.
        for table in ["daily_pending", "kind_daily_pending", "operations", "measurements", "completions"] {
            #expect(try !sqlite.rows("SELECT 1 FROM \(table)").isEmpty, "no rows in \(table)")
        }
    }

    @Test @MainActor func aDeletedEntrysSaveIsRecordedOnceOnBothBackends() throws {
        let folder = TemporaryDirectory()
        defer { folder.remove() }
        let sqlite = try Self.sqliteStore(in: folder)
        let (_, server) = try Self.serverStore("schema_keep_their_save")
        // A session in a zone far from UTC: the time written must still be UTC.
        try server.execute("SET TIME ZONE 'Pacific/Kiritimati'")
        let insert = """
            INSERT INTO entries (id, taken_at, kilograms, draft_id) VALUES (5, '2026-11-28T07:30:00.000Z', 71.5, 'draft-once')
            """
        let saves = "SELECT id, feature, kind, target, revision, applied_at FROM operations"
        for statement in [insert, "DELETE FROM entries WHERE id = 5"] {
            try sqlite.execute(statement)
            try server.execute(statement)
        }
        let first = try server.execute(saves).rows
        #expect(first.count == 1)
        #expect(first.first?.prefix(5) == ["draft-once", "weights", "insert", "5", "1"])
        #expect(try sqlite.rows(saves).map { $0.prefix(5) } == first.map { $0.prefix(5) })
        let written = try #require(first.first?[5])
        let isUTCNow = try server.execute(
            """
            SELECT $1 ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}[.][0-9]{3}Z$'
                AND abs(extract(epoch FROM $1::timestamp - (clock_timestamp() AT TIME ZONE 'UTC'))) < 3600
            """, [written])
        #expect(isUTCNow.rows == [["t"]], "\(written) is not the UTC time with milliseconds")

        // Put back (an undo) and deleted again: the first record stays, alone.
        for statement in [insert, "DELETE FROM entries WHERE id = 5"] {
            try sqlite.execute(statement)
            try server.execute(statement)
        }
        #expect(try server.execute(saves).rows == first)
        #expect(try sqlite.rows(saves).count == 1)
    }

    @Test func textSortsByItsBytesWhateverTheDatabasesLanguage() throws {
        let (_, server) = try Self.serverStore("schema_byte_order")
        for (offset, name) in Fixtures.namesInByteOrder.reversed().enumerated() {
            try server.execute(
                "INSERT INTO habits (name, name_key, created_at) VALUES ($1, $2, '2026-11-28T07:00:00.000Z')",
                [name, String(offset)])
        }
        #expect(
            try server.execute("SELECT name FROM habits ORDER BY name").rows == Fixtures.namesInByteOrder.map { [$0] })
        #expect(try server.execute("SELECT min(name) FROM habits WHERE name > 'Z'").rows == [["Zumba"]])
        // The database's own collation orders them otherwise, so the columns' is what counts.
        let language = try server.execute("SELECT name FROM habits ORDER BY name COLLATE \"default\"").rows
        #expect(language != Fixtures.namesInByteOrder.map { [$0] })
        let collations = try server.execute(
            """
            SELECT count(*) FROM pg_attribute a JOIN pg_class t ON t.oid = a.attrelid
            WHERE t.relnamespace = current_schema()::regnamespace AND t.relkind = 'r'
              AND a.atttypid = 'text'::regtype AND a.attcollation <> 'pg_catalog."C"'::regcollation
            """)
        #expect(collations.rows == [["0"]], "a text column without COLLATE \"C\"")
    }

    @Test func theChangeCounterRisesForACommitByHandAndNotForARollback() throws {
        let (server, connection) = try Self.serverStore("schema_change_counter")
        let database = "schema_change_counter"
        func counter() throws -> Int {
            Int(try connection.execute(StoreServerSchema.readChangeCount).rows[0][0] ?? "") ?? -1
        }
        let before = try counter()
        #expect(
            server.psql(
                database: database, sql: "INSERT INTO kinds VALUES ('neck', 'Neck', 'length', 'cm', 20, 80, 1, 1, 1)"
            ).status == 0)
        #expect(try counter() == before + 1)
        #expect(server.psql(database: database, sql: "UPDATE kinds SET name = 'Neck size'").status == 0)
        #expect(try counter() == before + 2)
        #expect(server.psql(database: database, sql: "BEGIN; UPDATE kinds SET name = 'Neck'; ROLLBACK").status == 0)
        #expect(try counter() == before + 2, "a rolled-back change raised the counter")
        // One transaction of several changes, to several tables, counts once.
        let several = "BEGIN; UPDATE kinds SET revision = 2; DELETE FROM kind_daily; TRUNCATE daily; COMMIT"
        #expect(server.psql(database: database, sql: several).status == 0)
        #expect(try counter() == before + 3)

        // A listener hears of a commit, with no payload, and of no rollback.
        let heard = server.psql(
            database: database, arguments: ["-c", "LISTEN trendsh_changes", "-c", "UPDATE kinds SET revision = 3"])
        #expect(heard.stdout.contains("Asynchronous notification \"trendsh_changes\" received"), "\(heard)")
        #expect(!heard.stdout.contains("payload"))
        let silent = server.psql(
            database: database,
            arguments: ["-c", "LISTEN trendsh_changes", "-c", "BEGIN; UPDATE kinds SET revision = 4; ROLLBACK"])
        #expect(silent.status == 0 && !silent.stdout.contains("notification"), "\(silent)")
    }

    @Test func aSecondWriterWaitsForTheFirstBeforeItNumbersANote() throws {
        let (server, first) = try Self.serverStore("schema_turns")
        let second = try PostgresConnection(uri: server.uri(database: "schema_turns"))
        let insert = "INSERT INTO entries (taken_at, kilograms) VALUES ($1, 71.5)"
        try first.execute("BEGIN")
        try first.execute(insert, ["2026-11-28T07:30:00.000Z"])
        try second.execute("SET lock_timeout = '200ms'")
        do throws(PostgresError) {
            try second.execute(insert, ["2026-11-29T07:30:00.000Z"])
            Issue.record("a second writer wrote while the first held its turn")
        } catch {
            guard case .server(let state, _) = error, state == "55P03" else {
                Issue.record("expected a lock timeout, got \(error)")
                return
            }
        }
        try first.execute("COMMIT")
        try second.execute(insert, ["2026-11-29T07:30:00.000Z"])
        // The waiting writer drew no number: the notes run 1, 2, in the order of the commits.
        #expect(
            try first.execute("SELECT seq, taken_at FROM daily_pending ORDER BY seq").rows == [
                ["1", "2026-11-28T07:30:00.000Z"], ["2", "2026-11-29T07:30:00.000Z"],
            ])
    }

    @Test func aWriteThatTakesItsTurnFirstHoldsOffOtherWritersAndRaisesNothing() throws {
        let (server, first) = try Self.serverStore("schema_take_turn")
        let second = try PostgresConnection(uri: server.uri(database: "schema_take_turn"))
        let before = try first.execute(StoreServerSchema.readChangeCount).rows
        try first.execute("BEGIN")
        try first.execute(StoreServerSchema.takeTurn)
        try second.execute("SET lock_timeout = '200ms'")
        do throws(PostgresError) {
            try second.execute("UPDATE kinds SET revision = revision + 1")
            Issue.record("a second writer wrote while the first held its turn")
        } catch {
            guard case .server(let state, _) = error, state == "55P03" else {
                Issue.record("expected a lock timeout, got \(error)")
                return
            }
        }
        try first.execute("COMMIT")
        #expect(try first.execute(StoreServerSchema.readChangeCount).rows == before)
    }

    @Test func theStoresIdentityIsMadeByTheServerAndStaysTheSame() throws {
        let (server, connection) = try Self.serverStore("schema_identity")
        let store = try connection.execute(StoreServerSchema.readStore).rows
        #expect(store.count == 1)
        let identity = try #require(store.first?[0])
        #expect(store.first?[1] == "1414680132", "the mark is SQLite's application_id, TRND")
        #expect(store.first?[2] == String(Schema.server.latestVersion))
        // A random (version 4) UUID.
        #expect(identity.count == 36 && Array(identity)[14] == "4")
        #expect(
            server.psql(database: "schema_identity", sql: "SELECT identity FROM trendsh_store").stdout == identity
                + "\n")
        let later = try PostgresConnection(uri: server.uri(database: "schema_identity"))
        #expect(try later.execute(StoreServerSchema.readStore).rows.first?[0] == identity)
        let (_, another) = try Self.serverStore("schema_identity_other")
        #expect(try another.execute(StoreServerSchema.readStore).rows.first?[0] != identity)
    }

    @Test func aBulkWriteSetsTheDayNotesAsideForItsOwnTransactionOnly() throws {
        let (_, connection) = try Self.serverStore("schema_bulk")
        let insert = "INSERT INTO entries (taken_at, kilograms) VALUES ($1, 71.5)"
        try connection.transaction { (connection) throws(PostgresError) in
            try connection.execute("SELECT set_config('trendsh.bulk', 'on', true)")
            try connection.execute(insert, ["2026-11-28T07:30:00.000Z"])
        }
        #expect(try connection.execute("SELECT count(*) FROM daily_pending").rows == [["0"]])
        try connection.execute(insert, ["2026-11-29T07:30:00.000Z"])
        #expect(try connection.execute("SELECT taken_at FROM daily_pending").rows == [["2026-11-29T07:30:00.000Z"]])
    }

    @Test func theSchemaAppliesInOneTransactionOrNotAtAll() throws {
        let (server, _) = try Self.serverStore("schema_one_transaction")
        #expect(server.psql(database: "postgres", sql: "CREATE DATABASE schema_rolled_back").status == 0)
        let connection = try PostgresConnection(uri: server.uri(database: "schema_rolled_back"))
        let failing = Schema.server.statements(upgradingFrom: 0) + ["SELECT 1 / 0"]
        #expect(throws: PostgresError.self) { try Self.apply(failing, on: connection) }
        #expect(try connection.execute("SELECT count(*) FROM pg_tables WHERE schemaname = 'public'").rows == [["0"]])
        #expect(try connection.execute("SELECT count(*) FROM pg_proc WHERE proname LIKE 'entries%'").rows == [["0"]])
    }

    @Test func aStoreOfFormatNineteenGainsTheSettingsUnderTheRulesAndKeepsItsRows() throws {
        let server = try PostgresServer.shared()
        #expect(server.psql(database: "postgres", sql: "CREATE DATABASE schema_nineteen").status == 0)
        let connection = try PostgresConnection(uri: server.uri(database: "schema_nineteen"))
        let nineteen = ServerSchema(Schema.server.migrations.filter { $0.version <= ServerRules.version })
        try Self.apply(nineteen.statements(upgradingFrom: 0), on: connection)
        try connection.execute(
            "INSERT INTO entries (taken_at, kilograms) VALUES ('2026-11-29T08:00:00.000Z', 70)")

        try Self.apply(Schema.server.statements(upgradingFrom: ServerRules.version), on: connection)

        #expect(try connection.execute("SELECT format FROM trendsh_store").rows == [[String(SettingsSchema.version)]])
        #expect(try connection.execute("SELECT count(*) FROM entries").rows == [["1"]])
        #expect(
            try connection.execute(
                """
                SELECT relrowsecurity::text, relforcerowsecurity::text, pg_get_userbyid(relowner)::text
                FROM pg_class WHERE oid = 'settings'::regclass
                """
            ).rows == [["true", "true", ServerRules.owner]])
        try connection.execute(
            "INSERT INTO settings (key, value, changed_at) VALUES ('goal', '70.0 kg', '2026-11-29T08:00:00.000Z')")
        #expect(
            try connection.execute("SELECT person = current_user FROM settings").rows == [["t"]],
            "a row is the role's that writes it")
    }

    @Test func aTruncateThatWouldSkipTheEntriesRowRulesIsRefused() throws {
        let (server, _) = try Self.serverStore("schema_truncate")
        let refused = server.psql(database: "schema_truncate", sql: "TRUNCATE entries CASCADE")
        #expect(refused.status != 0 && refused.stderr.contains("use DELETE FROM entries"), "\(refused)")
        #expect(server.psql(database: "schema_truncate", sql: "TRUNCATE measurements").status != 0)
    }
}

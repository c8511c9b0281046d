extension FeatureID {
    /// The people whose logs the store holds.
    public static let people = FeatureID("people")
}

/// The people table, step by step. Every other table that holds a person's data names its
/// person in a `person` column (`people.name`), added by its own feature's step.
public enum PeopleSchema {
    /// The format that brought people.
    public static let firstVersion = 14

    public static let migrations: [Migration] = [
        Migration(version: firstVersion, feature: .people, summary: "people, each with a log of their own") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE people (
                    name TEXT PRIMARY KEY NOT NULL CHECK (length(name) BETWEEN 1 AND 63),
                    added_at TEXT NOT NULL
                ) WITHOUT ROWID
                """)
            // The store's first person: who the upgrading (or creating) session asked for.
            // Every row an existing store holds becomes theirs in the features' own steps.
            try db.run(
                "INSERT INTO people (name, added_at) VALUES (?, \(db.dialect.now))",
                [.text(db.person.isEmpty ? PersonName.unnamed.rawValue : db.person)])
        },
        // The server's rules (`ServerRules`): a SQLite file has nothing to enforce them with
        // (whoever reads the file reads every log), so the step changes nothing here. It is
        // kept so that a format means the same tables on both engines from here on.
        Migration(version: ServerRules.version, feature: .people, summary: ServerRules.summary) {
            _ throws(StorageError) in
        },
    ]

    /// The same table on a server, where a person is a login role, each added as they first
    /// log in. An existing store's rows become its first person's, whom the administrator's
    /// run names; a store set up new starts with nobody (the administrator is not a person).
    static let server: [String] = [
        """
        CREATE TABLE people (
            name text COLLATE "C" PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 63),
            added_at text COLLATE "C" NOT NULL
        )
        """,
        """
        INSERT INTO people (name, added_at)
        SELECT current_setting('trendsh.first_person', true), \(SQLDialect.postgresql.now)
        WHERE coalesce(current_setting('trendsh.first_person', true), '') <> ''
        """,
        StoreServerSchema.countingChanges(to: "people"),
    ]
}

extension FeatureDeclaration {
    /// The people of the store: who may have a log in it.
    public static let people = FeatureDeclaration(
        id: .people, migrations: PeopleSchema.migrations,
        serverMigrations: [
            ServerMigration(
                version: 14, feature: .people, summary: "people, each with a log of their own",
                sql: PeopleSchema.server),
            ServerMigration(
                version: ServerRules.version, feature: .people, summary: ServerRules.summary, sql: ServerRules.sql),
        ])
}

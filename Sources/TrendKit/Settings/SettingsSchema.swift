/// The settings table (format 20): each person's own settings (`SettingKey.isPerPerson`), one
/// row a key, as the settings file keeps the value (`unit` → `lb`, `goal` → `70.0 kg` or
/// `off`), with the time the person changed it on whichever machine they were on. The local
/// copy beside the store (`FileSettingsStore`) is what the session reads; this table is how a
/// person's settings reach their other machines and sessions.
public enum SettingsSchema {
    /// The format that brought the settings into the store.
    public static let version = 20

    public static let migrations: [Migration] = [
        Migration(version: version, feature: .settings, summary: "each person's settings kept in the store") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE settings (
                    person TEXT NOT NULL DEFAULT '',
                    key TEXT NOT NULL,
                    value TEXT NOT NULL,
                    changed_at TEXT NOT NULL,
                    PRIMARY KEY (person, key)
                ) WITHOUT ROWID;
                \(PersonColumns.assigningTrigger(table: "settings", key: "person = '' AND key = NEW.key"));
                """)
        }
    ]

    /// The same table on a server, where a row's person is the role that writes it, under
    /// the rules every table with a `person` column is under (`ServerRules.guardStatements`,
    /// run again so that they cover it).
    static let server: [String] =
        [
            """
            CREATE TABLE settings (
                person text COLLATE "C" NOT NULL DEFAULT current_user,
                key text COLLATE "C" NOT NULL,
                value text COLLATE "C" NOT NULL,
                changed_at text COLLATE "C" NOT NULL,
                PRIMARY KEY (person, key)
            )
            """,
            StoreServerSchema.countingChanges(to: "settings"),
        ] + ServerRules.guardStatements
}

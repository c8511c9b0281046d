extension FeatureID {
    /// The habits and the days they were done.
    public static let habits = FeatureID("habits")
}

/// The habits feature's tables. Days are local calendar days as ISO 8601 dates
/// (`2026-11-29`); times are ISO 8601 UTC text with milliseconds, as everywhere.
public enum HabitsSchema {
    public static let migrations: [Migration] = [
        Migration(version: 3, feature: .habits, summary: "habits and their done days") { db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE habits (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL UNIQUE,
                    created_at TEXT NOT NULL,
                    draft_id TEXT UNIQUE,
                    revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1)
                );
                CREATE TABLE completions (
                    habit_id INTEGER NOT NULL REFERENCES habits (id) ON DELETE CASCADE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    recorded_at TEXT NOT NULL,
                    PRIMARY KEY (habit_id, day)
                ) WITHOUT ROWID;
                ALTER TABLE operations ADD COLUMN detail TEXT;
                """)
        },
        // Stand-in for the trend helper's format 16, so that formats 17 and 18 can be built
        // and tested here: the versions must run without gaps. Drop this commit when merging.
        Migration(version: 16, feature: .trend, summary: "stand-in for format 16") { _ throws(StorageError) in },
    ]
}

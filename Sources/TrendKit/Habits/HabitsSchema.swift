extension FeatureID {
    /// The habits and the days they were done.
    public static let habits = FeatureID("habits")
}

/// The habits feature's tables. Days are local calendar days as ISO 8601 dates
/// (`2026-11-29`); times are ISO 8601 UTC text with milliseconds, as everywhere. Since
/// format 17 every habit and done day names its person (`people.name`).
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
        // Every habit and every day it was done belongs to a person, and two people may
        // each have a habit of the same name: `name_key` is unique for each person. SQLite
        // cannot change a UNIQUE constraint, so `habits` is rebuilt, keeping its ids and the
        // AUTOINCREMENT counter (no id is ever given twice). Dropping `habits` while
        // `completions` refers to it would delete its days (foreign keys are on, and cannot be
        // turned off inside the upgrade's transaction), so `completions` is rebuilt beside it,
        // referring to the new table, whose renaming carries the reference along. A day of no
        // habit (which only a program writing with foreign keys off can leave) is not kept:
        // nothing showed it. The photographs of both tables carry the person too.
        Migration(version: 17, feature: .habits, summary: "every habit and its done days belong to a person") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE habits_v17 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    draft_id TEXT UNIQUE,
                    revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1),
                    person TEXT NOT NULL DEFAULT '',
                    UNIQUE (person, name_key)
                );
                INSERT INTO habits_v17 (id, name, name_key, created_at, draft_id, revision, person)
                    SELECT id, name, name_key, created_at, draft_id, revision, \(PersonColumns.firstPersonSQL) FROM habits;
                DELETE FROM sqlite_sequence WHERE name = 'habits_v17';
                INSERT INTO sqlite_sequence (name, seq) SELECT 'habits_v17', seq FROM sqlite_sequence WHERE name = 'habits';
                CREATE TABLE completions_v17 (
                    habit_id INTEGER NOT NULL REFERENCES habits_v17 (id) ON DELETE CASCADE,
                    day TEXT NOT NULL CHECK (day GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
                    recorded_at TEXT NOT NULL,
                    person TEXT NOT NULL DEFAULT '',
                    PRIMARY KEY (habit_id, day)
                ) WITHOUT ROWID;
                INSERT INTO completions_v17 (habit_id, day, recorded_at, person)
                    SELECT c.habit_id, c.day, c.recorded_at, h.person FROM completions c JOIN habits_v17 h ON h.id = c.habit_id;
                DROP TABLE completions;
                DROP TABLE habits;
                ALTER TABLE habits_v17 RENAME TO habits;
                ALTER TABLE completions_v17 RENAME TO completions;
                CREATE INDEX completions_by_person ON completions (person, habit_id, day);
                \(PersonColumns.assigningTrigger(table: "habits", key: "id = NEW.id"));
                \(PersonColumns.assigningTrigger(
                    table: "completions", key: "habit_id = NEW.habit_id AND day = NEW.day",
                    owner: "(SELECT person FROM habits WHERE id = NEW.habit_id)"));
                """)
            try PersonColumns.add(to: "habit_images", in: db)
            try PersonColumns.add(to: "completion_images", in: db)
        },
    ]
}

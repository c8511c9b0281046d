/// The tables that make an entry a weigh-in of several measurements (format 11), and the
/// photographs that make the kinds a person added undoable (format 13).
///
/// - `entries.kilograms` may be missing: an entry holds any subset of its measurements (a
///   waist alone). The table is rebuilt with its rows, ids and `AUTOINCREMENT` counter kept,
///   and its indexes and triggers made again.
/// - `measurements` holds every value of a kind other than weight, one row each, in the
///   kind's canonical unit (kg, %, cm): a row SQL can query, not a blob. A trigger removes an
///   entry's measurements with it, whoever deletes it (`sqlite3` runs no foreign-key actions
///   unless asked).
/// - `kinds` holds the kinds a person added (`measure add`); the built-in ones are declared in
///   the program.
/// - `entry_images` keeps an entry's measurements with its photograph, as one JSON object
///   (`{"fat":"21.5"}`, each value as `%.17g` text, so it reads back exactly): an entry and
///   its measurements are one row of a step, so a save stays a one-row step.
///
/// Format 15 gives every entry and measurement its person (an entry's photograph has its
/// person since the history's format 18, copied from the entry by `UndoableTable.entries`).
/// The kinds stay the store's.
///
/// Format 13 makes the kinds undoable (`UndoableTable.kinds`): `kind_images` keeps a kind's
/// photographs, column for column. No row of any table changes.
public enum MeasurementsSchema {
    /// Removes an entry's measurements with it.
    static let removedTrigger = """
        CREATE TRIGGER entries_removed_take_their_measurements AFTER DELETE ON entries BEGIN
            DELETE FROM measurements WHERE entry_id = OLD.id;
        END
        """

    public static let migrations: [Migration] = [
        Migration(version: 11, feature: .weights, summary: "weigh-ins of several measurements") {
            db throws(StorageError) in
            // `measurements` comes first: renaming a table checks every trigger, and the one
            // that removes an entry's measurements names it.
            try db.execute(
                """
                CREATE TABLE measurements (
                    entry_id INTEGER NOT NULL,
                    kind TEXT NOT NULL,
                    value REAL NOT NULL,
                    PRIMARY KEY (entry_id, kind)
                ) WITHOUT ROWID;
                CREATE INDEX measurements_by_kind ON measurements (kind, entry_id);
                CREATE TABLE entries_v11 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    taken_at TEXT NOT NULL CHECK (taken_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]Z'),
                    kilograms REAL CHECK (kilograms > 0),
                    note TEXT NOT NULL DEFAULT '',
                    draft_id TEXT UNIQUE,
                    revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1)
                );
                INSERT INTO entries_v11 (id, taken_at, kilograms, note, draft_id, revision)
                    SELECT id, taken_at, kilograms, note, draft_id, revision FROM entries;
                UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'entries'), 0))
                    WHERE name = 'entries_v11';
                INSERT INTO sqlite_sequence (name, seq)
                    SELECT 'entries_v11', seq FROM sqlite_sequence
                    WHERE name = 'entries' AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'entries_v11');
                DROP TABLE entries;
                DELETE FROM sqlite_sequence WHERE name = 'entries';
                ALTER TABLE entries_v11 RENAME TO entries;
                UPDATE sqlite_sequence SET name = 'entries' WHERE name = 'entries_v11';
                CREATE INDEX entries_newest_first ON entries (taken_at DESC, id DESC);
                CREATE INDEX entries_breaking_rules ON entries (taken_at) WHERE \(EntryRule.weightOutOfRangeSQL);
                \(WeightsSchema.keepTheirSaveTrigger);
                \(DailySchema.addedTrigger);
                \(DailySchema.changedAndRemovedTriggers)
                \(removedTrigger);
                CREATE TABLE entry_images_v11 (
                    change INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    side INTEGER NOT NULL CHECK (side IN (0, 1)),
                    id INTEGER NOT NULL,
                    taken_at TEXT NOT NULL,
                    kilograms REAL,
                    note TEXT NOT NULL,
                    draft_id TEXT,
                    revision INTEGER NOT NULL,
                    measurements TEXT,
                    PRIMARY KEY (change, position, side)
                ) WITHOUT ROWID;
                INSERT INTO entry_images_v11 (change, position, side, id, taken_at, kilograms, note, draft_id, revision)
                    SELECT change, position, side, id, taken_at, kilograms, note, draft_id, revision FROM entry_images;
                DROP TABLE entry_images;
                ALTER TABLE entry_images_v11 RENAME TO entry_images;
                CREATE TABLE kinds (
                    id TEXT PRIMARY KEY,
                    name TEXT NOT NULL,
                    quantity TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    min_value REAL NOT NULL,
                    max_value REAL NOT NULL,
                    decimals INTEGER NOT NULL,
                    trend INTEGER NOT NULL,
                    revision INTEGER NOT NULL DEFAULT 1
                ) WITHOUT ROWID;
                """)
        },
        Migration(version: 13, feature: .weights, summary: "adding or removing a kind is an undo step") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE kind_images (
                    change INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    side INTEGER NOT NULL CHECK (side IN (0, 1)),
                    id TEXT NOT NULL,
                    name TEXT NOT NULL,
                    quantity TEXT NOT NULL,
                    unit TEXT NOT NULL,
                    min_value REAL NOT NULL,
                    max_value REAL NOT NULL,
                    decimals INTEGER NOT NULL,
                    trend INTEGER NOT NULL,
                    revision INTEGER NOT NULL,
                    PRIMARY KEY (change, position, side)
                ) WITHOUT ROWID;
                """)
        },
        Migration(version: 15, feature: .weights, summary: "every entry and measurement belongs to a person") {
            db throws(StorageError) in
            try PersonColumns.add(to: "entries", in: db)
            try PersonColumns.add(
                to: "measurements",
                fill:
                    "coalesce((SELECT person FROM entries WHERE entries.id = measurements.entry_id), \(PersonColumns.firstPersonSQL))",
                in: db)
            try db.execute(
                """
                DROP INDEX entries_newest_first;
                CREATE INDEX entries_newest_first ON entries (person, taken_at DESC, id DESC);
                \(PersonColumns.assigningTrigger(table: "entries", key: "id = NEW.id"));
                \(PersonColumns.assigningTrigger(
                    table: "measurements", key: "entry_id = NEW.entry_id AND kind = NEW.kind",
                    owner: "(SELECT person FROM entries WHERE id = NEW.entry_id)"));
                """)
        },
    ]
}

extension FeatureID {
    /// The weight entries.
    public static let weights = FeatureID("weights")
}

/// The weights feature's tables, step by step.
public enum WeightsSchema {
    /// Writes a deleted entry's save into `operations` (format 7), whoever deletes it.
    static let keepTheirSaveTrigger = """
        CREATE TRIGGER entries_removed_keep_their_save AFTER DELETE ON entries
        WHEN OLD.draft_id IS NOT NULL BEGIN
            INSERT OR IGNORE INTO operations (id, feature, kind, target, revision, applied_at)
            VALUES (OLD.draft_id, 'weights', 'insert', OLD.id, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'));
        END
        """

    public static let migrations: [Migration] = [
        Migration(version: 1, feature: .weights, summary: "entries") { db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE entries (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    taken_at REAL NOT NULL,
                    kilograms REAL NOT NULL CHECK (kilograms > 0),
                    note TEXT NOT NULL DEFAULT '',
                    draft_id TEXT UNIQUE
                );
                CREATE INDEX entries_newest_first ON entries (taken_at DESC, id DESC);
                """)
        },
        Migration(
            version: 2, feature: .weights,
            summary: "times as ISO 8601 text, revisions, and a record of every change"
        ) { db throws(StorageError) in
            // Seconds since 2001 become ISO 8601 UTC text, rounded to the millisecond once;
            // ids and the AUTOINCREMENT counter are kept, so no id is ever given twice.
            try db.execute(
                """
                CREATE TABLE entries_v2 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    taken_at TEXT NOT NULL CHECK (taken_at GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]T[0-2][0-9]:[0-5][0-9]:[0-5][0-9].[0-9][0-9][0-9]Z'),
                    kilograms REAL NOT NULL CHECK (kilograms > 0),
                    note TEXT NOT NULL DEFAULT '',
                    draft_id TEXT UNIQUE,
                    revision INTEGER NOT NULL DEFAULT 1 CHECK (revision >= 1)
                );
                INSERT INTO entries_v2 (id, taken_at, kilograms, note, draft_id, revision)
                    SELECT id,
                        strftime('%Y-%m-%dT%H:%M:%fZ', round((taken_at + 978307200.0) * 1000.0) / 1000.0, 'unixepoch'),
                        kilograms, note, draft_id, 1
                    FROM entries;
                UPDATE sqlite_sequence SET seq = max(seq, coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'entries'), 0))
                    WHERE name = 'entries_v2';
                INSERT INTO sqlite_sequence (name, seq)
                    SELECT 'entries_v2', seq FROM sqlite_sequence
                    WHERE name = 'entries' AND NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = 'entries_v2');
                DROP TABLE entries;
                ALTER TABLE entries_v2 RENAME TO entries;
                CREATE INDEX entries_newest_first ON entries (taken_at DESC, id DESC);
                CREATE TABLE operations (
                    id TEXT PRIMARY KEY,
                    feature TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    target INTEGER,
                    revision INTEGER,
                    applied_at TEXT NOT NULL
                ) WITHOUT ROWID;
                CREATE INDEX operations_by_target ON operations (feature, target);
                """)
        },
        // A save writes no row in `operations`: while its entry exists, the entry's `draft_id`
        // is the record that the draft was saved, and the insert already finds it there. When
        // the entry is deleted, whoever deletes it (a delete, an undo, another program), this
        // trigger writes the draft's row, so a retried or restored draft still learns it was
        // saved once and is never saved again. Entries saved before version 7 have their row
        // already; the trigger ignores a second one. One table and one index fewer per save.
        Migration(
            version: 7, feature: .weights, summary: "a save's record kept by its entry until the entry is deleted"
        ) { db throws(StorageError) in try db.execute(keepTheirSaveTrigger) },
    ]
}

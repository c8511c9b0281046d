extension FeatureID {
    /// The change history: every change to the store as an undoable step.
    public static let history = FeatureID("history")
}

/// The change history's tables. `changes` holds one row per undoable step, newest last (and
/// up to `ChangeRecorder.trimBatch` steps the history no longer keeps, until they are removed),
/// with the step's first row since version 6; `change_rows` the other rows each step changed,
/// and whether each existed before and after it;
/// the `*_images` tables hold those rows as they were before (side 0) and after (side 1)
/// the step, column for column, so undo and redo put back exact values. Since version 8,
/// `changes.undone_order` says in which order the undone steps were undone.
public enum HistorySchema {
    public static let migrations: [Migration] = [
        Migration(version: 5, feature: .history, summary: "a history of changes, for undo and redo") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE changes (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    operation TEXT NOT NULL UNIQUE,
                    feature TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL DEFAULT '',
                    made_at TEXT NOT NULL,
                    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1))
                );
                CREATE INDEX changes_by_state ON changes (undone, id);
                CREATE TABLE change_rows (
                    change INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    row_table TEXT NOT NULL,
                    row_key TEXT NOT NULL,
                    before_exists INTEGER NOT NULL CHECK (before_exists IN (0, 1)),
                    after_exists INTEGER NOT NULL CHECK (after_exists IN (0, 1)),
                    last_revision INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (change, position)
                ) WITHOUT ROWID;
                CREATE INDEX change_rows_by_row ON change_rows (row_table, row_key, change);
                CREATE TABLE entry_images (
                    change INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    side INTEGER NOT NULL CHECK (side IN (0, 1)),
                    id INTEGER NOT NULL,
                    taken_at TEXT NOT NULL,
                    kilograms REAL NOT NULL,
                    note TEXT NOT NULL,
                    draft_id TEXT,
                    revision INTEGER NOT NULL,
                    PRIMARY KEY (change, position, side)
                ) WITHOUT ROWID;
                CREATE TABLE habit_images (
                    change INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    side INTEGER NOT NULL CHECK (side IN (0, 1)),
                    id INTEGER NOT NULL,
                    name TEXT NOT NULL,
                    name_key TEXT NOT NULL,
                    created_at TEXT NOT NULL,
                    draft_id TEXT,
                    revision INTEGER NOT NULL,
                    PRIMARY KEY (change, position, side)
                ) WITHOUT ROWID;
                CREATE TABLE completion_images (
                    change INTEGER NOT NULL,
                    position INTEGER NOT NULL,
                    side INTEGER NOT NULL CHECK (side IN (0, 1)),
                    habit_id INTEGER NOT NULL,
                    day TEXT NOT NULL,
                    recorded_at TEXT NOT NULL,
                    PRIMARY KEY (change, position, side)
                ) WITHOUT ROWID;
                """)
        },
        // Every step's operation is also the key of its row in `operations`, written in the
        // same transaction, so `changes` needs no index of its own on it; and the history
        // is at most a few hundred rows, read newest first by id. The index of steps by
        // state becomes a partial index of the undone steps alone, which a save (adding a
        // step that is done) never writes. A step's first row is kept in the step's own row
        // (`row_table` … `last_revision`, NULL for a step made before), so a step of one row,
        // as nearly every step is, writes nothing to `change_rows` and its index. Four pages
        // fewer for every save to write and sync. Step numbers and the counter are kept.
        Migration(version: 6, feature: .history, summary: "a history that costs a save four pages less") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE changes_v6 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    operation TEXT NOT NULL,
                    feature TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    subject TEXT NOT NULL DEFAULT '',
                    made_at TEXT NOT NULL,
                    undone INTEGER NOT NULL DEFAULT 0 CHECK (undone IN (0, 1)),
                    row_table TEXT,
                    row_key TEXT,
                    before_exists INTEGER CHECK (before_exists IN (0, 1)),
                    after_exists INTEGER CHECK (after_exists IN (0, 1)),
                    last_revision INTEGER
                );
                INSERT INTO changes_v6 (id, operation, feature, kind, subject, made_at, undone)
                    SELECT id, operation, feature, kind, subject, made_at, undone FROM changes;
                DELETE FROM sqlite_sequence WHERE name = 'changes_v6';
                INSERT INTO sqlite_sequence (name, seq)
                    SELECT 'changes_v6', seq FROM sqlite_sequence WHERE name = 'changes';
                DROP TABLE changes;
                ALTER TABLE changes_v6 RENAME TO changes;
                CREATE INDEX changes_undone ON changes (id) WHERE undone = 1;
                """)
        },
        // `redo` re-applies the step undone last, whatever its number: a pending undo retried
        // after other sessions' changes can undo an older step than the newest undone one.
        // `undone_order` numbers the undone steps in the order they were undone (NULL for a
        // step that is done). The steps undone before are numbered from their undo's record
        // in `operations`, by time, a newer step counting as undone first where the times are
        // equal (so a run of undos comes back in the order the old rule gave). A column added at the
        // end: no table is rebuilt, and a save, which writes a done step, writes nothing more.
        Migration(version: 8, feature: .history, summary: "redo takes the step undone last") {
            db throws(StorageError) in
            try db.execute(
                """
                ALTER TABLE changes ADD COLUMN undone_order INTEGER;
                UPDATE changes SET undone_order = (
                    SELECT ranked.n FROM (
                        SELECT c.id AS step, row_number() OVER (
                            ORDER BY coalesce((SELECT max(o.applied_at) FROM operations o
                                WHERE o.kind = 'undo' AND o.target = c.id), ''), c.id DESC) AS n
                        FROM changes c WHERE c.undone = 1) ranked
                    WHERE ranked.step = changes.id)
                WHERE undone = 1;
                """)
        },
        // Every step, its rows and its photographs, and every operation, belong to the person
        // whose change it was: an existing store's to its first person. `undo` and `redo` read
        // the session's person's steps only, by the indexes below, each with the person first.
        // A photograph holds the person of the row it photographs (whose own table's SQL
        // copies it) or, where it says none, the step's. The trigger that keeps a deleted
        // entry's save writes the entry's person. Step numbers stay one sequence for the store.
        // The partial index of undone steps names `undone` too, constant as it is there: so
        // SQLite's planner sees that it answers "person = ? AND undone = 1" (the test every
        // save makes) better than `changes_by_person`, and reads no row of the table for it.
        Migration(version: 18, feature: .history, summary: "every step of the history belongs to a person") {
            db throws(StorageError) in
            // A step's rows and photographs are its person's (habits' photographs have had
            // theirs since format 17, the first person's, as every step's is here).
            try PersonColumns.add(to: "changes", in: db)
            for table in ["change_rows", "entry_images", "kind_images"] {
                let stepsPerson = "(SELECT person FROM changes WHERE changes.id = \(table).change)"
                try PersonColumns.add(
                    to: table, fill: "coalesce(\(stepsPerson), \(PersonColumns.firstPersonSQL))", in: db)
            }
            try PersonColumns.add(to: "operations", in: db)
            let imagesKey = "change = NEW.change AND position = NEW.position AND side = NEW.side"
            let stepOwner = "(SELECT person FROM changes WHERE id = NEW.change)"
            try db.execute(
                """
                DROP INDEX changes_undone;
                CREATE INDEX changes_undone ON changes (person, undone, id) WHERE undone = 1;
                CREATE INDEX changes_by_person ON changes (person, id);
                DROP INDEX change_rows_by_row;
                CREATE INDEX change_rows_by_row ON change_rows (person, row_table, row_key, change);
                DROP INDEX operations_by_target;
                CREATE INDEX operations_by_target ON operations (person, feature, target);
                \(PersonColumns.assigningTrigger(table: "changes", key: "id = NEW.id"));
                \(PersonColumns.assigningTrigger(
                    table: "change_rows", key: "change = NEW.change AND position = NEW.position", owner: stepOwner));
                \(PersonColumns.assigningTrigger(table: "entry_images", key: imagesKey, owner: stepOwner));
                \(PersonColumns.assigningTrigger(table: "habit_images", key: imagesKey, owner: stepOwner));
                \(PersonColumns.assigningTrigger(table: "completion_images", key: imagesKey, owner: stepOwner));
                \(PersonColumns.assigningTrigger(table: "kind_images", key: imagesKey, owner: stepOwner));
                \(PersonColumns.assigningTrigger(table: "operations", key: "id = NEW.id"));
                DROP TRIGGER entries_removed_keep_their_save;
                \(keepTheirSaveTrigger);
                """)
        },
    ]

    /// `WeightsSchema.keepTheirSaveTrigger` since format 18: the save's row names the entry's person.
    static let keepTheirSaveTrigger = """
        CREATE TRIGGER entries_removed_keep_their_save AFTER DELETE ON entries
        WHEN OLD.draft_id IS NOT NULL BEGIN
            INSERT OR IGNORE INTO operations (id, feature, kind, target, revision, applied_at, person)
            VALUES (OLD.draft_id, 'weights', 'insert', OLD.id, 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), OLD.person);
        END
        """
}

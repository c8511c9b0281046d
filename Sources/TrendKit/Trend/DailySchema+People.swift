/// Format 16: each person's per-day trend, apart from every other person's. Each table of
/// the weight's and the kinds' days names its `person`; the triggers write the person of the
/// entry or measurement they note (a row another program inserted with person '' belongs to
/// the one `PersonColumns` gives it: the entry's, else the store's first person), so one
/// person's catch-up reads only their own notes, zones and days, through indexes that lead
/// with `person`. The tables are derived, so they are made again empty: each person's next
/// read builds their days once.
extension DailySchema {
    /// The person an `entries` row (`row` is `NEW` or `OLD`) belongs to, even when another
    /// program wrote it with none and the trigger that gives it one has not run yet.
    static func entryPerson(_ row: String) -> String {
        "(CASE WHEN \(row).person = '' THEN \(PersonColumns.firstPersonSQL) ELSE \(row).person END)"
    }

    /// The same for a `measurements` row: its entry's person, else the store's first person.
    static func measurementPerson(_ row: String) -> String {
        """
        (CASE WHEN \(row).person = '' THEN coalesce((SELECT person FROM entries WHERE id = \(row).entry_id), \
        \(PersonColumns.firstPersonSQL)) ELSE \(row).person END)
        """
    }

    /// The trigger that notes each entry added, for its person. A bulk import sets it aside
    /// inside its own transaction and notes its rows itself (`DailyTable.resumeNotes(from:)`).
    static let personsAddedTrigger = """
        CREATE TRIGGER entries_added AFTER INSERT ON entries WHEN NEW.kilograms IS NOT NULL BEGIN
            INSERT INTO daily_pending (person, taken_at, kilograms, change)
            VALUES (\(entryPerson("NEW")), NEW.taken_at, NEW.kilograms, 1);
        END
        """

    /// The triggers that note an entry changed (its old time, weight and person out, the new
    /// ones in) or removed. The update that gives another program's row its person changes
    /// nothing the added note did not already say, so it notes nothing.
    static let personsChangedAndRemovedTriggers = """
        CREATE TRIGGER entries_changed AFTER UPDATE OF taken_at, kilograms, person ON entries
        WHEN OLD.taken_at IS NOT NEW.taken_at OR OLD.kilograms IS NOT NEW.kilograms
            OR (OLD.person IS NOT NEW.person AND OLD.person <> '') BEGIN
            INSERT INTO daily_pending (person, taken_at, kilograms, change)
            SELECT \(entryPerson("OLD")), OLD.taken_at, OLD.kilograms, -1 WHERE OLD.kilograms IS NOT NULL
            UNION ALL SELECT \(entryPerson("NEW")), NEW.taken_at, NEW.kilograms, 1 WHERE NEW.kilograms IS NOT NULL;
        END;
        CREATE TRIGGER entries_removed AFTER DELETE ON entries WHEN OLD.kilograms IS NOT NULL BEGIN
            INSERT INTO daily_pending (person, taken_at, kilograms, change)
            VALUES (\(entryPerson("OLD")), OLD.taken_at, OLD.kilograms, -1);
        END;
        """

    /// True for every update of a measurement but the one that gives another program's row
    /// its person (`PersonColumns.assigningTrigger`), which the added note already counted
    /// for that person.
    static let measurementChangedSQL = """
        (OLD.person <> '' OR NEW.person = '' OR OLD.entry_id IS NOT NEW.entry_id OR OLD.kind IS NOT NEW.kind \
        OR OLD.value IS NOT NEW.value)
        """

    /// The triggers that note the days of a kind a change touches, for the person whose
    /// values they are, when some zone keeps that person's days of the kind.
    static let personsKindTriggers = """
        CREATE TRIGGER measurements_added_note_their_day AFTER INSERT ON measurements
        WHEN EXISTS (SELECT 1 FROM kind_daily_zones WHERE person = \(measurementPerson("NEW")) AND kind = NEW.kind) BEGIN
            INSERT INTO kind_daily_pending (person, kind, taken_at)
            SELECT \(measurementPerson("NEW")), NEW.kind, taken_at FROM entries WHERE id = NEW.entry_id;
        END;
        CREATE TRIGGER measurements_changed_note_their_day AFTER UPDATE ON measurements
        WHEN \(measurementChangedSQL) BEGIN
            INSERT INTO kind_daily_pending (person, kind, taken_at)
            SELECT \(measurementPerson("OLD")), OLD.kind, taken_at FROM entries
            WHERE id = OLD.entry_id AND EXISTS (
                SELECT 1 FROM kind_daily_zones WHERE person = \(measurementPerson("OLD")) AND kind = OLD.kind)
            UNION ALL SELECT \(measurementPerson("NEW")), NEW.kind, taken_at FROM entries
            WHERE id = NEW.entry_id AND EXISTS (
                SELECT 1 FROM kind_daily_zones WHERE person = \(measurementPerson("NEW")) AND kind = NEW.kind);
        END;
        CREATE TRIGGER measurements_removed_note_their_day AFTER DELETE ON measurements
        WHEN EXISTS (SELECT 1 FROM kind_daily_zones WHERE person = \(measurementPerson("OLD")) AND kind = OLD.kind) BEGIN
            INSERT INTO kind_daily_pending (person, kind, taken_at)
            SELECT \(measurementPerson("OLD")), OLD.kind, taken_at FROM entries WHERE id = OLD.entry_id;
        END;
        CREATE TRIGGER entries_moved_note_their_measurements AFTER UPDATE OF taken_at ON entries
        WHEN OLD.taken_at IS NOT NEW.taken_at BEGIN
            INSERT INTO kind_daily_pending (person, kind, taken_at)
            SELECT m.person, m.kind, OLD.taken_at FROM measurements AS m
            WHERE m.entry_id = OLD.id
                AND EXISTS (SELECT 1 FROM kind_daily_zones AS z WHERE z.person = m.person AND z.kind = m.kind)
            UNION ALL SELECT m.person, m.kind, NEW.taken_at FROM measurements AS m
            WHERE m.entry_id = NEW.id
                AND EXISTS (SELECT 1 FROM kind_daily_zones AS z WHERE z.person = m.person AND z.kind = m.kind);
        END;
        CREATE TRIGGER entries_removing_note_their_measurements BEFORE DELETE ON entries BEGIN
            INSERT INTO kind_daily_pending (person, kind, taken_at)
            SELECT m.person, m.kind, OLD.taken_at FROM measurements AS m
            WHERE m.entry_id = OLD.id
                AND EXISTS (SELECT 1 FROM kind_daily_zones AS z WHERE z.person = m.person AND z.kind = m.kind);
        END;
        """

    /// Every person's days, zones and notes, weight's and kinds', made again empty.
    static let byPerson = Migration(version: 16, feature: .trend, summary: "each person's own per-day trend") {
        db throws(StorageError) in
        try db.execute(
            """
            DROP TRIGGER entries_added;
            DROP TRIGGER entries_changed;
            DROP TRIGGER entries_removed;
            DROP TRIGGER measurements_added_note_their_day;
            DROP TRIGGER measurements_changed_note_their_day;
            DROP TRIGGER measurements_removed_note_their_day;
            DROP TRIGGER entries_moved_note_their_measurements;
            DROP TRIGGER entries_removing_note_their_measurements;
            DROP TABLE daily;
            DROP TABLE daily_zones;
            DROP TABLE daily_pending;
            DROP TABLE kind_daily;
            DROP TABLE kind_daily_zones;
            DROP TABLE kind_daily_pending;
            DROP INDEX entries_breaking_rules;
            CREATE INDEX entries_breaking_rules ON entries (person, taken_at) WHERE \(EntryRule.weightOutOfRangeSQL);
            CREATE INDEX measurements_by_person ON measurements (person, kind, entry_id);
            CREATE TABLE daily_zones (
                id INTEGER PRIMARY KEY,
                person TEXT NOT NULL,
                zone TEXT NOT NULL,
                applied INTEGER NOT NULL,
                used INTEGER NOT NULL,
                UNIQUE (person, zone)
            );
            CREATE TABLE daily (
                person TEXT NOT NULL,
                zone INTEGER NOT NULL,
                day INTEGER NOT NULL,
                entries INTEGER NOT NULL CHECK (entries > 0),
                sum_kg REAL NOT NULL,
                min_kg REAL NOT NULL,
                max_kg REAL NOT NULL,
                trend_kg REAL NOT NULL,
                PRIMARY KEY (person, zone, day)
            ) WITHOUT ROWID;
            CREATE TABLE daily_pending (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                person TEXT NOT NULL,
                taken_at TEXT NOT NULL,
                kilograms REAL NOT NULL,
                change INTEGER NOT NULL CHECK (change IN (-1, 1))
            );
            CREATE INDEX daily_pending_by_person ON daily_pending (person, seq);
            CREATE TABLE kind_daily_zones (
                id INTEGER PRIMARY KEY,
                person TEXT NOT NULL,
                kind TEXT NOT NULL,
                zone TEXT NOT NULL,
                applied INTEGER NOT NULL,
                UNIQUE (person, kind, zone)
            );
            CREATE TABLE kind_daily (
                person TEXT NOT NULL,
                zone INTEGER NOT NULL,
                day INTEGER NOT NULL,
                entries INTEGER NOT NULL CHECK (entries > 0),
                sum_value REAL NOT NULL,
                min_value REAL NOT NULL,
                max_value REAL NOT NULL,
                trend_value REAL NOT NULL,
                PRIMARY KEY (person, zone, day)
            ) WITHOUT ROWID;
            CREATE TABLE kind_daily_pending (
                seq INTEGER PRIMARY KEY AUTOINCREMENT,
                person TEXT NOT NULL,
                kind TEXT NOT NULL,
                taken_at TEXT NOT NULL
            );
            CREATE INDEX kind_daily_pending_by_kind ON kind_daily_pending (person, kind, seq);
            \(personsAddedTrigger);
            \(personsChangedAndRemovedTriggers)
            \(personsKindTriggers)
            """)
    }
}

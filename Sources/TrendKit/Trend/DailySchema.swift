/// The per-day table the trend is read from, with its days for each time zone a session ran
/// in (up to `DailyTable.keptZones` of them), each built once and then kept up to date. It
/// counts only entries whose weight keeps the rule (`EntryRule.weightInRange`), whatever
/// their date; an entry dated after now is left out when the trend is read.
/// Triggers note every entry added, changed or removed, by trendsh or by any other program
/// (`sqlite3`, an import), with its time and weight, so each zone's days are brought up to
/// date before that zone's next read.
public enum DailySchema {
    /// The tables a catch-up writes: what a read of a log this session may not write copies
    /// aside (`SQLTrendRepository.readAside`).
    static let dayTables = ["daily", "daily_zones", "daily_pending"]

    /// The trigger that noted each entry added, in one log for the whole store, as formats 9
    /// to 15 made it (format 11 made it again). Format 16 notes each person's apart
    /// (`personsAddedTrigger`).
    static let addedTrigger = """
        CREATE TRIGGER entries_added AFTER INSERT ON entries WHEN NEW.kilograms IS NOT NULL BEGIN
            INSERT INTO daily_pending (taken_at, kilograms, change) VALUES (NEW.taken_at, NEW.kilograms, 1);
        END
        """

    /// The triggers that noted an entry changed (its old time and weight removed, its new ones
    /// added) or removed, as formats 9 to 15 made them. An entry without a weight (format 11
    /// allows one) has none to note.
    static let changedAndRemovedTriggers = """
        CREATE TRIGGER entries_changed AFTER UPDATE OF taken_at, kilograms ON entries
        WHEN OLD.taken_at IS NOT NEW.taken_at OR OLD.kilograms IS NOT NEW.kilograms BEGIN
            INSERT INTO daily_pending (taken_at, kilograms, change)
            SELECT OLD.taken_at, OLD.kilograms, -1 WHERE OLD.kilograms IS NOT NULL
            UNION ALL SELECT NEW.taken_at, NEW.kilograms, 1 WHERE NEW.kilograms IS NOT NULL;
        END;
        CREATE TRIGGER entries_removed AFTER DELETE ON entries WHEN OLD.kilograms IS NOT NULL BEGIN
            INSERT INTO daily_pending (taken_at, kilograms, change) VALUES (OLD.taken_at, OLD.kilograms, -1);
        END;
        """

    public static let migrations: [Migration] = [
        // Format 4 kept one zone's days and rebuilt them whenever the zone changed. Its tables
        // are replaced by format 9's; a store of format 3 or older gets them empty here.
        Migration(version: 4, feature: .weights, summary: "a daily table for the trend") { db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE daily (
                    day INTEGER PRIMARY KEY,
                    entries INTEGER NOT NULL CHECK (entries > 0),
                    sum_kg REAL NOT NULL,
                    min_kg REAL NOT NULL,
                    max_kg REAL NOT NULL,
                    trend_kg REAL NOT NULL
                );
                CREATE TABLE daily_zone (
                    only INTEGER PRIMARY KEY CHECK (only = 1),
                    zone TEXT NOT NULL
                );
                CREATE TABLE daily_pending (
                    taken_at TEXT NOT NULL,
                    kilograms REAL NOT NULL,
                    change INTEGER NOT NULL CHECK (change IN (-1, 1))
                );
                CREATE TRIGGER entries_added AFTER INSERT ON entries BEGIN
                    INSERT INTO daily_pending VALUES (NEW.taken_at, NEW.kilograms, 1);
                END;
                CREATE TRIGGER entries_changed AFTER UPDATE OF taken_at, kilograms ON entries
                WHEN OLD.taken_at IS NOT NEW.taken_at OR OLD.kilograms IS NOT NEW.kilograms BEGIN
                    INSERT INTO daily_pending VALUES (OLD.taken_at, OLD.kilograms, -1), (NEW.taken_at, NEW.kilograms, 1);
                END;
                CREATE TRIGGER entries_removed AFTER DELETE ON entries BEGIN
                    INSERT INTO daily_pending VALUES (OLD.taken_at, OLD.kilograms, -1);
                END;
                """)
        },
        // Each zone's days side by side, keyed by the zone, so that sessions in two zones do
        // not rebuild each other's. The notes are one log numbered by `seq` (never reused);
        // each zone has counted those up to its `applied`, and a note leaves the log once
        // every zone kept has counted it. The first command after the upgrade builds its
        // zone's days once.
        Migration(version: 9, feature: .weights, summary: "the per-day trend kept for each time zone") {
            db throws(StorageError) in
            try db.execute(
                """
                DROP TRIGGER entries_added;
                DROP TRIGGER entries_changed;
                DROP TRIGGER entries_removed;
                DROP TABLE daily;
                DROP TABLE daily_zone;
                DROP TABLE daily_pending;
                CREATE TABLE daily_zones (
                    id INTEGER PRIMARY KEY,
                    zone TEXT NOT NULL UNIQUE,
                    applied INTEGER NOT NULL,
                    used INTEGER NOT NULL
                );
                CREATE TABLE daily (
                    zone INTEGER NOT NULL,
                    day INTEGER NOT NULL,
                    entries INTEGER NOT NULL CHECK (entries > 0),
                    sum_kg REAL NOT NULL,
                    min_kg REAL NOT NULL,
                    max_kg REAL NOT NULL,
                    trend_kg REAL NOT NULL,
                    PRIMARY KEY (zone, day)
                ) WITHOUT ROWID;
                CREATE TABLE daily_pending (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    taken_at TEXT NOT NULL,
                    kilograms REAL NOT NULL,
                    change INTEGER NOT NULL CHECK (change IN (-1, 1))
                );
                \(addedTrigger);
                \(changedAndRemovedTriggers)
                """)
        },
        // A row whose weight breaks the rule (another program wrote it) is found at once by a
        // partial index, which a save of a valid weight never writes; the days built so far
        // counted such rows, so every zone builds its days again, without them.
        Migration(version: 10, feature: .weights, summary: "rows that break the rules left out of the trend") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE INDEX entries_breaking_rules ON entries (taken_at) WHERE \(EntryRule.weightOutOfRangeSQL);
                DELETE FROM daily;
                DELETE FROM daily_zones;
                DELETE FROM daily_pending;
                """)
        },
    ]
}

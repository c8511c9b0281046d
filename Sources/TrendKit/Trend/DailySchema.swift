/// The per-day table the trend is read from. It is built by this step, for the zone trendsh
/// runs in, and rebuilt at the next write or trend read whenever that zone changes.
/// Triggers note every entry added, changed or removed, by trendsh or by any other program
/// (`sqlite3`, an import), with its time and weight, so those days are brought up to date
/// before the next read.
public enum DailySchema {
    /// The trigger that notes each entry added. A bulk import sets it aside inside its own
    /// transaction and notes its rows itself (`DailyTable.noteAdded(from:)`), which is
    /// cheaper than a note per row; the transaction puts it back before it commits.
    static let addedTrigger = """
        CREATE TRIGGER entries_added AFTER INSERT ON entries BEGIN
            INSERT INTO daily_pending VALUES (NEW.taken_at, NEW.kilograms, 1);
        END
        """

    public static let migrations: [Migration] = [
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
                \(addedTrigger);
                CREATE TRIGGER entries_changed AFTER UPDATE OF taken_at, kilograms ON entries
                WHEN OLD.taken_at IS NOT NEW.taken_at OR OLD.kilograms IS NOT NEW.kilograms BEGIN
                    INSERT INTO daily_pending VALUES (OLD.taken_at, OLD.kilograms, -1), (NEW.taken_at, NEW.kilograms, 1);
                END;
                CREATE TRIGGER entries_removed AFTER DELETE ON entries BEGIN
                    INSERT INTO daily_pending VALUES (OLD.taken_at, OLD.kilograms, -1);
                END;
                """)
            try DailyTable.rebuild(zone: LocalCalendar.zoneIdentity(), in: db)
        }
    ]
}

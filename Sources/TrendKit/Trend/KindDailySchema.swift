/// The per-day trend of each kind other than weight that has one (format 12), kept like the
/// weight's (`DailySchema`) but apart from it, so that a save of a weight writes what it wrote
/// before.
///
/// - `kind_daily_zones` has a row for each kind whose days are kept in a time zone: its
///   `kind`, the `zone`'s identity, and `applied`, the last note its days count.
/// - `kind_daily` has one row for each local day with values of that kind: how many, their
///   sum, lowest and highest (in the kind's canonical unit), and the trend at the end of the
///   day. `zone` is the `kind_daily_zones` row.
/// - `kind_daily_pending` notes each day that may have changed: a measurement added, changed
///   or removed, or its entry moved or removed, by trendsh or by any other program. Triggers
///   write a note only for a kind whose days some zone keeps; the next read of that kind
///   recounts the noted days and carries the trend forward from the earliest of them.
public enum KindDailySchema {
    /// The tables a catch-up writes: what a read of a log this session may not write copies
    /// aside (`SQLTrendRepository.readAside`).
    static let dayTables = ["kind_daily", "kind_daily_zones", "kind_daily_pending"]

    /// The triggers that noted the days a change to `measurements` or to an entry's time
    /// touches, as format 12 made them; format 16 notes each person's (`DailySchema.personsKindTriggers`).
    static let triggers = """
        CREATE TRIGGER measurements_added_note_their_day AFTER INSERT ON measurements
        WHEN EXISTS (SELECT 1 FROM kind_daily_zones WHERE kind = NEW.kind) BEGIN
            INSERT INTO kind_daily_pending (kind, taken_at) SELECT NEW.kind, taken_at FROM entries WHERE id = NEW.entry_id;
        END;
        CREATE TRIGGER measurements_changed_note_their_day AFTER UPDATE ON measurements BEGIN
            INSERT INTO kind_daily_pending (kind, taken_at)
            SELECT OLD.kind, taken_at FROM entries
            WHERE id = OLD.entry_id AND EXISTS (SELECT 1 FROM kind_daily_zones WHERE kind = OLD.kind)
            UNION ALL SELECT NEW.kind, taken_at FROM entries
            WHERE id = NEW.entry_id AND EXISTS (SELECT 1 FROM kind_daily_zones WHERE kind = NEW.kind);
        END;
        CREATE TRIGGER measurements_removed_note_their_day AFTER DELETE ON measurements
        WHEN EXISTS (SELECT 1 FROM kind_daily_zones WHERE kind = OLD.kind) BEGIN
            INSERT INTO kind_daily_pending (kind, taken_at) SELECT OLD.kind, taken_at FROM entries WHERE id = OLD.entry_id;
        END;
        CREATE TRIGGER entries_moved_note_their_measurements AFTER UPDATE OF taken_at ON entries
        WHEN OLD.taken_at IS NOT NEW.taken_at BEGIN
            INSERT INTO kind_daily_pending (kind, taken_at)
            SELECT kind, OLD.taken_at FROM measurements
            WHERE entry_id = OLD.id AND kind IN (SELECT kind FROM kind_daily_zones)
            UNION ALL SELECT kind, NEW.taken_at FROM measurements
            WHERE entry_id = NEW.id AND kind IN (SELECT kind FROM kind_daily_zones);
        END;
        CREATE TRIGGER entries_removing_note_their_measurements BEFORE DELETE ON entries BEGIN
            INSERT INTO kind_daily_pending (kind, taken_at)
            SELECT kind, OLD.taken_at FROM measurements
            WHERE entry_id = OLD.id AND kind IN (SELECT kind FROM kind_daily_zones);
        END;
        """

    public static let migrations: [Migration] = [
        // Every kind's days start empty: the first `trend KIND` in a zone builds them once.
        Migration(version: 12, feature: .trend, summary: "a per-day trend for each kind of measurement") {
            db throws(StorageError) in
            try db.execute(
                """
                CREATE TABLE kind_daily_zones (
                    id INTEGER PRIMARY KEY,
                    kind TEXT NOT NULL,
                    zone TEXT NOT NULL,
                    applied INTEGER NOT NULL,
                    UNIQUE (kind, zone)
                );
                CREATE TABLE kind_daily (
                    zone INTEGER NOT NULL,
                    day INTEGER NOT NULL,
                    entries INTEGER NOT NULL CHECK (entries > 0),
                    sum_value REAL NOT NULL,
                    min_value REAL NOT NULL,
                    max_value REAL NOT NULL,
                    trend_value REAL NOT NULL,
                    PRIMARY KEY (zone, day)
                ) WITHOUT ROWID;
                CREATE TABLE kind_daily_pending (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT,
                    kind TEXT NOT NULL,
                    taken_at TEXT NOT NULL
                );
                CREATE INDEX kind_daily_pending_by_kind ON kind_daily_pending (kind, seq);
                \(triggers)
                """)
        }
    ]
}

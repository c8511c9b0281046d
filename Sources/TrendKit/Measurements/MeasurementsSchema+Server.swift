/// The measurements' and kinds' tables on a server, as format 13 has them on SQLite
/// (`MeasurementsSchema.migrations`).
extension MeasurementsSchema {
    /// Each entry's other measurements, removed with it by a trigger as on SQLite (a foreign
    /// key would do it too, but SQLite's tables have none, and the rule is one on both), the
    /// kinds a person added, and the kinds' photographs.
    static let server: [String] = [
        """
        CREATE TABLE measurements (
            entry_id bigint NOT NULL,
            kind text COLLATE "C" NOT NULL,
            value double precision NOT NULL,
            PRIMARY KEY (entry_id, kind)
        )
        """,
        "CREATE INDEX measurements_by_kind ON measurements (kind, entry_id)",
        """
        CREATE TABLE kinds (
            id text COLLATE "C" PRIMARY KEY,
            name text COLLATE "C" NOT NULL,
            quantity text COLLATE "C" NOT NULL,
            unit text COLLATE "C" NOT NULL,
            min_value double precision NOT NULL,
            max_value double precision NOT NULL,
            decimals bigint NOT NULL,
            trend bigint NOT NULL,
            revision bigint NOT NULL DEFAULT 1
        )
        """,
        """
        CREATE TABLE kind_images (
            change bigint NOT NULL,
            position bigint NOT NULL,
            side bigint NOT NULL CHECK (side IN (0, 1)),
            id text COLLATE "C" NOT NULL,
            name text COLLATE "C" NOT NULL,
            quantity text COLLATE "C" NOT NULL,
            unit text COLLATE "C" NOT NULL,
            min_value double precision NOT NULL,
            max_value double precision NOT NULL,
            decimals bigint NOT NULL,
            trend bigint NOT NULL,
            revision bigint NOT NULL,
            PRIMARY KEY (change, position, side)
        )
        """,
        // `removedTrigger`.
        """
        CREATE FUNCTION entries_removed_take_their_measurements() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM measurements WHERE entry_id = OLD.id;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE TRIGGER entries_removed_take_their_measurements AFTER DELETE ON entries
        FOR EACH ROW EXECUTE FUNCTION entries_removed_take_their_measurements()
        """,
        StoreServerSchema.refusingTruncate(of: "measurements"),
        StoreServerSchema.countingChanges(to: "measurements"),
        StoreServerSchema.countingChanges(to: "kinds"),
        StoreServerSchema.countingChanges(to: "kind_images"),
    ]
}

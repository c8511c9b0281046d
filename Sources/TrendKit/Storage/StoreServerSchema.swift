/// The store's own tables on a server: what SQLite keeps in its file's header, and the change
/// counter that stands for `PRAGMA data_version`.
///
/// - `trendsh_store`, one row: the store's `identity`, a UUID the server makes when the
///   store is created (`gen_random_uuid()`, in PostgreSQL's core since 13), which a draft
///   records and checks on first contact; `application_id`, the mark SQLite keeps in
///   `PRAGMA application_id` ("TRND"); and `format`, SQLite's `PRAGMA user_version`.
/// - `trendsh_change_count`, one row: `counter`, raised once by every transaction that
///   changes any trendsh table, whoever runs it (trendsh, or a person in psql), by a
///   statement-level trigger on each table (`countingChanges(to:)`). The trigger also sends
///   `NOTIFY trendsh_changes` (no payload): a session that listens hears of another's commit,
///   and one that does not compares the counter before its next read, as SQLite's sessions
///   compare `data_version`. A rolled-back transaction leaves the counter as it was. A
///   session's own commit raises it too: the counter it reads in its own write transaction,
///   after its last change, is the value it has seen.
///
/// The counter's row is also the writers' turn, as SQLite's one writer lock is: the trigger
/// runs before the statement's first row, and the row stays locked until the transaction
/// ends, so a second writer waits (or, serializable, fails and retries) before it writes
/// anything. That keeps the notes' numbers (`daily_pending.seq`, drawn from a sequence,
/// which no rollback or isolation level orders) in the order their transactions commit,
/// which the per-day tables rely on: a zone that has counted note 11 has seen note 10.
public enum StoreServerSchema {
    /// "TRND", as `PRAGMA application_id` marks a trendsh file.
    public static let applicationID: Int64 = 0x5452_4E44
    /// The channel `NOTIFY` names when a transaction that changed the store commits.
    public static let changesChannel = "trendsh_changes"
    /// The store's identity, mark and format, in that order.
    public static let readStore = "SELECT identity, application_id, format FROM trendsh_store"
    /// The change counter.
    public static let readChangeCount = "SELECT counter FROM trendsh_change_count"
    /// The first statement of a write transaction, as `BEGIN IMMEDIATE` is on SQLite: takes
    /// the writers' turn before the transaction reads anything it will write from, such as
    /// the last note's number (`lastNoteGiven`) or the next entry's id, which a sequence
    /// gives out to uncommitted transactions too. Raises nothing; the first change does.
    public static let takeTurn = "SELECT counter FROM trendsh_change_count FOR UPDATE"

    /// Records that the store has format `version`.
    static func recordFormat(_ version: Int) -> String { "UPDATE trendsh_store SET format = \(version)" }

    /// The trigger that raises the change counter for any change to `table`: an insert, an
    /// update, a delete, even one of no rows, and a `TRUNCATE`, which runs no row trigger.
    static func countingChanges(to table: String) -> String {
        """
        CREATE TRIGGER \(table)_counted BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON \(table)
        FOR EACH STATEMENT EXECUTE FUNCTION trendsh_count_change()
        """
    }

    /// The trigger that refuses `TRUNCATE` on `table`, whose row triggers keep a rule (a
    /// save's record, the per-day notes) that a truncate would skip: on SQLite, a `DELETE`
    /// without `WHERE` runs them for every row, and on the server a `DELETE` does too.
    static func refusingTruncate(of table: String) -> String {
        """
        CREATE TRIGGER \(table)_not_truncated BEFORE TRUNCATE ON \(table)
        FOR EACH STATEMENT EXECUTE FUNCTION trendsh_refuse_truncate()
        """
    }

    /// The store's tables, made first: every later step's tables count their changes with
    /// `trendsh_count_change`.
    static let sql: [String] = [
        """
        CREATE TABLE trendsh_store (
            id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
            identity uuid NOT NULL DEFAULT gen_random_uuid(),
            application_id bigint NOT NULL,
            format bigint NOT NULL DEFAULT 0 CHECK (format >= 0)
        )
        """,
        "INSERT INTO trendsh_store (application_id) VALUES (\(applicationID))",
        """
        CREATE TABLE trendsh_change_count (
            id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
            counter bigint NOT NULL DEFAULT 0
        )
        """,
        "INSERT INTO trendsh_change_count DEFAULT VALUES",
        // Once per transaction: the first change sets a transaction-local flag (which a
        // rolled-back savepoint takes back with its change), so a save of three statements
        // raises the counter by one, and an import of thousands of rows by one.
        """
        CREATE FUNCTION trendsh_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF current_setting('trendsh.counted', true) IS DISTINCT FROM 'on' THEN
                PERFORM set_config('trendsh.counted', 'on', true);
                UPDATE trendsh_change_count SET counter = counter + 1;
                NOTIFY trendsh_changes;
            END IF;
            RETURN NULL;
        END
        $$
        """,
        """
        CREATE FUNCTION trendsh_refuse_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'TRUNCATE % would skip its row triggers; use DELETE FROM %', TG_TABLE_NAME, TG_TABLE_NAME;
        END
        $$
        """,
        countingChanges(to: "trendsh_store"),
    ]
}

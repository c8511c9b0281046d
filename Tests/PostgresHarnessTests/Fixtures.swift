/// Values shared by the PostgreSQL harness tests.
enum Fixtures {
    /// A table for the tests' rows, made in each test's database.
    static let table = "CREATE TABLE entries (id integer PRIMARY KEY, kilograms numeric NOT NULL)"
    /// A psql script whose statements psql sends as separate Query messages, ending in the
    /// COMMIT that the proxy's rule waits for.
    static let transaction = """
        BEGIN;
        INSERT INTO entries VALUES (1, 72.4);
        COMMIT;
        SELECT 'after commit';

        """
    /// The client's own limit while a stalled proxy holds its connection: long enough for
    /// psql to start, connect and reach its COMMIT while the whole suite loads the machine
    /// (a psql cut off before it would leave the proxy's rule unfired, and the test red).
    static let clientTimeoutSeconds = 10
    /// How long the watchdog test waits for a server to go before it calls it left behind: a
    /// stall guard only, tens of times what the watchdog takes (it looks every second). It
    /// stays below a minute, after which a postmaster whose pid file was deleted with its
    /// folder ends by itself, and a watchdog that only deleted the folder would pass.
    static let watchdogPatienceSeconds = 30
}

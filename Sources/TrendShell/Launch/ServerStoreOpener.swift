import TrendKit

/// How a trendsh binary reaches the PostgreSQL server a `--store` URI names. The static
/// trendsh has none (it hands the command line to its companion, `Companion`); trendsh-pg
/// passes libpq's. The seam speaks in trendsh's terms, so TrendShell never sees libpq.
@MainActor
public protocol ServerStoreOpener {
    /// The store for the log on the server `address` names, whose local files are named
    /// from `localName`, recording for `--trace` in `trace`. Nothing is connected yet: the
    /// first read or write connects, so a server that is down fails the store's commands
    /// and nothing else. A statement running when `interruptRequested` turns true (Ctrl-C)
    /// is cancelled on the server, before `COMMIT` is sent. `person` names a log shared with
    /// the login role, to read instead of its own (`--person`).
    func store(
        at address: ServerAddress, localName: String, interruptRequested: @escaping @Sendable () -> Bool,
        trace: LayerTrace, person: PersonName?
    ) -> any SessionStore

    /// The administrator's run (`--set-up`): sets up or upgrades the store on the server
    /// `address` names, as its role, in one transaction. `firstPerson` is whose log the rows
    /// of a store older than people become.
    func setUp(
        at address: ServerAddress, firstPerson: PersonName?, interruptRequested: @escaping @Sendable () -> Bool
    ) throws(StorageError) -> ServerSetUpOutcome
}

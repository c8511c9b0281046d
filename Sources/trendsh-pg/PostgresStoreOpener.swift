import TrendKit
import TrendPostgres
import TrendShell

/// The companion's way to a server: a `ServerStore` over libpq, with its documented connect
/// and statement timeouts (`PostgresConnection.Timeouts`).
struct PostgresStoreOpener: ServerStoreOpener {
    func store(
        at address: ServerAddress, localName: String, interruptRequested: @escaping @Sendable () -> Bool,
        trace: LayerTrace, person: PersonName?
    ) -> any SessionStore {
        ServerStore(
            address: address, localName: localName, interruptRequested: interruptRequested, trace: trace,
            person: person)
    }

    func setUp(
        at address: ServerAddress, firstPerson: PersonName?, interruptRequested: @escaping @Sendable () -> Bool
    ) throws(StorageError) -> ServerSetUpOutcome {
        try ServerAdministration.setUp(
            address: address, firstPerson: firstPerson, interruptRequested: interruptRequested)
    }
}

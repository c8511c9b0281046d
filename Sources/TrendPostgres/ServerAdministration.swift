import TrendKit

/// The administrator's run, `trendsh --store URI --set-up`: connects as the URI's role, which
/// must be able to own the store's tables (a superuser; or a role that may create roles and
/// tables in the database; or a member of `trendsh_owner` for a store set up already), and
/// sets the store up or brings it to this trendsh's format in one transaction. People never
/// run it: their sessions only check the store (`ServerSetUp.check`).
public enum ServerAdministration {
    /// Sets up or upgrades the store `address` names. `firstPerson` is whose log the rows of a
    /// store older than people become (the role that owns its tables when nil). An upgrade
    /// runs without the statement timeout a person's commands have.
    public static func setUp(
        address: ServerAddress, firstPerson: PersonName?, schema: ServerSchema = Schema.server,
        connectSeconds: Int = PostgresConnection.Timeouts().connectSeconds,
        interruptRequested: (@Sendable () -> Bool)? = nil
    ) throws(StorageError) -> ServerSetUpOutcome {
        let db: ServerSQLConnection
        do {
            let connection = try PostgresConnection(
                uri: address.uri,
                timeouts: PostgresConnection.Timeouts(connectSeconds: connectSeconds, statementMilliseconds: 0))
            connection.interruptRequested = interruptRequested
            db = ServerSQLConnection(connection: connection, server: address.displayed)
        } catch {
            throw ServerSQLConnection.storageError(error, server: address.displayed)
        }
        return try ServerSetUp.administer(db, schema: schema, firstPerson: firstPerson)
    }
}

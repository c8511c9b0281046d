import FoundationEssentials
import TrendKit
import TrendPostgres
import TrendshTestSupport

extension ServerStore {
    /// A store on a new, empty database of the tests' own PostgreSQL server, named uniquely
    /// so that tests running at once never share one.
    static func fresh() throws -> ServerStore {
        let name = "kit_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "_")
        let uri = try PostgresServer.shared().makeDatabase(named: name)
        guard let address = ServerAddress(uri) else { throw FreshDatabaseFailure.unreadableAddress(uri) }
        return ServerStore(address: address)
    }
}

/// Why a fresh test database could not be reached.
enum FreshDatabaseFailure: Error, Equatable {
    /// The test server's URI did not read as a server address.
    case unreadableAddress(String)
}

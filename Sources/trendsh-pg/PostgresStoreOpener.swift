import TrendKit
import TrendPostgres
import TrendShell

/// The companion's way to a server: a libpq connection (`PostgresConnection`, with its
/// documented connect and statement timeouts), its failure told in trendsh's terms.
struct PostgresStoreOpener: ServerStoreOpener {
    func contact(_ address: ServerAddress) -> ServerContact {
        do throws(PostgresError) {
            let connection = try PostgresConnection(uri: address.uri)
            return .reached(serverVersion: connection.serverVersion)
        } catch {
            return .failed(Self.failure(error))
        }
    }

    static func failure(_ error: PostgresError) -> ServerStoreFailure {
        switch error {
        case .cannotConnect(let detail): return .unreachable(detail)
        case .loginFailed(let detail): return .loginRefused(detail)
        case .tlsRefused(let detail): return .tlsRefused(detail)
        case .connectionLost(let detail): return .lost(detail)
        case .timedOut: return .lost("the statement timeout ended the wait")
        case .cancelled: return .lost("the statement was cancelled")
        case .commitOutcomeUnknown: return .lost("the connection broke while a commit was on its way")
        case .serializationFailure: return .other("another transaction's writes conflicted")
        case .readOnly: return .other("the server accepts only reads")
        case .diskFull: return .other("the server's disk is full")
        case .server(let state, let message): return .other("\(message) (SQLSTATE \(state))")
        }
    }
}

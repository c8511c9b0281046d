import TrendKit

/// How a trendsh binary reaches the PostgreSQL server a `--store` URI names. The static
/// trendsh has none (it hands the command line to its companion, `Companion`); trendsh-pg
/// passes libpq's. The seam speaks in trendsh's terms, so TrendShell never sees libpq.
@MainActor
public protocol ServerStoreOpener {
    /// Connects to the server `address` names and says what came of it.
    func contact(_ address: ServerAddress) -> ServerContact
}

/// What came of reaching for a server.
public enum ServerContact: Equatable, Sendable {
    /// The server answered and took the login; `serverVersion` is libpq's number for its
    /// version (150018 for 15.18).
    case reached(serverVersion: Int)
    /// The server could not be used.
    case failed(ServerStoreFailure)
}

/// Why a server could not be used, as libpq typed it; each carries libpq's (or the server's)
/// own sentence.
public enum ServerStoreFailure: Error, Equatable, Sendable {
    /// No server answered at the host and port (or socket), or not within the connect timeout.
    case unreachable(String)
    /// The server answered and refused the role, its password, or the address (pg_hba.conf).
    case loginRefused(String)
    /// The connection needed TLS (or GSSAPI encryption) that the server or client refused.
    case tlsRefused(String)
    /// The connection was made, then broke or timed out before it was ready.
    case lost(String)
    /// Anything else the server or libpq reported.
    case other(String)
}

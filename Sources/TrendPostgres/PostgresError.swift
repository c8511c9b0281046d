/// Why a PostgreSQL call failed, sorted by what trendsh can say and do about it: only the
/// cases a retry can fix say so (`retryMayHelp`). Read from libpq's connection state and the
/// server's SQLSTATE, never from the message's wording alone, except at connection time,
/// where libpq gives no code.
public enum PostgresError: Error, Equatable, Sendable {
    /// No server answered within the connect timeout, or the host, port or socket is wrong.
    case cannotConnect(String)
    /// The server answered and refused the role or its password (or pg_hba.conf has no line).
    case loginFailed(String)
    /// The connection asked for TLS and the server, or the client, refused it.
    case tlsRefused(String)
    /// The connection broke before a statement's reply came; nothing was committed by it.
    case connectionLost(String)
    /// The connection broke after `COMMIT` was sent and before its reply: the transaction
    /// may or may not be committed, and only the operation's id can tell.
    case commitOutcomeUnknown
    /// The statement timeout ended the wait (SQLSTATE 57014 on a timeout).
    case timedOut
    /// The statement was cancelled on request (Ctrl-C; SQLSTATE 57014).
    case cancelled
    /// Another transaction's writes conflicted (40001) or a deadlock was broken (40P01).
    case serializationFailure
    /// The server accepts only reads (25006: a standby, or `default_transaction_read_only`).
    case readOnly
    /// The server's disk is full (53100).
    case diskFull
    /// Any other error the server reported, by its SQLSTATE.
    case server(state: String, message: String)

    /// True when the same request may work if tried again unchanged.
    public var retryMayHelp: Bool {
        switch self {
        case .cannotConnect, .connectionLost, .timedOut, .serializationFailure, .cancelled: return true
        case .commitOutcomeUnknown, .loginFailed, .tlsRefused, .readOnly, .diskFull, .server: return false
        }
    }
}

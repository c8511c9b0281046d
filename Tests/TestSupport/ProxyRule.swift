/// Where a `PostgresProxy` breaks a connection, and how: at the first client message whose
/// statement is `statement` (a simple query's text, or the statement text of an extended
/// query's Parse), compared without case and without the spaces and `;` around it. A rule
/// acts once; later messages and connections pass through.
///
///     ProxyRule(statement: "COMMIT", moment: .beforeReply, action: .drop)
///
/// is the network's worst moment for a client: the server has committed, and the client
/// only sees its connection end.
///
/// Name transaction control (`COMMIT`, `BEGIN …`), which trendsh never prepares. A statement
/// trendsh runs twice on a connection is prepared: its text travels once more, in the Parse
/// that prepares it (which runs nothing), and then never again, so a rule naming it would
/// act at the wrong moment or not at all.
public struct ProxyRule: Sendable, Equatable {
    /// What the proxy does to the connection.
    public enum Action: Sendable, Equatable {
        /// Closes both sockets: the client and the server each see the connection end.
        case drop
        /// Forwards nothing more either way, and keeps both sockets open until the proxy
        /// closes: the client waits until a timeout of its own.
        case stall
    }

    /// When the proxy acts, around the matching message.
    public enum Moment: Sendable, Equatable {
        /// Instead of forwarding the message: the server never sees it.
        case beforeForwarding
        /// Right after forwarding the message: the server may or may not have acted on it.
        case afterForwarding
        /// When the server's first reply after the message arrives, before any of it is
        /// forwarded: the server has acted on the statement, and the client cannot know.
        case beforeReply
    }

    public var statement: String
    public var moment: Moment
    public var action: Action
    /// When set, the rule acts only on a statement inside a transaction that began with this
    /// `BEGIN …` text: `"BEGIN ISOLATION LEVEL SERIALIZABLE"` picks a write's `COMMIT` and
    /// lets a read's pass.
    public var beganWith: String?

    public init(statement: String, moment: Moment, action: Action, beganWith: String? = nil) {
        self.statement = statement
        self.moment = moment
        self.action = action
        self.beganWith = beganWith
    }

    /// Whether a client's statement text is the rule's statement, in a transaction begun
    /// with `begin` (the last `BEGIN …` the connection sent, nil before any).
    public func matches(_ text: String, begunWith begin: String? = nil) -> Bool {
        guard Self.normalized(text) == Self.normalized(statement) else { return false }
        guard let beganWith else { return true }
        return begin.map { Self.normalized($0) == Self.normalized(beganWith) } ?? false
    }

    /// Whether a statement's text begins a transaction.
    static func begins(_ text: String) -> Bool { normalized(text).hasPrefix("BEGIN") }

    private static func normalized(_ text: String) -> String {
        let isPadding: (Character) -> Bool = { $0.isWhitespace || $0 == ";" }
        return String(text.drop(while: isPadding).reversed().drop(while: isPadding).reversed()).uppercased()
    }
}

import TrendKit

/// The roles a server lesson logs in as, from its `# server: ROLE ROLE` line: the first
/// session (`trendsh> `) as `first`, the second (`other> `) as `second`, each on the server
/// `--store` names. Two different names a person can have (`PersonName`), so each is the
/// same word in the lesson's output, in the URI and on the server.
public struct ServerRoles: Equatable, Sendable {
    public var first: PersonName
    public var second: PersonName

    /// The word of the narration line that makes a lesson a server's: `# server: alice coach`.
    public static let directive = "server"

    public init(first: PersonName, second: PersonName) {
        self.first = first
        self.second = second
    }

    /// Reads the directive's value: two different names, separated by spaces or tabs; nil
    /// for anything else.
    public init?(_ value: String) {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard words.count == 2, let first = PersonName(words[0]), let second = PersonName(words[1]), first != second
        else { return nil }
        self.init(first: first, second: second)
    }

    /// The role a session logs in as: the second session's, or the first's.
    public func role(second: Bool) -> PersonName { second ? self.second : first }
}

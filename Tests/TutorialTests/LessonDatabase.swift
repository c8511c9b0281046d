import Synchronization
import TrendshTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A scratch database on the tests' own PostgreSQL server for a lesson that runs on one
/// (`# server: ROLE ROLE`), made as docs/transcripts.md tells a teacher to make one: empty, its
/// store set up by the administrator's run (`trendsh --set-up` as the superuser), and the
/// lesson's roles able to log in. `uri` is the superuser's, which trendsh never runs a person's
/// session as: a lesson's sessions log in as its roles, whatever user the URI names.
struct LessonDatabase {
    let server: PostgresServer
    let name: String

    /// The database over loopback TCP, as the superuser.
    var uri: String { server.uri(database: name) }
    /// The same database over the server's socket (`?host=FOLDER&port=…&user=…`).
    var socketURI: String { server.socketURI(database: name) }

    /// Makes the database for `roles`; `purpose` goes into its name, which is unique in the run.
    init(roles: [String], for purpose: String) throws {
        server = try PostgresServer.shared()
        name = "lesson_\(purpose)_\(getpid())_\(Self.counter.add(1, ordering: .relaxed).newValue)"
        try server.makeEmptyDatabase(named: name)
        try server.setUpStore(in: name)
        try Self.makeRoles(roles, on: server)
    }

    /// How many databases this run made: each one's number.
    private static let counter = Atomic<Int>(0)
    /// The roles made so far. Roles are the server's, not a database's: tests running at once
    /// make them one at a time, and once each.
    private static let rolesMade = Mutex<Set<String>>([])

    private static func makeRoles(_ roles: [String], on server: PostgresServer) throws {
        try rolesMade.withLock { made throws(PostgresServerFailure) in
            for role in roles where !made.contains(role) {
                try server.makePerson(role)
                made.insert(role)
            }
        }
    }

    /// What the superuser reads: one value, without its line end.
    func value(_ sql: String) -> String {
        String(server.psql(database: name, sql: sql).stdout.prefix { $0 != "\n" })
    }

    /// The roles a transcript's `# server:` line names, read here independently of trendsh; nil
    /// for a transcript without one.
    static func roles(in text: String) -> [String]? {
        for line in text.split(separator: "\n") where line.lowercased().hasPrefix("# server:") {
            return line.dropFirst("# server:".count).split(whereSeparator: \.isWhitespace).map(String.init)
        }
        return nil
    }
}

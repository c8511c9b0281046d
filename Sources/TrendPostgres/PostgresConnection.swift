import CPostgres

#if canImport(Glibc)
    import Glibc
#endif

/// One connection to a PostgreSQL server through libpq: opened with a connect timeout and a
/// statement timeout (libpq waits forever by default), every transaction durable
/// (`synchronous_commit = on`), every value bound as a parameter, never spliced into SQL.
/// Errors are typed (`PostgresError`); a connection lost while `COMMIT` was on its way is
/// told apart from one lost before it, because only then is the outcome unknown.
/// Not Sendable: it stays with the one store that owns it.
public final class PostgresConnection {
    /// The documented defaults: 10 s to connect, 30 s for one statement.
    public struct Timeouts: Equatable, Sendable {
        public var connectSeconds: Int
        public var statementMilliseconds: Int
        public init(connectSeconds: Int = 10, statementMilliseconds: Int = 30_000) {
            self.connectSeconds = connectSeconds
            self.statementMilliseconds = statementMilliseconds
        }
    }

    private let connection: OpaquePointer
    /// How often each statement text has run on this connection, and the name it is
    /// prepared under from its second run: parsed and planned once, then only bound and run.
    private var statements: [String: (runs: Int, name: String?)] = [:]
    /// Polled while a statement other than `COMMIT` runs; true cancels it (Ctrl-C).
    public var interruptRequested: (@Sendable () -> Bool)?

    /// Connects to the server `uri` names (libpq's URI or key=value form). The timeouts are
    /// defaults the URI may override (`?connect_timeout=3`).
    public init(uri: String, timeouts: Timeouts = Timeouts()) throws(PostgresError) {
        // Key words are read in order and a repeated one keeps its last value: the defaults
        // come first, so what the URI says wins.
        let keywords = ["connect_timeout", "application_name", "dbname"]
        let values = [String(timeouts.connectSeconds), "trendsh", uri]
        let copies = (keywords + values).map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        // Each list ends with a nil, as libpq reads them.
        let opened = PQconnectdbParams(
            Array(pointers.prefix(keywords.count)) + [nil], Array(pointers.suffix(values.count)) + [nil], 1)
        guard let opened else { throw .cannotConnect("libpq could not allocate a connection") }
        guard PQstatus(opened) == CONNECTION_OK else {
            let message = Self.text(PQerrorMessage(opened))
            PQfinish(opened)
            throw Self.connectionError(message)
        }
        connection = opened
        // The server's notices (a WARNING as it shuts down) are not the person's to read:
        // libpq would print them on standard error.
        PQsetNoticeProcessor(opened, { _, _ in }, nil)
        // A statement timeout the URI sets (`options=-c statement_timeout=…`, or PGOPTIONS)
        // is in effect already and wins over the default, as the URI's connect_timeout does,
        // even when it is 0. So does one set on the role, the database or the server
        // (`ALTER ROLE … SET statement_timeout`): the default replaces only "none" (0).
        let timeoutSet = Self.text(PQoptions(opened)).contains("statement_timeout")
        do {
            _ = try execute(
                "SELECT set_config('statement_timeout', CASE WHEN $1::text IS NULL"
                    + " OR current_setting('statement_timeout') <> '0'"
                    + " THEN current_setting('statement_timeout') ELSE $1::text END, false),"
                    + " set_config('synchronous_commit', 'on', false)",
                [timeoutSet ? nil : String(timeouts.statementMilliseconds)])
        } catch {
            PQfinish(opened)
            throw error
        }
    }

    deinit { PQfinish(connection) }

    /// Runs one statement with `parameters` bound as text ($1, $2 …), and returns its rows.
    /// A statement text run a second time on this connection is prepared (`PQprepare`) and
    /// from then on only bound and run: a save's twenty statements are not parsed and
    /// planned again for every save. A text run once (most of a `-c` run's) is not, since
    /// preparing costs a round trip of its own. Transaction control (`BEGIN`, `COMMIT`) is
    /// never prepared.
    ///
    /// A prepared statement the server no longer has (a pooler's `DISCARD ALL`, someone's
    /// `DEALLOCATE`) or whose plan a change of a table made unusable is forgotten and
    /// prepared again at its next run; outside a transaction it is run again at once,
    /// unprepared, since nothing was done.
    @discardableResult
    public func execute(_ sql: String, _ parameters: [String?] = []) throws(PostgresError) -> PostgresRows {
        guard let name = try preparedName(of: sql) else { return try run(sql, parameters) }
        let result = cancellable { Self.run(prepared: name, parameters, on: connection) }
        defer { PQclear(result) }
        do {
            return try rows(of: result, committing: false)
        } catch {
            guard case .server(let state, _) = error, Self.preparedStatementLost.contains(state) else { throw error }
            statements[sql] = (runs: 1, name: nil)
            guard PQtransactionStatus(connection) == PQTRANS_IDLE else { throw error }
            return try run(sql, parameters)
        }
    }

    /// The server's codes for a prepared statement it does not have (26000) and for a cached
    /// plan whose result no longer fits its tables (0A000, "cached plan must not change
    /// result type").
    static let preparedStatementLost: Set<String> = ["26000", "0A000"]

    /// Runs `sql` unprepared: parsed, planned and run in one round trip.
    private func run(_ sql: String, _ parameters: [String?]) throws(PostgresError) -> PostgresRows {
        let result = cancellable { Self.run(sql, parameters, on: connection) }
        defer { PQclear(result) }
        return try rows(of: result, committing: false)
    }

    /// At most this many statement texts are prepared on one connection, and this many
    /// counted; more run unprepared.
    static let preparedLimit = 256
    static let countedLimit = 1024
    private var preparedSoFar = 0

    /// The name `sql` is prepared under, preparing it on its second run; nil while it runs
    /// unprepared.
    private func preparedName(of sql: String) throws(PostgresError) -> String? {
        var known = statements[sql] ?? (runs: 0, name: nil)
        if let name = known.name { return name }
        known.runs += 1
        guard known.runs >= 2, preparedSoFar < Self.preparedLimit, Self.mayBePrepared(sql) else {
            if known.runs > 1 || statements.count < Self.countedLimit { statements[sql] = known }
            return nil
        }
        let name = "trendsh_\(preparedSoFar + 1)"
        let result = cancellable { PQprepare(connection, name, sql, 0, nil) }
        defer { PQclear(result) }
        _ = try rows(of: result, committing: false)
        preparedSoFar += 1
        known.name = name
        statements[sql] = known
        return name
    }

    /// Whether `sql` is a statement worth preparing: not transaction control, whose text the
    /// server (and the tests' proxy) must see each time.
    static func mayBePrepared(_ sql: String) -> Bool {
        let first = sql.utf8.prefix { $0 != UInt8(ascii: " ") }
        let word = String(decoding: first, as: UTF8.self).uppercased()
        return !["BEGIN", "COMMIT", "ROLLBACK", "START", "END", "SAVEPOINT", "RELEASE", "SET"].contains(word)
    }

    /// The number of statement texts prepared on this connection (for the tests).
    public var preparedCount: Int { preparedSoFar }

    /// Runs a script of statements that take no parameters (schema steps), in one round trip.
    /// Inside a transaction they commit or roll back with it.
    public func executeScript(_ sql: String) throws(PostgresError) {
        let result = cancellable { PQexec(connection, sql) }
        defer { PQclear(result) }
        _ = try rows(of: result, committing: false)
    }

    /// Sends `COMMIT` for a transaction begun with `execute("BEGIN …")`. A connection lost
    /// before the reply is `.commitOutcomeUnknown`: the server may have committed.
    public func commit() throws(PostgresError) {
        let result = Self.run("COMMIT", [], on: connection)
        defer { PQclear(result) }
        _ = try rows(of: result, committing: true)
    }

    /// How much of other transactions' work a transaction may see.
    public enum Isolation: String, Sendable {
        /// Each write sees a snapshot, and a conflict with another is a `.serializationFailure`.
        case serializable = "SERIALIZABLE"
        case readCommitted = "READ COMMITTED"
    }

    /// Runs `body` in one transaction at `isolation`, and commits it. A throw from `body`
    /// rolls back. A lost connection during `COMMIT` is `.commitOutcomeUnknown`.
    public func transaction<Value>(
        isolation: Isolation = .serializable, _ body: (PostgresConnection) throws(PostgresError) -> Value
    ) throws(PostgresError) -> Value {
        try execute("BEGIN ISOLATION LEVEL " + isolation.rawValue)
        let value: Value
        do {
            value = try body(self)
        } catch {
            if PQstatus(connection) == CONNECTION_OK { _ = Self.run("ROLLBACK", [], on: connection).map(PQclear) }
            throw error
        }
        let result = Self.run("COMMIT", [], on: connection)
        defer { PQclear(result) }
        _ = try rows(of: result, committing: true)
        return value
    }

    /// Runs one blocking libpq call, cancelled on the server if an interrupt is requested
    /// before it returns.
    private func cancellable(_ call: () -> OpaquePointer?) -> OpaquePointer? {
        guard let interruptRequested else { return call() }
        return CancelOnInterrupt(interruptRequested: interruptRequested).run(cancelling: canceller(), call)
    }

    /// A handle that cancels the statement running now (Ctrl-C), from any thread.
    public func canceller() -> PostgresCanceller? { PQgetCancel(connection).map(PostgresCanceller.init) }

    /// True while the connection is usable.
    public var isOpen: Bool { PQstatus(connection) == CONNECTION_OK }

    /// What the server runs as: its `server_version` (`15.18 …`).
    public var serverVersion: Int { Int(PQserverVersion(connection)) }

    private static func run(_ sql: String, _ parameters: [String?], on connection: OpaquePointer) -> OpaquePointer? {
        guard !parameters.isEmpty else { return PQexecParams(connection, sql, 0, nil, nil, nil, nil, 0) }
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let values: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return values.withUnsafeBufferPointer { buffer in
            PQexecParams(connection, sql, Int32(parameters.count), nil, buffer.baseAddress, nil, nil, 0)
        }
    }

    private static func run(prepared name: String, _ parameters: [String?], on connection: OpaquePointer)
        -> OpaquePointer?
    {
        let copies: [UnsafeMutablePointer<CChar>?] = parameters.map { $0.flatMap { strdup($0) } }
        defer { for copy in copies { free(copy) } }
        let values: [UnsafePointer<CChar>?] = copies.map { $0.map { UnsafePointer($0) } }
        return values.withUnsafeBufferPointer { buffer in
            PQexecPrepared(connection, name, Int32(parameters.count), buffer.baseAddress, nil, nil, 0)
        }
    }

    private func rows(of result: OpaquePointer?, committing: Bool) throws(PostgresError) -> PostgresRows {
        let status = result.map(PQresultStatus) ?? PGRES_FATAL_ERROR
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK, let result {
            let columnCount = Int(PQnfields(result))
            let columns = (0..<columnCount).map { Self.text(PQfname(result, Int32($0))) }
            let rows = (0..<Int(PQntuples(result))).map { row in
                (0..<columnCount).map { column -> String? in
                    PQgetisnull(result, Int32(row), Int32(column)) == 1
                        ? nil : Self.text(PQgetvalue(result, Int32(row), Int32(column)))
                }
            }
            return PostgresRows(columns: columns, rows: rows, affected: Int(Self.text(PQcmdTuples(result))) ?? 0)
        }
        // Lost before a reply: libpq marks the connection bad and reports no SQLSTATE.
        guard PQstatus(connection) == CONNECTION_OK else {
            if committing { throw .commitOutcomeUnknown }
            throw .connectionLost(Self.text(PQerrorMessage(connection)))
        }
        let state = result.map { Self.text(PQresultErrorField($0, Int32(UInt8(ascii: "C")))) } ?? ""
        let message = result.map { Self.text(PQresultErrorField($0, Int32(UInt8(ascii: "M")))) } ?? ""
        switch state {
        case "40001", "40P01": throw .serializationFailure
        case "25006": throw .readOnly
        case "53100": throw .diskFull
        // One code for both; the server's sentence names which ("…due to statement timeout").
        case "57014": throw message.contains("statement timeout") ? .timedOut : .cancelled
        case "57P01", "57P02", "57P03": throw committing ? .commitOutcomeUnknown : .connectionLost(message)
        default: throw .server(state: state, message: message)
        }
    }

    /// libpq gives no code for a failed connection; its sentences are stable across versions.
    static func connectionError(_ message: String) -> PostgresError {
        let lowered = message.lowercased()
        if lowered.contains("password authentication failed") || lowered.contains("no pg_hba.conf entry")
            || (lowered.contains("role") && lowered.contains("does not exist"))
            || lowered.contains("no password supplied") || lowered.contains("peer authentication failed")
        {
            return .loginFailed(message)
        }
        if lowered.contains("ssl") || lowered.contains("tls") || lowered.contains("gssapi") {
            return .tlsRefused(message)
        }
        return .cannotConnect(message)
    }

    private static func text(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        var text = String(cString: pointer)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}

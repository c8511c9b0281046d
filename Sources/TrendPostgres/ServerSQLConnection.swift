import TrendKit

/// A libpq connection seen through TrendKit's SQL seam, so the features' own SQL runs on a
/// PostgreSQL server. Their `?` placeholders are numbered once per statement text; values
/// travel as text (integers and numbers in their shortest exact form) and come back as text,
/// read by the column accessors. Every libpq failure becomes the `StorageError` that says
/// what is true on the server: `commitOutcomeUnknown` only where `COMMIT` was sent.
public final class ServerSQLConnection: SQLConnection {
    public let connection: PostgresConnection
    /// The server as a person may see it (no password), for the sentences of its failures.
    public let server: String
    public var dialect: SQLDialect { .postgresql }
    /// The login role the server knows the session as (`current_user`), set by the store.
    public var person = ""
    public private(set) var changes: Int64 = 0
    /// Each statement text numbered once.
    private var numbered: [String: (sql: String, count: Int)] = [:]

    public init(connection: PostgresConnection, server: String) {
        self.connection = connection
        self.server = server
    }

    public func statement(_ sql: String) throws(StorageError) -> any SQLStatement {
        ServerStatement(sql: numberedText(sql).sql, connection: self)
    }

    public func run(_ sql: String, _ values: [SQLValue]) throws(StorageError) {
        _ = try rows(sql, values.map(Self.text(of:)))
    }

    public func integer(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> Int64 {
        let result = try rows(sql, values.map(Self.text(of:)))
        return result.rows.first?.first.flatMap { $0 }.flatMap { Int64($0) } ?? 0
    }

    public func text(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> String? {
        try rows(sql, values.map(Self.text(of:))).rows.first?.first ?? nil
    }

    /// The row's id from `RETURNING id`: the identity column gives it, and unlike `lastval()`
    /// it cannot be another table's.
    public func insertRow(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> Int64 {
        let result = try rows(sql + " RETURNING id", values.map(Self.text(of:)))
        guard let text = result.rows.first?.first ?? nil, let id = Int64(text) else {
            throw .other(message: "the server returned no id for a new row")
        }
        return id
    }

    public func execute(_ sql: String) throws(StorageError) {
        do {
            try connection.executeScript(sql)
        } catch {
            throw storageError(error)
        }
    }

    /// Runs `sql` (with `?` placeholders) and keeps what the seam reports of it afterwards.
    func rows(_ sql: String, _ parameters: [String?]) throws(StorageError) -> PostgresRows {
        let text = numberedText(sql).sql
        // PostgreSQL's text cannot hold U+0000, and libpq would send the value cut short at
        // it: refused here, before anything is sent, rather than stored shorter.
        if parameters.contains(where: { $0?.utf8.contains(0) == true }) {
            throw .rejected(message: "a PostgreSQL store cannot keep the NUL character (\\u0000) in text")
        }
        let result: PostgresRows
        do {
            result = try connection.execute(text, parameters)
        } catch {
            throw storageError(error)
        }
        changes = Int64(result.affected)
        return result
    }

    private func numberedText(_ sql: String) -> (sql: String, count: Int) {
        if let known = numbered[sql] { return known }
        let rewritten = NumberedPlaceholders.rewrite(sql)
        numbered[sql] = rewritten
        return rewritten
    }

    /// A value as the text PostgreSQL reads back as the same value.
    static func text(of value: SQLValue) -> String? {
        switch value {
        case .integer(let number): return String(number)
        // Swift prints the shortest text that reads back as the same double.
        case .real(let number): return number.description
        case .text(let text): return text
        case .null: return nil
        }
    }

    /// Sends `COMMIT`; a connection lost before its reply is `.commitOutcomeUnknown`.
    func commit() throws(StorageError) {
        do {
            try connection.commit()
        } catch {
            throw storageError(error)
        }
    }

    /// The role the server knows the session as; `person` differs from it in a log read for
    /// someone else.
    var loginRole: String?

    func storageError(_ error: PostgresError) -> StorageError {
        // 42501: the server refused the row or the table. In a log read for someone else
        // (`ServerRules`) that is the rule that only its person writes it; in one's own log a
        // privilege the administrator took away, in the server's words.
        if case .server(let state, let message) = error, state == "42501" {
            if let loginRole, person != loginRole { return .notYourLog(person: person) }
            return .rejected(message: message)
        }
        return Self.storageError(error, server: server)
    }

    /// What a libpq failure means for the store, in TrendKit's terms.
    static func storageError(_ error: PostgresError, server: String) -> StorageError {
        switch error {
        case .cannotConnect(let detail): return .serverUnreachable(server: server, detail: detail)
        case .loginFailed(let detail): return .loginRefused(server: server, detail: detail)
        case .tlsRefused(let detail): return .tlsRefused(server: server, detail: detail)
        case .connectionLost: return .connectionLost(server: server)
        case .commitOutcomeUnknown: return .commitOutcomeUnknown(server: server)
        case .timedOut: return .timedOut(server: server)
        case .cancelled: return .interrupted
        case .serializationFailure: return .writeConflict
        case .readOnly: return .serverReadOnly(server: server)
        case .diskFull: return .serverDiskFull(server: server)
        case .server(let state, let message):
            // Class 23: an integrity constraint refused the values.
            if state.hasPrefix("23") { return .rejected(message: message) }
            return .other(message: message)
        }
    }
}

/// One statement on the server: bound as text, run at its first step, its rows read from
/// the reply.
final class ServerStatement: SQLStatement {
    private let sql: String
    private unowned let connection: ServerSQLConnection
    private var parameters: [String?] = []
    private var result: PostgresRows?
    private var row = -1

    init(sql: String, connection: ServerSQLConnection) {
        self.sql = sql
        self.connection = connection
    }

    func bind(_ values: [SQLValue]) throws(StorageError) {
        for (offset, value) in values.enumerated() { set(offset + 1, ServerSQLConnection.text(of: value)) }
    }

    func bind(_ index: Int32, text bytes: UnsafeBufferPointer<UInt8>) throws(StorageError) {
        set(Int(index), String(decoding: bytes, as: UTF8.self))
    }

    func bind(_ index: Int32, double value: Double) throws(StorageError) {
        set(Int(index), ServerSQLConnection.text(of: .real(value)))
    }

    func bindNull(_ index: Int32) throws(StorageError) { set(Int(index), nil) }

    private func set(_ index: Int, _ value: String?) {
        while parameters.count < index { parameters.append(nil) }
        parameters[index - 1] = value
    }

    func step() throws(StorageError) -> Bool {
        if result == nil {
            // `rows` numbers placeholders again only for text it has not seen; this text has none left.
            result = try connection.rows(sql, parameters)
            row = -1
        }
        row += 1
        return row < (result?.rows.count ?? 0)
    }

    func run() throws(StorageError) {
        defer { reset() }
        while try step() {}
    }

    func reset() {
        result = nil
        parameters = []
        row = -1
    }

    private func value(_ column: Int32) -> String? {
        guard let result, row >= 0, row < result.rows.count, Int(column) < result.rows[row].count else { return nil }
        return result.rows[row][Int(column)]
    }

    func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = value(column) ?? ""
        return text.withUTF8 { body($0) }
    }

    func int64(_ column: Int32) -> Int64 { value(column).flatMap { Int64($0) } ?? 0 }
    func double(_ column: Int32) -> Double { value(column).flatMap { Double($0) } ?? 0 }
    func isNull(_ column: Int32) -> Bool { value(column) == nil }
    func text(_ column: Int32) -> String? { value(column) }
}

/// The seam between the features' SQL and the engine that runs it. Every repository reads
/// and writes through these two protocols, never through an engine's own types, so one
/// feature's rules run unchanged on SQLite (`SQLiteDatabase`) and on a second SQL backend.
/// Statements are written with `?` placeholders; a backend that numbers its parameters
/// translates them. Where the text of a statement must differ, the feature asks `dialect`
/// and keeps both texts beside each other.
public protocol SQLConnection: AnyObject {
    /// Which engine's SQL this connection speaks.
    var dialect: SQLDialect { get }
    /// The person whose log this connection reads and writes (`people.name`): every row a
    /// feature writes names them, and every read of a person's data asks for theirs. The
    /// store that owns the connection sets it once it has checked that the store holds them.
    var person: String { get }
    /// A statement for `sql`, ready to bind, with no bindings; it may be reused across calls.
    func statement(_ sql: String) throws(StorageError) -> any SQLStatement
    /// Runs one statement with `values` bound, ignoring any rows it returns.
    func run(_ sql: String, _ values: [SQLValue]) throws(StorageError)
    /// The first column of the first row of `sql`, as an integer (0 when there is no row).
    func integer(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> Int64
    /// The first column of the first row of `sql`, as text (nil when there is no row or it is NULL).
    func text(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> String?
    /// Runs statements that take no parameters and return no rows: schema changes.
    func execute(_ sql: String) throws(StorageError)
    /// Runs an INSERT of one row into a table whose `id` the store gives (an SQLite rowid, a
    /// PostgreSQL identity column), and returns that id.
    func insertRow(_ sql: String, _ values: [SQLValue]) throws(StorageError) -> Int64
    /// How many rows the last insert, update or delete changed (not counting its triggers').
    var changes: Int64 { get }
}

extension SQLConnection {
    public func run(_ sql: String) throws(StorageError) { try run(sql, []) }
    public func integer(_ sql: String) throws(StorageError) -> Int64 { try integer(sql, []) }
    public func text(_ sql: String) throws(StorageError) -> String? { try text(sql, []) }
}

/// One statement: bind its parameters, step through its rows, read their columns.
public protocol SQLStatement: AnyObject {
    /// Binds `values` to the parameters, in order from the first.
    func bind(_ values: [SQLValue]) throws(StorageError)
    /// Binds UTF-8 text to parameter `index` (from 1) straight from bytes.
    func bind(_ index: Int32, text bytes: UnsafeBufferPointer<UInt8>) throws(StorageError)
    /// Binds a number to parameter `index` (from 1).
    func bind(_ index: Int32, double value: Double) throws(StorageError)
    /// Binds NULL to parameter `index` (from 1).
    func bindNull(_ index: Int32) throws(StorageError)
    /// Advances; true when a row is ready to read. The first step runs the statement.
    func step() throws(StorageError) -> Bool
    /// Runs the statement to its end, ignoring any rows, ready to run again with new bindings.
    func run() throws(StorageError)
    /// Makes the statement ready to run again, with no bindings.
    func reset()
    /// The bytes of a text column of the current row, valid only inside `body`.
    func withText<T>(_ column: Int32, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T
    func int64(_ column: Int32) -> Int64
    func double(_ column: Int32) -> Double
    /// True when the column of the current row is NULL.
    func isNull(_ column: Int32) -> Bool
    /// A text column of the current row; bytes that are not UTF-8 come back shown escaped.
    func text(_ column: Int32) -> String?
}

/// The SQL an engine speaks, for the few statements whose text differs between engines.
public enum SQLDialect: Sendable, Equatable {
    case sqlite
    case postgresql

    /// The time now, in UTC, as trendsh stores a time: ISO 8601 to the millisecond.
    public var now: String {
        switch self {
        case .sqlite: return "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')"
        case .postgresql: return "to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')"
        }
    }

    /// The whole seconds since 1970 of a stored time (`column` holds ISO 8601 UTC text).
    public func unixSeconds(_ column: String) -> String {
        switch self {
        case .sqlite: return "CAST(strftime('%s', \(column)) AS INTEGER)"
        case .postgresql: return "CAST(floor(extract(epoch FROM CAST(\(column) AS timestamptz))) AS bigint)"
        }
    }
}

/// One statement written for each dialect: built once, picked by the connection's dialect,
/// so a statement's text stays a constant the connection's cache can keep.
public struct DialectText: Sendable {
    public let sqlite: String
    public let postgresql: String

    public init(sqlite: String, postgresql: String) {
        self.sqlite = sqlite
        self.postgresql = postgresql
    }

    /// One text, with the fragments that differ (`SQLDialect.now`, `unixSeconds`) filled in
    /// for each dialect.
    public init(_ text: (SQLDialect) -> String) {
        self.init(sqlite: text(.sqlite), postgresql: text(.postgresql))
    }

    public subscript(_ dialect: SQLDialect) -> String {
        switch dialect {
        case .sqlite: return sqlite
        case .postgresql: return postgresql
        }
    }
}

/// A string literal is one text that both engines run with the same meaning, so a table of
/// statements (`UndoableTable`) writes only the few that differ as two texts.
extension DialectText: ExpressibleByStringInterpolation {
    public init(stringLiteral text: String) {
        self.init(sqlite: text, postgresql: text)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        let text = String(stringInterpolation: stringInterpolation)
        self.init(sqlite: text, postgresql: text)
    }
}

/// A value bound to a statement parameter.
public enum SQLValue: Sendable, Equatable {
    case integer(Int64)
    case real(Double)
    case text(String)
    case null
}

/// What the features need of a store: transactions for reading and for writing, run by
/// whichever engine keeps the log. `Store` keeps it in a SQLite file.
@MainActor
public protocol RecordStore: AnyObject {
    /// Where the store records its transactions for `--trace`.
    var trace: LayerTrace { get }
    /// Runs `body` on an open connection for `feature`. `loading` marks a load of the
    /// feature's data, which a `refresh` fault fails.
    func read<T>(_ feature: FeatureID, loading: Bool, _ body: (any SQLConnection) throws(StorageError) -> T)
        throws(StorageError) -> T
    /// Runs `body` in one write transaction for `feature`, committed before it returns and
    /// rolled back on any failure.
    func write<T>(_ feature: FeatureID, _ body: (any SQLConnection) throws(StorageError) -> T)
        throws(StorageError) -> T
    /// Ends the connection (SQLite's last one checkpoints the log into the file); the next
    /// read or write opens it again.
    func close()
}

extension RecordStore {
    public func read<T>(_ feature: FeatureID, _ body: (any SQLConnection) throws(StorageError) -> T)
        throws(StorageError) -> T
    {
        try read(feature, loading: false, body)
    }
}

import FoundationEssentials
import TrendKit

/// A trendsh log kept on a PostgreSQL server: the `RecordStore` the features write through
/// when `--store` names a server. It connects lazily and again after any failure that may
/// have left the connection unusable. On connecting it refuses a role the server's rules do
/// not hold for (a superuser, `BYPASSRLS`, a member of the tables' owner), and a database
/// whose store is missing, older or newer: only the administrator's run sets a store up or
/// upgrades it (`ServerAdministration`). It runs:
///
/// - every write in `BEGIN ISOLATION LEVEL SERIALIZABLE … COMMIT` with `synchronous_commit`
///   on, retried up to `writeAttempts` times after a serialization failure, then reported as
///   `.writeConflict`; a connection lost after `COMMIT` was sent is `.commitOutcomeUnknown`,
///   which the feature's retry settles by the operation's id;
/// - every read in one `REPEATABLE READ READ ONLY` transaction, so a command's reads see one
///   snapshot, as they do in SQLite's read transaction.
///
/// Another session's commit is noticed by the store's change counter (`changedElsewhere`).
@MainActor
public final class ServerStore: SessionStore {
    /// How many times a write is tried when the server reports a serialization failure.
    public static let writeAttempts = 3

    public let address: ServerAddress
    public let location: StoreLocation
    public let faults: FaultInjector
    public let trace: LayerTrace
    public let timeouts: PostgresConnection.Timeouts
    private let schema: ServerSchema
    private var connection: ServerSQLConnection?
    /// The change counter when last looked at; nil before the first look.
    private var seenChanges: Int64?
    /// The store's identity, the UUID the server made when the schema was set up.
    public private(set) var identity: String?
    /// Whose log the session works on, once connected: its login role's own, or a log shared
    /// with that role (`requestedPerson`), which the server lets it read and not write.
    public private(set) var personName: String?
    /// The role the server knows this session as, once connected.
    public private(set) var loginRole: String?
    /// The log the session asked for (`--person`, `person NAME`); nil for its role's own.
    public private(set) var requestedPerson: PersonName?
    /// How many writes the server has confirmed in this session.
    public private(set) var writesConfirmed = 0
    /// A failure to connect, and when it was met: the rest of that command's reads and writes,
    /// and those of the commands after it whose lines were already there (a `-c` run, a piped
    /// script), meet it at once instead of waiting out the connect timeout again, as SQLite's
    /// lock is waited for once per command: such a run waits for one connect timeout, not one
    /// for its start and one for each command. A line that arrives after the session waited
    /// for it (`lineArrivedAfterWaiting`) tries again, and so does any command begun
    /// `contactFailureStands` after the failure.
    private var contactFailure: (failure: StorageError, at: ContinuousClock.Instant)?
    /// How long a failure to connect stands for the commands that follow it.
    public static let contactFailureStands: Duration = .seconds(2)
    /// Polled while a statement runs: true cancels it on the server (Ctrl-C).
    private let interruptRequested: (@Sendable () -> Bool)?

    /// - Parameter localName: what names this store's local files (`ServerAddress.fileStem`).
    public init(
        address: ServerAddress, localName: String? = nil, schema: ServerSchema = Schema.server,
        timeouts: PostgresConnection.Timeouts = PostgresConnection.Timeouts(), faults: FaultInjector = FaultInjector(),
        interruptRequested: (@Sendable () -> Bool)? = nil, trace: LayerTrace = LayerTrace(),
        person: PersonName? = nil
    ) {
        self.interruptRequested = interruptRequested
        self.requestedPerson = person
        self.address = address
        self.location = .server(address, localName: localName ?? address.fileStem(environment: [:]))
        self.faults = faults
        self.schema = schema
        self.timeouts = timeouts
        self.trace = trace
    }

    public func read<T>(
        _ feature: FeatureID, loading: Bool, _ body: (any SQLConnection) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let db: ServerSQLConnection
        do {
            try faults.check(.open, feature: feature)
            if loading { try faults.check(.refresh, feature: feature) }
            db = try connected()
            try db.run("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", [])
        } catch {
            settle(error)
            trace.record(.readFailed(feature, error))
            throw error
        }
        do {
            try checkStillShared(in: db)
            let value = try body(db)
            try db.run("COMMIT", [])
            trace.record(.read(feature, []))
            return value
        } catch {
            rollBack(db)
            settle(error)
            trace.record(.readFailed(feature, error))
            throw error
        }
    }

    public func write<T>(_ feature: FeatureID, _ body: (any SQLConnection) throws(StorageError) -> T)
        throws(StorageError) -> T
    {
        var attempt = 1
        while true {
            let db: ServerSQLConnection
            do {
                try faults.check(.open, feature: feature)
                try faults.check(.save, feature: feature)
                db = try connected()
                try db.run("BEGIN ISOLATION LEVEL SERIALIZABLE", [])
            } catch {
                settle(error)
                trace.record(.writeRefused(feature, error))
                throw error
            }
            trace.record(.writeBegan(feature))
            let value: T
            let counter: Int64
            do {
                // The writers' turn, as SQLite's BEGIN IMMEDIATE: on the counter's row.
                _ = try db.integer(StoreServerSchema.takeTurn, [])
                value = try body(db)
                // Read inside the transaction, after its last change: the value this
                // session's own commit leaves, so it is not taken for another session's.
                counter = try db.integer(StoreServerSchema.readChangeCount, [])
            } catch {
                rollBack(db)
                settle(error)
                if case .writeConflict = error, attempt < Self.writeAttempts {
                    attempt += 1
                    continue
                }
                trace.record(.rolledBack(feature, error))
                throw error
            }
            do {
                try db.commit()
            } catch {
                settle(error)
                if case .commitOutcomeUnknown = error {
                    trace.record(.commitUnconfirmed(feature))
                    throw error
                }
                // A COMMIT the server refused has ended the transaction.
                if case .writeConflict = error, attempt < Self.writeAttempts {
                    attempt += 1
                    continue
                }
                trace.record(.rolledBack(feature, error))
                throw error
            }
            trace.record(.committed(feature, rowsChanged: 0))
            seenChanges = counter
            do {
                try faults.checkAcknowledgement()
            } catch {
                trace.record(.commitUnconfirmed(feature))
                throw error
            }
            writesConfirmed += 1
            return value
        }
    }

    /// True when another session has committed since the last call (or since connecting).
    /// Costs one round trip; false while not connected.
    public func changedElsewhere() -> Bool {
        guard let connection else { return false }
        do {
            let counter = try connection.integer(StoreServerSchema.readChangeCount, [])
            defer { seenChanges = counter }
            let changed = seenChanges.map { $0 != counter } ?? false
            if changed { trace.record(.otherSessionCommitted) }
            return changed
        } catch {
            // A server that cannot answer has not been seen to change; the next operation
            // meets the failure itself and reports it.
            settle(error)
            return false
        }
    }

    public func beginCommand() {
        if let contactFailure, ContinuousClock.now - contactFailure.at >= Self.contactFailureStands {
            self.contactFailure = nil
        }
    }

    public func endCommand() {}

    public func lineArrivedAfterWaiting() { contactFailure = nil }

    /// True when, in the current command, the server could not be reached: what starting
    /// would have read from it is still to be read, as after another program's lock in SQLite.
    public var lockWaitRanOut: Bool { contactFailure != nil }

    /// Runs `body` (the session's start); `metLock` is true when the server could not be
    /// reached, so that the session reads what starting could not (the features, and whether
    /// a restored draft was saved already) before the first command that reads the store.
    public func withoutWaiting<T>(_ body: () -> T) -> (result: T, metLock: Bool) {
        contactFailure = nil
        let result = body()
        return (result, contactFailure != nil)
    }

    /// A server's set-up is told by the trace; nothing is noted for the person.
    public func takeNotices() -> [StoreNotice] { [] }

    /// Ends the connection; the next operation connects again.
    public func close() {
        connection = nil
        seenChanges = nil
    }

    /// Forgets a connection that the failure may have broken, so the next call reconnects.
    private func settle(_ error: StorageError) {
        if error.needsReopen { close() }
    }

    private func rollBack(_ db: ServerSQLConnection) {
        // The error that made the caller roll back says more than a failed rollback could;
        // a broken connection is dropped by `settle`, which ends the transaction on the server.
        do { try db.run("ROLLBACK", []) } catch { close() }
    }

    /// Makes `name`'s log the session's: its role's own, or one shared with its role, which
    /// the server's rules let it read and refuse it to write. A log it may not read is not
    /// there for it, and is refused as an unknown person, naming the logs it may read.
    public func choosePerson(_ name: PersonName) throws(StorageError) {
        let previous = requestedPerson
        requestedPerson = name
        do {
            // Connecting takes the requested person; a connection made before takes it now.
            _ = try read(.people) { _ throws(StorageError) in () }
            if let connection { try takePerson(in: connection) }
        } catch {
            requestedPerson = previous
            if let connection {
                do { try takePerson(in: connection) } catch { close() }
            }
            throw error
        }
    }

    /// Sets the connection's person from `requestedPerson`: the role's own log, or a
    /// readable one (the people table holds, for this role, only the logs it may read).
    private func takePerson(in db: ServerSQLConnection) throws(StorageError) {
        let role = loginRole ?? ""
        var person = role
        if let requestedPerson, requestedPerson.rawValue != role {
            guard try PeopleRows.holds(requestedPerson, in: db) else {
                throw .logNotShared(
                    name: requestedPerson.rawValue, readable: try PeopleRows.names(in: db).map(\.rawValue))
            }
            person = requestedPerson.rawValue
        }
        db.person = person
        personName = person
    }

    /// A log shared with this role can be unshared while the session reads it. Each read of
    /// another person's log first looks, in its own snapshot, whether the log is still shared,
    /// and is refused as `person NAME` is when it is not, naming the logs the role may read:
    /// the server's rules would otherwise show it an empty log, as if its owner had none.
    private func checkStillShared(in db: ServerSQLConnection) throws(StorageError) {
        guard let requestedPerson, requestedPerson.rawValue != loginRole else { return }
        guard try PeopleRows.holds(requestedPerson, in: db) else {
            throw .logNotShared(
                name: requestedPerson.rawValue, readable: try PeopleRows.names(in: db).map(\.rawValue))
        }
    }

    /// People are login roles on a server, which its administrator adds.
    public func addPerson(_ name: PersonName) throws(StorageError) -> Bool {
        _ = try read(.people) { _ throws(StorageError) in () }
        throw .personIsALoginRole(role: loginRole ?? "")
    }

    /// Lets `reader`, a role of the server's, read this role's own log.
    public func share(with reader: PersonName) throws(StorageError) -> Bool {
        try write(.people) { db throws(StorageError) in
            guard try db.integer("SELECT count(*) FROM pg_roles WHERE rolname = ?", [.text(reader.rawValue)]) > 0 else {
                throw .unknownRole(name: reader.rawValue)
            }
            try db.run(
                """
                INSERT INTO shares (person, reader, added_at) VALUES (current_user, ?, \(SQLDialect.postgresql.now))
                ON CONFLICT DO NOTHING
                """, [.text(reader.rawValue)])
            return db.changes > 0
        }
    }

    public func unshare(with reader: PersonName) throws(StorageError) -> Bool {
        try write(.people) { db throws(StorageError) in
            try db.run("DELETE FROM shares WHERE person = current_user AND reader = ?", [.text(reader.rawValue)])
            return db.changes > 0
        }
    }

    public func readers() throws(StorageError) -> [PersonName] {
        try read(.people) { db throws(StorageError) in
            let rows = try db.statement("SELECT reader FROM shares WHERE person = current_user ORDER BY reader")
            var names: [PersonName] = []
            while try rows.step() {
                if let text = rows.text(0), let name = PersonName(text) { names.append(name) }
            }
            return names
        }
    }

    public func people(asOf now: Date) throws(StorageError) -> [PersonSummary] {
        try read(.people) { db throws(StorageError) in try PeopleRows.summaries(asOf: now, in: db) }
    }

    private func connected() throws(StorageError) -> ServerSQLConnection {
        if let connection { return connection }
        if let contactFailure { throw contactFailure.failure }
        let db: ServerSQLConnection
        do {
            let connection = try PostgresConnection(uri: address.uri, timeouts: timeouts)
            connection.interruptRequested = interruptRequested
            db = ServerSQLConnection(connection: connection, server: address.displayed)
        } catch {
            let failure = ServerSQLConnection.storageError(error, server: address.displayed)
            contactFailure = (failure, .now)
            throw failure
        }
        // A person's session sets nothing up and upgrades nothing: its administrator's run does
        // (`ServerAdministration`). It refuses a role the server's rules do not hold for.
        let (identity, role) = try ServerSetUp.check(db, schema: schema)
        self.identity = identity
        // On a server a person is their login role: the store holds everyone who has logged in.
        if try db.integer("SELECT count(*) FROM people WHERE name = current_user", []) == 0 {
            try db.run(
                "INSERT INTO people (name, added_at) VALUES (current_user, \(SQLDialect.postgresql.now)) ON CONFLICT DO NOTHING",
                [])
        }
        loginRole = role
        db.loginRole = role
        try takePerson(in: db)
        connection = db
        seenChanges = try db.integer(StoreServerSchema.readChangeCount, [])
        return db
    }
}

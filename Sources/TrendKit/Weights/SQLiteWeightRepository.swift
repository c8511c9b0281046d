import CSQLite
import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The durable store: SQLite in WAL mode with `synchronous=FULL`, so saved means on disk.
/// The one connection lives on this actor.
///
/// The actor runs on the main actor's executor: a shell waits for each command anyway, and
/// sharing the main thread spares every call a hop to a worker thread (and start-up the cost
/// of creating the pool). A lock wait polls the interrupt flag, so Ctrl-C still ends it.
public actor SQLiteWeightRepository: WeightRepository {
    public nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.sharedUnownedExecutor }

    /// The schema version this build writes and reads (`PRAGMA user_version`).
    public static let schemaVersion = 1
    /// Marks a file as a trendsh store (`PRAGMA application_id`, "TRND").
    static let applicationID: Int64 = 0x5452_4E44
    /// How long a write waits for another program's lock before giving up.
    public static let defaultBusyTimeout: Duration = .seconds(3)

    public nonisolated let location: StoreLocation
    private let busyWait: BusyWait
    private var connection: SQLiteConnection?
    /// Set by an I/O error: a commit may have reached the log without reaching the disk,
    /// so the next write must prove the log is on disk before it reports success.
    private var mustProveDurability = false

    /// - Parameter interruptRequested: polled while waiting for a lock; true abandons the wait.
    public init(
        location: StoreLocation,
        busyTimeout: Duration = defaultBusyTimeout,
        interruptRequested: @escaping @Sendable () -> Bool = { false }
    ) {
        self.location = location
        self.busyWait = BusyWait(timeout: busyTimeout, interruptRequested: interruptRequested)
    }

    public func open() throws(StorageError) {
        _ = try connected()
    }

    public func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry] {
        try reading { db throws(StorageError) in
            let statement = try db.cached(
                "SELECT id, taken_at, kilograms, note, draft_id FROM entries ORDER BY taken_at DESC, id DESC LIMIT ?")
            try statement.bind([.integer(Int64(max(0, limit)))])
            var entries: [WeightEntry] = []
            while try statement.step() { entries.append(Self.entry(from: statement)) }
            return entries
        }
    }

    public func entry(id: Int64) throws(StorageError) -> WeightEntry? {
        try reading { db throws(StorageError) in try Self.entry(id: id, in: db) }
    }

    public func insert(_ new: NewWeightEntry) throws(StorageError) -> InsertOutcome {
        try writing { db throws(StorageError) in
            let existing = try db.cached(
                "SELECT id, taken_at, kilograms, note, draft_id FROM entries WHERE draft_id = ?")
            try existing.bind([.text(new.draftID.rawValue)])
            if try existing.step() { return .alreadySaved(Self.entry(from: existing)) }
            let insert = try db.cached(
                "INSERT INTO entries (taken_at, kilograms, note, draft_id) VALUES (?, ?, ?, ?)")
            try insert.bind([
                .real(new.date.timeIntervalSinceReferenceDate), .real(new.kilograms), .text(new.note),
                .text(new.draftID.rawValue),
            ])
            _ = try insert.step()
            return .inserted(
                WeightEntry(
                    id: db.lastInsertRowID, date: new.date, kilograms: new.kilograms, note: new.note,
                    draftID: new.draftID))
        }
    }

    public func update(_ entry: WeightEntry) throws(StorageError) -> WeightEntry? {
        try writing { db throws(StorageError) in
            let update = try db.cached("UPDATE entries SET taken_at = ?, kilograms = ?, note = ? WHERE id = ?")
            try update.bind([
                .real(entry.date.timeIntervalSinceReferenceDate), .real(entry.kilograms), .text(entry.note),
                .integer(entry.id),
            ])
            _ = try update.step()
            guard db.changes > 0 else { return nil }
            return try Self.entry(id: entry.id, in: db)
        }
    }

    public func delete(id: Int64) throws(StorageError) -> WeightEntry? {
        try writing { db throws(StorageError) in
            guard let entry = try Self.entry(id: id, in: db) else { return nil }
            let delete = try db.cached("DELETE FROM entries WHERE id = ?")
            try delete.bind([.integer(id)])
            _ = try delete.step()
            return entry
        }
    }

    /// Runs `body` on an open connection; a failure that may leave it unusable closes it.
    private func reading<T>(_ body: (SQLiteConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        busyWait.start()
        let db = try connected()
        defer { db.resetCachedStatements() }
        do {
            return try body(db)
        } catch {
            if error.needsReopen { connection = nil }
            if case .locked = error, busyWait.wasInterrupted { throw .interrupted }
            throw error
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT`; rolls back on any failure.
    private func writing<T>(_ body: (SQLiteConnection) throws(StorageError) -> T) throws(StorageError) -> T {
        busyWait.start()
        let db = try connected()
        defer { db.resetCachedStatements() }
        do {
            try db.run("BEGIN IMMEDIATE")
            let result = try body(db)
            db.resetCachedStatements()
            try db.run("COMMIT")
            try proveDurability(db)
            return result
        } catch {
            if case .unconfirmed = error { throw error }  // committed: no rollback, no "interrupted"
            if case .ioError = error { mustProveDurability = true }
            if db.isInTransaction {
                // The rollback's own failure cannot be reported better than the original error.
                sqlite3_exec(db.handle, "ROLLBACK", nil, nil, nil)
            }
            if error.needsReopen { connection = nil }
            if case .locked = error, busyWait.wasInterrupted { throw .interrupted }
            throw error
        }
    }

    /// After an I/O error, a commit counts only once a checkpoint has synced the log and the
    /// store. The commit has happened, so a failure here is `.unconfirmed`, never "nothing
    /// was written".
    private func proveDurability(_ db: SQLiteConnection) throws(StorageError) {
        guard mustProveDurability else { return }
        do {
            try Self.checkpoint(db, location: location)
        } catch {
            // The disk failing again is the I/O error it is ("nothing was confirmed"); any
            // other stop (a reader, Ctrl-C) must not read as "nothing was written".
            if case .ioError = error { throw error }
            throw .unconfirmed(code: error.sqliteCode ?? SQLITE_IOERR)
        }
        mustProveDurability = false
    }

    /// Copies the log into the store and syncs both; throws when the disk refuses.
    private static func checkpoint(_ db: SQLiteConnection, location: StoreLocation) throws(StorageError) {
        guard case .file = location else { return }
        let statement = try db.prepare("PRAGMA wal_checkpoint(FULL)")
        guard try statement.step() else { return }
        if statement.int64(0) != 0 { throw .locked(code: SQLITE_BUSY) }
    }

    private func connected() throws(StorageError) -> SQLiteConnection {
        if let connection { return connection }
        while true {
            do {
                let db = try Self.openConnection(at: location, busyWait: busyWait)
                connection = db
                return db
            } catch {
                // SQLite answers BUSY at once, without its busy handler, where waiting could
                // deadlock (two sessions creating one new store). Opening again from scratch
                // cannot deadlock, so it waits here, within the same timeout.
                guard case .locked = error else { throw error }
                guard busyWait.shouldKeepWaiting() else {
                    throw busyWait.wasInterrupted ? .interrupted : error
                }
            }
        }
    }

    /// Opens, configures and migrates a connection; never writes to a file that is not ours.
    static func openConnection(at location: StoreLocation, busyWait: BusyWait) throws(StorageError)
        -> SQLiteConnection
    {
        if case .file(let path) = location { try createPrivateFile(at: path) }
        let db = try SQLiteConnection(path: location.sqlitePath)
        sqlite3_busy_handler(db.handle, busyHandler, Unmanaged.passUnretained(busyWait).toOpaque())
        // One read transaction: a store another process is creating is seen whole or not at all.
        let header = try inTransaction("BEGIN", db) { () throws(StorageError) in try readHeader(db) }
        try check(header, location: location)
        if case .file = location, try text("PRAGMA journal_mode", db) != "wal" {
            try db.execute("PRAGMA journal_mode = WAL")
        }
        try db.execute("PRAGMA synchronous = FULL")
        if header.version < schemaVersion { try migrate(db, location: location) }
        return db
    }

    /// What a store file says about itself.
    private struct Header {
        var version: Int64
        var applicationID: Int64
        var objectCount: Int64
    }

    private static func readHeader(_ db: SQLiteConnection) throws(StorageError) -> Header {
        Header(
            version: try integerPragma("user_version", db), applicationID: try integerPragma("application_id", db),
            objectCount: try count("SELECT count(*) FROM sqlite_master", db))
    }

    /// Refuses a newer format, and any database that is not a trendsh store.
    private static func check(_ header: Header, location: StoreLocation) throws(StorageError) {
        if header.version > schemaVersion { throw .newerFormat(version: Int(header.version)) }
        if header.objectCount > 0 && header.applicationID != Self.applicationID {
            throw .damaged(path: location.sqlitePath, code: SQLITE_NOTADB)
        }
    }

    /// Brings the schema up to date under the write lock; another process that got there
    /// first leaves nothing to do.
    private static func migrate(_ db: SQLiteConnection, location: StoreLocation) throws(StorageError) {
        try inTransaction("BEGIN IMMEDIATE", db) { () throws(StorageError) in
            let header = try readHeader(db)
            try check(header, location: location)
            guard header.version < schemaVersion else { return }
            if header.version < 1 {
                try db.execute(
                    """
                    PRAGMA application_id = \(applicationID);
                    CREATE TABLE entries (
                        id INTEGER PRIMARY KEY AUTOINCREMENT,
                        taken_at REAL NOT NULL, -- seconds since 2001-01-01 UTC, exactly as Date keeps them
                        kilograms REAL NOT NULL CHECK (kilograms > 0),
                        note TEXT NOT NULL DEFAULT '',
                        draft_id TEXT UNIQUE
                    );
                    CREATE INDEX entries_newest_first ON entries (taken_at DESC, id DESC);
                    """)
            }
            try db.execute("PRAGMA user_version = \(schemaVersion)")
        }
    }

    /// Runs `body` between `begin` and `COMMIT`, rolling back on failure.
    private static func inTransaction<T>(
        _ begin: String, _ db: SQLiteConnection, _ body: () throws(StorageError) -> T
    ) throws(StorageError) -> T {
        do {
            try db.execute(begin)
            let result = try body()
            try db.execute("COMMIT")
            return result
        } catch {
            if db.isInTransaction { sqlite3_exec(db.handle, "ROLLBACK", nil, nil, nil) }
            throw error
        }
    }

    private static func text(_ sql: String, _ db: SQLiteConnection) throws(StorageError) -> String? {
        let statement = try db.prepare(sql)
        return try statement.step() ? statement.text(0) : nil
    }

    /// Creates the store file with mode 0600 before SQLite does (SQLite would use 0644);
    /// SQLite gives the WAL and shared-memory files the same mode.
    private static func createPrivateFile(at path: String) throws(StorageError) {
        let descriptor = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            Glibc.close(descriptor)
            return
        }
        switch errno {
        case EEXIST: return
        case ENOSPC, EDQUOT: throw .diskFull(code: SQLITE_FULL)
        case EACCES, EPERM, EROFS: throw .readOnly(code: SQLITE_READONLY)
        default: throw .cannotOpen(path: path, code: SQLITE_CANTOPEN)
        }
    }

    private static func integerPragma(_ name: String, _ db: SQLiteConnection) throws(StorageError) -> Int64 {
        try count("PRAGMA \(name)", db)
    }

    private static func count(_ sql: String, _ db: SQLiteConnection) throws(StorageError) -> Int64 {
        let statement = try db.prepare(sql)
        return try statement.step() ? statement.int64(0) : 0
    }

    private static func entry(id: Int64, in db: SQLiteConnection) throws(StorageError) -> WeightEntry? {
        let statement = try db.cached("SELECT id, taken_at, kilograms, note, draft_id FROM entries WHERE id = ?")
        try statement.bind([.integer(id)])
        return try statement.step() ? entry(from: statement) : nil
    }

    private static func entry(from row: SQLiteStatement) -> WeightEntry {
        WeightEntry(
            id: row.int64(0), date: Date(timeIntervalSinceReferenceDate: row.double(1)), kilograms: row.double(2),
            note: row.text(3) ?? "", draftID: row.text(4).map(DraftID.init(rawValue:)))
    }
}

/// SQLite's busy callback: waits in short sleeps up to the timeout, and stops early when
/// the person interrupts. Returning 0 makes the statement fail with SQLITE_BUSY.
private func busyHandler(_ context: UnsafeMutableRawPointer?, _ attempt: Int32) -> Int32 {
    guard let context else { return 0 }
    let wait = Unmanaged<BusyWait>.fromOpaque(context).takeUnretainedValue()
    return wait.shouldKeepWaiting() ? 1 : 0
}

/// The state of one lock wait. Only touched from the repository's actor (the busy callback
/// runs synchronously inside a statement the actor is executing), so it needs no lock.
final class BusyWait: @unchecked Sendable {
    let timeout: Duration
    let interruptRequested: @Sendable () -> Bool
    private var startedAt = ContinuousClock.now
    private(set) var wasInterrupted = false

    init(timeout: Duration, interruptRequested: @escaping @Sendable () -> Bool) {
        self.timeout = timeout
        self.interruptRequested = interruptRequested
    }

    func start() {
        startedAt = .now
        wasInterrupted = false
    }

    func shouldKeepWaiting() -> Bool {
        if interruptRequested() {
            wasInterrupted = true
            return false
        }
        guard ContinuousClock.now - startedAt < timeout else { return false }
        usleep(10_000)
        return true
    }
}

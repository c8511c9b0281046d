import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The one owner of the store's SQLite file. It opens the file (never anything but a regular
/// file or a new one), sets WAL and `synchronous=FULL`, checks that the file is a trendsh store,
/// brings the schema up to date through every feature's migrations (copying the store first),
/// runs read and write transactions, waits for another program's lock until a signal says to
/// stop, proves durability after an I/O error, notices other connections' commits, consults
/// the fault plan for every feature's reads and writes, and closes the file on the way out.
///
/// Feature repositories hold only their SQL; they reach the file through `read` and `write`.
@MainActor
public final class Store: SessionStore {
    /// Marks a file as a trendsh store (`PRAGMA application_id`, "TRND").
    static let applicationID: Int64 = 0x5452_4E44
    /// The most the write-ahead log keeps of its file between checkpoints, in bytes: room for
    /// SQLite's automatic checkpoint at 1,000 pages (about 4 MB) with some to spare, so a
    /// session's log stops growing once it has reached that size; a log that a long read or
    /// a large import made bigger is cut back to this. On close the log is emptied whatever it is.
    static let logSizeLimit = 8 * 1024 * 1024
    /// How long a write waits for another program's lock before giving up.
    public static let defaultBusyTimeout: Duration = .seconds(3)

    public let location: StoreLocation
    /// The path SQLite opens (`:memory:` for memory).
    let sqlitePath: String
    public let faults: FaultInjector
    public let schema: Schema
    /// Where the store records its transactions for `--trace`.
    public let trace: LayerTrace
    let busyWait: BusyWait
    private var database: SQLiteDatabase?
    /// Set by an I/O error: a commit may have reached the log without reaching the disk,
    /// so the next write must prove the log is on disk before it reports success.
    private var mustProveDurability = false
    /// `PRAGMA data_version` when last looked at; nil before the first look.
    private var seenDataVersion: Int64?
    /// What opening found that a person should hear about once (an upgrade, loose modes).
    public private(set) var notices: [StoreNotice] = []
    /// Every notice ever noted, so a store reopened after an error does not repeat one.
    private var noted: [StoreNotice] = []
    /// Whose log the session asked for (`--person`, `person NAME`, the environment).
    public internal(set) var requestedPerson: PersonRequest
    /// Whose log the connection reads and writes, once the store has been opened and holds them.
    public internal(set) var person: PersonName?
    /// How many writes the store has confirmed in this session.
    public private(set) var writesConfirmed = 0

    /// - Parameter interruptRequested: polled while waiting for a lock; true abandons the wait.
    public init(
        location: StoreLocation, schema: Schema, faults: FaultInjector = FaultInjector(),
        busyTimeout: Duration = defaultBusyTimeout, interruptRequested: @escaping @Sendable () -> Bool = { false },
        trace: LayerTrace = LayerTrace(), person: PersonRequest = .resolve(named: nil)
    ) {
        guard let sqlitePath = location.sqlitePath else {
            // A programming error: a server's log is the companion's `ServerStore`.
            preconditionFailure("a Store keeps a SQLite file or memory, not \(location)")
        }
        self.location = location
        self.sqlitePath = sqlitePath
        self.schema = schema
        self.faults = faults
        self.trace = trace
        self.busyWait = BusyWait(timeout: busyTimeout, interruptRequested: interruptRequested)
        self.requestedPerson = person
    }

    /// Makes `name` the person whose log the session works on from now on, once the store
    /// is known to hold them; on a refusal the session stays on the person it had.
    public func choosePerson(_ name: PersonName) throws(StorageError) {
        let request = PersonRequest(name: name, source: .named)
        let db = try connected()
        let chosen = try PeopleRows.choose(request, in: db)
        requestedPerson = request
        person = chosen
        db.person = chosen.rawValue
    }

    /// Adds `name` to the people the store holds; false when it holds them already.
    @discardableResult
    public func addPerson(_ name: PersonName) throws(StorageError) -> Bool {
        try write(.people) { db throws(StorageError) in try PeopleRows.add(name, in: db) }
    }

    /// Everyone the store holds, by name.
    public func people() throws(StorageError) -> [PersonName] {
        try read(.people) { db throws(StorageError) in try PeopleRows.names(in: db) }
    }

    /// Everyone the store holds, with their latest figures: on SQLite anyone who can read
    /// the file can read every log in it.
    public func people(asOf now: Date) throws(StorageError) -> [PersonSummary] {
        try read(.people) { db throws(StorageError) in try PeopleRows.summaries(asOf: now, in: db) }
    }

    /// On SQLite anyone who can read the file reads every log: there is nothing to share.
    public func share(with reader: PersonName) throws(StorageError) -> Bool { throw .sharingNeedsAServer }

    public func unshare(with reader: PersonName) throws(StorageError) -> Bool { throw .sharingNeedsAServer }

    public func readers() throws(StorageError) -> [PersonName] { throw .sharingNeedsAServer }

    /// The open connection, opening it if needed: for tests that watch it with SQLite's own hooks.
    func connectionForTests() throws(StorageError) -> SQLiteDatabase { try connected() }

    /// True while a connection is open (for tests of opening and closing).
    var isOpen: Bool { database != nil }

    /// Adds a notice unless it is already waiting to be reported.
    func noteOnce(_ notice: StoreNotice) {
        guard !noted.contains(notice) else { return }
        noted.append(notice)
        notices.append(notice)
    }

    /// A SQLite store's draft lives beside it, so it records no identity.
    public var identity: String? { nil }

    public var personName: String? { person?.rawValue }

    /// Takes the notices gathered so far, so each is reported once.
    public func takeNotices() -> [StoreNotice] {
        defer { notices = [] }
        return notices
    }

    /// Runs `body` on an open connection for `feature`. `loading` marks a load of the
    /// feature's data, which a `refresh` fault fails.
    public func read<T>(
        _ feature: FeatureID, loading: Bool, _ body: (any SQLConnection) throws(StorageError) -> T
    ) throws(StorageError) -> T {
        let db: SQLiteDatabase
        do {
            try faults.check(.open, feature: feature)
            if loading { try faults.check(.refresh, feature: feature) }
            busyWait.start()
            db = try connected()
        } catch {
            trace.record(.readFailed(feature, error))
            throw error
        }
        defer { db.resetStatements() }
        // A read inside another read is counted as part of it.
        let tally = trace.isOn && db.tally == nil ? StatementTally() : nil
        if let tally { db.tally = tally }
        defer {
            if let tally {
                db.tally = nil
                trace.record(.read(feature, tally.runs))
            }
        }
        do {
            return try body(db)
        } catch {
            let settled = settle(error, db)
            trace.record(.readFailed(feature, settled))
            throw settled
        }
    }

    /// Runs `body` inside `BEGIN IMMEDIATE … COMMIT` for `feature`, and rolls back on any
    /// failure. A signal during the wait for the lock abandons it; once the lock is held, the
    /// transaction runs to its end.
    public func write<T>(_ feature: FeatureID, _ body: (any SQLConnection) throws(StorageError) -> T)
        throws(StorageError) -> T
    {
        let db: SQLiteDatabase
        do {
            try faults.check(.open, feature: feature)
            try faults.check(.save, feature: feature)
            busyWait.start()
            db = try connected()
        } catch {
            trace.record(.writeRefused(feature, error))
            throw error
        }
        defer { db.resetStatements() }
        let result: T
        var began = false
        var rowsBefore: Int64 = 0
        do {
            try db.run("BEGIN IMMEDIATE")
            began = true
            trace.record(.writeBegan(feature))
            if trace.isOn {
                rowsBefore = db.totalChanges
                db.tally = StatementTally()
            }
            result = try body(db)
            if let tally = db.tally {
                db.tally = nil
                trace.record(.statementsRan(tally.runs))
            }
            db.resetStatements()
            try db.run("COMMIT")
            try proveDurability(db)
        } catch {
            if let tally = db.tally {
                db.tally = nil
                trace.record(.statementsRan(tally.runs))
            }
            if case .unconfirmed = error {  // committed: no rollback, no "interrupted"
                trace.record(.commitUnconfirmed(feature))
                throw error
            }
            if case .ioError = error { mustProveDurability = true }
            db.rollBack()
            let settled = settle(error, db)
            trace.record(began ? .rolledBack(feature, settled) : .writeRefused(feature, settled))
            throw settled
        }
        trace.record(.committed(feature, rowsChanged: trace.isOn ? db.totalChanges - rowsBefore : 0))
        // Our own commit does not change data_version for us; nothing to note.
        do {
            try faults.checkAcknowledgement()
        } catch {
            trace.record(.commitUnconfirmed(feature))
            throw error
        }
        writesConfirmed += 1
        return result
    }

    /// Marks the start of one command: from now until `endCommand`, the lock of another
    /// program is waited for once (up to the timeout), however many reads and writes the
    /// command makes.
    public func beginCommand() { busyWait.beginCommand() }

    /// Marks the end of the command `beginCommand` began.
    public func endCommand() { busyWait.endCommand() }

    /// Nothing to forget: another program's lock is waited for afresh in every command.
    public func lineArrivedAfterWaiting() {}

    /// True when, in the current command, a wait for another program's lock ran out.
    public var lockWaitRanOut: Bool { busyWait.commandGaveUp }

    /// Runs `body` without waiting for another program's lock: a read or write that meets one
    /// fails at once with `.locked`. Returns what `body` returned and whether a lock was met,
    /// so that work which must not stall (starting a session) can be done again later.
    public func withoutWaiting<T>(_ body: () -> T) -> (result: T, metLock: Bool) {
        busyWait.setWaiting(false)
        defer { busyWait.setWaiting(true) }
        let result = body()
        return (result, busyWait.metLock)
    }

    /// True when another connection has committed since the last call (or since opening).
    /// Costs one cached `PRAGMA data_version`; false while the store is not open.
    public func changedElsewhere() -> Bool {
        guard let database else { return false }
        do {
            let version = try database.dataVersion()
            defer { seenDataVersion = version }
            let changed = seenDataVersion.map { $0 != version } ?? false
            if changed { trace.record(.otherSessionCommitted) }
            return changed
        } catch {
            // A store that cannot answer has not been seen to change; the next operation
            // meets the failure itself and reports it.
            return false
        }
    }

    /// Closes the file: the last connection checkpoints the log into the store, so the file
    /// alone holds every saved entry. The next operation opens it again.
    public func close() {
        database?.close()
        database = nil
        seenDataVersion = nil
    }

    /// Drops a connection that an error may have left unusable, and turns a lock wait that a
    /// signal ended into `.interrupted`.
    private func settle(_ error: StorageError, _ db: SQLiteDatabase) -> StorageError {
        if error.needsReopen { close() }
        if case .locked = error, busyWait.wasInterrupted { return .interrupted }
        return error
    }

    /// After an I/O error, a commit counts only once a checkpoint has synced the log and the
    /// store. The commit has happened, so any failure here (the disk failing again, a reader
    /// holding the log, a signal) is `.unconfirmed`, never "nothing was written" or "nothing
    /// was confirmed": the change is in the log, and the retry finds it. The next commit
    /// tries the checkpoint again.
    private func proveDurability(_ db: SQLiteDatabase) throws(StorageError) {
        guard mustProveDurability else { return }
        if case .file = location {
            do {
                try db.checkpoint()
            } catch {
                // A connection the disk failed under is opened afresh for the retry.
                if error.needsReopen { close() }
                throw .unconfirmed
            }
        }
        mustProveDurability = false
    }

    private func connected() throws(StorageError) -> SQLiteDatabase {
        if let database { return database }
        while true {
            do {
                let db = try openDatabase()
                database = db
                seenDataVersion = try db.dataVersion()
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
}

/// Something opening the store found that the person should hear once.
public enum StoreNotice: Equatable, Sendable {
    /// The store's format was brought up to date; `backup` is the copy made first.
    case upgraded(from: Int, to: Int, backup: String?)
    /// The store file can be read by other users (its mode, such as 0o644).
    case readableByOthers(path: String, mode: UInt32)
    /// The store's folder can be written by other users, who could replace its files.
    case folderWritableByOthers(folder: String)
}

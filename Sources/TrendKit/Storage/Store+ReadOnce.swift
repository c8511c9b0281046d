#if canImport(Glibc)
    import Glibc
#endif

extension Store {
    /// Why a read that may change nothing on disk could not be made.
    public enum ReadOnceProblem: Error, Equatable, Sendable {
        /// No file at the path: there is no store to read.
        case noStore(path: String)
        /// The store's format is older than this trendsh's; reading it would need the upgrade
        /// that only a session makes.
        case olderFormat(version: Int)
        /// The write-ahead log holds commits and SQLite's index of it is missing: reading them
        /// would create that index, and reading without them could miss an entry.
        case logNeedsIndex(path: String)
        /// The store could not be read (locked, damaged, not a trendsh store…).
        case storage(StorageError)
    }

    /// Runs `body` in one read transaction on the store at `path`, and changes nothing on
    /// disk: no migration, no per-day trend, and no file or folder created, not even the
    /// `-wal` and `-shm` SQLite makes for a reader when they are missing. A store in WAL mode
    /// is read through its log when both files are there (every store a session has opened
    /// keeps them); without them, only when the log is missing or empty, so the file alone
    /// holds every commit, and the file is then read as immutable (without locks). A log with
    /// commits and no index is refused rather than read without them.
    ///
    /// - Parameter busyTimeout: the longest wait for another program's lock.
    public static func readOnce<T>(
        at path: String, schema: Schema, busyTimeout: Duration, _ body: (any SQLConnection) throws(StorageError) -> T
    ) throws(ReadOnceProblem) -> T {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw errno == ENOENT ? .noStore(path: path) : .storage(.cannotOpen(path: path))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw .storage(.notARegularFile(path: path, kind: FileKind(mode: info.st_mode & S_IFMT)))
        }
        do {
            try checkLogFiles(of: path)
        } catch {
            throw .storage(error)
        }
        let access = try readOnceAccess(path: path)
        // The connection's busy handler holds the wait unretained: it lives until the end.
        let busyWait = BusyWait(timeout: busyTimeout, interruptRequested: { false })
        let db: SQLiteDatabase
        do {
            db = try SQLiteDatabase(path: path, busyWait: busyWait, access: access)
        } catch {
            throw .storage(error)
        }
        defer { withExtendedLifetime(busyWait) { db.close() } }
        busyWait.start()
        let header: Header
        do {
            try db.execute("BEGIN")
            header = try Header.read(db)
        } catch {
            throw .storage(error)
        }
        defer { db.rollBack() }
        if header.objectCount > 0 && header.applicationID != applicationID {
            throw .storage(.foreignDatabase(path: path))
        }
        if header.version > schema.latestVersion { throw .storage(.newerFormat(version: header.version)) }
        if header.version < schema.latestVersion { throw .olderFormat(version: header.version) }
        do {
            return try body(db)
        } catch {
            throw .storage(error)
        }
    }

    /// How to open the file so that SQLite creates nothing beside it.
    private static func readOnceAccess(path: String) throws(ReadOnceProblem) -> SQLiteDatabase.Access {
        guard isWriteAheadLogged(path),
            let logPath = OwnFiles.path(of: .writeAheadLog, besideStore: path),
            let indexPath = OwnFiles.path(of: .sharedMemory, besideStore: path)
        else { return .readOnly }
        var log = stat()
        var index = stat()
        let hasLog = lstat(logPath, &log) == 0
        let hasIndex = lstat(indexPath, &index) == 0
        if hasLog && hasIndex { return .readOnly }
        if !hasLog || log.st_size == 0 { return .immutable }
        throw .logNeedsIndex(path: logPath)
    }

    /// True when the file's header marks it as a WAL database (bytes 18 and 19 are 2); a
    /// file too short to say, or unreadable, is left to SQLite to judge.
    private static func isWriteAheadLogged(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { Glibc.close(descriptor) }
        var header = [UInt8](repeating: 0, count: 20)
        let count = header.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, 20, 0) }
        return count == 20 && header[18] == 2 && header[19] == 2
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension Store {
    /// Opens, checks and migrates a connection; never writes to a file that is not ours.
    func openDatabase() throws(StorageError) -> SQLiteDatabase {
        if case .file(let path) = location { try prepareFile(at: path) }
        let db = try SQLiteDatabase(path: sqlitePath, busyWait: busyWait)
        do {
            // One read transaction: a store another process is creating is seen whole or not at all.
            let header = try inTransaction("BEGIN", db) { () throws(StorageError) in try Header.read(db) }
            try check(header)
            // trusted_schema off: a copied or crafted store's triggers and views may not call
            // functions with side effects (SQLite's advice for files from elsewhere).
            try db.execute("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON; PRAGMA trusted_schema = OFF")
            // An upgrade gives every row the store holds to the person this session asked for.
            db.person = requestedPerson.name.rawValue
            if header.version < schema.latestVersion { try migrate(db, from: header) }
            // A schema from before people (an older format, in tests) has nobody to choose from.
            if schema.latestVersion >= PeopleSchema.firstVersion {
                let person = try PeopleRows.choose(requestedPerson, in: db)
                db.person = person.rawValue
                self.person = person
            }
            // Only once the schema is current: a failed upgrade leaves the file's own
            // journal mode, and every other byte of it, as it was.
            if case .file = location {
                if try db.text("PRAGMA journal_mode") != "wal" { try db.execute("PRAGMA journal_mode = WAL") }
                // The log is kept, emptied, when the store closes (see keepLogFileOnClose).
                // While the store is open, a log that restarts after a checkpoint keeps the
                // blocks it has (up to `logSizeLimit`), so a commit overwrites them in place
                // instead of growing the file again and making its sync write the file's size.
                try db.execute("PRAGMA journal_size_limit = \(Self.logSizeLimit)")
                db.keepLogFileOnClose()
            }
            return db
        } catch {
            db.close()
            throw error
        }
    }

    /// What a store file says about itself.
    struct Header {
        var version: Int
        var applicationID: Int64
        var objectCount: Int64

        static func read(_ db: SQLiteDatabase) throws(StorageError) -> Header {
            Header(
                version: Int(try db.integer("PRAGMA user_version")),
                applicationID: try db.integer("PRAGMA application_id"),
                objectCount: try db.integer("SELECT count(*) FROM sqlite_master"))
        }
    }

    /// Refuses another program's database before anything else (its `user_version` means
    /// nothing to trendsh), then a newer trendsh format.
    func check(_ header: Header) throws(StorageError) {
        if header.objectCount > 0 && header.applicationID != Self.applicationID {
            throw .foreignDatabase(path: sqlitePath)
        }
        if header.version > schema.latestVersion { throw .newerFormat(version: header.version) }
    }

    /// Brings the schema up to date under the write lock, all steps in one transaction: a
    /// failure rolls back every step and leaves the file as it was. An existing store is
    /// copied first (`VACUUM INTO`, which includes what is still in the log).
    private func migrate(_ db: SQLiteDatabase, from header: Header) throws(StorageError) {
        var backup: String?
        if header.version > 0, case .file(let path) = location {
            backup = try makeBackup(of: db, storePath: path, version: header.version)
        }
        let target = schema.latestVersion
        do {
            let applied = try inTransaction("BEGIN IMMEDIATE", db) { () throws(StorageError) -> Int? in
                let current = try Header.read(db)
                try check(current)
                guard current.version < target else { return nil }
                if current.version == 0 { try db.execute("PRAGMA application_id = \(Self.applicationID)") }
                for migration in schema.migrations where migration.version > current.version {
                    try migration.apply(db)
                }
                try db.execute("PRAGMA user_version = \(target)")
                return current.version
            }
            if let from = applied, from > 0 {
                noteOnce(.upgraded(from: from, to: target, backup: backup))
            }
        } catch {
            guard header.version > 0 else { throw error }
            // The store is as it was, so the copy is not needed; keeping one per attempt
            // would fill the folder with copies of a store that cannot be upgraded.
            if let backup { unlink(backup) }
            throw .upgradeFailed(from: header.version, to: target, backup: nil, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: StorageError) -> String {
        switch error {
        case .rejected(let message), .other(let message): return message
        case .diskFull: return "the disk is full"
        case .ioError: return "a disk error"
        case .locked: return "another program held the store's lock"
        case .readOnly: return "the store is read-only"
        default: return "a storage failure"
        }
    }

    /// Copies the store to `<store>.v<N>-backup` (or `…-backup-2`, `-3` when taken), mode 0600.
    private func makeBackup(of db: SQLiteDatabase, storePath: String, version: Int) throws(StorageError) -> String {
        var attempt = 1
        while true {
            let candidate = OwnFiles.backupPath(ofStore: storePath, version: version, attempt: attempt)
            let descriptor = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if descriptor < 0 {
                if errno == EEXIST && attempt < 100 {
                    attempt += 1
                    continue
                }
                throw .upgradeFailed(
                    from: version, to: schema.latestVersion, backup: nil,
                    reason: "the copy \(candidate) could not be created")
            }
            Glibc.close(descriptor)
            do {
                try db.run("VACUUM INTO ?", [.text(candidate)])
            } catch {
                unlink(candidate)
                throw .upgradeFailed(
                    from: version, to: schema.latestVersion, backup: nil, reason: Self.reason(error))
            }
            return candidate
        }
    }

    /// Runs `body` between `begin` and `COMMIT`, rolling back on failure.
    func inTransaction<T>(_ begin: String, _ db: SQLiteDatabase, _ body: () throws(StorageError) -> T)
        throws(StorageError) -> T
    {
        do {
            try db.execute(begin)
            let result = try body()
            try db.execute("COMMIT")
            return result
        } catch {
            db.rollBack()
            throw error
        }
    }

    /// Accepts only an existing regular file or a path that does not exist yet; creates a
    /// new store file with mode 0600 before SQLite can create it with 0644.
    private func prepareFile(at path: String) throws(StorageError) {
        var info = stat()
        if lstat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            guard kind == S_IFREG else { throw .notARegularFile(path: path, kind: FileKind(mode: kind)) }
            if info.st_mode & 0o044 != 0 {
                noteOnce(.readableByOthers(path: path, mode: UInt32(info.st_mode & 0o777)))
            }
            try Self.checkLogFiles(of: path)
            checkFolder(of: path)
            return
        }
        guard errno == ENOENT else { throw .cannotOpen(path: path) }
        try Self.checkLogFiles(of: path)
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            Glibc.close(descriptor)
            checkFolder(of: path)
            return
        }
        switch errno {
        case EEXIST: return  // another session created it a moment ago
        case ENOSPC, EDQUOT: throw .diskFull
        case EACCES, EPERM, EROFS: throw .readOnly
        default: throw .cannotOpen(path: path)
        }
    }

    /// Refuses the files SQLite keeps beside the store (`-wal`, `-shm`, `-journal`) when one
    /// is there and is not a plain file of ours: SQLite opens them by name and would write
    /// into another user's file, or a hard link's other name. (It refuses a symbolic link
    /// itself, under `SQLITE_OPEN_NOFOLLOW`, but only with a vague "cannot open".)
    static func checkLogFiles(of path: String) throws(StorageError) {
        for declaration in OwnFiles.declarations where declaration.keptBySQLite {
            guard let logFile = OwnFiles.path(of: declaration.file, besideStore: path) else { continue }
            var info = stat()
            guard lstat(logFile, &info) == 0 else { continue }
            let problem: PrivateFileError.Reason
            switch info.st_mode & S_IFMT {
            case S_IFLNK: problem = .symbolicLink
            case S_IFREG:
                if info.st_uid != geteuid() {
                    problem = .ownedByAnotherUser
                } else if info.st_nlink > 1 {
                    problem = .hardLinked
                } else {
                    continue
                }
            default: problem = .notARegularFile
            }
            throw .unsafeLogFile(path: logFile, problem: problem)
        }
    }

    /// Notes a folder that other users can write to, who could then replace the store's
    /// side files: one that its group or everyone may write without the sticky bit, or one
    /// that belongs to another user (not root), who may always. A sticky folder such as
    /// /tmp lets others add files but not replace ours, and a file planted before ours is
    /// refused by its owner (`checkLogFiles`, `PrivateFile`).
    private func checkFolder(of path: String) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        var info = stat()
        guard stat(folder, &info) == 0 else { return }
        let sharedWithoutStickyBit = info.st_mode & 0o022 != 0 && info.st_mode & UInt32(S_ISVTX) == 0
        let anotherUsers = info.st_uid != geteuid() && info.st_uid != 0
        if sharedWithoutStickyBit || anotherUsers {
            noteOnce(.folderWritableByOthers(folder: folder))
        }
    }
}

extension FileKind {
    init(mode: UInt32) {
        switch mode {
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .symbolicLink
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }
}

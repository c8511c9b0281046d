/// Why storage could not do what was asked, as typed reasons. The shell's messages turn each
/// into a sentence; no message is chosen by a SQLite result-code number.
public enum StorageError: Error, Equatable, Sendable {
    /// Another program holds the store's write lock and did not let go in time.
    case locked
    /// The store or its folder cannot be written.
    case readOnly
    /// The disk or the store's size limit is full.
    case diskFull
    /// SQLite could not read the file as a database: it may be damaged, or a disk read may
    /// have failed for a moment. It is left untouched.
    case unreadable(path: String)
    /// The file is not a SQLite database at all. It is left untouched.
    case notADatabase(path: String)
    /// The file is another program's SQLite database. It is left untouched.
    case foreignDatabase(path: String)
    /// The server's database holds another program's tables and no trendsh store. It is
    /// left untouched.
    case foreignServerDatabase(server: String)
    /// The store was written by a newer trendsh whose format this one does not know.
    case newerFormat(version: Int)
    /// Upgrading the store's format failed; the store was left exactly as it was.
    case upgradeFailed(from: Int, to: Int, backup: String?, reason: String)
    /// Reading or writing the disk failed.
    case ioError
    /// The store's file could not be opened or created, usually a missing folder.
    case cannotOpen(path: String)
    /// The store's path names something other than a regular file (a folder, a device, a
    /// symbolic link…), which trendsh never opens as a store.
    case notARegularFile(path: String, kind: FileKind)
    /// A file SQLite keeps beside the store (`-wal`, `-shm`, `-journal`) is not a plain file
    /// of this user's (a symbolic link, another user's file, a hard link), so the store is
    /// not opened: SQLite would write through it.
    case unsafeLogFile(path: String, problem: PrivateFileError.Reason)
    /// A signal (Ctrl-C, SIGTERM, SIGHUP) ended the wait for the store's lock.
    case interrupted
    /// The feature stopped its own transaction, which rolled back: nothing was written. It
    /// says why itself (an import with nothing new, a file that changed as it was read).
    case abandoned
    /// The change was committed after an earlier I/O error, but the disk did not confirm it
    /// (the checkpoint that proves it failed); trying again checks once more.
    case unconfirmed
    /// The store refused a value (a constraint); nothing was written.
    case rejected(message: String)
    /// A failure injected on purpose by tests or by `simulate`.
    case simulated(FaultPoint)
    /// Any other SQLite failure, with SQLite's own words.
    case other(message: String)
    /// The store's server did not answer: it is down, the address is wrong, or the connect
    /// timeout ran out. `server` is its address as a person may see it (no password).
    case serverUnreachable(server: String, detail: String)
    /// The server answered and refused the login (the role, its password, or pg_hba.conf).
    case loginRefused(server: String, detail: String)
    /// The connection's TLS was refused, by the server or by the address's `sslmode`.
    case tlsRefused(server: String, detail: String)
    /// The connection broke before the server replied to a statement other than `COMMIT`:
    /// the transaction was never committed. The next try connects again.
    case connectionLost(server: String)
    /// The connection broke after `COMMIT` was sent and before its reply: the change may or
    /// may not be on the server. Only its operation's id can tell, and the next try checks it.
    case commitOutcomeUnknown(server: String)
    /// The statement timeout ended a wait for the server; the transaction rolled back.
    case timedOut(server: String)
    /// The server accepts only reads (a standby, or a database set to
    /// `default_transaction_read_only`); nothing was written.
    case serverReadOnly(server: String)
    /// The server's disk has no room for the change (SQLSTATE 53100); nothing was written.
    case serverDiskFull(server: String)
    /// Another session's transaction conflicted with this one's each time it was tried
    /// (a serialization failure, retried a bounded number of times); nothing was written.
    case writeConflict
    /// The session asked for a person the store does not hold; `known` are the people it
    /// does, by name. Nothing was read or written.
    case unknownPerson(name: String, known: [String])
    /// On a server a person is the role the session logs in as (`role`): another person's
    /// log is another login, and people are added as roles, by whoever runs the server.
    case personIsALoginRole(role: String)
    /// The server refused to change `person`'s log: this session reads it (shared with it),
    /// and only `person` may write it. Nothing was written.
    case notYourLog(person: String)
    /// Sharing a log is the server's: in a SQLite file every log is readable by whoever can
    /// read the file, and no rule could take that back.
    case sharingNeedsAServer
    /// On a server, the session's role may not read `name`'s log (or there is no such log):
    /// the server shows it the logs in `readable` only. Nothing was read or written.
    case logNotShared(name: String, readable: [String])
    /// The server has no role of that name to share with.
    case unknownRole(name: String)
    /// A person's session logged in as `role`, which the server's rules do not hold for (a
    /// superuser, a role with `BYPASSRLS`, or a member of the tables' owner): it could read
    /// and change every log, so trendsh refuses to run a person's session as it. Nothing was
    /// read or written.
    case administratorRole(role: String, power: AdministratorPower)
    /// The server's database holds no trendsh store: a person's session never sets one up;
    /// its administrator does (`trendsh --set-up`). Nothing was read or written.
    case serverStoreNotSetUp(server: String)
    /// The server's store has an older `format` than this trendsh's `latest`: a person's
    /// session never upgrades it; its administrator does (`trendsh --set-up`). Nothing was
    /// read or written.
    case serverStoreOlder(server: String, format: Int, latest: Int)
    /// The role running `trendsh --set-up` may not set up or upgrade the store; nothing was
    /// changed.
    case cannotAdminister(role: String, lacking: AdministratorNeed)

    /// True when the connection may be unusable and should be reopened before the next try.
    public var needsReopen: Bool {
        switch self {
        case .ioError, .unreadable, .notADatabase, .foreignDatabase, .foreignServerDatabase, .diskFull, .cannotOpen,
            .other, .upgradeFailed,
            .notARegularFile, .unsafeLogFile, .serverUnreachable, .loginRefused, .tlsRefused, .connectionLost,
            .commitOutcomeUnknown, .timedOut, .administratorRole, .serverStoreNotSetUp, .serverStoreOlder:
            return true
        case .serverReadOnly, .serverDiskFull, .cannotAdminister: return false
        case .locked, .readOnly, .newerFormat, .interrupted, .abandoned, .simulated, .unconfirmed, .rejected,
            .writeConflict, .unknownPerson, .personIsALoginRole, .notYourLog, .sharingNeedsAServer, .unknownRole,
            .logNotShared:
            return false
        }
    }

    /// True when the server's rules refused the change for good (a log this session reads and
    /// may not write): no retry can apply it, so a pending change it meets leaves the queue.
    public var isRefusedByTheRules: Bool {
        if case .notYourLog = self { return true }
        return false
    }

    /// True when the change may have reached storage despite the error, so a retry must
    /// recognise its own earlier attempt.
    public var mayHaveCommitted: Bool {
        switch self {
        case .ioError, .other, .unconfirmed, .commitOutcomeUnknown: return true
        case .locked, .readOnly, .diskFull, .unreadable, .notADatabase, .foreignDatabase, .foreignServerDatabase,
            .newerFormat, .cannotOpen,
            .interrupted, .abandoned, .simulated, .upgradeFailed, .notARegularFile, .unsafeLogFile, .rejected,
            .serverUnreachable, .loginRefused, .tlsRefused, .connectionLost, .timedOut, .writeConflict, .serverReadOnly,
            .serverDiskFull, .unknownPerson, .personIsALoginRole, .notYourLog, .sharingNeedsAServer, .unknownRole,
            .logNotShared, .administratorRole, .serverStoreNotSetUp, .serverStoreOlder, .cannotAdminister:
            return false
        }
    }

    /// True when trying the same thing again may work without the person changing anything
    /// but the machine: a lock, a full disk, a passing disk fault. False for a file that is
    /// not a trendsh store, or a newer one, where only another store helps.
    public var retryMayHelp: Bool {
        switch self {
        case .locked, .readOnly, .diskFull, .ioError, .unconfirmed, .interrupted, .simulated, .other, .unreadable,
            .cannotOpen, .serverUnreachable, .connectionLost, .commitOutcomeUnknown, .timedOut, .writeConflict,
            .serverReadOnly, .serverDiskFull:
            return true
        case .notADatabase, .foreignDatabase, .foreignServerDatabase, .newerFormat, .upgradeFailed, .notARegularFile,
            .unsafeLogFile, .rejected, .abandoned, .loginRefused, .tlsRefused, .unknownPerson, .personIsALoginRole,
            .notYourLog, .sharingNeedsAServer, .unknownRole, .logNotShared, .administratorRole, .serverStoreNotSetUp,
            .serverStoreOlder, .cannotAdminister:
            return false
        }
    }
}

/// Why a role is an administrator's, not a person's: what lets it past the server's rules.
public enum AdministratorPower: String, Sendable, Equatable {
    /// A superuser, for whom no rule holds.
    case superuser
    /// A role with `BYPASSRLS`, which row-level security skips.
    case bypassesRowSecurity
    /// A member of `trendsh_owner`, which owns the tables and may read every row.
    case ownerMember
}

/// What the role running `trendsh --set-up` lacks.
public enum AdministratorNeed: Sendable, Equatable {
    /// The owner role `trendsh_owner` does not exist, and the role may not create it (it is
    /// neither a superuser nor has `CREATEROLE`).
    case createOwnerRole(owner: String)
    /// The role is not a member of `owner`, which owns the store's tables, and cannot make
    /// itself one.
    case ownerMembership(owner: String)
    /// The role may not create tables in the database's schema.
    case createInSchema(schema: String)
}

/// What a path names, when it is not a regular file.
public enum FileKind: String, Sendable, Equatable {
    case directory = "a folder"
    case symbolicLink = "a symbolic link"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case fifo = "a named pipe"
    case socket = "a socket"
    case other = "not a regular file"
}

/// The operations a fault can be injected into.
public enum FaultPoint: String, Sendable, CaseIterable, Codable {
    /// Opening the store.
    case open
    /// Any write: a new entry, an edit, a delete, a habit change.
    case save
    /// Loading a feature's data.
    case refresh
}

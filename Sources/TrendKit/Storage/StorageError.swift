/// Why storage could not do what was asked. Each case keeps SQLite's result code, when there
/// is one, for diagnostics (`status` shows it).
public enum StorageError: Error, Equatable, Sendable {
    /// Another program holds the store's write lock and did not let go in time.
    case locked(code: Int32)
    /// The store or its folder cannot be written.
    case readOnly(code: Int32)
    /// The disk or the store's size limit is full.
    case diskFull(code: Int32)
    /// The file is damaged or is not a trendsh store; it is left untouched.
    case damaged(path: String, code: Int32)
    /// The store was written by a newer trendsh whose format this one does not know.
    case newerFormat(version: Int)
    /// Reading or writing the disk failed.
    case ioError(code: Int32)
    /// The store's file could not be opened or created, usually a missing folder.
    case cannotOpen(path: String, code: Int32)
    /// The person interrupted the wait (Ctrl-C).
    case interrupted
    /// The change was committed after an earlier I/O error, but the disk did not confirm it
    /// (the checkpoint that proves it failed); trying again checks once more.
    case unconfirmed(code: Int32)
    /// A failure injected on purpose by tests or by `simulate`.
    case simulated(FaultPoint)
    /// Any other SQLite failure.
    case other(code: Int32, message: String)

    /// SQLite's extended result code, when the failure came from SQLite.
    public var sqliteCode: Int32? {
        switch self {
        case .locked(let code), .readOnly(let code), .diskFull(let code), .damaged(_, let code),
            .ioError(let code), .cannotOpen(_, let code), .other(let code, _), .unconfirmed(let code):
            return code
        case .newerFormat, .interrupted, .simulated: return nil
        }
    }

    /// True when the connection may be unusable and should be reopened before the next try.
    var needsReopen: Bool {
        switch self {
        case .ioError, .damaged, .diskFull, .cannotOpen, .other: return true
        case .locked, .readOnly, .newerFormat, .interrupted, .simulated, .unconfirmed: return false
        }
    }

    /// True when the change may have reached storage despite the error, so a retry must
    /// recognise its own earlier attempt.
    public var mayHaveCommitted: Bool {
        switch self {
        case .ioError, .other, .unconfirmed: return true
        case .locked, .readOnly, .diskFull, .damaged, .newerFormat, .cannotOpen, .interrupted, .simulated:
            return false
        }
    }
}

/// The operations a fault can be injected into.
public enum FaultPoint: String, Sendable, CaseIterable, Codable {
    /// Opening the store.
    case open
    /// Any write: a new entry, an edit or a delete.
    case save
    /// Loading entries.
    case refresh
}

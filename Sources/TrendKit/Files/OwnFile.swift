/// One kind of file trendsh owns: what it is, whatever its path.
public enum OwnFile: Sendable, Equatable, CaseIterable {
    /// The SQLite store.
    case store
    /// SQLite's write-ahead log, `<store>-wal`.
    case writeAheadLog
    /// SQLite's shared-memory index of the log, `<store>-shm`.
    case sharedMemory
    /// SQLite's rollback journal, `<store>-journal` (before the store is in WAL mode).
    case rollbackJournal
    /// The open draft, `<store>.draft`.
    case draft
    /// The lock one session holds on the draft file.
    case draftLock
    /// Pending changes, `<store>.pending`.
    case pending
    /// The lock one session holds on the pending changes.
    case pendingLock
    /// Settings, `<store>.settings`.
    case settings
    /// The lock held while the settings file is written.
    case settingsLock
    /// A copy of the store made before an upgrade, `<store>.v<N>-backup` (`-2`, `-3` when taken).
    case backup
    /// The interactive history.
    case history
    /// The start-up file (the default one, or the one `--init` names).
    case startupFile
}

/// How the path of one own file is made: declared once in `OwnFiles.declarations`, so that
/// whatever creates the file and whatever checks a named path read the same name.
public struct OwnFileDeclaration: Sendable {
    /// Where the file's name comes from.
    public enum Name: Sendable, Equatable {
        /// The store's path itself.
        case store
        /// The store's path followed by this suffix.
        case besideStore(suffix: String)
        /// The lock of another own file: its path followed by `OwnFiles.lockSuffix`.
        case lock(of: OwnFile)
        /// `<store>.v<N>-backup`, then `-2`, `-3`… when taken: a family, matched as a pattern.
        case backupOfStore
        /// The history file the environment names.
        case history
        /// A start-up file the environment or the command line names.
        case startupFile
    }

    public let file: OwnFile
    public let name: Name
    /// True when SQLite opens the file by name beside the store (trendsh checks it first).
    public let keptBySQLite: Bool
    /// True when trendsh replaces the file through a temporary one beside it
    /// (`OwnFiles.temporaryPath`), which is then one of its files too while it exists.
    public let replacedThroughTemporary: Bool

    public init(_ file: OwnFile, _ name: Name, keptBySQLite: Bool = false, replacedThroughTemporary: Bool = false) {
        self.file = file
        self.name = name
        self.keptBySQLite = keptBySQLite
        self.replacedThroughTemporary = replacedThroughTemporary
    }
}

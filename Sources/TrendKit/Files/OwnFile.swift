/// One kind of file trendsh owns: what it is, whatever its path. Each feature declares the
/// files it owns (`FeatureDeclaration.ownFiles`), so adding a file changes nothing here.
public struct OwnFile: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    /// The SQLite store.
    public static let store = OwnFile("store")
    /// SQLite's write-ahead log, `<store>-wal`.
    public static let writeAheadLog = OwnFile("write-ahead log")
    /// SQLite's shared-memory index of the log, `<store>-shm`.
    public static let sharedMemory = OwnFile("shared memory")
    /// SQLite's rollback journal, `<store>-journal` (before the store is in WAL mode).
    public static let rollbackJournal = OwnFile("rollback journal")
    /// A copy of the store made before an upgrade, `<store>.v<N>-backup` (`-2`, `-3` when taken).
    public static let backup = OwnFile("backup")
}

/// How the path of one own file is made: declared once, by the feature that owns the file
/// (`FeatureDeclaration.ownFiles`), so that whatever creates the file and whatever checks a
/// named path read the same name.
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
        /// A file of this name in `$XDG_STATE_HOME/trendsh` (`OwnFiles.stateFolder`).
        case stateFile(name: String)
        /// A folder `<TMPDIR>/<prefix>XXXXXX` that `mkdtemp` makes (`ScratchFolder`), with
        /// every file in it: a family, matched as a pattern.
        case scratchFolder(prefix: String)
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

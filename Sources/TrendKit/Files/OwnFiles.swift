#if canImport(Glibc)
    import Glibc
#endif

/// Every file trendsh owns, in one registry: the store in use and the files beside it, the
/// default store and its files (a person may name them while `--store` names another), the
/// interactive history and the start-up files. Whatever creates one of these files takes its
/// path from here, and every file a person names is checked here first (`identify`), whether
/// the own file exists yet or not.
public struct OwnFiles: Sendable, Equatable {
    /// Which of trendsh's files a path is.
    public struct Match: Sendable, Equatable {
        public var file: OwnFile
        /// True when it belongs to the default store while the session uses another one.
        public var ofDefaultStore: Bool
        /// True for a temporary file trendsh writes beside `file` and renames over it.
        public var temporary: Bool

        public init(file: OwnFile, ofDefaultStore: Bool = false, temporary: Bool = false) {
            self.file = file
            self.ofDefaultStore = ofDefaultStore
            self.temporary = temporary
        }
    }

    /// Every own file and how its name is made: what each feature declares it owns.
    public static let declarations: [OwnFileDeclaration] = FeatureDeclaration.all.flatMap(\.ownFiles)

    /// What a lock file's name adds to the name of the file it locks.
    public static let lockSuffix = ".lock"

    /// The store this session uses.
    public private(set) var store: StoreLocation
    /// The store used without `--store`; nil when there is no home to keep it in.
    public let defaultStore: String?
    public let history: String?
    /// The start-up files: the one `--init` names and the default one.
    public let startupFiles: [String]
    /// `$XDG_STATE_HOME/trendsh`, where the history and the learning progress are kept.
    public let stateFolder: String?
    /// The folder scratch folders are made in (`$TMPDIR`, else `/tmp`).
    public let temporaryFolder: String
    /// Where a server's local files (its draft, pending changes and settings) are kept instead
    /// of the state folder: a lesson's scratch folder, whose sessions are not the person's.
    public private(set) var serverFilesFolder: String?
    /// The working folder when the registry was made: relative own paths are read from it.
    let workingFolder: String

    public init(
        store: StoreLocation, defaultStore: String? = nil, history: String? = nil, startupFiles: [String] = [],
        stateFolder: String? = nil, temporaryFolder: String? = nil
    ) {
        self.store = store
        self.defaultStore = defaultStore
        self.history = history
        self.startupFiles = startupFiles
        self.stateFolder = stateFolder
        self.temporaryFolder = ScratchFolder.base(temporaryFolder)
        workingFolder = FilePath.workingFolder()
    }

    /// The same registry for a session over another store (`--check` and `--play` use
    /// memory); the default store, the history and the start-up files stay own files.
    public func with(store: StoreLocation) -> OwnFiles {
        var files = self
        files.store = store
        return files
    }

    /// The declaration of `file`.
    public static func declaration(of file: OwnFile) -> OwnFileDeclaration {
        guard let declared = declarations.first(where: { $0.file == file }) else {
            // A programming error, which OwnFilesTests catches: every case is declared once.
            preconditionFailure("OwnFile.\(file) is not in OwnFiles.declarations")
        }
        return declared
    }

    /// Where the store in use keeps `file`: nil in memory, beside a store path that cannot
    /// have files beside it (a folder, a device), and for a backup (a family of names).
    public func path(of file: OwnFile) -> String? {
        switch Self.declaration(of: file).name {
        case .history: return history
        case .startupFile: return startupFiles.first
        case .stateFile(let name): return stateFolder.map { $0 + "/" + name }
        case .backupOfStore, .scratchFolder: return nil
        case .store:
            guard case .file(let path) = store else { return nil }
            return path
        case .besideStore, .lock:
            switch store {
            case .file(let path) where store.acceptsFilesBeside: return Self.path(of: file, besideStore: path)
            case .server(_, let localName): return serverPath(of: file, localName: localName)
            case .file, .memory: return nil
            }
        }
    }

    /// The same registry for a session over the server store `store`, whose local files are
    /// kept in `folder` (a lesson's scratch folder) rather than in the state folder.
    public func with(store: StoreLocation, serverFilesIn folder: String) -> OwnFiles {
        var files = with(store: store)
        files.serverFilesFolder = folder
        return files
    }

    /// Where a server's local file is kept: in the state folder (or `serverFilesFolder`),
    /// named from `localName` as a store file's are from its path; nil for SQLite's own files,
    /// and without a folder.
    private func serverPath(of file: OwnFile, localName: String) -> String? {
        guard let folder = serverFilesFolder ?? stateFolder, !Self.declaration(of: file).keptBySQLite, file != .store
        else { return nil }
        return Self.path(of: file, besideStore: folder + "/" + localName)
    }

    /// The path `file` has beside the store at `storePath`; nil for a file not named after
    /// the store, or named as a family (a backup).
    public static func path(of file: OwnFile, besideStore storePath: String) -> String? {
        switch declaration(of: file).name {
        case .store: return storePath
        case .besideStore(let suffix): return storePath + suffix
        case .lock(let locked): return path(of: locked, besideStore: storePath).map(lockPath(for:))
        case .backupOfStore, .history, .startupFile, .stateFile, .scratchFolder: return nil
        }
    }

    /// The `attempt`th name for a copy of the store at `storePath` made before upgrading it
    /// from format `version`: `<store>.v<N>-backup`, then `…-backup-2`, `-3`.
    public static func backupPath(ofStore storePath: String, version: Int, attempt: Int) -> String {
        storePath + ".v\(version)-backup" + (attempt <= 1 ? "" : "-\(attempt)")
    }

    /// The lock file of the file at `path`.
    public static func lockPath(for path: String) -> String { path + lockSuffix }

    /// The temporary file a replacement of `path` is written to by `process` before it is
    /// renamed over `path`.
    public static func temporaryPath(for path: String, process: Int32) -> String { path + ".tmp-\(process)" }
}

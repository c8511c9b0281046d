#if canImport(Glibc)
    import Glibc
#endif

/// Data in and out of the weights and habits: the importer, the exporter, and the mode a
/// file a person names is created with.
@MainActor
public final class DataExchange {
    public let importer: EntryImporter
    public let exporter: EntryExporter
    /// The mode of files a person names (`export FILE`): the umask's, not trendsh's own 0600.
    public let namedFiles: NamedFile.Permissions

    private let location: StoreLocation

    public init(store: Store, settings: SettingsFeature, clock: Clock, namedFiles: NamedFile.Permissions) {
        importer = EntryImporter(store: store, settings: settings, clock: clock)
        exporter = EntryExporter(store: store, settings: settings)
        self.namedFiles = namedFiles
        location = store.location
    }

    /// True when `path` names the store or one of the files beside it (its log, the draft,
    /// the settings), however it is spelled or linked: an export there would replace it.
    public func isOwnFile(_ path: String) -> Bool {
        guard case .file(let store) = location else { return false }
        var target = stat()
        guard stat(path, &target) == 0 else { return false }
        for suffix in ["", "-wal", "-shm", "-journal", ".draft", ".draft.lock", ".settings"] {
            var own = stat()
            if stat(store + suffix, &own) == 0 && own.st_dev == target.st_dev && own.st_ino == target.st_ino {
                return true
            }
        }
        return false
    }
}

/// Data in and out of the weights and habits: the importer, the exporter, and the mode a
/// file a person names is created with.
@MainActor
public final class DataExchange {
    public let importer: EntryImporter
    public let exporter: EntryExporter
    /// The mode of files a person names (`export FILE`): the umask's, not trendsh's own 0600.
    public let namedFiles: NamedFile.Permissions

    public init(store: Store, settings: SettingsFeature, clock: Clock, namedFiles: NamedFile.Permissions) {
        importer = EntryImporter(store: store, settings: settings, clock: clock)
        exporter = EntryExporter(store: store, settings: settings)
        self.namedFiles = namedFiles
    }
}

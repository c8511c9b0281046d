/// Data in and out of the weights and habits: the importer and the exporter. (A file an
/// export names is checked by the session's `NamedFileRules`, which never let it replace the
/// store it reads or any file beside it.)
@MainActor
public final class DataExchange {
    public let importer: EntryImporter
    public let exporter: EntryExporter

    public init(store: any RecordStore, settings: SettingsFeature, clock: Clock) {
        importer = EntryImporter(store: store, settings: settings, clock: clock)
        exporter = EntryExporter(store: store, settings: settings)
    }
}

import Observation

/// The settings feature. It does not touch the store, so it keeps working when the store
/// cannot open. A change takes effect only once the settings store has written it.
@MainActor
@Observable
public final class SettingsFeature {
    public private(set) var settings: Settings
    /// The last failure to read or write settings, kept until one succeeds.
    public private(set) var retainedError: TrendError?
    @ObservationIgnored private let store: any SettingsStore

    /// Loads settings; a file that cannot be read leaves the defaults and a retained error.
    public init(store: any SettingsStore) {
        self.store = store
        do {
            settings = try store.load()
        } catch {
            settings = Settings()
            retainedError = .settings(error)
        }
    }

    public var unit: WeightUnit { settings.unit }
    public var goalKilograms: Double? { settings.goalKilograms }
    public var chartStyle: ChartStyle { settings.chartStyle }

    /// Sets one setting from typed text; on failure nothing changes.
    public func set(_ key: SettingKey, to text: String) throws(TrendError) {
        var changed = settings
        try key.write(&changed, text)
        try commit(changed)
    }

    private func commit(_ changed: Settings) throws(TrendError) {
        guard changed != settings else { return }
        do {
            try store.save(changed)
        } catch {
            retainedError = .settings(error)
            throw .settings(error)
        }
        settings = changed
        retainedError = nil
    }
}

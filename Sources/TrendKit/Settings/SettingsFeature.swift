import Observation

/// The settings feature. It does not touch the weight store, so it keeps working when the
/// store cannot open.
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

    /// Changes the unit once the store has written it; on failure nothing changes.
    public func setUnit(_ unit: WeightUnit) throws(TrendError) {
        var changed = settings
        changed.unit = unit
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

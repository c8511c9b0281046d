import TrendKit

extension Session {
    /// Builds a session over the real store at `location`: SQLite behind the fault injector
    /// that `simulate` drives, settings beside the store (in memory for `:memory:`).
    public static func make(
        location: StoreLocation, clock: Clock, output: any OutputSink, history: HistoryFile? = nil,
        color: Bool = false, interruptRequested: @escaping @Sendable () -> Bool = { false }
    ) -> Session {
        let store = SQLiteWeightRepository(location: location, interruptRequested: interruptRequested)
        let faults = FaultInjectingRepository(wrapping: store)
        let settingsStore: any SettingsStore =
            location.companionPath(suffix: ".settings").map { FileSettingsStore(path: $0) } ?? InMemorySettingsStore()
        let settings = SettingsFeature(store: settingsStore)
        let log = WeightLog(repository: faults, settings: settings, clock: clock)
        return Session(
            log: log, settings: settings, faults: faults, storeDescription: location.description,
            draftFilePath: location.companionPath(suffix: ".draft"), output: output, history: history, color: color)
    }
}

import TrendKit

extension Session {
    /// Builds a session over the store at `location`: SQLite through one `Store` (whose fault
    /// plan `simulate` drives), settings beside it (in memory for `:memory:`), the draft
    /// slot with every kind's restorer, and the pending changes.
    /// - Parameters:
    ///   - restoringDraft: false for a run that must leave a waiting draft, and waiting
    ///     changes, alone (`-c`).
    ///   - namedFiles: the mode of files a person names, from the umask trendsh started with.
    public static func make(
        location: StoreLocation, clock: Clock, output: any OutputSink, history: HistoryFile? = nil,
        style: TerminalStyle = .plain, interruptRequested: @escaping @Sendable () -> Bool = { false },
        restoringDraft: Bool = true, namedFiles: NamedFile.Permissions = .shared,
        terminalWidth: @escaping @MainActor () -> Int = { 80 }
    ) -> Session {
        let store = Store(location: location, schema: .trendsh, interruptRequested: interruptRequested)
        // Beside a path that cannot be a store (a folder, a device), nothing is created.
        let besideStore: (String) -> String? = { suffix in
            location.acceptsFilesBeside ? location.companionPath(suffix: suffix) : nil
        }
        let settingsStore: any SettingsStore =
            besideStore(".settings").map { FileSettingsStore(path: $0) } ?? InMemorySettingsStore()
        let settings = SettingsFeature(store: settingsStore)
        let weights = WeightLog(repository: SQLiteWeightRepository(store: store), settings: settings, clock: clock)
        let habits = HabitLog(repository: SQLiteHabitRepository(store: store), clock: clock)
        let trend = TrendReport(repository: SQLiteTrendRepository(store: store), settings: settings, clock: clock)
        let exchange = DataExchange(store: store, settings: settings, clock: clock, namedFiles: namedFiles)
        let changeHistory = ChangeHistory(repository: SQLiteHistoryRepository(store: store))
        let withoutFile: DraftSlot.Keeping =
            location == .memory ? .memoryStore : .nothingBesideStore(path: location.sqlitePath)
        let drafts = DraftSlot(
            path: besideStore(".draft"), withoutFile: withoutFile,
            restorers: [weights.draftRestorer(), habits.draftRestorer(), exchange.importer.draftRestorer()],
            restoring: restoringDraft)
        let pending = PendingChanges(
            path: besideStore(".pending"), withoutFile: withoutFile, restoring: restoringDraft)
        return Session(
            store: store, settings: settings, weights: weights, habitLog: habits, trend: trend,
            changeHistory: changeHistory, pending: pending, drafts: drafts, exchange: exchange, output: output,
            style: style, history: history, namedFiles: namedFiles, endsAfterItsCommands: !restoringDraft,
            terminalWidth: terminalWidth)
    }
}

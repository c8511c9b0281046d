import TrendKit

extension Session {
    /// The features a session is built of, for what each feature declares it needs of them
    /// before the session exists (the draft slot's restorers).
    struct Parts {
        let weights: WeightLog
        let habits: HabitLog
        let exchange: DataExchange
    }

    /// Builds a session over the store `files` names: SQLite through one `Store` (whose fault
    /// plan `simulate` drives), the settings' local copy beside it (in memory for `:memory:`)
    /// and each person's in the store, the draft
    /// slot with every kind's restorer, and the pending changes, each at the path `files`
    /// gives it.
    /// - Parameters:
    ///   - files: every file trendsh owns, the store this session uses among them.
    ///   - restoringDraft: false for a run that must leave a waiting draft, and waiting
    ///     changes, alone (`-c`).
    ///   - namedFiles: the mode of files a person names, from the umask trendsh started with.
    ///   - inputs: files the run reads, which no file a command names may replace.
    ///   - person: whose log the session asks for (a SQLite store's; a server's is its role).
    ///   - serverStore: makes the store for a server's log (the companion's `ServerStore`),
    ///     given the session's trace; nil where no server can be reached.
    public static func make(
        files: OwnFiles, clock: Clock, output: any OutputSink, history: HistoryFile? = nil,
        style: TerminalStyle = .plain, interruptRequested: @escaping @Sendable () -> Bool = { false },
        restoringDraft: Bool = true, namedFiles: NamedFile.Permissions = .shared,
        inputs: [NamedFileRules.Input] = [], terminalWidth: @escaping @MainActor () -> Int = { 80 },
        person: PersonRequest = .resolve(named: nil), serverStore: ((LayerTrace) -> any SessionStore)? = nil
    ) -> Session {
        let location = files.store
        // One trace for every layer, so `--trace` tells them in the order they act.
        let trace = LayerTrace()
        let store: any SessionStore
        if case .server = location, let serverStore {
            store = serverStore(trace)
        } else {
            store = Store(
                location: location, schema: .trendsh, interruptRequested: interruptRequested, trace: trace,
                person: person)
        }
        // Beside a path that cannot be a store (a folder, a device), `files` names nothing.
        let settingsStore: any SettingsStore =
            files.path(of: .settings).map { FileSettingsStore(path: $0, interruptRequested: interruptRequested) }
            ?? InMemorySettingsStore()
        // Until the store confirms whose log this is, a draft, a change or a setting is
        // stamped with the name the session was given, so that no other person's session
        // takes it for theirs.
        let named = person.source == .named ? person.name.rawValue : nil
        let settings = SettingsFeature(
            store: settingsStore,
            log: SettingsLog(
                repository: SQLSettingsRepository(store: store), clock: clock,
                person: { store.personName ?? named }))
        let weights = WeightLog(
            repository: SQLWeightRepository(store: store), settings: settings, clock: clock,
            kinds: KindCatalog(repository: SQLKindRepository(store: store)), trace: trace)
        let habits = HabitLog(repository: SQLHabitRepository(store: store), clock: clock, trace: trace)
        let trend = TrendReport(repository: SQLTrendRepository(store: store), settings: settings, clock: clock)
        let exchange = DataExchange(store: store, settings: settings, clock: clock)
        let changeHistory = ChangeHistory(repository: SQLHistoryRepository(store: store), trace: trace)
        let withoutFile: DraftSlot.Keeping
        switch location {
        case .memory: withoutFile = .memoryStore
        case .server: withoutFile = .noStateFolder
        default: withoutFile = .nothingBesideStore(path: location.description)
        }
        let parts = Parts(weights: weights, habits: habits, exchange: exchange)
        let drafts = DraftSlot(
            path: files.path(of: .draft), withoutFile: withoutFile,
            restorers: ShellFeature.all.flatMap { $0.restorers(parts) }, restoring: restoringDraft, trace: trace,
            logStamp: { LogStamp(store: store.identity, person: store.personName ?? named) })
        let pending = PendingChanges(
            path: files.path(of: .pending), withoutFile: withoutFile, restoring: restoringDraft, trace: trace,
            logStamp: { LogStamp(store: store.identity, person: store.personName ?? named) })
        return Session(
            store: store, settings: settings, weights: weights, habitLog: habits, trend: trend,
            changeHistory: changeHistory, pending: pending, drafts: drafts, exchange: exchange, output: output,
            style: style, history: history,
            namedFiles: NamedFileRules(ownFiles: files, permissions: namedFiles, inputs: inputs),
            endsAfterItsCommands: !restoringDraft,
            terminalWidth: terminalWidth)
    }
}

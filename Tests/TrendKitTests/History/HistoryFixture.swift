import FoundationEssentials

@testable import TrendKit

/// One store file with every feature's repository on it, as a session has them, and the
/// ways the history tests look at it.
@MainActor
struct HistoryFixture {
    let directory: TemporaryDirectory
    let path: String
    let store: Store
    let weights: SQLWeightRepository
    let habits: SQLHabitRepository
    let history: SQLHistoryRepository

    init(faults: FaultInjector = FaultInjector()) throws {
        directory = try TemporaryDirectory()
        path = directory.file("trend.sqlite")
        store = Fixtures.store(at: path, faults: faults)
        weights = SQLWeightRepository(store: store)
        habits = SQLHabitRepository(store: store)
        history = SQLHistoryRepository(store: store)
    }

    /// A fixture on a store file that already exists in `directory`.
    init(reopening directory: TemporaryDirectory, path: String) {
        self.directory = directory
        self.path = path
        store = Fixtures.store(at: path)
        weights = SQLWeightRepository(store: store)
        habits = SQLHabitRepository(store: store)
        history = SQLHistoryRepository(store: store)
    }

    /// Another session on the same file: its own store, connection and repositories.
    func anotherSession() -> (weights: SQLWeightRepository, history: SQLHistoryRepository) {
        let other = Fixtures.store(at: path)
        return (SQLWeightRepository(store: other), SQLHistoryRepository(store: other))
    }

    func remove() {
        store.close()
        directory.remove()
    }

    /// Saves a new entry and returns it.
    func save(_ name: String, kilograms: Double, daysAgo: Double = 0, note: String = "") throws -> WeightEntry {
        try weights.insert(Fixtures.newEntry(name, kilograms: kilograms, daysAgo: daysAgo, note: note)).written
    }

    /// Changes one field of `entry` as `amend` does, from its revision.
    @discardableResult
    func amend(_ entry: WeightEntry, _ newValue: EntryAmendment.NewValue, operation: OperationID = .make()) throws
        -> AmendOutcome
    {
        try weights.amend(
            EntryAmendment(
                id: entry.id, newValue: newValue, expectedRevision: entry.revision, operation: operation,
                latestWeighingDate: Fixtures.now))
    }

    /// Every entry, oldest id first.
    func entries() throws -> [WeightEntry] {
        try TrendFixtures.storedEntries(weights).sorted { $0.id < $1.id }
    }

    /// Undoes the newest step; fails the test's expectation by returning what was refused.
    func undo(_ step: Int64? = nil, operation: OperationID = .make()) throws -> HistoryOutcome {
        try history.undo(step: step, operation: operation)
    }

    func redo(_ step: Int64? = nil, operation: OperationID = .make()) throws -> HistoryOutcome {
        try history.redo(step: step, operation: operation)
    }

    /// True when the per-day trend table was kept current by the write itself (no changed
    /// day left for a later read to count) and agrees with the trend computed from the entries.
    func trendAgrees() throws -> Bool {
        let waiting = try OtherProgramConnection(path: path).integer("SELECT count(*) FROM daily_pending")
        return try waiting == 0
            && TrendFixtures.agree(
                TrendFixtures.storedDays(store), InMemoryWeightRepository.days(of: TrendFixtures.storedEntries(weights))
            )
    }
}

extension HistoryOutcome {
    /// The step, when undo or redo applied it now.
    var appliedStep: HistoryStep? {
        if case .applied(let step, _) = self { return step }
        return nil
    }

    /// The reason, when it was refused.
    var refusal: HistoryError? {
        if case .refused(let reason) = self { return reason }
        return nil
    }
}

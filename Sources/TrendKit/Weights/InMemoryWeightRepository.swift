/// A real repository kept in memory, with named failure helpers for tests. It follows the
/// same contract as the SQLite store (one suite runs against both).
public actor InMemoryWeightRepository: WeightRepository {
    private var entries: [WeightEntry] = []
    private var nextID: Int64 = 1
    private var plan = FaultPlan()
    /// How many write attempts got past the injected faults, for tests that count them.
    public private(set) var writeCount = 0

    public init(entries: [WeightEntry] = []) {
        self.entries = entries
        nextID = (entries.map(\.id).max() ?? 0) + 1
    }

    /// Fails the next write (insert, update or delete) with `error`.
    public func failNextSave(with error: StorageError = .simulated(.save)) { plan.fail(.save, with: error, .once) }
    /// Fails every write with `error` until `stopFailing()`.
    public func failEverySave(with error: StorageError = .simulated(.save)) { plan.fail(.save, with: error, .always) }
    /// Fails every open (and so every operation) with `error` until `stopFailing()`.
    public func failToOpen(with error: StorageError = .simulated(.open)) { plan.fail(.open, with: error, .always) }
    /// Fails the next load of entries.
    public func failNextRefresh(with error: StorageError = .simulated(.refresh)) {
        plan.fail(.refresh, with: error, .once)
    }
    /// Commits the next write but throws, as if the process died before acknowledging it.
    public func loseNextAcknowledgement() { plan.loseNextAcknowledgement() }
    public func stopFailing() { plan.clear() }

    public func open() throws(StorageError) { try plan.check(.open) }

    public func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry] {
        try plan.check(.open)
        try plan.check(.refresh)
        return Array(newestFirst.prefix(max(0, limit)))
    }

    public func entry(id: Int64) throws(StorageError) -> WeightEntry? {
        try plan.check(.open)
        return entries.first { $0.id == id }
    }

    public func insert(_ new: NewWeightEntry) throws(StorageError) -> InsertOutcome {
        try beginWrite()
        if let existing = entries.first(where: { $0.draftID == new.draftID }) { return .alreadySaved(existing) }
        let entry = WeightEntry(
            id: nextID, date: new.date, kilograms: new.kilograms, note: new.note, draftID: new.draftID)
        nextID += 1
        entries.append(entry)
        try plan.checkAcknowledgement()
        return .inserted(entry)
    }

    public func update(_ entry: WeightEntry) throws(StorageError) -> WeightEntry? {
        try beginWrite()
        guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { return nil }
        entries[index].date = entry.date
        entries[index].kilograms = entry.kilograms
        entries[index].note = entry.note
        try plan.checkAcknowledgement()
        return entries[index]
    }

    public func delete(id: Int64) throws(StorageError) -> WeightEntry? {
        try beginWrite()
        guard let index = entries.firstIndex(where: { $0.id == id }) else { return nil }
        let removed = entries.remove(at: index)
        try plan.checkAcknowledgement()
        return removed
    }

    private func beginWrite() throws(StorageError) {
        try plan.check(.open)
        try plan.check(.save)
        writeCount += 1
    }

    private var newestFirst: [WeightEntry] {
        entries.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
    }
}

import FoundationEssentials
import TrendKit

/// Wraps an in-memory repository and runs `duringFirstWrite` inside its first write (insert,
/// update, amend or delete), before that write reaches the base repository: the moment a
/// commit is under way. A test looks at the feature there, so it can tell a feature that
/// publishes before storage confirms from one that waits. Later writes pass straight
/// through; reads are never watched.
@MainActor
final class WitnessRepository: WeightRepository {
    let base: InMemoryWeightRepository
    /// What the test checks while the first write is under way.
    var duringFirstWrite: (() -> Void)?
    /// True once the first write reached this repository.
    private(set) var sawAWrite = false

    init(base: InMemoryWeightRepository = InMemoryWeightRepository()) { self.base = base }

    func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry] {
        try base.recentEntries(limit: limit)
    }

    func entries(from start: Date, to end: Date) throws(StorageError) -> [WeightEntry] {
        try base.entries(from: start, to: end)
    }

    func entry(id: Int64) throws(StorageError) -> WeightEntry? { try base.entry(id: id) }

    func entry(savedFrom draft: DraftID) throws(StorageError) -> WeightEntry? {
        try base.entry(savedFrom: draft)
    }

    func insert(_ entry: NewWeightEntry) throws(StorageError) -> InsertOutcome {
        witnessIfFirstWrite()
        return try base.insert(entry)
    }

    func update(_ change: EntryChange) throws(StorageError) -> UpdateOutcome {
        witnessIfFirstWrite()
        return try base.update(change)
    }

    func delete(id: Int64, expectedRevision: Int64?, operation: OperationID) throws(StorageError)
        -> RemovalOutcome
    {
        witnessIfFirstWrite()
        return try base.delete(id: id, expectedRevision: expectedRevision, operation: operation)
    }

    func amend(_ amendment: EntryAmendment) throws(StorageError) -> AmendOutcome {
        witnessIfFirstWrite()
        return try base.amend(amendment)
    }

    func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool {
        try base.operationApplied(operation)
    }

    func target(ofApplied operation: OperationID) throws(StorageError) -> Int64? {
        try base.target(ofApplied: operation)
    }

    private func witnessIfFirstWrite() {
        guard !sawAWrite else { return }
        sawAWrite = true
        duringFirstWrite?()
    }
}

import FoundationEssentials
import TrendKit

/// Wraps an in-memory repository and holds its first write (insert, update, amend or delete) until
/// the test releases it, so a test can look at the feature while a write is in flight
/// without sleeping. Later writes pass straight through; reads are never held.
@MainActor
final class GatedRepository: WeightRepository {
    let base: InMemoryWeightRepository
    private var hasHeldAWrite = false
    private var isReleased = false
    private var heldWrite: CheckedContinuation<Void, Never>?
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []

    init(base: InMemoryWeightRepository = InMemoryWeightRepository()) { self.base = base }

    /// Returns once the first write has reached the repository and is being held.
    func waitForHeldWrite() async {
        if hasHeldAWrite { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    /// Lets the held write (and any later one) go on to the base repository.
    func release() {
        isReleased = true
        heldWrite?.resume()
        heldWrite = nil
    }

    func recentEntries(limit: Int) async throws(StorageError) -> [WeightEntry] {
        try base.recentEntries(limit: limit)
    }

    func entries(from start: Date, to end: Date) async throws(StorageError) -> [WeightEntry] {
        try base.entries(from: start, to: end)
    }

    func entry(id: Int64) async throws(StorageError) -> WeightEntry? { try base.entry(id: id) }

    func entry(savedFrom draft: DraftID) async throws(StorageError) -> WeightEntry? {
        try base.entry(savedFrom: draft)
    }

    func insert(_ entry: NewWeightEntry) async throws(StorageError) -> InsertOutcome {
        await holdIfFirstWrite()
        return try base.insert(entry)
    }

    func update(_ change: EntryChange) async throws(StorageError) -> UpdateOutcome {
        await holdIfFirstWrite()
        return try base.update(change)
    }

    func delete(id: Int64, expectedRevision: Int64?, operation: OperationID) async throws(StorageError)
        -> RemovalOutcome
    {
        await holdIfFirstWrite()
        return try base.delete(id: id, expectedRevision: expectedRevision, operation: operation)
    }

    func amend(_ amendment: EntryAmendment) async throws(StorageError) -> AmendOutcome {
        await holdIfFirstWrite()
        return try base.amend(amendment)
    }

    func operationApplied(_ operation: OperationID) async throws(StorageError) -> Bool {
        try base.operationApplied(operation)
    }

    func target(ofApplied operation: OperationID) async throws(StorageError) -> Int64? {
        try base.target(ofApplied: operation)
    }

    private func holdIfFirstWrite() async {
        guard !hasHeldAWrite else { return }
        hasHeldAWrite = true
        for waiter in arrivalWaiters { waiter.resume() }
        arrivalWaiters = []
        if isReleased { return }
        await withCheckedContinuation { heldWrite = $0 }
    }
}

import TrendKit

/// Wraps an in-memory repository and holds its first write (insert, update or delete) until
/// the test releases it, so a test can look at the feature while a write is in flight
/// without sleeping. Later writes pass straight through.
actor GatedRepository: WeightRepository {
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

    func open() async throws(StorageError) { try await base.open() }

    func recentEntries(limit: Int) async throws(StorageError) -> [WeightEntry] {
        try await base.recentEntries(limit: limit)
    }

    func entry(id: Int64) async throws(StorageError) -> WeightEntry? { try await base.entry(id: id) }

    func insert(_ entry: NewWeightEntry) async throws(StorageError) -> InsertOutcome {
        await holdIfFirstWrite()
        return try await base.insert(entry)
    }

    func update(_ entry: WeightEntry) async throws(StorageError) -> WeightEntry? {
        await holdIfFirstWrite()
        return try await base.update(entry)
    }

    func delete(id: Int64) async throws(StorageError) -> WeightEntry? {
        await holdIfFirstWrite()
        return try await base.delete(id: id)
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

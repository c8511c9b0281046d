/// Wraps any repository and fails on purpose where its `FaultPlan` says. The shell's
/// `simulate` command drives this over the real store.
public actor FaultInjectingRepository: WeightRepository {
    /// Shares the main actor's executor, like the store it wraps: no thread hops.
    public nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.sharedUnownedExecutor }

    public nonisolated let base: any WeightRepository
    public private(set) var plan = FaultPlan()

    public init(wrapping base: any WeightRepository) { self.base = base }

    /// Replaces the plan, for example `plan.fail(.save, with: …, .once)`.
    public func update(_ change: @Sendable (inout FaultPlan) -> Void) { change(&plan) }

    public func open() async throws(StorageError) {
        try plan.check(.open)
        try await base.open()
    }

    public func recentEntries(limit: Int) async throws(StorageError) -> [WeightEntry] {
        try plan.check(.open)
        try plan.check(.refresh)
        return try await base.recentEntries(limit: limit)
    }

    public func entry(id: Int64) async throws(StorageError) -> WeightEntry? {
        try plan.check(.open)
        return try await base.entry(id: id)
    }

    public func insert(_ entry: NewWeightEntry) async throws(StorageError) -> InsertOutcome {
        try plan.check(.open)
        try plan.check(.save)
        let outcome = try await base.insert(entry)
        try plan.checkAcknowledgement()
        return outcome
    }

    public func update(_ entry: WeightEntry) async throws(StorageError) -> WeightEntry? {
        try plan.check(.open)
        try plan.check(.save)
        let updated = try await base.update(entry)
        try plan.checkAcknowledgement()
        return updated
    }

    public func delete(id: Int64) async throws(StorageError) -> WeightEntry? {
        try plan.check(.open)
        try plan.check(.save)
        let deleted = try await base.delete(id: id)
        try plan.checkAcknowledgement()
        return deleted
    }
}

import FoundationEssentials
import TrendKit

/// Wraps an in-memory habit repository and holds the first call of one kind (a load of the
/// habits, or a write) until the test releases it, so a test can look at the feature while
/// that call is in flight without sleeping. Later calls pass straight through. It counts the
/// loads, so a test can tell a refresh that joined another from one that loaded again.
@MainActor
final class GatedHabitRepository: HabitRepository {
    /// Which call the gate holds.
    enum Held {
        /// The first `habits()`.
        case load
        /// The first add, mark, rename or delete.
        case write
    }

    let base: InMemoryHabitRepository
    private let held: Held
    /// How many times `habits()` was called, held or not.
    private(set) var loadCount = 0
    private var hasHeldACall = false
    private var isReleased = false
    private var heldCall: CheckedContinuation<Void, Never>?
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []

    init(holding held: Held, base: InMemoryHabitRepository = InMemoryHabitRepository()) {
        self.held = held
        self.base = base
    }

    /// Returns once the held call has reached the repository and is being held.
    func waitForHeldCall() async {
        if hasHeldACall { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    /// Lets the held call (and any later one) go on to the base repository.
    func release() {
        isReleased = true
        heldCall?.resume()
        heldCall = nil
    }

    func habits() async throws(StorageError) -> [Habit] {
        loadCount += 1
        if held == .load { await holdIfFirst() }
        return try base.habits()
    }

    func add(_ habit: NewHabit) async throws(StorageError) -> HabitAddOutcome {
        if held == .write { await holdIfFirst() }
        return try base.add(habit)
    }

    func mark(habitID: Int64, day: Int, done: Bool, at: Date, operation: OperationID) async throws(StorageError)
        -> HabitMarkOutcome
    {
        if held == .write { await holdIfFirst() }
        return try base.mark(habitID: habitID, day: day, done: done, at: at, operation: operation)
    }

    func rename(habitID: Int64, from oldKey: String, to name: String, operation: OperationID)
        async
        throws(StorageError) -> HabitRenameOutcome
    {
        if held == .write { await holdIfFirst() }
        return try base.rename(habitID: habitID, from: oldKey, to: name, operation: operation)
    }

    func delete(habitID: Int64, nameKey: String, operation: OperationID) async throws(StorageError)
        -> HabitDeleteOutcome
    {
        if held == .write { await holdIfFirst() }
        return try base.delete(habitID: habitID, nameKey: nameKey, operation: operation)
    }

    func wasDeleted(nameKey: String) async throws(StorageError) -> Bool { try base.wasDeleted(nameKey: nameKey) }

    func wasRenamed(fromKey: String, toKey: String) async throws(StorageError) -> Bool {
        try base.wasRenamed(fromKey: fromKey, toKey: toKey)
    }

    func habit(savedFrom draft: DraftID) async throws(StorageError) -> Habit? { try base.habit(savedFrom: draft) }

    private func holdIfFirst() async {
        guard !hasHeldACall else { return }
        hasHeldACall = true
        for waiter in arrivalWaiters { waiter.resume() }
        arrivalWaiters = []
        if isReleased { return }
        await withCheckedContinuation { heldCall = $0 }
    }
}

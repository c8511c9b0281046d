import FoundationEssentials
import TrendKit

/// Wraps an in-memory habit repository and runs `duringFirstCall` inside the first call of one
/// kind (a load of the habits, or a write), before it reaches the base repository, so a test
/// can look at the feature while that call is under way. Later calls pass straight through.
/// It counts the loads.
@MainActor
final class WitnessHabitRepository: HabitRepository {
    /// Which call the witness watches.
    enum Watched {
        /// The first `habits()`.
        case load
        /// The first add, mark, rename or delete.
        case write
    }

    let base: InMemoryHabitRepository
    private let watched: Watched
    /// What the test checks while the watched call is under way, before it reaches the base.
    var duringFirstCall: (() -> Void)?
    /// How many times `habits()` was called.
    private(set) var loadCount = 0
    /// True once the watched call reached this repository.
    private(set) var sawTheCall = false

    init(watching watched: Watched, base: InMemoryHabitRepository = InMemoryHabitRepository()) {
        self.watched = watched
        self.base = base
    }

    func habits() throws(StorageError) -> [Habit] {
        loadCount += 1
        if watched == .load { witnessIfFirst() }
        return try base.habits()
    }

    func add(_ habit: NewHabit) throws(StorageError) -> HabitAddOutcome {
        if watched == .write { witnessIfFirst() }
        return try base.add(habit)
    }

    func mark(habitID: Int64, day: Int, done: Bool, at: Date, operation: OperationID) throws(StorageError)
        -> HabitMarkOutcome
    {
        if watched == .write { witnessIfFirst() }
        return try base.mark(habitID: habitID, day: day, done: done, at: at, operation: operation)
    }

    func rename(habitID: Int64, from oldKey: String, to name: String, operation: OperationID)
        throws(StorageError) -> HabitRenameOutcome
    {
        if watched == .write { witnessIfFirst() }
        return try base.rename(habitID: habitID, from: oldKey, to: name, operation: operation)
    }

    func delete(habitID: Int64, nameKey: String, operation: OperationID) throws(StorageError)
        -> HabitDeleteOutcome
    {
        if watched == .write { witnessIfFirst() }
        return try base.delete(habitID: habitID, nameKey: nameKey, operation: operation)
    }

    func wasDeleted(nameKey: String) throws(StorageError) -> Bool { try base.wasDeleted(nameKey: nameKey) }

    func wasRenamed(fromKey: String, toKey: String) throws(StorageError) -> Bool {
        try base.wasRenamed(fromKey: fromKey, toKey: toKey)
    }

    func habit(savedFrom draft: DraftID) throws(StorageError) -> Habit? { try base.habit(savedFrom: draft) }

    private func witnessIfFirst() {
        guard !sawTheCall else { return }
        sawTheCall = true
        duringFirstCall?()
    }
}

import FoundationEssentials

/// Habits kept in memory, following the same contract as the SQLite repository. Failures
/// come from the `FaultInjector` it is given.
@MainActor
public final class InMemoryHabitRepository: HabitRepository {
    private var stored: [Habit] = []
    private var nextID: Int64 = 1
    private var operations: [OperationID: (kind: String, detail: String)] = [:]
    public let faults: FaultInjector

    public init(habits: [Habit] = [], faults: FaultInjector = FaultInjector()) {
        stored = habits
        self.faults = faults
        nextID = (habits.map(\.id).max() ?? 0) + 1
    }

    public func habits() throws(StorageError) -> [Habit] {
        try faults.check(.open, feature: .habits)
        try faults.check(.refresh, feature: .habits)
        return stored.sorted { HabitName.key($0.name) < HabitName.key($1.name) }
    }

    public func add(_ new: NewHabit) throws(StorageError) -> HabitAddOutcome {
        try beginWrite()
        if let existing = stored.first(where: { $0.draftID == new.draftID }) { return .alreadyAdded(existing) }
        if let taken = stored.first(where: { HabitName.key($0.name) == HabitName.key(new.name) }) {
            return .duplicate(taken)
        }
        let habit = Habit(id: nextID, name: new.name, createdAt: new.createdAt, draftID: new.draftID)
        nextID += 1
        stored.append(habit)
        try faults.checkAcknowledgement()
        return .added(habit)
    }

    public func mark(habitID: Int64, day: Int, done: Bool, at: Date, operation: OperationID) throws(StorageError)
        -> HabitMarkOutcome
    {
        try beginWrite()
        if operations[operation] != nil { return .changed }
        guard let index = stored.firstIndex(where: { $0.id == habitID }) else { return .missing }
        let isDone = stored[index].isDone(on: day)
        guard isDone != done else { return .unchanged }
        if done {
            stored[index].doneDays.append(day)
            stored[index].doneDays.sort()
        } else {
            stored[index].doneDays.removeAll { $0 == day }
        }
        operations[operation] = (done ? "done" : "undone", "\(habitID) \(day)")
        try faults.checkAcknowledgement()
        return .changed
    }

    public func rename(habitID: Int64, from oldKey: String, to name: String, operation: OperationID)
        throws(StorageError) -> HabitRenameOutcome
    {
        try beginWrite()
        guard let index = stored.firstIndex(where: { $0.id == habitID }) else { return .missing }
        if operations[operation] != nil { return .alreadyApplied(stored[index]) }
        if let taken = stored.first(where: { HabitName.key($0.name) == HabitName.key(name) && $0.id != habitID }) {
            return .duplicate(taken)
        }
        stored[index].name = name
        stored[index].revision += 1
        operations[operation] = ("rename", oldKey + "\n" + HabitName.key(name))
        try faults.checkAcknowledgement()
        return .renamed(stored[index])
    }

    public func delete(habitID: Int64, nameKey: String, operation: OperationID) throws(StorageError)
        -> HabitDeleteOutcome
    {
        try beginWrite()
        if operations[operation] != nil { return .alreadyDeleted }
        guard let index = stored.firstIndex(where: { $0.id == habitID }) else { return .missing }
        let removed = stored.remove(at: index)
        operations[operation] = ("delete", nameKey)
        try faults.checkAcknowledgement()
        return .deleted(removed)
    }

    public func wasRenamed(fromKey: String, toKey: String) throws(StorageError) -> Bool {
        try faults.check(.open, feature: .habits)
        return operations.values.contains { $0.kind == "rename" && $0.detail == fromKey + "\n" + toKey }
    }

    public func habit(savedFrom draft: DraftID) throws(StorageError) -> Habit? {
        try faults.check(.open, feature: .habits)
        return stored.first { $0.draftID == draft }
    }

    public func wasDeleted(nameKey: String) throws(StorageError) -> Bool {
        try faults.check(.open, feature: .habits)
        return operations.values.contains { $0.kind == "delete" && $0.detail == nameKey }
    }

    private func beginWrite() throws(StorageError) {
        try faults.check(.open, feature: .habits)
        try faults.check(.save, feature: .habits)
    }
}

import FoundationEssentials

/// Where habits and their done days are stored. Every operation returns confirmed data or
/// throws; repeating a change that already happened writes nothing and says so.
@MainActor
public protocol HabitRepository: AnyObject {
    /// Every habit with its done days, by name.
    func habits() throws(StorageError) -> [Habit]
    /// Adds a habit, unless one saved from the same draft exists: then returns that one.
    func add(_ habit: NewHabit) throws(StorageError) -> HabitAddOutcome
    /// Marks a day done (true) or not done (false), as `operation`: a retry of an operation
    /// that landed reports the day changed and writes nothing.
    func mark(habitID: Int64, day: Int, done: Bool, at: Date, operation: OperationID) throws(StorageError)
        -> HabitMarkOutcome
    /// Renames a habit; the outcome says whether it happened now or already had. The
    /// operation is recorded with the old and the new name key.
    func rename(habitID: Int64, from oldKey: String, to name: String, operation: OperationID)
        throws(StorageError) -> HabitRenameOutcome
    /// Deletes a habit and its done days.
    func delete(habitID: Int64, nameKey: String, operation: OperationID) throws(StorageError)
        -> HabitDeleteOutcome
    /// True when a habit with this name key was deleted by a recorded operation.
    func wasDeleted(nameKey: String) throws(StorageError) -> Bool
    /// True when a recorded operation renamed a habit from one name key to another.
    func wasRenamed(fromKey: String, toKey: String) throws(StorageError) -> Bool
    /// The habit saved from this draft, if the store holds one.
    func habit(savedFrom draft: DraftID) throws(StorageError) -> Habit?
}

/// A validated habit on its way to storage.
public struct NewHabit: Sendable, Equatable {
    public var name: String
    public var createdAt: Date
    public var draftID: DraftID

    public init(name: String, createdAt: Date, draftID: DraftID) {
        self.name = name
        self.createdAt = StoredTime.rounded(createdAt)
        self.draftID = draftID
    }
}

public enum HabitAddOutcome: Sendable, Equatable {
    case added(Habit)
    /// An earlier save of the same draft had already added it.
    case alreadyAdded(Habit)
    /// Another habit already has this name.
    case duplicate(Habit)
}

public enum HabitMarkOutcome: Sendable, Equatable {
    /// The day's state changed now.
    case changed
    /// The day was already in that state: nothing was written.
    case unchanged
    /// There is no such habit.
    case missing
}

public enum HabitRenameOutcome: Sendable, Equatable {
    case renamed(Habit)
    case alreadyApplied(Habit)
    /// Another habit already has the new name.
    case duplicate(Habit)
    case missing
}

public enum HabitDeleteOutcome: Sendable, Equatable {
    case deleted(Habit)
    case alreadyDeleted
    case missing
}

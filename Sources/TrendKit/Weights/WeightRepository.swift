/// Where weight entries are stored. Every operation returns confirmed data or throws.
/// Implementations open lazily and retry a failed open on the next call.
public protocol WeightRepository: Sendable {
    /// Opens the store now rather than at the first operation (which would open it too).
    func open() async throws(StorageError)
    /// The newest entries, newest first: a window, never the whole log.
    func recentEntries(limit: Int) async throws(StorageError) -> [WeightEntry]
    /// One entry, or nil when there is none with that id.
    func entry(id: Int64) async throws(StorageError) -> WeightEntry?
    /// Writes a new entry, unless one saved from the same draft exists: then returns that one.
    func insert(_ entry: NewWeightEntry) async throws(StorageError) -> InsertOutcome
    /// Replaces an entry's date, weight and note; nil when the entry no longer exists.
    func update(_ entry: WeightEntry) async throws(StorageError) -> WeightEntry?
    /// Removes an entry and returns it; nil when there was none.
    func delete(id: Int64) async throws(StorageError) -> WeightEntry?
}

/// What an insert did.
public enum InsertOutcome: Sendable, Equatable {
    /// The entry was written now.
    case inserted(WeightEntry)
    /// An earlier save of the same draft had already written this entry; nothing new was written.
    case alreadySaved(WeightEntry)

    public var entry: WeightEntry {
        switch self {
        case .inserted(let entry), .alreadySaved(let entry): return entry
        }
    }
}

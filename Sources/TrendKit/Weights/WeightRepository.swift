import FoundationEssentials

/// Where weight entries are stored. Every operation returns confirmed data or throws.
/// Implementations open lazily and retry a failed open on the next call.
@MainActor
public protocol WeightRepository: AnyObject {
    /// The newest entries, newest first: a window, never the whole log.
    func recentEntries(limit: Int) throws(StorageError) -> [WeightEntry]
    /// The entries from `start` up to (not including) `end`, oldest first.
    func entries(from start: Date, to end: Date) throws(StorageError) -> [WeightEntry]
    /// One entry, or nil when there is none with that id.
    func entry(id: Int64) throws(StorageError) -> WeightEntry?
    /// The entry saved from this draft, if any.
    func entry(savedFrom draft: DraftID) throws(StorageError) -> WeightEntry?
    /// Writes a new entry, unless one saved from the same draft exists: then returns that one.
    func insert(_ entry: NewWeightEntry) throws(StorageError) -> InsertOutcome
    /// Changes an entry if it is still at the expected revision, raising its revision.
    func update(_ change: EntryChange) throws(StorageError) -> UpdateOutcome
    /// Removes an entry if it is still at the expected revision.
    func delete(id: Int64, expectedRevision: Int64?, operation: OperationID) throws(StorageError)
        -> RemovalOutcome
    /// Changes one field of an entry, if it is still at the expected revision; recorded as an
    /// operation, so a retry applies it once.
    func amend(_ amendment: EntryAmendment) throws(StorageError) -> AmendOutcome
    /// True when the store has recorded this operation as applied.
    func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool
    /// The entry an applied operation changed (a save's new entry); nil when never applied.
    func target(ofApplied operation: OperationID) throws(StorageError) -> Int64?
}

/// What an insert did.
public enum InsertOutcome: Sendable, Equatable {
    /// The entry was written now.
    case inserted(WeightEntry)
    /// An earlier save of the same draft had already written this entry; nothing new was written.
    case alreadySaved(WeightEntry)
    /// An earlier save of the same draft had written entry `id`, which has been removed since
    /// (undone or deleted); nothing was written now.
    case removedSince(id: Int64)

    /// The entry as stored, when it still exists.
    public var entry: WeightEntry? {
        switch self {
        case .inserted(let entry), .alreadySaved(let entry): return entry
        case .removedSince: return nil
        }
    }
}

/// What an update did.
public enum UpdateOutcome: Sendable, Equatable {
    /// The entry was changed now; this is it as stored.
    case updated(WeightEntry)
    /// This operation had already been applied (its first reply was lost); nothing changed
    /// now. `revision` is the one it produced; the entry as stored now, if it still exists.
    case alreadyApplied(WeightEntry?, revision: Int64?)
    /// The entry is at another revision; nothing was written.
    case conflict(current: WeightEntry)
    /// There is no such entry.
    case missing
}

/// What a delete did.
public enum RemovalOutcome: Sendable, Equatable {
    /// The entry was removed now.
    case deleted(WeightEntry)
    /// This entry had already been deleted by an earlier operation (this one's first attempt,
    /// or another's); nothing changed now.
    case alreadyDeleted
    /// The entry is at another revision; nothing was written.
    case conflict(current: WeightEntry)
    /// There is no such entry, and no record that one was deleted.
    case missing
}

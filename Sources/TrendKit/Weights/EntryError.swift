/// Why the weights feature refused or could not finish a change to an entry. It is the
/// feature's own error: `TrendError.entries` carries it beside the other features' errors.
public enum EntryError: Error, Equatable, Sendable {
    /// The draft or the change broke a domain rule.
    case invalid(WeightValidationError)
    /// No entry has this id.
    case noSuchEntry(id: Int64)
    /// The entry changed (or was deleted) in the store since this session last read it;
    /// nothing was written. `current` is what it holds now, nil when it was deleted.
    case conflict(id: Int64, current: WeightEntry?)
    /// The open draft edits this entry; it cannot be deleted under it.
    case openInDraft(id: Int64)
}

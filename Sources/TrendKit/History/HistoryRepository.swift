/// Where the change history is kept. It lives in the store beside every feature's rows, and
/// undo and redo write those rows in the same transaction as the history, so there is one
/// implementation, on SQLite (a file or `:memory:`): an in-memory double would have to
/// re-implement every feature's rows, which is what the SQLite one is tested against.
@MainActor
public protocol HistoryRepository: AnyObject {
    /// The newest `limit` steps, newest first.
    func steps(limit: Int) throws(StorageError) -> [HistoryStep]
    /// The newest `limit` steps, newest first, with the ones undo and redo take now.
    func listing(limit: Int) throws(StorageError) -> HistoryListing
    /// Step `id`, if the history holds it.
    func step(_ id: Int64) throws(StorageError) -> HistoryStep?
    /// The step `undo` would revert now, if any.
    func nextToUndo() throws(StorageError) -> HistoryStep?
    /// The step `redo` would bring back now, if any.
    func nextToRedo() throws(StorageError) -> HistoryStep?
    /// Reverts `step` (nil: the newest done step when it runs) as `operation`, once; refused
    /// when it would remove a row in `held`.
    func undo(step: Int64?, operation: OperationID, held: RowsHeldOutside) throws(StorageError) -> HistoryOutcome
    /// Re-applies `step` (nil: the step undone last, when it runs) as `operation`, once;
    /// refused when it would remove a row in `held`.
    func redo(step: Int64?, operation: OperationID, held: RowsHeldOutside) throws(StorageError) -> HistoryOutcome
    /// True when the store records `operation` as applied, whichever feature applied it.
    func operationApplied(_ operation: OperationID) throws(StorageError) -> Bool
}

extension HistoryRepository {
    /// Reverts `step` as `operation`, once, with nothing held outside the store.
    func undo(step: Int64?, operation: OperationID) throws(StorageError) -> HistoryOutcome {
        try undo(step: step, operation: operation, held: .none)
    }

    /// Re-applies `step` as `operation`, once, with nothing held outside the store.
    func redo(step: Int64?, operation: OperationID) throws(StorageError) -> HistoryOutcome {
        try redo(step: step, operation: operation, held: .none)
    }
}

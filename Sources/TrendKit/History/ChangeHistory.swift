/// The change history feature: lists the steps, and undoes and redoes them. The steps as last
/// listed, the load state and the retained error are separate values. Undo and redo are
/// changes like any other: each has an operation, so a retry applies it once.
@MainActor
public final class ChangeHistory {
    /// The steps as last listed, newest first.
    public private(set) var steps: [HistoryStep] = []
    public private(set) var loadState: LoadState = .idle
    /// The last storage failure, kept until an operation succeeds.
    public private(set) var retainedError: TrendError? {
        didSet { if trace.isOn && retainedError != oldValue { trace.record(.retainedError(.history, retainedError)) } }
    }
    /// Where the feature records what it decides and publishes.
    public let trace: LayerTrace

    private let repository: any HistoryRepository

    public init(repository: any HistoryRepository, trace: LayerTrace = LayerTrace()) {
        self.repository = repository
        self.trace = trace
    }

    /// Reads the newest `limit` steps, newest first, with the ones undo and redo take now. A
    /// failure keeps the steps read before.
    public func list(limit: Int = Int(ChangeRecorder.levels)) throws(TrendError) -> HistoryListing {
        loadState = .loading
        let listing: HistoryListing
        do {
            listing = try repository.listing(limit: limit)
        } catch {
            loadState = .failed
            retainedError = .storage(error)
            throw .storage(error)
        }
        steps = listing.steps
        loadState = .ready
        retainedError = nil
        return listing
    }

    /// Step `id`, if the history holds it.
    public func step(_ id: Int64) throws(TrendError) -> HistoryStep? {
        do {
            return try repository.step(id)
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    /// The step `undo` would revert now, if any.
    public func nextToUndo() throws(TrendError) -> HistoryStep? {
        do {
            return try repository.nextToUndo()
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    /// The step `redo` would bring back now (the one undone last), if any.
    public func nextToRedo() throws(TrendError) -> HistoryStep? {
        do {
            return try repository.nextToRedo()
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
    }

    /// Reverts `step` (nil: the newest change when it runs) as `operation`, once. It is
    /// refused when it would remove a row that `held` names (a kind the open draft uses).
    public func undo(step: Int64?, operation: OperationID, held: RowsHeldOutside = .none) throws(TrendError)
        -> HistoryResult
    {
        try finish(step: step, undo: true) { () throws(StorageError) -> HistoryOutcome in
            try repository.undo(step: step, operation: operation, held: held)
        }
    }

    /// Re-applies `step` (nil: the change undone last, when it runs) as `operation`, once,
    /// refused as `undo` is.
    public func redo(step: Int64?, operation: OperationID, held: RowsHeldOutside = .none) throws(TrendError)
        -> HistoryResult
    {
        try finish(step: step, undo: false) { () throws(StorageError) -> HistoryOutcome in
            try repository.redo(step: step, operation: operation, held: held)
        }
    }

    /// True when the store records `operation` as applied, whichever feature applied it.
    public func operationApplied(_ operation: OperationID) throws(TrendError) -> Bool {
        do {
            return try repository.operationApplied(operation)
        } catch {
            throw .storage(error)
        }
    }

    private func finish(step asked: Int64?, undo: Bool, _ write: () throws(StorageError) -> HistoryOutcome)
        throws(TrendError) -> HistoryResult
    {
        let outcome: HistoryOutcome
        do {
            outcome = try write()
        } catch {
            retainedError = .storage(error)
            throw .storage(error)
        }
        retainedError = nil
        switch outcome {
        case .applied(let step, let rowsNow):
            trace.record(.published(.history, .historyStep(step.id, undone: undo)))
            return HistoryResult(step: step, rowsNow: rowsNow, alreadyApplied: false)
        case .alreadyApplied(let step):
            return HistoryResult(step: step, rowsNow: [], alreadyApplied: true)
        case .refused(let reason):
            trace.record(.validated(.history, .historyStep(asked, undo: undo), .refused(.history(reason))))
            throw .history(reason)
        }
    }
}

/// What an undo or a redo did.
public struct HistoryResult: Sendable, Equatable {
    /// The step, as it is now; nil when an earlier attempt applied it and the history has
    /// since let it go.
    public var step: HistoryStep?
    /// The step's rows as they are now (the entries and habits it put back).
    public var rowsNow: [RowValue]
    /// True when an earlier attempt had already applied it; nothing was written now.
    public var alreadyApplied: Bool
}

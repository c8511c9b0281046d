import TrendKit

/// Amends, undos and redos as the shell runs them: each is a pending change from the moment it
/// is typed, kept on disk first, then applied with the ones waiting before it.
extension Session {
    /// Restores the changes an earlier session left waiting, and says what became of them.
    func restorePending() {
        let history = changeHistory
        let report = pending.start { operation throws(TrendError) in
            try history.operationApplied(operation)
        }
        if let error = report.unreadable {
            startFailed = fail(reasonText(.pendingFile(error))) == .failed || startFailed
        }
        for change in report.alreadyApplied { say(Messages.pendingAlreadyApplied(change, units: units)) }
        if !report.restored.isEmpty { say(Messages.pendingRestored(report.restored, units: units)) }
        if !report.leftWaiting.isEmpty { warn(Messages.pendingLeftWaiting(report.leftWaiting, units: units)) }
    }

    /// Queues a change typed now (replacing a waiting one of the same field), writes the queue
    /// to the pending-changes file, then applies the waiting changes in order.
    func submit(_ change: PendingChange) -> Outcome {
        if endsAfterItsCommands, let refusal = takePendingFile(before: change) { return refusal }
        let queued = pending.add(change)
        let written = persistPending()
        // Refused at this first try, it never waited: unless it took a waiting one's place.
        let neverPending = queued.amendment?.replacedOperations.isEmpty ?? true
        let outcome = applyPending(typedNow: neverPending ? queued.id : nil)
        return written ? outcome : .failed
    }

    /// `retry`: applies the waiting changes. A `-c` run first takes the pending-changes file,
    /// so that only one session applies what waits there; when another session holds it,
    /// that session is the one to retry.
    func retryPending() -> Outcome {
        if endsAfterItsCommands {
            switch adoptPendingFile() {
            case .adopted: break
            case .heldByAnotherSession:
                pending.rereadWaiting()
                guard !pending.waitingInFile.isEmpty else { return say(Messages.nothingPending) }
                return fail(Messages.pendingHeldByAnotherSession(pending.waitingInFile, units: units))
            case .unavailable(let problem):
                return fail(Messages.pendingFileNotTaken(problem))
            }
        }
        guard !pending.changes.isEmpty else { return say(Messages.nothingPending) }
        return applyPending()
    }

    /// In a `-c` run, a new change applies only when no other change waits: the waiting ones
    /// come first, in the order typed, and only `retry` applies them. The run takes the
    /// pending-changes file before it tries the change, so that a change the store fails is
    /// kept there for the next session. Returns the refusal, or nil to go on.
    private func takePendingFile(before change: PendingChange) -> Outcome? {
        if let refusal = refusalWhileChangesWaitInFile(change) { return refusal }
        _ = adoptPendingFile()
        guard pending.changes.isEmpty else {
            return fail(Messages.pendingWaitFirst(change, waiting: pending.changes, units: units))
        }
        return nil
    }

    /// In a `-c` run, the refusal of `change` while changes wait in the pending-changes file
    /// (read again now); nil when none wait, or in any other run.
    func refusalWhileChangesWaitInFile(_ change: PendingChange) -> Outcome? {
        guard endsAfterItsCommands else { return nil }
        pending.rereadWaiting()
        guard !pending.waitingInFile.isEmpty else { return nil }
        return fail(Messages.pendingWaitFirst(change, waiting: pending.waitingInFile, units: units))
    }

    /// Takes the pending-changes file for a `-c` run, and says what it held that the store
    /// had already applied.
    private func adoptPendingFile() -> PendingChanges.Adoption {
        let history = changeHistory
        let adoption = pending.adopt { operation throws(TrendError) in
            try history.operationApplied(operation)
        }
        if case .adopted(let report) = adoption {
            if let error = report.unreadable { _ = fail(reasonText(.pendingFile(error))) }
            for change in report.alreadyApplied { say(Messages.pendingAlreadyApplied(change, units: units)) }
        }
        return adoption
    }

    /// Applies the waiting changes in order and says what became of each. `typedNow` is the
    /// change the running command typed, when a refusal of it must not call it pending.
    func applyPending(typedNow: OperationID? = nil) -> Outcome {
        // Changes restored while the server was down are checked against its identity first:
        // reading the features reaches it, and a queue typed against another log is dropped.
        if pending.awaitsTheStoresIdentity { refreshFeatures() }
        if let problem = pending.recheckStore() { warn(reasonText(.pendingFile(problem))) }
        let attempts = pending.retry { change throws(TrendError) in try self.apply(change) }
        var outcome = Outcome.succeeded
        var rowsChanged = false
        for attempt in attempts {
            switch attempt.result {
            case .success(let applied):
                say(Messages.applied(applied, units: units), role: .success)
                switch applied {
                case .amended(let result): if let entry = result.entry { showed([entry]) }
                case .undone(let result), .redone(let result):
                    rowsChanged = true
                    showed(result.rowsNow.compactMap { if case .entry(let entry) = $0 { entry } else { nil } })
                }
            case .failure(let error):
                if case .entries(.conflict(_, let current?)) = error { showed([current]) }
                if attempt.isKept {
                    outcome = fail(
                        Messages.pendingKept(
                            error, change: attempt.change, waiting: pending.changes,
                            keptOnDisk: pending.isOnDisk || !persistsPending, keeping: pending.keeping,
                            endsHere: endsAfterItsCommands, units: units))
                } else {
                    outcome = fail(
                        Messages.pendingRefused(
                            error, change: attempt.change, typedNow: attempt.change.id == typedNow, units: units))
                }
            }
        }
        // Undo and redo change rows of any feature: show them as the store holds them now.
        if rowsChanged { refreshFeatures() }
        return outcome
    }

    /// True when pending changes are meant to be in a file (not a store in memory).
    private var persistsPending: Bool {
        if case .memoryStore = pending.keeping { return false }
        return true
    }

    /// The kinds the open draft holds values of, which an undo or redo may not take away.
    private var heldKinds: RowsHeldOutside {
        guard let draft = (drafts.open as? EntryEditor)?.draft else { return .none }
        return .kinds(weights.kinds.all.map(\.id).filter { draft.holdsValue(of: $0) })
    }

    /// Applies one change through its feature.
    private func apply(_ change: PendingChange) throws(TrendError) -> AppliedChange {
        switch change.action {
        case .amend(let amendment, _): return .amended(try weights.amend(amendment))
        case .undo(let step): return .undone(try changeHistory.undo(step: step, operation: change.id, held: heldKinds))
        case .redo(let step): return .redone(try changeHistory.redo(step: step, operation: change.id, held: heldKinds))
        }
    }

    /// Writes the pending changes to their file if they changed. False when it could not be
    /// written; the changes stay in memory either way, and the message says so.
    func persistPending() -> Bool {
        do {
            try pending.persist()
            return true
        } catch {
            _ = fail(reasonText(error) + " The pending changes are kept in memory; \"retry\" still applies them.")
            return false
        }
    }

    /// Where the pending changes are kept, in a sentence.
    var whereThePendingChangesAre: String {
        Messages.pendingWhere(pending.keeping, onDisk: pending.isOnDisk)
    }
}

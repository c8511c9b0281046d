/// The changes waiting for the store, in the order they were typed, and their durable copy
/// in the pending-changes file beside the store (`<store>.pending`, locked by
/// `<store>.pending.lock` as the draft file is, so two sessions never apply one change twice).
///
/// The policy: a change of the same field of the same entry as a waiting one replaces it (the
/// latest value wins, and the replaced one's operation is remembered, in case it reached the
/// store before its reply was lost); any other change queues behind the waiting ones; nothing
/// is dropped for equalling an earlier change. A change is written to the file before it is
/// tried, and leaves it once the store confirms it or a rule refuses it, so a `kill -9` at any
/// moment leaves it either applied (the next start finds its operation in the store) or waiting.
@MainActor
public final class PendingChanges {
    /// Where this session's pending changes are kept: in their file, or in memory only, and why.
    public typealias Keeping = RecordKeeping

    /// What starting found, for the shell to report.
    public struct StartReport: Equatable, Sendable {
        /// Waiting changes an earlier session left, now waiting here.
        public var restored: [PendingChange] = []
        /// Changes an earlier session left that the store had already applied: removed.
        public var alreadyApplied: [PendingChange] = []
        /// Changes waiting in a file this run leaves alone (`-c`, or another session's).
        public var leftWaiting: [PendingChange] = []
        /// The file could not be read; it was left in place and is not written.
        public var unreadable: DraftFileError?
    }

    /// One change tried by `retry`.
    public struct Attempt: Sendable, Equatable {
        public var change: PendingChange
        public var result: Result<AppliedChange, TrendError>
        /// True when it still waits (storage failed); false when applied or refused.
        public var isKept: Bool
    }

    /// The waiting changes, oldest first.
    public private(set) var changes: [PendingChange] = []

    /// True when a waiting amend sets a value of kind `id`.
    public func setsValue(of id: KindID) -> Bool {
        changes.contains { change in
            if case .measure(id, _?) = change.amendment?.newValue { return true }
            return false
        }
    }
    /// The last attempt's failure of each change that failed, kept until it applies.
    public private(set) var failures: [OperationID: TrendError] = [:]
    /// The pending-changes file and its lock.
    private let file: LockedRecordFile<Queue>
    /// Where a change joining the queue, and the file's writes, are recorded.
    private let trace: LayerTrace
    /// Changes this run typed or replaced; the others were restored and left as they were.
    private var madeThisRun: Set<OperationID> = []
    /// The changes waiting in a file this run has not taken (`-c`), as last read.
    public private(set) var waitingInFile: [PendingChange] = []

    /// The log in use, as far as it is known (`SessionStore.identity`, `personName`).
    private let logStamp: @MainActor () -> LogStamp
    /// The log the file named at start: the log its changes were typed against.
    private var stampAtStart: LogStamp?

    /// What the file keeps: the queue, and the identity of the store it was typed against
    /// (nil for SQLite, whose file lives beside its store, and before a server was reached).
    struct Queue: Equatable, Sendable {
        var changes: [PendingChange]
        var stamp: LogStamp

        init(_ changes: [PendingChange], stamp: LogStamp) {
            self.changes = changes
            // An empty queue belongs to no log: the file then holds no record at all.
            self.stamp = changes.isEmpty ? LogStamp() : stamp
        }
    }

    /// The file's first line, and the whole queue as one record (none for an empty queue),
    /// stamped with the store's identity as the draft file is.
    nonisolated static let fileFormat = RecordFormat<Queue>(
        firstLine: Array("trendsh pending changes, format 1\n".utf8), empty: Queue([], stamp: LogStamp()),
        record: { PendingChange.record(of: $0.changes)?.stamped($0.stamp) },
        contents: { record in
            PendingChange.changes(from: record.unstamped).map { Queue($0, stamp: record.stamp) }
        })

    /// - Parameters:
    ///   - path: the pending-changes file beside the store; nil when there is none.
    ///   - withoutFile: why there is none: an in-memory store, unless said otherwise.
    ///   - restoring: false for a run that must leave waiting changes alone (`-c`).
    ///   - logStamp: the store's identity and the person once reached, recorded with the
    ///     queue written and checked against the queue restored.
    public init(
        path: String?, withoutFile: Keeping = .memoryStore, restoring: Bool = true, trace: LayerTrace = LayerTrace(),
        logStamp: @escaping @MainActor () -> LogStamp = { LogStamp() }
    ) {
        self.trace = trace
        self.logStamp = logStamp
        file = LockedRecordFile(
            path: path, format: Self.fileFormat, withoutFile: withoutFile, leftToItsOwner: !restoring,
            trace: LockedRecordFile.Tracing(trace: trace, file: .pending) { queue in
                queue.changes.isEmpty ? .nothing : .changes(queue.changes.map(TraceChange.init))
            })
    }

    /// Where this session's pending changes are kept.
    public var keeping: Keeping { file.keeping }

    /// Restores the changes an earlier session left, dropping those the store already applied
    /// (`isApplied` asks it; when it cannot say, they wait), and sizes the file for cheap writes.
    public func start(isApplied: (OperationID) throws(TrendError) -> Bool) -> StartReport {
        switch file.load() {
        case .leftWaiting(let waiting):
            // Not this run's file: it says nothing of what it cannot read.
            waitingInFile = waiting.changes
            return StartReport(leftWaiting: waiting.changes)
        case .noFile: return StartReport()
        case .unreadable(let problem): return StartReport(unreadable: problem)
        case .held(let restored, let path): return restore(restored, from: path, isApplied: isApplied)
        }
    }

    /// What taking over the pending-changes file found, for a run that started without it (`-c`).
    public enum Adoption: Equatable, Sendable {
        /// The file is this run's now; the report says what it held.
        case adopted(StartReport)
        /// Another session holds the file; this run keeps its changes in memory.
        case heldByAnotherSession
        /// The lock file cannot be used; this run keeps its changes in memory.
        case unavailable(PrivateFileError)
    }

    /// Takes the pending-changes file for a run that started without it (`-c`): when its
    /// lock can be taken, the file is this run's from now on, as if the run had started
    /// with it (restoring what waits there, dropping what the store already applied). A
    /// run that already holds the file, or has none to take, gets `.adopted` with nothing.
    public func adopt(isApplied: (OperationID) throws(TrendError) -> Bool) -> Adoption {
        switch file.adopt() {
        case .notLeftToItsOwner: return .adopted(StartReport())
        case .heldByAnotherSession: return .heldByAnotherSession
        case .lockUnavailable(let problem): return .unavailable(problem)
        case .unreadable(let problem):
            waitingInFile = []
            return .adopted(StartReport(unreadable: problem))
        case .adopted(let restored):
            waitingInFile = []
            guard let path = file.keeping.path else { return .adopted(StartReport()) }
            return .adopted(restore(restored, from: path, isApplied: isApplied))
        }
    }

    /// Lets go of the pending-changes file now, not whenever this object goes away: its lock
    /// is released, so another session can take the file. The changes stay in memory; the
    /// file is left to its owner, as a `-c` run leaves it, and `adopt` can take it again.
    public func release() { file.release() }

    /// Reads again what waits in the file this run has not taken (`-c`): another session may
    /// have added or applied changes since. Nothing is read for a file this run holds.
    public func rereadWaiting() { waitingInFile = file.readWithoutTheLock().changes }

    /// Queues the changes restored from the file at `path`, which this run holds, dropping
    /// those the store already applied. A queue typed against another log than the store
    /// holds now (a server's database made again under its name) is not restored: its file
    /// is left in place, untouched, and none of its changes is applied here.
    private func restore(
        _ restored: Queue, from path: String, isApplied: (OperationID) throws(TrendError) -> Bool
    ) -> StartReport {
        stampAtStart = restored.stamp
        if let problem = logStamp().refusal(of: restored.stamp, at: path) {
            file.setAside(problem)
            return StartReport(unreadable: problem)
        }
        var report = StartReport()
        var storeAnswers = true
        for change in restored.changes {
            var applied = false
            if storeAnswers {
                do {
                    applied = try isApplied(change.id)
                } catch {
                    storeAnswers = false
                }
            }
            if applied { report.alreadyApplied.append(change) } else { report.restored.append(change) }
        }
        changes = report.restored + changes
        return report
    }

    /// Checks the restored changes against the store, for a start that could not reach it (a
    /// server that was down): changes typed against another log are dropped from this run,
    /// their file left in place, untouched, and the problem returned for the shell to say.
    /// Changes this run typed stay, kept in memory.
    public func recheckStore() -> DraftFileError? {
        guard let made = stampAtStart, !untouchedRestored.isEmpty, let path = file.keeping.path,
            let problem = logStamp().refusal(of: made, at: path)
        else { return nil }
        for change in untouchedRestored { remove(change.id) }
        file.setAside(problem)
        return problem
    }

    /// True when changes restored from the file wait to be checked against the store's
    /// identity, which is not known yet (the store has not been reached).
    public var awaitsTheStoresIdentity: Bool {
        logStamp().awaits(stampAtStart) && !untouchedRestored.isEmpty
    }

    /// Asks again whether the restored changes this run has not touched were already
    /// applied, for a start that could not ask the store; removes and returns those that were.
    public func dropApplied(isApplied: (OperationID) throws(TrendError) -> Bool) -> [PendingChange] {
        var applied: [PendingChange] = []
        for change in untouchedRestored {
            do {
                guard try isApplied(change.id) else { continue }
            } catch {
                break
            }
            applied.append(change)
            remove(change.id)
        }
        return applied
    }

    /// The changes waiting in the pending-changes file at `path`, read without its lock (the
    /// file is only ever replaced slot by slot, so a read sees a whole queue); nil when there
    /// is no such file or it cannot be read as one.
    public nonisolated static func waiting(inFileAt path: String) -> [PendingChange]? {
        LockedRecordFile.read(at: path, as: fileFormat)?.changes
    }

    /// True when the run ends with a waiting change that it typed or replaced.
    public var hasChangesFromThisRun: Bool { changes.contains { madeThisRun.contains($0.id) } }

    /// The waiting changes restored at start that this run has left as they were.
    public var untouchedRestored: [PendingChange] { changes.filter { !madeThisRun.contains($0.id) } }

    /// True when the file holds the queue as it is now.
    public var isOnDisk: Bool { file.onDisk?.changes == changes }

    /// Adds a change typed now and returns it as it waits: a change of the same field of the
    /// same entry as a waiting amend (with no undo or redo queued after that one) replaces it
    /// in its place; anything else queues at the end. The new amend is judged against the
    /// revision it was typed against (what this session showed then, which may include its own
    /// later edits), and a replaced amend that reached the store counts as this session's.
    @discardableResult
    public func add(_ change: PendingChange) -> PendingChange {
        var queued = change
        if case .amend(var amendment, let text) = change.action,
            let index = changes.lastIndex(where: { $0.changesTheSameField(as: amendment) }),
            changes[index...].allSatisfy({ $0.amendment != nil }),
            let replaced = changes[index].amendment
        {
            amendment.replacedOperations = replaced.replacedOperations + [replaced.operation]
            amendment.expectedRevision = amendment.expectedRevision ?? replaced.expectedRevision
            queued = .amend(amendment, text: text)
            failures[replaced.operation] = nil
            madeThisRun.remove(replaced.operation)
            changes[index] = queued
        } else {
            changes.append(queued)
        }
        madeThisRun.insert(queued.id)
        trace.record(.pendingQueued(TraceChange(queued)))
        return queued
    }

    /// Writes the queue to the file if it changed. On failure the file still holds what it held.
    public func persist() throws(TrendError) {
        do {
            try file.write(Queue(changes, stamp: logStamp().filled(from: stampAtStart)))
        } catch {
            throw .pendingFile(error)
        }
    }

    /// Tries the waiting changes in order through `apply`. A change that applies, or that a
    /// rule now refuses (the domain's, or the server's: `isRefusedByTheRules`), leaves the
    /// queue; a storage failure keeps it, with its error, and stops: the ones behind it wait,
    /// so the order typed is the order applied.
    public func retry(_ apply: (PendingChange) throws(TrendError) -> AppliedChange) -> [Attempt] {
        var attempts: [Attempt] = []
        while let change = changes.first {
            do {
                let applied = try apply(change)
                remove(change.id)
                carryRevisions(of: applied)
                attempts.append(Attempt(change: change, result: .success(applied), isKept: false))
            } catch {
                if case .storage(let storage) = error, !storage.isRefusedByTheRules {
                    failures[change.id] = error
                    attempts.append(Attempt(change: change, result: .failure(error), isKept: true))
                    break
                }
                remove(change.id)
                attempts.append(Attempt(change: change, result: .failure(error), isKept: false))
            }
        }
        return attempts
    }

    /// The changes behind an applied one were typed after it, against what it leaves: an
    /// amend of the same entry applies from the revision the applied change left, not from
    /// the one it was typed against.
    private func carryRevisions(of applied: AppliedChange) {
        // An undo or redo of an import brings back thousands of rows: read them only for an amend.
        guard changes.contains(where: { $0.amendment != nil }) else { return }
        var revisions: [Int64: Int64] = [:]
        switch applied {
        case .amended(let result):
            if let revision = result.revision { revisions[result.id] = revision }
        case .undone(let result), .redone(let result):
            for case .entry(let entry) in result.rowsNow { revisions[entry.id] = entry.revision }
        }
        changes = changes.map { change in
            guard case .amend(var amendment, let text) = change.action, let revision = revisions[amendment.id] else {
                return change
            }
            amendment.expectedRevision = revision
            return .amend(amendment, text: text)
        }
    }

    private func remove(_ id: OperationID) {
        changes.removeAll { $0.id == id }
        failures[id] = nil
        madeThisRun.remove(id)
    }
}

/// What a pending change did when it applied.
public enum AppliedChange: Sendable, Equatable {
    case amended(AmendResult)
    case undone(HistoryResult)
    case redone(HistoryResult)
}

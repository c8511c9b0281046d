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
    /// Where this session's pending changes are kept (the draft's cases, for this file).
    public typealias Keeping = DraftSlot.Keeping

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
    /// The last attempt's failure of each change that failed, kept until it applies.
    public private(set) var failures: [OperationID: TrendError] = [:]
    public private(set) var keeping: Keeping
    private var file: DraftFile?
    /// Changes this run typed or replaced; the others were restored and left as they were.
    private var madeThisRun: Set<OperationID> = []
    /// What the file holds as far as this session knows; nil until known.
    private var onDisk: [PendingChange]?
    /// The changes waiting in a file this run has not taken (`-c`), as last read.
    public private(set) var waitingInFile: [PendingChange] = []

    nonisolated static let format = Array("trendsh pending changes, format 1\n".utf8)

    /// - Parameters:
    ///   - path: the pending-changes file beside the store; nil when there is none.
    ///   - withoutFile: why there is none: an in-memory store, unless said otherwise.
    ///   - restoring: false for a run that must leave waiting changes alone (`-c`).
    public init(path: String?, withoutFile: Keeping = .memoryStore, restoring: Bool = true) {
        guard let path else {
            keeping = withoutFile
            return
        }
        guard restoring else {
            keeping = .leftForItsOwner(path: path)
            return
        }
        let candidate = DraftFile(path: path, format: Self.format)
        let acquisition = candidate.acquire()
        keeping = Self.keeping(after: acquisition, path: path)
        if acquisition == .acquired { file = candidate }
    }

    /// Where the changes are kept once taking the file's lock found `acquisition`.
    private static func keeping(after acquisition: DraftFile.Acquisition, path: String) -> Keeping {
        switch acquisition {
        case .acquired: return .file(path: path)
        case .heldByAnotherSession: return .anotherSession(path: path)
        case .unavailable(let problem):
            return .unavailable(
                problem.errno.map { .cannotWrite(path: path, errno: $0) }
                    ?? .unsafe(path: problem.path, problem: problem.reason))
        }
    }

    /// Restores the changes an earlier session left, dropping those the store already applied
    /// (`isApplied` asks it; when it cannot say, they wait), and sizes the file for cheap writes.
    public func start(isApplied: (OperationID) async throws(TrendError) -> Bool) async -> StartReport {
        if case .leftForItsOwner(let path) = keeping {
            // Not this run's file: it says nothing of what it cannot read.
            report(waitingIn: path)
            return StartReport(leftWaiting: waitingInFile)
        }
        guard let file else { return StartReport() }
        return await restore(from: file, isApplied: isApplied)
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
    public func adopt(isApplied: (OperationID) async throws(TrendError) -> Bool) async -> Adoption {
        guard case .leftForItsOwner(let path) = keeping else { return .adopted(StartReport()) }
        let candidate = DraftFile(path: path, format: Self.format)
        let acquisition = candidate.acquire()
        keeping = Self.keeping(after: acquisition, path: path)
        switch acquisition {
        case .acquired:
            file = candidate
            waitingInFile = []
            return .adopted(await restore(from: candidate, isApplied: isApplied))
        case .heldByAnotherSession: return .heldByAnotherSession
        case .unavailable(let problem): return .unavailable(problem)
        }
    }

    /// Lets go of the pending-changes file now, not whenever this object goes away: its lock
    /// is released, so another session can take the file. The changes stay in memory; the
    /// file is left to its owner, as a `-c` run leaves it, and `adopt` can take it again.
    public func release() {
        guard let file, case .file(let path) = keeping else { return }
        file.release()
        self.file = nil
        keeping = .leftForItsOwner(path: path)
    }

    /// Reads again what waits in the file this run has not taken (`-c`): another session may
    /// have added or applied changes since. Nothing is read for a file this run holds.
    public func rereadWaiting() {
        switch keeping {
        case .leftForItsOwner(let path), .anotherSession(let path): report(waitingIn: path)
        case .file, .memoryStore, .nothingBesideStore, .unavailable: waitingInFile = []
        }
    }

    private func report(waitingIn path: String) {
        waitingInFile = Self.waiting(inFileAt: path) ?? []
    }

    /// Loads the queue from a file this run holds, dropping the changes the store already applied.
    private func restore(
        from file: DraftFile, isApplied: (OperationID) async throws(TrendError) -> Bool
    ) async -> StartReport {
        var report = StartReport()
        let record: DraftRecord?
        do {
            record = try file.load()
        } catch {
            self.file = nil
            keeping = .unavailable(error)
            report.unreadable = error
            return report
        }
        guard let record else {
            onDisk = []
            prepareQuietly(file)
            return report
        }
        guard let restored = PendingChange.changes(from: record) else {
            let problem = DraftFileError.unreadable(path: file.path, problem: nil)
            self.file = nil
            keeping = .unavailable(problem)
            report.unreadable = problem
            return report
        }
        onDisk = restored
        var storeAnswers = true
        for change in restored {
            var applied = false
            if storeAnswers {
                do {
                    applied = try await isApplied(change.id)
                } catch {
                    storeAnswers = false
                }
            }
            if applied { report.alreadyApplied.append(change) } else { report.restored.append(change) }
        }
        changes = report.restored + changes
        prepareQuietly(file)
        return report
    }

    /// Asks again whether the restored changes this run has not touched were already
    /// applied, for a start that could not ask the store; removes and returns those that were.
    public func dropApplied(isApplied: (OperationID) async throws(TrendError) -> Bool) async -> [PendingChange] {
        var applied: [PendingChange] = []
        for change in untouchedRestored {
            do {
                guard try await isApplied(change.id) else { continue }
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
        do {
            return try DraftFile(path: path, format: format).load().flatMap(PendingChange.changes)
        } catch {
            return nil
        }
    }

    private func prepareQuietly(_ file: DraftFile) {
        do {
            try file.prepare()
        } catch {
            return
        }
    }

    /// True when the run ends with a waiting change that it typed or replaced.
    public var hasChangesFromThisRun: Bool { changes.contains { madeThisRun.contains($0.id) } }

    /// The waiting changes restored at start that this run has left as they were.
    public var untouchedRestored: [PendingChange] { changes.filter { !madeThisRun.contains($0.id) } }

    /// True when the file holds the queue as it is now.
    public var isOnDisk: Bool { file != nil && onDisk == changes }

    /// Adds a change typed now and returns it as it waits: a change of the same field of the
    /// same entry as a waiting amend (with no undo or redo queued after that one) replaces it
    /// in its place, keeping the revision it was made from; anything else queues at the end.
    @discardableResult
    public func add(_ change: PendingChange) -> PendingChange {
        var queued = change
        if case .amend(var amendment, let text) = change.action,
            let index = changes.lastIndex(where: { $0.changesTheSameField(as: amendment) }),
            changes[index...].allSatisfy({ $0.amendment != nil }),
            let replaced = changes[index].amendment
        {
            amendment.replacedOperations = replaced.replacedOperations + [replaced.operation]
            amendment.expectedRevision = replaced.expectedRevision ?? amendment.expectedRevision
            queued = .amend(amendment, text: text)
            failures[replaced.operation] = nil
            madeThisRun.remove(replaced.operation)
            changes[index] = queued
        } else {
            changes.append(queued)
        }
        madeThisRun.insert(queued.id)
        return queued
    }

    /// Writes the queue to the file if it changed. On failure the file still holds what it held.
    public func persist() throws(TrendError) {
        guard let file, onDisk != changes else { return }
        do {
            try file.write(PendingChange.record(of: changes))
        } catch {
            throw .pendingFile(error)
        }
        onDisk = changes
    }

    /// Tries the waiting changes in order through `apply`. A change that applies, or that a
    /// rule now refuses, leaves the queue; a storage failure keeps it, with its error, and
    /// stops: the ones behind it wait, so the order typed is the order applied.
    public func retry(_ apply: (PendingChange) async throws(TrendError) -> AppliedChange) async -> [Attempt] {
        var attempts: [Attempt] = []
        while let change = changes.first {
            do {
                let applied = try await apply(change)
                remove(change.id)
                carryRevisions(of: applied)
                attempts.append(Attempt(change: change, result: .success(applied), isKept: false))
            } catch {
                if case .storage = error {
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

/// The one open draft, of any kind, and its durable copy. The slot restores the draft a
/// previous session left, keeps the draft file in step after every command, refuses to
/// replace a draft with unsaved changes, and knows which copy of the draft is on disk so that
/// every message about it can be true.
@MainActor
public final class DraftSlot {
    /// Where this session's draft is kept: in the draft file, or in memory only, and why.
    public typealias Keeping = RecordKeeping

    /// What is on disk for the open draft.
    public enum DiskCopy: Equatable, Sendable {
        /// The draft file holds the draft as it is now.
        case current
        /// The draft file holds an earlier version of it (the last one written).
        case earlier(DraftRecord)
        /// No copy of the draft is on disk.
        case none
    }

    /// What starting found, for the shell to report.
    public enum StartReport: Equatable, Sendable {
        case nothing
        case restored(DraftRecord)
        case alreadySaved(label: String)
        /// A draft of a kind this build does not know, or a file it cannot read; left alone.
        case unreadable(DraftFileError)
        /// A draft is waiting in the file, and this run leaves it there (`-c`).
        case leftWaiting(DraftRecord)
    }

    public private(set) var open: (any DraftEditor)?
    /// The draft file and its lock.
    private let file: LockedRecordFile<DraftRecord?>
    private let restorers: [DraftRestorer]
    /// The record restored at start, until the draft changes or closes.
    private var restoredRecord: DraftRecord?
    /// Where opening and closing drafts, and writing the draft file, are recorded.
    private let trace: LayerTrace
    /// The log in use, as far as it is known: the store's identity and the person, once the
    /// store has been reached (`SessionStore.identity`, `personName`).
    private let logStamp: @MainActor () -> LogStamp
    /// The log the draft file named at start: the log the draft was made on, kept in what
    /// is written while the store has not been reached yet.
    private var stampAtStart: LogStamp?

    /// The draft file's first line, and a record that is the draft itself (nil: no draft).
    nonisolated static let fileFormat = RecordFormat<DraftRecord?>(
        firstLine: DraftFile.magic, empty: nil, record: { $0 }, contents: { .some($0) })

    /// - Parameters:
    ///   - path: the draft file beside the store; nil when there is none.
    ///   - withoutFile: why there is none: an in-memory store, unless said otherwise.
    ///   - restoring: false for a run that must leave a waiting draft alone (`-c`).
    ///   - logStamp: the store's identity and the person once reached, recorded with every
    ///     draft written and checked against the draft restored (no store identity for SQLite:
    ///     its file is beside the store).
    public init(
        path: String?, withoutFile: Keeping = .memoryStore, restorers: [DraftRestorer], restoring: Bool = true,
        trace: LayerTrace = LayerTrace(), logStamp: @escaping @MainActor () -> LogStamp = { LogStamp() }
    ) {
        self.restorers = restorers
        self.trace = trace
        self.logStamp = logStamp
        file = LockedRecordFile(
            path: path, format: Self.fileFormat, withoutFile: withoutFile, leftToItsOwner: !restoring,
            trace: LockedRecordFile.Tracing(trace: trace, file: .draft) { record in
                record.map { .draft(DraftKind($0.kind), $0.typedFields) } ?? .nothing
            })
    }

    /// Where this session's draft is kept.
    public var keeping: Keeping { file.keeping }

    /// Restores the draft a previous session left, and makes the file ready for cheap writes.
    public func start() -> StartReport {
        switch file.load() {
        case .noFile, .held(nil, _): return .nothing
        case .leftWaiting(let waiting): return waiting.map(StartReport.leftWaiting) ?? .nothing
        case .unreadable(let problem): return .unreadable(problem)
        case .held(let record?, let path): return restore(record, from: path)
        }
    }

    /// Opens the draft the file at `path` holds, unless its feature finds it saved already,
    /// or it was made on another log than the store holds now.
    private func restore(_ stamped: DraftRecord, from path: String) -> StartReport {
        stampAtStart = stamped.stamp
        if let problem = logStamp().refusal(of: stamped.stamp, at: path) {
            file.setAside(problem)
            return .unreadable(problem)
        }
        let record = stamped.unstamped
        guard let restorer = restorers.first(where: { $0.kind.rawValue == record.kind }) else {
            return refuseRestored(from: path)
        }
        switch restorer.restore(record) {
        case .restored(let editor):
            // The restorer may have been the first to reach the store, which tells the person.
            if let problem = logStamp().refusal(of: stamped.stamp, at: path) {
                file.setAside(problem)
                return .unreadable(problem)
            }
            open = editor
            restoredRecord = editor.record
            return .restored(record)
        case .alreadySaved(let label):
            return .alreadySaved(label: label)
        case .unreadable:
            return refuseRestored(from: path)
        }
    }

    /// A draft this build cannot restore: the file at `path` is left as it is, never written.
    private func refuseRestored(from path: String) -> StartReport {
        let problem = DraftFileError.unreadable(path: path, problem: nil)
        file.setAside(problem)
        return .unreadable(problem)
    }

    /// Asks again whether the restored draft, still open and untouched, was already saved:
    /// for a start that could not ask the store (another program held its lock). Closes it
    /// and returns the entry's label when it was.
    public func recheckRestored() -> String? {
        guard let record = untouchedRestoredRecord,
            let restorer = restorers.first(where: { $0.kind.rawValue == record.kind })
        else { return nil }
        guard case .alreadySaved(let label) = restorer.restore(record) else { return nil }
        close()
        return label
    }

    /// Checks the restored draft against the store, for a start that could not reach it (a
    /// server that was down): a draft made on another log is closed here and its file left
    /// in place, untouched, and the problem returned for the shell to say.
    public func recheckStore() -> DraftFileError? {
        guard let made = stampAtStart, untouchedRestoredRecord != nil, let path = file.keeping.path,
            let problem = logStamp().refusal(of: made, at: path)
        else { return nil }
        file.setAside(problem)
        close()
        return problem
    }

    /// What `keepForTheNextSession` found.
    public enum Handover: Equatable, Sendable {
        /// The draft file is this run's now, and the next `persist` writes the draft into it.
        case taken(path: String)
        /// The draft file holds another draft, which this run leaves alone.
        case anotherDraftWaits(path: String)
        /// Another session holds the draft file.
        case heldByAnotherSession(path: String)
        /// The draft file cannot be used.
        case unavailable(DraftFileError)
        /// There is no draft file to take: the store is in memory or names no regular file.
        case noFile
    }

    /// For a run that started without the draft file (`-c`) and ends with a draft worth
    /// keeping (its save failed): takes the file when its lock can be taken and no other
    /// draft waits in it, so the next session restores this draft. A run that holds the file
    /// already gets `.taken` at once.
    public func keepForTheNextSession() -> Handover {
        switch file.takeIfItHoldsNothing() {
        case .held(let path): return .taken(path: path)
        case .holdsARecord(let path): return .anotherDraftWaits(path: path)
        case .heldByAnotherSession(let path): return .heldByAnotherSession(path: path)
        case .unavailable(let problem): return .unavailable(problem)
        case .noFile: return .noFile
        }
    }

    /// True when the open draft differs from how it was opened.
    public var hasUnsavedChanges: Bool { open?.hasUnsavedChanges ?? false }

    /// True when the run ends with unsaved work that it made: a draft it opened or changed.
    /// A restored draft the run left untouched does not count.
    public var hasUnsavedChangesFromThisRun: Bool {
        guard let open, open.hasUnsavedChanges else { return false }
        return restoredRecord.map { $0 != open.record } ?? true
    }

    /// The restored draft, when it is still open and untouched by this run.
    public var untouchedRestoredRecord: DraftRecord? {
        guard let open, open.hasUnsavedChanges, let restoredRecord, restoredRecord == open.record else { return nil }
        return restoredRecord
    }

    /// Opens `editor` in the slot; refused while the open draft has unsaved changes.
    public func replace(with editor: any DraftEditor) throws(TrendError) {
        if let open, open.hasUnsavedChanges { throw .draftIsOpen }
        if let open { trace.record(.editorClosed(open.kind)) }
        self.open = editor
        restoredRecord = nil
        trace.record(
            .editorOpened(
                editor.kind, editing: editor.record["editing"].flatMap { Int64($0) }, editor.record.typedFields))
    }

    /// Closes the open draft (after a save, or a cancel).
    public func close() {
        if let open { trace.record(.editorClosed(open.kind)) }
        open = nil
        restoredRecord = nil
    }

    /// Which copy of the open draft is on disk.
    public var diskCopy: DiskCopy {
        guard let onDisk = file.onDisk, let open, open.hasUnsavedChanges else { return .none }
        if onDisk == open.record.stamped(knownIdentity) { return .current }
        return onDisk.map { DiskCopy.earlier($0.unstamped) } ?? .none
    }

    /// Writes the draft to the file if it changed, or an empty record when no unsaved draft
    /// is open. On failure the copy on disk is the one before, and `diskCopy` says so.
    public func persist() throws(TrendError) {
        do {
            try writeIfChanged()
        } catch {
            throw .draftFile(error)
        }
    }

    /// The identity written with the draft: the store's once reached, else the one the file
    /// named at start.
    private var knownIdentity: LogStamp { logStamp().filled(from: stampAtStart) }

    /// `persist`, with the draft file's own error.
    public func writeIfChanged() throws(DraftFileError) {
        try file.write(open.flatMap { $0.hasUnsavedChanges ? $0.record.stamped(knownIdentity) : nil })
    }
}

/// The one open draft, of any kind, and its durable copy. The slot restores the draft a
/// previous session left, keeps the draft file in step after every command, refuses to
/// replace a draft with unsaved changes, and knows which copy of the draft is on disk so that
/// every message about it can be true.
@MainActor
public final class DraftSlot {
    /// Where this session's draft is kept.
    public enum Keeping: Equatable, Sendable {
        /// In the draft file at this path.
        case file(path: String)
        /// In memory only: the store is in memory.
        case memoryStore
        /// In memory only: the store's path names no regular file (a symbolic link, a
        /// folder, a device), so nothing is created beside it.
        case nothingBesideStore(path: String)
        /// In memory only: another session holds the draft file at this path.
        case anotherSession(path: String)
        /// In memory only: the draft file cannot be used.
        case unavailable(DraftFileError)
        /// In memory only: this run was asked not to touch the draft file (`-c`).
        case leftForItsOwner(path: String)

        /// The file's path, when there is one.
        public var path: String? {
            switch self {
            case .file(let path), .anotherSession(let path), .leftForItsOwner(let path): return path
            case .memoryStore, .nothingBesideStore, .unavailable: return nil
            }
        }
    }

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
    public private(set) var keeping: Keeping
    private var file: DraftFile?
    private let restorers: [DraftRestorer]
    /// The record restored at start, until the draft changes or closes.
    private var restoredRecord: DraftRecord?
    /// What the draft file holds as far as this session knows: nil for no draft.
    private var onDisk: DraftRecord?
    /// True once the file's content is known (read at start or written since).
    private var diskKnown = false

    /// - Parameters:
    ///   - path: the draft file beside the store; nil when there is none.
    ///   - withoutFile: why there is none: an in-memory store, unless said otherwise.
    ///   - restoring: false for a run that must leave a waiting draft alone (`-c`).
    public init(
        path: String?, withoutFile: Keeping = .memoryStore, restorers: [DraftRestorer], restoring: Bool = true
    ) {
        self.restorers = restorers
        guard let path else {
            file = nil
            keeping = withoutFile
            return
        }
        guard restoring else {
            file = nil
            keeping = .leftForItsOwner(path: path)
            return
        }
        let candidate = DraftFile(path: path)
        switch candidate.acquire() {
        case .acquired:
            file = candidate
            keeping = .file(path: path)
        case .heldByAnotherSession:
            file = nil
            keeping = .anotherSession(path: path)
        case .unavailable(let problem):
            file = nil
            keeping = .unavailable(Self.fileError(problem, path: path))
        }
    }

    /// Restores the draft a previous session left, and makes the file ready for cheap writes.
    public func start() async -> StartReport {
        if case .leftForItsOwner(let path) = keeping {
            let waiting = DraftFile(path: path)
            do {
                return try waiting.load().map(StartReport.leftWaiting) ?? .nothing
            } catch {
                return .nothing
            }
        }
        guard let file else { return .nothing }
        let record: DraftRecord?
        do {
            record = try file.load()
        } catch {
            // Left in place, and never written: it may hold something worth keeping.
            self.file = nil
            self.keeping = .unavailable(error)
            return .unreadable(error)
        }
        onDisk = record
        diskKnown = true
        guard let record else {
            prepareQuietly(file)
            return .nothing
        }
        guard let restorer = restorers.first(where: { $0.kind.rawValue == record.kind }) else {
            self.file = nil
            keeping = .unavailable(.unreadable(path: file.path, problem: nil))
            return .unreadable(.unreadable(path: file.path, problem: nil))
        }
        switch await restorer.restore(record) {
        case .restored(let editor):
            open = editor
            restoredRecord = editor.record
            return .restored(record)
        case .alreadySaved(let label):
            return .alreadySaved(label: label)
        case .unreadable:
            self.file = nil
            keeping = .unavailable(.unreadable(path: file.path, problem: nil))
            return .unreadable(.unreadable(path: file.path, problem: nil))
        }
    }

    /// Asks again whether the restored draft, still open and untouched, was already saved:
    /// for a start that could not ask the store (another program held its lock). Closes it
    /// and returns the entry's label when it was.
    public func recheckRestored() async -> String? {
        guard let record = untouchedRestoredRecord,
            let restorer = restorers.first(where: { $0.kind.rawValue == record.kind })
        else { return nil }
        guard case .alreadySaved(let label) = await restorer.restore(record) else { return nil }
        close()
        return label
    }

    /// Sizes a new draft file now, while nothing depends on it; a failure here is met again,
    /// and reported, at the first write.
    private func prepareQuietly(_ file: DraftFile) {
        do {
            try file.prepare()
        } catch {
            return
        }
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
        switch keeping {
        case .file(let path): return .taken(path: path)
        case .memoryStore, .nothingBesideStore: return .noFile
        case .anotherSession(let path): return .heldByAnotherSession(path: path)
        case .unavailable(let error): return .unavailable(error)
        case .leftForItsOwner(let path):
            let candidate = DraftFile(path: path)
            switch candidate.acquire() {
            case .acquired: break
            case .heldByAnotherSession: return .heldByAnotherSession(path: path)
            case .unavailable(let problem): return .unavailable(Self.fileError(problem, path: path))
            }
            let waiting: DraftRecord?
            do {
                waiting = try candidate.load()
            } catch {
                return .unavailable(error)
            }
            // The lock is released with `candidate` when another draft waits: it is that draft's.
            guard waiting == nil else { return .anotherDraftWaits(path: path) }
            file = candidate
            keeping = .file(path: path)
            onDisk = nil
            diskKnown = true
            return .taken(path: path)
        }
    }

    /// The draft file's error for a lock file that could not be used.
    private static func fileError(_ problem: PrivateFileError, path: String) -> DraftFileError {
        problem.errno.map { .cannotWrite(path: path, errno: $0) }
            ?? .unsafe(path: problem.path, problem: problem.reason)
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
        self.open = editor
        restoredRecord = nil
    }

    /// Closes the open draft (after a save, or a cancel).
    public func close() {
        open = nil
        restoredRecord = nil
    }

    /// Which copy of the open draft is on disk.
    public var diskCopy: DiskCopy {
        guard file != nil, diskKnown, let open, open.hasUnsavedChanges else { return .none }
        let record = open.record
        if onDisk == record { return .current }
        return onDisk.map(DiskCopy.earlier) ?? .none
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

    /// `persist`, with the draft file's own error.
    public func writeIfChanged() throws(DraftFileError) {
        guard let file else { return }
        let wanted = open.flatMap { $0.hasUnsavedChanges ? $0.record : nil }
        guard !diskKnown || wanted != onDisk else { return }
        try file.write(wanted)
        onDisk = wanted
        diskKnown = true
    }
}

/// One record kept durably beside the store for one session at a time: the draft slot keeps
/// the open draft in one, the pending changes keep their queue in another. It owns the file's
/// lock and what taking it found (`keeping`); the one load at start, after which a file that
/// cannot be read is left in place and never written; what the file holds as far as this
/// session knows, so that only a changed record is written and the owner can say truthfully
/// which copy is on disk; taking the file later, for a run that started without it (`-c`);
/// reading the file without its lock while it is another's; and letting it go.
///
/// The file is a `DraftFile`: two checksummed slots, so a write that fails or is torn leaves
/// the previous record whole.
///
/// `Contents` is not required to be `Equatable` here, only where a write compares (below): a
/// generic class's metadata is made at run time, and a conformance in its signature costs
/// every start-up a search of every protocol conformance in the binary (see bench/README.md).
@MainActor
final class LockedRecordFile<Contents: Sendable> {
    /// Where the record is kept, and why not in the file when it is not.
    private(set) var keeping: RecordKeeping
    private let format: RecordFormat<Contents>
    /// The file, while this session holds its lock.
    private var file: DraftFile?
    /// What the file holds as far as this session knows.
    private var disk = DiskState.unknown
    /// How writes are recorded for the trace; nil when nobody asked.
    private let tracing: Tracing?
    /// With no file, what the trace last said is kept in memory in its place.
    private var toldInMemory = TraceFileContents.nothing

    /// Where a record file's writes are recorded, and how its contents are told.
    struct Tracing {
        let trace: LayerTrace
        let file: TraceFile
        let contents: @MainActor (Contents) -> TraceFileContents
    }

    private enum DiskState {
        /// Not read yet, nor written.
        case unknown
        /// Read at start, or written since.
        case holds(Contents)
    }

    /// Takes the file's lock, unless the run leaves the file to its owner.
    /// - Parameters:
    ///   - path: the file beside the store; nil when there is none.
    ///   - withoutFile: why there is none: an in-memory store, unless said otherwise.
    ///   - leftToItsOwner: true for a run that must leave the file alone (`-c`).
    init(
        path: String?, format: RecordFormat<Contents>, withoutFile: RecordKeeping = .memoryStore,
        leftToItsOwner: Bool = false, trace: Tracing? = nil
    ) {
        self.format = format
        self.tracing = trace
        guard let path else {
            keeping = withoutFile
            return
        }
        guard !leftToItsOwner else {
            keeping = .leftForItsOwner(path: path)
            return
        }
        let candidate = DraftFile(path: path, format: format.firstLine)
        let acquisition = candidate.acquire()
        keeping = Self.keeping(after: acquisition, path: path)
        if acquisition == .acquired { file = candidate }
    }

    /// What `load` found.
    enum Loaded: Sendable {
        /// This session holds the file at `path`, which holds these contents (`empty` for no
        /// record).
        case held(Contents, path: String)
        /// This run leaves the file to its owner; these wait in it, read without the lock
        /// (`empty` when nothing can be read: not this run's file, it says nothing of it).
        case leftWaiting(Contents)
        /// The file could not be read, or holds no record of this format. It is let go, left
        /// in place and never written: it may hold something worth keeping.
        case unreadable(DraftFileError)
        /// This session holds no file; `keeping` says why.
        case noFile
    }

    /// Reads the file once, at start, and makes it ready for cheap writes.
    func load() -> Loaded {
        if case .leftForItsOwner = keeping { return .leftWaiting(readWithoutTheLock()) }
        guard let file else { return .noFile }
        switch open(file) {
        case .success(let contents): return .held(contents, path: file.path)
        case .failure(let problem): return .unreadable(problem)
        }
    }

    /// What the file holds as far as this session knows: nil when this session holds no file,
    /// or has neither read nor written it.
    var onDisk: Contents? {
        guard file != nil, case .holds(let contents) = disk else { return nil }
        return contents
    }

    /// What `adopt` found.
    enum Adoption: Sendable {
        /// The file is this session's now, holding these contents (`empty` for no record).
        case adopted(Contents)
        /// This session holds the file already, or has none to take: nothing changed.
        case notLeftToItsOwner
        /// Another session holds the file; `keeping` says so from now on.
        case heldByAnotherSession
        /// The lock file cannot be used; `keeping` says so from now on.
        case lockUnavailable(PrivateFileError)
        /// The file was taken but cannot be read: let go, left in place and never written.
        case unreadable(DraftFileError)
    }

    /// Takes the file for a run that started without it (`-c`), as if the run had started
    /// with it: what waits there is this session's from now on, and when the lock cannot be
    /// taken, `keeping` says why.
    func adopt() -> Adoption {
        guard case .leftForItsOwner(let path) = keeping else { return .notLeftToItsOwner }
        let candidate = DraftFile(path: path, format: format.firstLine)
        let acquisition = candidate.acquire()
        keeping = Self.keeping(after: acquisition, path: path)
        switch acquisition {
        case .acquired: break
        case .heldByAnotherSession: return .heldByAnotherSession
        case .unavailable(let problem): return .lockUnavailable(problem)
        }
        file = candidate
        switch open(candidate) {
        case .success(let contents): return .adopted(contents)
        case .failure(let problem): return .unreadable(problem)
        }
    }

    /// What `takeIfItHoldsNothing` found.
    enum Handover: Equatable, Sendable {
        /// This session holds the file at `path`: taken now, or held since the start.
        case held(path: String)
        /// The file holds a record, which this session leaves to its owner.
        case holdsARecord(path: String)
        /// Another session holds the file.
        case heldByAnotherSession(path: String)
        /// The file cannot be used.
        case unavailable(DraftFileError)
        /// There is no file to take: the store is in memory or names no regular file.
        case noFile
    }

    /// Takes the file for a run that started without it (`-c`) and ends with something worth
    /// keeping, when its lock can be taken and it holds no record; anything else leaves this
    /// session as it was (and the lock to whoever holds it, or to the record waiting there).
    func takeIfItHoldsNothing() -> Handover {
        switch keeping {
        case .file(let path): return .held(path: path)
        case .memoryStore, .nothingBesideStore, .noStateFolder: return .noFile
        case .anotherSession(let path): return .heldByAnotherSession(path: path)
        case .unavailable(let problem): return .unavailable(problem)
        case .leftForItsOwner(let path):
            let candidate = DraftFile(path: path, format: format.firstLine)
            switch candidate.acquire() {
            case .acquired: break
            case .heldByAnotherSession: return .heldByAnotherSession(path: path)
            case .unavailable(let problem): return .unavailable(Self.fileError(problem, path: path))
            }
            let waiting: DraftRecord?
            do {
                waiting = try candidate.load()
            } catch {
                candidate.release()
                return .unavailable(error)
            }
            guard waiting == nil else {
                candidate.release()
                return .holdsARecord(path: path)
            }
            file = candidate
            keeping = .file(path: path)
            hold(candidate, holding: format.empty)
            return .held(path: path)
        }
    }

    /// Lets go of the file now, not whenever this object goes away: its lock is released, so
    /// another session can take it. The file is left to its owner, as a `-c` run leaves it,
    /// and `adopt` can take it again.
    func release() {
        guard let file, case .file(let path) = keeping else { return }
        file.release()
        self.file = nil
        keeping = .leftForItsOwner(path: path)
        disk = .unknown
    }

    /// What waits in the file this session does not hold (left to its owner, or another
    /// session's), read without the lock: the file is only ever written slot by slot, so a
    /// read sees a whole record. `empty` for a file this session holds or has none of, and for
    /// one it cannot read.
    func readWithoutTheLock() -> Contents {
        switch keeping {
        case .leftForItsOwner(let path), .anotherSession(let path):
            return Self.read(at: path, as: format) ?? format.empty
        case .file, .memoryStore, .nothingBesideStore, .noStateFolder, .unavailable: return format.empty
        }
    }

    /// What the file at `path` holds, read without its lock; nil when there is no such file,
    /// it holds no record, or it cannot be read as one of this format.
    nonisolated static func read(at path: String, as format: RecordFormat<Contents>) -> Contents? {
        do {
            return try DraftFile(path: path, format: format.firstLine).load().flatMap(format.contents)
        } catch {
            return nil
        }
    }

    /// Reads `file`, which this session holds, and keeps it ready for writes; a file that
    /// cannot be read is set aside.
    private func open(_ file: DraftFile) -> Result<Contents, DraftFileError> {
        do {
            let contents = try Self.contents(of: file, as: format)
            hold(file, holding: contents)
            return .success(contents)
        } catch {
            setAside(error)
            return .failure(error)
        }
    }

    /// What `file` holds, in this format.
    private static func contents(of file: DraftFile, as format: RecordFormat<Contents>) throws(DraftFileError)
        -> Contents
    {
        guard let record = try file.load() else { return format.empty }
        guard let contents = format.contents(record) else { throw .unreadable(path: file.path, problem: nil) }
        return contents
    }

    /// Keeps `file`, known to hold `contents`, and sizes it now while nothing depends on it;
    /// a failure to size it is met again, and reported, at the first write.
    private func hold(_ file: DraftFile, holding contents: Contents) {
        disk = .holds(contents)
        do {
            try file.prepare()
        } catch {
            return
        }
    }

    /// Lets go of a file this session cannot use, which is then left in place and never
    /// written: one it cannot read, or whose record its owner cannot use (a draft of a kind
    /// this build does not know).
    func setAside(_ problem: DraftFileError) {
        file?.release()
        file = nil
        keeping = .unavailable(problem)
        disk = .unknown
    }

    /// Where the record is kept once taking the file's lock found `acquisition`.
    private static func keeping(after acquisition: DraftFile.Acquisition, path: String) -> RecordKeeping {
        switch acquisition {
        case .acquired: return .file(path: path)
        case .heldByAnotherSession: return .anotherSession(path: path)
        case .unavailable(let problem): return .unavailable(fileError(problem, path: path))
        }
    }

    /// The file's error for a lock file that could not be used.
    private static func fileError(_ problem: PrivateFileError, path: String) -> DraftFileError {
        problem.errno.map { .cannotWrite(path: path, errno: $0) }
            ?? .unsafe(path: problem.path, problem: problem.reason)
    }
}

extension LockedRecordFile where Contents: Equatable {
    /// Writes `contents` unless the file holds them already; nothing when this session holds
    /// no file. On failure the file holds what it held, and `onDisk` still says so.
    func write(_ contents: Contents) throws(DraftFileError) {
        guard let file else {
            if let tracing, tracing.trace.isOn {
                let told = tracing.contents(contents)
                if told != toldInMemory { tracing.trace.record(.keptInMemory(tracing.file, told)) }
                toldInMemory = told
            }
            return
        }
        if case .holds(let held) = disk, held == contents { return }
        do {
            try file.write(format.record(contents))
        } catch {
            if let tracing { tracing.trace.record(.fileWriteFailed(tracing.file, error)) }
            throw error
        }
        disk = .holds(contents)
        if let tracing { tracing.trace.record(.fileWritten(tracing.file, tracing.contents(contents))) }
    }
}

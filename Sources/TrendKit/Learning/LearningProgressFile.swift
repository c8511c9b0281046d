import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The file the learning progress is kept in (`OwnFile.learningProgress`, under
/// `$XDG_STATE_HOME/trendsh`), mode 0600, never through a symbolic link. Each outcome is
/// added under a lock (`OwnFile.learningProgressLock`) to what the file holds at that moment,
/// then the file is replaced whole, atomically: two learners at once both keep theirs.
public struct LearningProgressFile: Sendable {
    public let path: String
    public let lockPath: String

    /// The largest file trendsh reads as progress.
    static let sizeLimit = 1 << 20
    /// How long to wait for another learner's lock, in tries of 10 ms.
    static let lockTries = 100

    /// The progress file of the registry `files`; nil when there is no state folder.
    public init?(files: OwnFiles) {
        guard let path = files.path(of: .learningProgress), let lockPath = files.path(of: .learningProgressLock)
        else { return nil }
        self.path = path
        self.lockPath = lockPath
    }

    /// What the file holds; empty progress when there is no file yet.
    public func read() throws(LearningProgressError) -> LearningProgress {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFile.read(path, limit: Self.sizeLimit)
        } catch {
            throw .unreadable(path: path, error.reason)
        }
        guard let bytes else { return LearningProgress() }
        let progress: LearningProgress
        do {
            progress = try JSONDecoder().decode(LearningProgress.self, from: Data(bytes))
        } catch {
            throw .notProgress(path: path)
        }
        guard progress.format == LearningProgress.formatName, progress.version == LearningProgress.formatVersion
        else { throw .notProgress(path: path) }
        return progress
    }

    /// Adds `record` to what the file holds now, under the lock, and returns the whole progress.
    /// A file that cannot be read as progress is left as it is, and nothing is added.
    @discardableResult
    public func keep(_ record: LearningProgress.Record) throws(LearningProgressError) -> LearningProgress {
        let lock = try takeLock()
        defer {
            flock(lock, LOCK_UN)
            close(lock)
        }
        var progress = try read()
        progress.keep(record)
        let bytes: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
            bytes = try encoder.encode(progress)
        } catch {
            // Strings and numbers always encode; say so as a write that did not happen.
            throw .cannotWrite(path: path, .system(EINVAL))
        }
        do {
            try PrivateFile.replace(path, with: Array(bytes) + [0x0A])
        } catch {
            throw .cannotWrite(path: path, error.reason)
        }
        return progress
    }

    private func takeLock() throws(LearningProgressError) -> Int32 {
        let opened: Int32?
        do {
            opened = try PrivateFile.open(lockPath, creating: true)
        } catch {
            throw .cannotWrite(path: lockPath, error.reason)
        }
        guard let lock = opened else { throw .cannotWrite(path: lockPath, .system(ENOENT)) }
        for _ in 0..<Self.lockTries {
            if flock(lock, LOCK_EX | LOCK_NB) == 0 { return lock }
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else {
                close(lock)
                throw .cannotWrite(path: lockPath, .system(failure))
            }
            usleep(10_000)
        }
        close(lock)
        throw .locked(path: lockPath)
    }
}

import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The local copy of the settings in a small text file beside the store, mode 0600. A change takes the lock file
/// `<settings>.lock` (flock) only while it reads the file as it is now, applies its one key
/// and replaces the file durably, so changes from several sessions merge and none is lost.
/// Reading needs no lock: the file is only ever replaced whole.
public final class FileSettingsStore: SettingsStore {
    public let path: String
    /// How long a change waits for another session's lock; a change holds it for a few
    /// milliseconds.
    public let lockWait: Duration
    private let interruptRequested: @Sendable () -> Bool
    /// The file last read or written, kept open so that its inode cannot be given to a newer
    /// file: a version compares inodes, and a reused one could hide a change. -1 for none.
    private let pinned = Mutex<Int32>(-1)

    /// The most a settings file can be; trendsh writes a few hundred bytes.
    static let sizeLimit = 64 * 1024

    /// How long a change waits for the lock unless told otherwise: as long as a save waits
    /// for the store's (`Store.defaultBusyTimeout`).
    public static let defaultLockWait: Duration = .seconds(3)

    /// - Parameter interruptRequested: polled while waiting for the lock; true abandons the wait.
    public init(
        path: String, lockWait: Duration = defaultLockWait,
        interruptRequested: @escaping @Sendable () -> Bool = { false }
    ) {
        self.path = path
        self.lockWait = lockWait
        self.interruptRequested = interruptRequested
    }

    deinit { pin(-1) }

    /// The lock file, named as the registry of own files names every lock.
    public var lockPath: String { OwnFiles.lockPath(for: path) }

    public func read() -> SettingsReading {
        let (version, bytes) = readBytes()
        return SettingsReading(
            version: version, copy: Result { () throws(SettingsError) in try decode(bytes.get()) })
    }

    public func currentVersion() -> SettingsVersion {
        var info = stat()
        guard lstat(path, &info) == 0 else { return errno == ENOENT ? .noFile : .unlookable(errno) }
        return Self.version(info)
    }

    public func update(_ change: (inout SettingsCopy) -> Void) throws(SettingsError) -> SettingsReading {
        let lock = try takeLock()
        defer {
            // Unlocked before it is closed: a copy of the descriptor (a process spawned a
            // moment ago, not yet at its exec) would otherwise keep the lock held.
            flock(lock, LOCK_UN)
            close(lock)
        }
        let (version, read) = readBytes()
        let previous = try read.get()
        var copy = try decode(previous)
        let before = copy
        change(&copy)
        guard copy != before else { return SettingsReading(version: version, copy: .success(copy)) }
        do {
            try PrivateFile.replaceDurably(path, with: Array(copy.fileText.utf8), previous: previous)
        } catch {
            if error.leftInPlace {
                throw .unconfirmed(path: path, problem: error.failure.reason)
            }
            throw .cannotWrite(path: path, problem: error.failure.reason)
        }
        return SettingsReading(version: pinCurrentFile(), copy: .success(copy))
    }

    /// Takes the lock, waiting in short sleeps up to `lockWait` while another session holds it.
    private func takeLock() throws(SettingsError) -> Int32 {
        let lock: Int32
        do throws(PrivateFileError) {
            guard let opened = try PrivateFile.open(lockPath, creating: true) else {
                throw PrivateFileError(path: lockPath, reason: .system(ENOENT))
            }
            lock = opened
        } catch {
            throw .cannotLock(path: lockPath, problem: error.reason)
        }
        let wait = BusyWait(timeout: lockWait, interruptRequested: interruptRequested)
        wait.start()
        while flock(lock, LOCK_EX | LOCK_NB) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR else {
                close(lock)
                throw .cannotLock(path: lockPath, problem: .system(failure))
            }
            guard wait.shouldKeepWaiting() else {
                close(lock)
                throw .locked(path: lockPath)
            }
        }
        return lock
    }

    /// The file's bytes (nil when there is none) through a descriptor it then keeps pinned,
    /// with the version that descriptor shows.
    private func readBytes() -> (SettingsVersion, Result<[UInt8]?, SettingsError>) {
        let descriptor: Int32
        do throws(PrivateFileError) {
            guard let opened = try PrivateFile.openForReading(path) else {
                pin(-1)
                return (.noFile, .success(nil))
            }
            descriptor = opened
        } catch {
            return (currentVersion(), .failure(.unreadable(path: path, detail: .system(error.reason))))
        }
        pin(descriptor)
        let version = Self.version(of: descriptor) ?? currentVersion()
        do {
            return (version, .success(try PrivateFile.readAll(descriptor, path: path, limit: Self.sizeLimit)))
        } catch {
            return (version, .failure(.unreadable(path: path, detail: .system(error.reason))))
        }
    }

    /// Pins the file now at the path (just written, under the lock) and returns its version.
    private func pinCurrentFile() -> SettingsVersion {
        do {
            if let descriptor = try PrivateFile.openForReading(path) {
                pin(descriptor)
                return Self.version(of: descriptor) ?? currentVersion()
            }
        } catch {
            // Not pinned: the version is the path's, and at worst the next look reads the file again.
        }
        pin(-1)
        return currentVersion()
    }

    private func pin(_ descriptor: Int32) {
        let old = pinned.withLock { value in
            let old = value
            value = descriptor
            return old
        }
        if old >= 0 { close(old) }
    }

    /// The copy from the file's bytes; nil bytes (no file) are an empty copy: the defaults.
    private func decode(_ bytes: [UInt8]?) throws(SettingsError) -> SettingsCopy {
        guard let bytes else { return SettingsCopy() }
        guard let text = UTF8Text.decode(bytes) else {
            // A line trendsh cannot keep as it is: shown, never rewritten with U+FFFD in it.
            let line = bytes.split(separator: 0x0A).first { UTF8Text.decode($0) == nil } ?? []
            throw .unreadable(path: path, detail: .unexpectedLine(UTF8Text.showing(line)))
        }
        do {
            return try SettingsCopy(parsing: text)
        } catch {
            throw .unreadable(path: path, detail: error)
        }
    }

    private static func version(of descriptor: Int32) -> SettingsVersion? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return version(info)
    }

    private static func version(_ info: stat) -> SettingsVersion {
        .file(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modified: (info.st_mtim.tv_sec, info.st_mtim.tv_nsec), changed: (info.st_ctim.tv_sec, info.st_ctim.tv_nsec))
    }
}

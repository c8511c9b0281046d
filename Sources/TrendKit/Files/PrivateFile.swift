#if canImport(Glibc)
    import Glibc
#endif

/// Opening and replacing trendsh's own files (the draft, its lock, settings, history, pending
/// changes) so that nobody else's file is ever written: no symbolic link is followed, and
/// what is opened must be a regular file of ours with one link. New files are mode 0600.
public enum PrivateFile {
    /// Opens `path` for reading and writing, creating it (0600) when `creating` and missing.
    /// Returns nil when it does not exist and is not to be created.
    public static func open(_ path: String, creating: Bool) throws(PrivateFileError) -> Int32? {
        var flags = O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        if creating { flags |= O_CREAT }
        let descriptor = Glibc.open(path, flags, 0o600)
        guard descriptor >= 0 else {
            let failure = errno
            if failure == ENOENT && !creating { return nil }
            if failure == ELOOP { throw PrivateFileError(path: path, reason: .symbolicLink) }
            throw PrivateFileError(path: path, reason: .system(failure))
        }
        do {
            try checkOwnership(descriptor, path: path)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        // O_NONBLOCK only kept a FIFO planted at the path from blocking the open.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// Opens `path` for appending, creating it (0600) when missing, with the same checks.
    /// It is open for reading too, so a caller can see how the file ends before it appends.
    public static func openForAppending(_ path: String) throws(PrivateFileError) -> Int32 {
        let descriptor = Glibc.open(path, O_RDWR | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else {
            throw PrivateFileError(path: path, reason: errno == ELOOP ? .symbolicLink : .system(errno))
        }
        do {
            try checkOwnership(descriptor, path: path)
        } catch {
            Glibc.close(descriptor)
            throw error
        }
        return descriptor
    }

    /// Refuses a descriptor that is not a regular file owned by this user with one link:
    /// `O_NOFOLLOW` checks only a path's last part, and a hard link passes it.
    static func checkOwnership(_ descriptor: Int32, path: String) throws(PrivateFileError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PrivateFileError(path: path, reason: .system(errno)) }
        guard info.st_mode & S_IFMT == S_IFREG else { throw PrivateFileError(path: path, reason: .notARegularFile) }
        guard info.st_uid == geteuid() else { throw PrivateFileError(path: path, reason: .ownedByAnotherUser) }
        guard info.st_nlink == 1 else { throw PrivateFileError(path: path, reason: .hardLinked) }
    }

    /// Writes `bytes` to a new temporary file beside `path` (created exclusively) and renames
    /// it over `path`, so a crash leaves the old file or the new one, never half of one.
    public static func replace(_ path: String, with bytes: [UInt8]) throws(PrivateFileError) {
        try checkReplaceable(path)
        let temporary = try writeTemporary(beside: path, bytes, syncing: false)
        try rename(temporary, over: path)
    }

    /// Writes `bytes` to a new file beside `path`, created exclusively (0600), synced to the
    /// disk first when `syncing`, and returns its path. On a throw no temporary file is left.
    static func writeTemporary(beside path: String, _ bytes: [UInt8], syncing: Bool) throws(PrivateFileError)
        -> String
    {
        let temporary = OwnFiles.temporaryPath(for: path, process: getpid())
        unlink(temporary)  // a stale one from a killed process with the same pid
        let descriptor = Glibc.open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, reason: .system(errno)) }
        do throws(PrivateFileError) {
            try writeAll(bytes, to: descriptor, path: path)
            if syncing && fsync(descriptor) != 0 { throw PrivateFileError(path: path, reason: .system(errno)) }
        } catch {
            Glibc.close(descriptor)
            unlink(temporary)
            throw error
        }
        guard Glibc.close(descriptor) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PrivateFileError(path: path, reason: .system(failure))
        }
        return temporary
    }

    /// Renames `temporary` over `path`; on failure the temporary file is removed.
    static func rename(_ temporary: String, over path: String) throws(PrivateFileError) {
        guard Glibc.rename(temporary, path) == 0 else {
            let failure = errno
            unlink(temporary)
            throw PrivateFileError(path: path, reason: .system(failure))
        }
    }

    /// An existing file at `path` must be ours to replace; a symbolic link or a folder is not.
    static func checkReplaceable(_ path: String) throws(PrivateFileError) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        if info.st_mode & S_IFMT == S_IFLNK { throw PrivateFileError(path: path, reason: .symbolicLink) }
        if info.st_mode & S_IFMT != S_IFREG { throw PrivateFileError(path: path, reason: .notARegularFile) }
        if info.st_uid != geteuid() { throw PrivateFileError(path: path, reason: .ownedByAnotherUser) }
    }

    /// The whole file, or nil when it does not exist; at most `limit` bytes.
    public static func read(_ path: String, limit: Int = 1 << 20) throws(PrivateFileError) -> [UInt8]? {
        guard let descriptor = try openForReading(path) else { return nil }
        defer { Glibc.close(descriptor) }
        return try readAll(descriptor, path: path, limit: limit)
    }

    /// Opens `path` read-only, never through a symbolic link, and only a regular file of
    /// this user's (another user could have planted it, to be read as ours); nil when it does
    /// not exist.
    static func openForReading(_ path: String) throws(PrivateFileError) -> Int32? {
        let descriptor = Glibc.open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw PrivateFileError(path: path, reason: .symbolicLink) }
            throw PrivateFileError(path: path, reason: .system(errno))
        }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            let failure = errno
            Glibc.close(descriptor)
            throw PrivateFileError(path: path, reason: .system(failure))
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(descriptor)
            throw PrivateFileError(path: path, reason: .notARegularFile)
        }
        guard info.st_uid == geteuid() else {
            Glibc.close(descriptor)
            throw PrivateFileError(path: path, reason: .ownedByAnotherUser)
        }
        return descriptor
    }

    /// Reads from the start of `descriptor` to its end; at most `limit` bytes.
    static func readAll(_ descriptor: Int32, path: String, limit: Int) throws(PrivateFileError) -> [UInt8] {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw PrivateFileError(path: path, reason: .system(errno)) }
        // Read into one buffer of the file's size (plus room to notice it grew), in place.
        var bytes = [UInt8](repeating: 0, count: min(max(Int(info.st_size), 0), limit) + 4096)
        var filled = 0
        while true {
            if filled == bytes.count {
                guard bytes.count <= limit else { throw PrivateFileError(path: path, reason: .tooLarge) }
                bytes += [UInt8](repeating: 0, count: bytes.count)
            }
            let count = bytes.withUnsafeMutableBytes { buffer in
                pread(descriptor, buffer.baseAddress! + filled, buffer.count - filled, off_t(filled))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw PrivateFileError(path: path, reason: .system(errno))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw PrivateFileError(path: path, reason: .tooLarge) }
        bytes.removeLast(bytes.count - filled)
        return bytes
    }

    static func writeAll(_ bytes: [UInt8], to descriptor: Int32, path: String) throws(PrivateFileError) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0 {
                if errno == EINTR { continue }
                throw PrivateFileError(path: path, reason: .system(errno))
            }
            written += result
        }
    }

    /// Removes the file; a file that is already gone is not an error.
    public static func remove(_ path: String) throws(PrivateFileError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw PrivateFileError(path: path, reason: .system(errno)) }
    }
}

/// Why one of trendsh's own files could not be used.
public struct PrivateFileError: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// A system call failed with this errno.
        case system(Int32)
        /// The path is a symbolic link; trendsh never writes through one.
        case symbolicLink
        /// The path is a folder, a device or a pipe.
        case notARegularFile
        /// The file belongs to another user.
        case ownedByAnotherUser
        /// The file has more than one name (a hard link), so writing it would write elsewhere too.
        case hardLinked
        /// The file is larger than trendsh ever writes it.
        case tooLarge
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    /// The errno, for callers that report system failures.
    public var errno: Int32? {
        if case .system(let number) = reason { return number }
        return nil
    }
}

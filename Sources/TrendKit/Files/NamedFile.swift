#if canImport(Glibc)
    import Glibc
#endif

/// A file a person names (`export FILE`, `chart --svg FILE`, `--cast FILE`, a transcript
/// `--update` rewrites). Unlike trendsh's own files it is meant to be shared: it gets the usual
/// mode for the person's umask, a symbolic link they named is followed (as shell redirection
/// follows it), and an existing file is replaced (as `sqlite3 .output` does). It is written
/// to a temporary file in the same folder and renamed into place, so the old file or the new
/// one is there, never half of one. It is never one of trendsh's own files or a file the run
/// reads: every named file is made with the `NamedFileRules`, which refuse those.
public final class NamedFile {
    /// The mode new files get: 0666 less the umask trendsh started with.
    public struct Permissions: Sendable, Equatable {
        public var mode: mode_t

        public init(mode: mode_t) { self.mode = mode }

        /// What a person's shell would give a new file, from the umask before trendsh set its own.
        public static func fromUmask(_ umask: mode_t) -> Permissions { Permissions(mode: 0o666 & ~umask) }

        public static let shared = Permissions(mode: 0o644)
    }

    public let path: String
    /// Where the bytes finally go: `path`, or what the symbolic link at `path` names.
    public let target: String
    private let temporary: String
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var finished = false

    /// Starts writing; nothing is visible at `path` until `commit()`. A path the rules refuse
    /// (as named, or where a symbolic link there leads) is an error before anything is made.
    public init(path: String, rules: NamedFileRules) throws(NamedFileError) {
        self.path = path
        if let refusal = rules.refusal(for: path) { throw NamedFileError(path: path, reason: .refused(refusal)) }
        let resolved = try Self.resolve(path)
        if resolved != path, let refusal = rules.refusal(for: resolved) {
            throw NamedFileError(path: path, reason: .refused(refusal))
        }
        let permissions = rules.permissions
        target = resolved
        let folder =
            resolved.lastIndex(of: "/").map { String(resolved[..<$0]) }.map { $0.isEmpty ? "/" : $0 } ?? "."
        let name = resolved.split(separator: "/").last.map(String.init) ?? resolved
        var made: (String, Int32)?
        for attempt in 0..<100 {
            let candidate = folder + "/." + name + ".tmp-\(getpid())-\(attempt)"
            let opened = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, permissions.mode)
            if opened >= 0 {
                made = (candidate, opened)
                break
            }
            if errno != EEXIST { throw NamedFileError(path: path, errno: errno) }
        }
        guard let (temporary, opened) = made else { throw NamedFileError(path: path, errno: EEXIST) }
        // The umask may be stricter than asked for at open; the mode is the person's.
        fchmod(opened, permissions.mode)
        self.temporary = temporary
        descriptor = opened
        buffer.reserveCapacity(1 << 16)
    }

    deinit { abandon() }

    /// Adds bytes; they are written in large blocks.
    public func write(_ bytes: some Collection<UInt8>) throws(NamedFileError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { try drain() }
    }

    public func write(_ text: String) throws(NamedFileError) { try write(text.utf8) }

    private func drain() throws(NamedFileError) {
        var offset = 0
        while offset < buffer.count {
            let written = buffer.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                throw NamedFileError(path: path, errno: errno)
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left, syncs, and renames the file into place.
    public func commit() throws(NamedFileError) {
        guard !finished else { return }
        do {
            try drain()
        } catch {
            abandon()
            throw error
        }
        guard fsync(descriptor) == 0, close(descriptor) == 0 else {
            let failure = errno
            descriptor = -1
            abandon()
            throw NamedFileError(path: path, errno: failure)
        }
        descriptor = -1
        guard rename(temporary, target) == 0 else {
            let failure = errno
            abandon()
            throw NamedFileError(path: path, errno: failure)
        }
        finished = true
    }

    /// Drops the temporary file; the named file is as it was.
    public func abandon() {
        guard !finished else { return }
        finished = true
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        unlink(temporary)
    }

    /// Writes `bytes` as the whole file.
    public static func write(_ bytes: [UInt8], to path: String, rules: NamedFileRules) throws(NamedFileError) {
        let file = try NamedFile(path: path, rules: rules)
        try file.write(bytes)
        try file.commit()
    }

    /// Follows symbolic links at `path` to the file they name (at most 40), as `open` would.
    static func resolve(_ path: String) throws(NamedFileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                guard errno == ENOENT else { throw NamedFileError(path: path, errno: errno) }
                return current
            }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                if info.st_mode & S_IFMT == S_IFDIR { throw NamedFileError(path: path, errno: EISDIR) }
                return current
            }
            var buffer = [CChar](repeating: 0, count: 4096)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw NamedFileError(path: path, errno: errno) }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = folder + link
            }
        }
        throw NamedFileError(path: path, errno: ELOOP)
    }
}

/// A file a person named could not be written, or was refused; the file at that path is as it was.
public struct NamedFileError: Error, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// A system call failed with this errno.
        case system(Int32)
        /// The path is one of trendsh's own files or a file the run reads; nothing was made.
        case refused(NamedFileRules.Refusal)
    }

    public var path: String
    public var reason: Reason

    public init(path: String, reason: Reason) {
        self.path = path
        self.reason = reason
    }

    public init(path: String, errno: Int32) { self.init(path: path, reason: .system(errno)) }

    /// The errno of a system failure; nil for a refusal.
    public var errno: Int32? {
        if case .system(let number) = reason { return number }
        return nil
    }

    /// Why the path was refused; nil for a system failure.
    public var refusal: NamedFileRules.Refusal? {
        if case .refused(let refusal) = reason { return refusal }
        return nil
    }
}

import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The open draft, kept on disk beside the store so a crash or `kill -9` loses nothing.
/// A lock file makes sure two sessions on one store never overwrite each other's draft.
///
/// Each change overwrites the file in place with one `pwrite` of at most one page, padded
/// with spaces to the longest draft written before: a process that dies at any moment
/// leaves the old draft or the new one, never a mix, and an edit costs a single system
/// call, far less than an fsync. A draft longer than a page is written to a temporary file
/// and renamed over the old one instead. No fsync: the file guards against a crash of
/// trendsh, not a power cut (saved entries are fsynced by the store).
public final class DraftFile {
    /// What is written: the draft and the entry it edits, if any.
    public struct Contents: Codable, Equatable, Sendable {
        public var draft: WeightEntryDraft
        public var editingID: Int64?
        /// The unit the value was typed in; nil in files written before it was kept.
        public var unit: WeightUnit?

        public init(draft: WeightEntryDraft, editingID: Int64?, unit: WeightUnit? = nil) {
            self.draft = draft
            self.editingID = editingID
            self.unit = unit
        }
    }

    /// The most bytes written in one call: a page, which a write never splits.
    static let inPlaceLimit = 4096

    public let path: String
    private var lockDescriptor: Int32 = -1
    /// The draft file, open for in-place writes; -1 until the first write.
    private var descriptor: Int32 = -1
    /// How many bytes the file holds, so a shorter draft pads over the rest.
    private var writtenLength = 0

    public init(path: String) { self.path = path }

    deinit {
        if lockDescriptor >= 0 { close(lockDescriptor) }
        if descriptor >= 0 { close(descriptor) }
    }

    /// What taking the draft lock found.
    public enum Acquisition: Equatable, Sendable {
        case acquired
        /// Another session holds the lock and so owns the draft file.
        case heldByAnotherSession
        /// The lock file could not be created; the reason in words.
        case unavailable(String)
    }

    /// Takes the draft lock for this session.
    public func acquire() -> Acquisition {
        if lockDescriptor >= 0 { return .acquired }
        let descriptor = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return .unavailable(systemMessage(errno)) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let failure = errno
            close(descriptor)
            return failure == EWOULDBLOCK ? .heldByAnotherSession : .unavailable(systemMessage(failure))
        }
        lockDescriptor = descriptor
        return .acquired
    }

    /// The draft a previous session left, if any.
    public func load() throws(TrendError) -> Contents? {
        let bytes: [UInt8]?
        do {
            bytes = try PrivateFile.read(path)
        } catch {
            throw .draftFile(.unreadable(path: path))
        }
        guard let bytes, bytes.contains(where: { $0 != 0x20 && $0 != 0x0A }) else { return nil }
        writtenLength = bytes.count
        do {
            return try JSONDecoder().decode(Contents.self, from: Data(bytes))
        } catch {
            throw .draftFile(.unreadable(path: path))
        }
    }

    /// Replaces the file's draft with `contents`: in place when it fits in a page, else by
    /// renaming a new file over it. Either way a crash leaves the old draft or the new one.
    public func write(_ contents: Contents) throws(TrendError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(contents)
        } catch {
            throw .draftFile(.cannotWrite(path: path, errno: EINVAL))
        }
        var bytes = Array(data) + [0x0A]
        // In place only while the file is within a page: a longer file left by an earlier,
        // longer draft would keep its tail after a shorter one.
        if bytes.count <= Self.inPlaceLimit, writtenLength <= Self.inPlaceLimit, openForWriting() {
            if writtenLength > bytes.count {
                bytes += [UInt8](repeating: 0x20, count: min(writtenLength, Self.inPlaceLimit) - bytes.count)
            }
            let written = bytes.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
            if written == bytes.count {
                writtenLength = max(writtenLength, bytes.count)
                return
            }
            let failure = written < 0 ? errno : EIO
            throw .draftFile(.cannotWrite(path: path, errno: failure))
        }
        do {
            try PrivateFile.replace(path, with: bytes)
        } catch {
            throw .draftFile(.cannotWrite(path: path, errno: error.errno))
        }
        closeDescriptor()
        writtenLength = bytes.count
    }

    /// Opens (creating, mode 0600) the file for in-place writes; false when it cannot.
    private func openForWriting() -> Bool {
        if descriptor >= 0 { return true }
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        return descriptor >= 0
    }

    private func closeDescriptor() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Removes the file after a save or a cancel.
    public func remove() throws(TrendError) {
        closeDescriptor()
        writtenLength = 0
        do {
            try PrivateFile.remove(path)
        } catch {
            throw .draftFile(.cannotRemove(path: path, errno: error.errno))
        }
    }
}

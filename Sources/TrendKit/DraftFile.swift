import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// The open draft, kept on disk beside the store so a crash or `kill -9` loses nothing.
/// A lock file makes sure two sessions on one store never overwrite each other's draft.
public final class DraftFile {
    /// What is written: the draft and the entry it edits, if any.
    public struct Contents: Codable, Equatable, Sendable {
        public var draft: WeightEntryDraft
        public var editingID: Int64?

        public init(draft: WeightEntryDraft, editingID: Int64?) {
            self.draft = draft
            self.editingID = editingID
        }
    }

    public let path: String
    private var lockDescriptor: Int32 = -1

    public init(path: String) { self.path = path }

    deinit { if lockDescriptor >= 0 { close(lockDescriptor) } }

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
        guard let bytes else { return nil }
        do {
            return try JSONDecoder().decode(Contents.self, from: Data(bytes))
        } catch {
            throw .draftFile(.unreadable(path: path))
        }
    }

    /// Replaces the file with `contents` atomically.
    public func write(_ contents: Contents) throws(TrendError) {
        let data: Data
        do {
            data = try JSONEncoder().encode(contents)
        } catch {
            throw .draftFile(.cannotWrite(path: path, errno: EINVAL))
        }
        do {
            try PrivateFile.replace(path, with: Array(data) + [0x0A])
        } catch {
            throw .draftFile(.cannotWrite(path: path, errno: error.errno))
        }
    }

    /// Removes the file after a save or a cancel.
    public func remove() throws(TrendError) {
        do {
            try PrivateFile.remove(path)
        } catch {
            throw .draftFile(.cannotRemove(path: path, errno: error.errno))
        }
    }
}

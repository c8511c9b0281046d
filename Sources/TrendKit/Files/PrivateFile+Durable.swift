#if canImport(Glibc)
    import Glibc
#endif

extension PrivateFile {
    /// `replace`, made to survive a power cut before it returns: the new file is synced
    /// before the rename and its folder after it. A throw leaves the path as it was (when
    /// the folder cannot be synced, `previous`, what the file held, is put back; nil removes
    /// the new file), unless the error says the new file was left in place.
    public static func replaceDurably(_ path: String, with bytes: [UInt8], previous: [UInt8]?)
        throws(DurableReplaceError)
    {
        do {
            try checkReplaceable(path)
            let temporary = try writeTemporary(beside: path, bytes, syncing: true)
            try rename(temporary, over: path)
        } catch {
            throw DurableReplaceError(failure: error, leftInPlace: false)
        }
        let synced: PrivateFileError
        do {
            try syncFolder(of: path)
            return
        } catch {
            synced = error
        }
        do {
            if let previous {
                try rename(try writeTemporary(beside: path, previous, syncing: false), over: path)
            } else {
                try remove(path)
            }
        } catch {
            throw DurableReplaceError(failure: synced, leftInPlace: true)
        }
        throw DurableReplaceError(failure: synced, leftInPlace: false)
    }

    /// Syncs the folder that holds `path`, so a rename or a new file in it survives a power cut.
    public static func syncFolder(of path: String) throws(PrivateFileError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = Glibc.open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw PrivateFileError(path: path, reason: .system(errno)) }
        defer { Glibc.close(descriptor) }
        guard fsync(descriptor) == 0 else { throw PrivateFileError(path: path, reason: .system(errno)) }
    }
}

/// Why a durable replace failed, and whether the file is as it was.
public struct DurableReplaceError: Error, Equatable, Sendable {
    /// The call that failed.
    public var failure: PrivateFileError
    /// True when the new file stands at the path unconfirmed: its folder could not be synced,
    /// and the old file could not be put back either.
    public var leftInPlace: Bool

    public init(failure: PrivateFileError, leftInPlace: Bool) {
        self.failure = failure
        self.leftInPlace = leftInPlace
    }
}

/// Where a session keeps a record it keeps durably (the open draft, the pending changes): in
/// its file beside the store, or in memory only, and why.
public enum RecordKeeping: Equatable, Sendable {
    /// In the file at this path.
    case file(path: String)
    /// In memory only: the store is in memory.
    case memoryStore
    /// In memory only: the store's path names no regular file (a symbolic link, a
    /// folder, a device), so nothing is created beside it.
    case nothingBesideStore(path: String)
    /// In memory only: the store is on a server, whose records are kept in this machine's
    /// state folder, and there is none (neither `XDG_STATE_HOME` nor `HOME` is set).
    case noStateFolder
    /// In memory only: another session holds the file at this path.
    case anotherSession(path: String)
    /// In memory only: the file cannot be used.
    case unavailable(DraftFileError)
    /// In memory only: this run was asked not to touch the file (`-c`).
    case leftForItsOwner(path: String)

    /// The file's path, when there is one.
    public var path: String? {
        switch self {
        case .file(let path), .anotherSession(let path), .leftForItsOwner(let path): return path
        case .memoryStore, .nothingBesideStore, .noStateFolder, .unavailable: return nil
        }
    }
}

#if canImport(Glibc)
    import Glibc
#endif

/// Where the store lives: a file, memory for a throwaway session, or a PostgreSQL server.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case memory
    case file(path: String)
    /// A log on a server. Its local files (the draft, the pending changes, the settings) are
    /// kept in trendsh's state folder under `localName` (`ServerAddress.fileStem`), since
    /// nothing can be kept beside a server.
    case server(ServerAddress, localName: String)

    /// Reads `:memory:` as memory and anything else as a file path.
    public init(_ text: String) {
        self = text == ":memory:" ? .memory : .file(path: text)
    }

    /// The path SQLite opens; nil for a server.
    public var sqlitePath: String? {
        switch self {
        case .memory: return ":memory:"
        case .file(let path): return path
        case .server: return nil
        }
    }

    /// What names a server's local files; nil for a file or memory.
    public var localName: String? {
        guard case .server(_, let localName) = self else { return nil }
        return localName
    }

    /// The store as trendsh shows it: a path, `:memory:`, or a server's URI with its
    /// password masked.
    public var description: String {
        switch self {
        case .memory: return ":memory:"
        case .file(let path): return path
        case .server(let address, _): return address.displayed
        }
    }

    /// False when the path names something other than a regular file or nothing: a folder,
    /// a device, a symbolic link. Nothing is then created beside it (no `/dev/null.draft`); the
    /// files beside a store are named in `OwnFiles`.
    public var acceptsFilesBeside: Bool {
        guard case .file(let path) = self else { return false }
        var info = stat()
        guard lstat(path, &info) == 0 else { return true }
        return info.st_mode & S_IFMT == S_IFREG
    }
}

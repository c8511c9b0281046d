#if canImport(Glibc)
    import Glibc
#endif

/// Where the store lives: a file, or memory for a throwaway session.
public enum StoreLocation: Sendable, Equatable, CustomStringConvertible {
    case memory
    case file(path: String)

    /// Reads `:memory:` as memory and anything else as a file path.
    public init(_ text: String) {
        self = text == ":memory:" ? .memory : .file(path: text)
    }

    /// The path SQLite opens.
    public var sqlitePath: String {
        switch self {
        case .memory: return ":memory:"
        case .file(let path): return path
        }
    }

    public var description: String { sqlitePath }

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

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

    /// A file beside the store with this suffix (`trend.sqlite.draft`); nil in memory.
    public func companionPath(suffix: String) -> String? {
        switch self {
        case .memory: return nil
        case .file(let path): return path + suffix
        }
    }
}

import TrendKit

#if canImport(Glibc)
    import Glibc
#endif

/// Every question about the terminal and the environment, answered in one place.
public struct ShellEnvironment: Sendable {
    /// The variables trendsh reads, as pairs: a handful, so a list beats a hash table
    /// (and spares start-up a dictionary's first-use cost).
    private var pairs: [(name: String, value: String)]
    public var stdinIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    /// The terminal's size when standard output is one that reports it.
    public var terminalSize: (columns: Int, rows: Int)?

    public init(variables: [String: String], stdinIsTerminal: Bool, stdoutIsTerminal: Bool) {
        self.init(
            pairs: variables.map { ($0.key, $0.value) }, stdinIsTerminal: stdinIsTerminal,
            stdoutIsTerminal: stdoutIsTerminal)
    }

    init(pairs: [(name: String, value: String)], stdinIsTerminal: Bool, stdoutIsTerminal: Bool) {
        self.pairs = pairs
        self.stdinIsTerminal = stdinIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    /// The value of one variable, or nil when it is unset.
    public subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// The variables trendsh reads; nothing else in the environment matters to it.
    public static let names = [
        "HOME", "XDG_DATA_HOME", "XDG_STATE_HOME", "XDG_CONFIG_HOME", "NO_COLOR", "TERM", "TRENDSH_HISTORY",
        "TRENDSH_NOW", "LC_ALL", "LC_CTYPE", "LANG", "COLUMNS", "TMPDIR",
    ]

    /// The real process environment (only the variables in `names`, read with getenv).
    public static func current() -> ShellEnvironment {
        var pairs: [(name: String, value: String)] = []
        for name in names {
            if let value = getenv(name) { pairs.append((name, String(cString: value))) }
        }
        var environment = ShellEnvironment(
            pairs: pairs, stdinIsTerminal: isatty(STDIN_FILENO) == 1,
            stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
        var size = winsize()
        if environment.stdoutIsTerminal, ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0,
            size.ws_row > 0
        {
            environment.terminalSize = (Int(size.ws_col), Int(size.ws_row))
        }
        return environment
    }

    /// Line editing, prompt and banner: only when a person is at both ends.
    public var isInteractive: Bool { stdinIsTerminal && stdoutIsTerminal }

    /// Colour only on a terminal, never with `NO_COLOR` set or `TERM=dumb`.
    public var allowsColor: Bool {
        guard stdoutIsTerminal else { return false }
        if let noColor = self["NO_COLOR"], !noColor.isEmpty { return false }
        return self["TERM"] != "dumb"
    }

    /// True when the locale names UTF-8 (`LC_ALL`, then `LC_CTYPE`, then `LANG`, as POSIX
    /// orders them).
    public var localeIsUTF8: Bool {
        let locale = [self["LC_ALL"], self["LC_CTYPE"], self["LANG"]].compactMap { $0 }.first { !$0.isEmpty } ?? ""
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }

    /// Unicode drawing (chart lines, habit marks) only on a terminal that shows UTF-8 and
    /// is not `dumb`; pipes and transcripts get plain ASCII, the same on every machine.
    public var drawsUnicode: Bool { stdoutIsTerminal && localeIsUTF8 && self["TERM"] != "dumb" }

    /// How wide output may be: `COLUMNS` when it is a positive number (POSIX gives it
    /// precedence), else the terminal's width when standard output is one, else 80.
    public func outputWidth(terminalColumns: () -> Int? = Self.terminalColumns) -> Int {
        if let text = self["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        if stdoutIsTerminal, let columns = terminalColumns(), columns > 0 { return columns }
        return 80
    }

    /// The width of the terminal on standard output, asked now (it changes as the window does).
    public static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    private var home: String? { self["HOME"].flatMap { $0.isEmpty ? nil : $0 } }

    /// `$XDG_DATA_HOME/trendsh`, with `~/.local/share` when unset.
    public var dataDirectory: String? { xdg("XDG_DATA_HOME", fallback: ".local/share") }

    /// `$XDG_STATE_HOME/trendsh`, with `~/.local/state` when unset.
    public var stateDirectory: String? { xdg("XDG_STATE_HOME", fallback: ".local/state") }

    /// `$XDG_CONFIG_HOME/trendsh`, with `~/.config` when unset.
    public var configDirectory: String? { xdg("XDG_CONFIG_HOME", fallback: ".config") }

    /// The start-up file an interactive session runs before its first prompt.
    public var startupFilePath: String? { configDirectory.map { $0 + "/trendshrc" } }

    /// The store used without `--store`.
    public var defaultStorePath: String? { dataDirectory.map { $0 + "/trend.sqlite" } }

    /// The history file, or nil when history is switched off by `TRENDSH_HISTORY=off`.
    public var historyPath: String? {
        if self["TRENDSH_HISTORY"]?.lowercased() == "off" { return nil }
        return historyFileLocation
    }

    /// Where the history file is kept, switched off or not: it is trendsh's file either way.
    private var historyFileLocation: String? { stateDirectory.map { $0 + "/history" } }

    /// Every file trendsh owns, for a run over `store` with `options`: the store's files, the
    /// default store's, the history and the start-up files (the default one, and the one
    /// `--init` names), the learning progress, and the scratch folders in `$TMPDIR`.
    public func ownFiles(store: StoreLocation, options: Options) -> OwnFiles {
        OwnFiles(
            store: store, defaultStore: defaultStorePath, history: historyFileLocation,
            startupFiles: [options.startupFile, startupFilePath].compactMap { $0 }, stateFolder: stateDirectory,
            temporaryFolder: self["TMPDIR"])
    }

    private func xdg(_ name: String, fallback: String) -> String? {
        if let value = self[name], value.hasPrefix("/") { return value + "/trendsh" }
        return home.map { $0 + "/" + fallback + "/trendsh" }
    }
}

/// Creates a directory and any missing parents with mode 0700; true when it exists after.
public func makePrivateDirectory(_ path: String) -> Bool {
    var isDirectory = stat()
    if stat(path, &isDirectory) == 0 { return (isDirectory.st_mode & S_IFMT) == S_IFDIR }
    if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
        guard makePrivateDirectory(String(path[..<slash])) else { return false }
    }
    return mkdir(path, 0o700) == 0 || errno == EEXIST
}

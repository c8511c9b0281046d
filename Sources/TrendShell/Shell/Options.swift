import FoundationEssentials
import TrendKit

/// The command-line options. Parsing is pure; `main` acts on the result.
public struct Options: Equatable, Sendable {
    public static let version = "0.1.0"

    public var storePath: String?
    public var now: Date?
    public var echo = false
    public var bail = false
    public var noHistory = false
    public var showHelp = false
    public var showVersion = false
    /// Transcripts to replay with `--check`; empty when not checking.
    public var checkFiles: [String] = []

    public init() {}

    /// Reads the arguments after the program name. `TRENDSH_NOW` fixes the clock unless
    /// `--now` does.
    public static func parse(_ arguments: [String], environment: [String: String] = [:]) throws(UsageError) -> Options {
        var options = Options()
        var remaining = arguments[...]
        var checking = false
        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            guard let next = remaining.popFirst() else { throw UsageError("\(option) needs a value.") }
            return next
        }
        while let argument = remaining.popFirst() {
            let (name, inline): (String, String?) = {
                guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
                    return (argument, nil)
                }
                return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
            }()
            switch name {
            case "--store":
                let path = try value(for: name, inline: inline)
                guard !path.isEmpty else { throw UsageError("--store needs a path, or :memory:.") }
                options.storePath = path
            case "--now":
                let text = try value(for: name, inline: inline)
                guard let date = Timestamp.parse(text) else {
                    throw UsageError("--now needs an ISO 8601 time such as 2026-11-29T08:00:00Z, not \"\(text)\".")
                }
                options.now = date
            case "--echo": options.echo = true
            case "--bail": options.bail = true
            case "--no-history": options.noHistory = true
            case "--help", "-h": options.showHelp = true
            case "--version": options.showVersion = true
            case "--check": checking = true
            default:
                if checking && !argument.hasPrefix("-") {
                    options.checkFiles.append(argument)
                } else {
                    throw UsageError("Unknown option \"\(argument)\".")
                }
            }
            if inline != nil && ["--echo", "--bail", "--no-history", "--help", "--version", "--check"].contains(name) {
                throw UsageError("\(name) takes no value.")
            }
        }
        if checking && options.checkFiles.isEmpty { throw UsageError("--check needs at least one transcript file.") }
        if options.now == nil, !options.showHelp, !options.showVersion, let text = environment["TRENDSH_NOW"],
            !text.isEmpty
        {
            guard let date = Timestamp.parse(text) else {
                throw UsageError("TRENDSH_NOW needs an ISO 8601 time such as 2026-11-29T08:00:00Z, not \"\(text)\".")
            }
            options.now = date
        }
        return options
    }

    public static let helpText = """
        trendsh \(version): a shell for keeping a weight log, one draft at a time.

        Usage: trendsh [--store PATH] [--now TIME] [--echo] [--bail] [--no-history]
               trendsh --check FILE...

        Type commands such as "value 75", "note after run", "date yesterday", then "save"
        or "cancel". Type "help" inside trendsh for every command.

        Options:
          --store PATH      The store file (default $XDG_DATA_HOME/trendsh/trend.sqlite,
                            or ~/.local/share/trendsh/trend.sqlite). ":memory:" keeps
                            nothing after the session.
          --now TIME        Fix the clock at an ISO 8601 time, for reproducible runs
                            (also TRENDSH_NOW).
          --echo            Print each command read, after the prompt, as a session would.
          --bail            Stop at the first command that fails.
          --no-history      Do not read or write the history file (also TRENDSH_HISTORY=off).
          --check FILE...   Replay tutorial transcripts and show a diff for each mismatch.
          --help            Show this help.
          --version         Show the version.

        Exit status:
          0  every command succeeded
          1  a command failed, the draft file could not be read, or a transcript did not match
          2  the command line was wrong
          3  the session ended with unsaved changes in the draft (a failure wins over 3)

        Files:
          $XDG_DATA_HOME/trendsh/trend.sqlite    the store, with .draft and .settings beside it
          $XDG_STATE_HOME/trendsh/history        the interactive history (mode 0600)
        """
}

/// A mistake on the command line; exit status 2.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
